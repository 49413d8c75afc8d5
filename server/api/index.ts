import type { FeedFileLimits } from "../../core/inventory/feed-file.server.ts";
import type { LeadCounter } from "../../core/attribution/visit.ts";
import { FinanceCipher } from "../../core/finance/encryption.server.ts";
import type { UsedStock } from "../../core/inventory/used-stock.server.ts";
import { ReadModels } from "../../core/shared/read-model.server.ts";
import type { WriteQueue } from "../../core/shared/write-queue.ts";
import type { Database } from "../../db/client.ts";
import { contentRoutes } from "./content.ts";
import { dealerRoutes } from "./dealers.ts";
import type { OpenApiDocument } from "./described.ts";
import { documentationRoutes } from "./documentation.ts";
import { enquiryRoutes } from "./enquiries.ts";
import { financeRoutes } from "./finance.ts";
import { rangeRoutes } from "./ranges.ts";
import { staffApiRoutes } from "./staff.ts";
import type { Logger } from "../logger.ts";
import { apiRouter } from "./operation.ts";
import { notFound } from "./responses.ts";
import { vehicleRoutes } from "./vehicles.ts";

/** The JSON-LD API of product.md §7, mounted under /api. */
export type ApiOptions = {
  financeCipher?: FinanceCipher;
  logger?: Logger;
  /** The used listing (createApp makes the default, which answers with queries). */
  usedStock: UsedStock;
  /** What public pages and the read-only API read (dealers, blog posts, deals, banners, the range; decision 034); createApp makes the default, which answers with queries. */
  readModels?: ReadModels;
  /** The public address: the vocabulary IRIs of the JSON-LD contexts and Hydra documentation start with it. */
  siteUrl?: string;
  /** The bounded queue of buyers' writes (createApp makes the default). */
  writeQueue: WriteQueue;
  /** Told about each new lead, by type and visit source (server/metrics.ts). */
  countLead?: LeadCounter;
  /** The stock feed's drop guard (CHANNEL_FEED_MAX_DROP): the share of a dealer's stock a feed may sell unconfirmed. */
  maxStockDropShare?: number;
  /** The stock feed's file limits (FEED_MAX_ROWS). */
  feedFileLimits?: FeedFileLimits;
};

/**
 * Every operation is defined once, next to its route (see ./operation.ts); the documentation routes
 * (/api, /api/docs*, /api/contexts/*) are generated from those definitions, so they come last.
 */
export function createApi(
  db: Database,
  {
    financeCipher = FinanceCipher.ephemeral(),
    logger,
    usedStock,
    readModels = new ReadModels(db),
    siteUrl,
    writeQueue,
    countLead,
    maxStockDropShare,
    feedFileLimits,
  }: ApiOptions,
) {
  const api = apiRouter()
    .route("/", dealerRoutes(db, readModels))
    .route("/", vehicleRoutes(usedStock, readModels))
    .route("/", rangeRoutes(readModels))
    .route("/", contentRoutes(readModels))
    .route("/", enquiryRoutes(db, writeQueue, countLead))
    .route("/", financeRoutes(db, financeCipher, countLead))
    // Behind staffApiAuth, which createApp puts in front of /api/staff/*.
    .route("/", staffApiRoutes(db, logger, { maxDropShare: maxStockDropShare, fileLimits: feedFileLimits }));
  return api.route("/", documentationRoutes(api, { siteUrl })).all("*", (c) => notFound(c));
}

/**
 * The OpenAPI document without a server (npm run api:document). Building it reads no data: the handlers
 * that would use these stand-ins are never called, and say so if they were.
 */
export async function apiDocument(): Promise<OpenApiDocument> {
  const unused = new Proxy(
    {},
    {
      get: () => {
        throw new Error("the API document reads no data");
      },
    },
  );
  const api = createApi(unused as Database, {
    usedStock: unused as UsedStock,
    readModels: unused as ReadModels,
    financeCipher: unused as FinanceCipher,
    writeQueue: unused as WriteQueue,
  });
  return (await (await api.request("/docs.json")).json()) as OpenApiDocument;
}
