import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { type DealerView, findDealer, listDealers, listDealersNamed } from "../../core/dealers/dealers.ts";
import type { Database } from "../../db/client.ts";
import { answers, apiRouter, notFoundAnswer, operation } from "./operation.ts";
import { hydraCollection, ldResource, notFound } from "./responses.ts";
import { dealerSchema, hydraCollectionSchema } from "./schemas.ts";

const withDealerId = (dealer: DealerView) => ({ "@id": dealer.apiUri, ...dealer });

const slugParam = z.object({ slug: z.string().openapi({ param: { name: "slug", in: "path" }, example: "honda-sandton" }) });

export function dealerRoutes(db: Database): OpenAPIHono {
  const app = apiRouter();
  operation(
    app,
    createRoute({
      method: "get",
      path: "/dealers",
      tags: ["Dealers"],
      summary: "Every dealer of the group",
      responses: answers({ 200: { description: "The dealers", schema: hydraCollectionSchema(dealerSchema) } }),
    }),
    async (c) => {
      const dealers = await listDealers(db);
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    },
  );
  operation(
    app,
    createRoute({
      method: "get",
      path: "/dealers/{slug}",
      tags: ["Dealers"],
      summary: "One dealer",
      request: { params: slugParam },
      responses: answers({ 200: { description: "The dealer", schema: dealerSchema }, 404: notFoundAnswer("dealer") }),
    }),
    async (c, { params }) => {
      const dealer = await findDealer(db, params.slug);
      return dealer ? ldResource(c, dealer, "Dealer", dealer.apiUri) : notFound(c, "Dealer");
    },
  );
  operation(
    app,
    createRoute({
      method: "get",
      path: "/dealer-list/{name}",
      tags: ["Dealers"],
      summary: "The dealers whose name contains the text (case-insensitive)",
      request: { params: z.object({ name: z.string().openapi({ param: { name: "name", in: "path" }, example: "wing" }) }) },
      responses: answers({ 200: { description: "The matching dealers, perhaps none", schema: hydraCollectionSchema(dealerSchema) } }),
    }),
    async (c, { params }) => {
      const dealers = await listDealersNamed(db, params.name);
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    },
  );
  return app;
}
