import { Hono } from "hono";
import { type DealerView, findDealer, listDealers, listDealersNamed } from "../../core/dealers/dealers.ts";
import type { Database } from "../../db/client.ts";
import { hydraCollection, jsonLd, notFound, withLdType } from "./responses.ts";

const withDealerId = (dealer: DealerView) => ({ "@id": dealer.apiUri, ...dealer });

export function dealerRoutes(db: Database): Hono {
  return new Hono()
    .get("/dealers", async (c) => {
      const dealers = await listDealers(db);
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    })
    .get("/dealers/:slug", async (c) => {
      const dealer = await findDealer(db, c.req.param("slug"));
      return dealer ? jsonLd(c, withLdType(dealer, "Dealer", dealer.apiUri)) : notFound(c, "Dealer");
    })
    .get("/dealer-list/:name", async (c) => {
      const dealers = await listDealersNamed(db, c.req.param("name"));
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    });
}
