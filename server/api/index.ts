import { Hono } from "hono";
import { FinanceCipher } from "../../core/finance/encryption.server.ts";
import type { Database } from "../../db/client.ts";
import { contentRoutes } from "./content.ts";
import { dealerRoutes } from "./dealers.ts";
import { financeRoutes } from "./finance.ts";
import { rangeRoutes } from "./ranges.ts";
import { notFound } from "./responses.ts";
import { vehicleRoutes } from "./vehicles.ts";

/** The JSON-LD API of SPEC section 7, mounted under /api. */
export function createApi(db: Database, financeCipher: FinanceCipher = FinanceCipher.ephemeral()): Hono {
  return new Hono()
    .route("/", dealerRoutes(db))
    .route("/", vehicleRoutes(db))
    .route("/", rangeRoutes(db))
    .route("/", contentRoutes(db))
    .route("/", financeRoutes(db, financeCipher))
    .all("*", (c) => notFound(c));
}
