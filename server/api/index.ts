import { Hono } from "hono";
import { FinanceCipher } from "../../core/finance/encryption.server.ts";
import type { UsedStock } from "../../core/inventory/used-stock.ts";
import type { Database } from "../../db/client.ts";
import { contentRoutes } from "./content.ts";
import { dealerRoutes } from "./dealers.ts";
import { enquiryRoutes } from "./enquiries.ts";
import { financeRoutes } from "./finance.ts";
import { rangeRoutes } from "./ranges.ts";
import type { Logger } from "../logger.ts";
import { notFound } from "./responses.ts";
import { vehicleRoutes } from "./vehicles.ts";

/** The JSON-LD API of SPEC section 7, mounted under /api. */
export type ApiOptions = {
  financeCipher?: FinanceCipher;
  logger?: Logger;
  /** The used listing (createApp makes the default, which answers with queries). */
  usedStock: UsedStock;
};

export function createApi(db: Database, { financeCipher = FinanceCipher.ephemeral(), logger, usedStock }: ApiOptions): Hono {
  return new Hono()
    .route("/", dealerRoutes(db))
    .route("/", vehicleRoutes(db, usedStock))
    .route("/", rangeRoutes(db))
    .route("/", contentRoutes(db))
    .route("/", enquiryRoutes(db, logger))
    .route("/", financeRoutes(db, financeCipher))
    .all("*", (c) => notFound(c));
}
