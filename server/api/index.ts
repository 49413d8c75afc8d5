import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { contentRoutes } from "./content.ts";
import { dealerRoutes } from "./dealers.ts";
import { enquiryRoutes } from "./enquiries.ts";
import { rangeRoutes } from "./ranges.ts";
import type { Logger } from "../logger.ts";
import { notFound } from "./responses.ts";
import { vehicleRoutes } from "./vehicles.ts";

/** The JSON-LD API of SPEC section 7, mounted under /api. */
export function createApi(db: Database, logger?: Logger): Hono {
  return new Hono()
    .route("/", dealerRoutes(db))
    .route("/", vehicleRoutes(db))
    .route("/", rangeRoutes(db))
    .route("/", contentRoutes(db))
    .route("/", enquiryRoutes(db, logger))
    .all("*", (c) => notFound(c));
}
