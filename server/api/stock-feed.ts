import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Database } from "../../db/client.ts";
import { importStockFeed } from "../../core/inventory/stock-feed.server.ts";
import {
  FEED_COLUMNS,
  FEED_MEDIA_TYPES,
  feedFormatOf,
  MAX_FEED_BYTES,
  readFeed,
} from "../../core/inventory/stock-feed-format.server.ts";
import type { FeedFileLimits } from "../../core/inventory/feed-file.server.ts";
import { feedProfileReader } from "../../core/inventory/feed-layouts.server.ts";
import { StaffAccessDenied } from "../../core/staff/roles.ts";
import type { BodyLimitRule } from "../middleware/request-guard.ts";
import { pageAndDataRequestPaths } from "../../app/framework/data-requests.ts";
import type { Logger } from "../logger.ts";
import { feedKeyIdOf, staffActorOf } from "../middleware/staff-auth.ts";
import { DEFAULT_MAX_DROP_SHARE } from "../../core/inventory/held-imports.server.ts";
import { slugParam } from "./dealers.ts";
import { answers, AUTH_ANSWERS, notFoundAnswer, operation, WRITE_ANSWERS } from "./operation.ts";
import { apiError } from "./responses.ts";
import { JSON_MEDIA_TYPE, stockFeedReportSchema } from "./schemas.ts";

export const STOCK_FEED_PATH = "/api/staff/dealers/:slug/stock";

/**
 * A dealer's whole stock in one request (10 000 vehicles are about 1.3 MB of CSV; 50 MB leaves room for long
 * descriptions): the feed's API, and the back office's upload of the same CSV (a multipart page form), at the
 * page and at its React Router data address (where the page's script posts it).
 */
export const STOCK_FEED_BODY_LIMITS: readonly BodyLimitRule[] = [
  { path: STOCK_FEED_PATH, maxBodyBytes: MAX_FEED_BYTES, mediaTypes: FEED_MEDIA_TYPES },
  ...pageAndDataRequestPaths("/staff/stock/import").map((path) => ({ path, maxBodyBytes: MAX_FEED_BYTES })),
];

const CSV_EXAMPLE = [
  "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition,status,photos",
  "SND-10412,Honda,CR-V,1.5T Executive CVT,2021,48 000,R489 900,Automatic,Petrol,Platinum White,Used,Available,https://photos.dms.example/10412/1.jpg",
].join("\n");

const JSON_EXAMPLE = {
  vehicles: [
    {
      stockNumber: "SND-10412",
      make: "Honda",
      model: "CR-V",
      variant: "1.5T Executive CVT",
      year: 2021,
      mileage: 48000,
      price: 489900,
      transmission: "Automatic",
      fuelType: "Petrol",
      colour: "Platinum White",
      condition: "Used",
      photos: ["https://photos.dms.example/10412/1.jpg"],
    },
  ],
};

/** The request guard's answers to a write; a row at fault is reported in the 200's errors, a file at fault is 422. */
const GUARD_ANSWERS = WRITE_ANSWERS;

/** One vehicle of a JSON feed: documented here, read by the feed parser, which reports each row's faults. */
const feedVehicle = z.record(z.string(), z.unknown()).openapi("StockFeedVehicle", {
  description: `A vehicle's fields, named like the CSV columns (${FEED_COLUMNS.join(", ")}); the rules are in docs/stock-feed.md`,
});

/**
 * The body is described but not parsed here: parseFeed (core/inventory/stock-feed-format.server.ts) reads CSV and
 * JSON the same way as the back office's upload, refusing an unreadable feed (400) and reporting each bad row.
 */
const feedBody = {
  required: true,
  description:
    'The dealer\'s whole current stock: a CSV with a header row, or JSON (an array of vehicles or {"vehicles": [...]}). See docs/stock-feed.md',
  content: {
    "text/csv": { schema: z.string(), example: CSV_EXAMPLE },
    "application/json": {
      schema: z.union([z.array(feedVehicle), z.object({ vehicles: z.array(feedVehicle) })]),
      example: JSON_EXAMPLE,
    },
  },
};

/** A DMS sends its feed key; signed-in staff may send the same request with their session (and X-CSRF-Token). */
const FEED_SECURITY: Record<string, string[]>[] = [{ feedKey: [] }, { staffSession: [] }];

const dryRunQuery = z.object({
  dry_run: z
    .string()
    .optional()
    .openapi({
      param: { name: "dry_run", in: "query" },
      description: "1 or true: answer the report of what the feed would change, and change nothing",
      example: "1",
    }),
});

/**
 * PUT /api/staff/dealers/{slug}/stock (docs/stock-feed.md), behind staffApiAuth: the dealer's DMS sends its
 * whole stock with `Authorization: Bearer <feed key>` (staffApiAuth answers 401 without a valid, unrevoked key
 * or a session). Another dealer's slug is 404, as is one that does not exist.
 */
/** How the stock feed reads and guards a dealer's file: its limits (FEED_MAX_ROWS) and the drop guard's share. */
export type StockFeedOptions = { fileLimits?: FeedFileLimits; maxDropShare?: number };

export function stockFeedRoutes(
  app: OpenAPIHono,
  db: Database,
  logger?: Logger,
  { fileLimits, maxDropShare = DEFAULT_MAX_DROP_SHARE }: StockFeedOptions = {},
): void {
  operation(
    app,
    createRoute({
      method: "put",
      operationId: "replaceDealerStock",
      path: "/staff/dealers/{slug}/stock",
      tags: ["Staff"],
      summary: "Send a dealer's whole stock (its DMS feed): creates, updates and marks Sold, then fetches the photos",
      security: FEED_SECURITY,
      request: { params: slugParam, query: dryRunQuery, body: feedBody },
      responses: answers({
        ...GUARD_ANSWERS,
        ...AUTH_ANSWERS,
        400: {
          description:
            "The feed cannot be read (not JSON, a required column it cannot place, no vehicles): the title says why",
          schema: WRITE_ANSWERS[400].schema,
        },
        422: {
          description:
            "The file breaks a rule at a row, and nothing changed: a quote never closed, a separator that changes, more rows than FEED_MAX_ROWS, a row of too many columns. The title names the row",
          schema: WRITE_ANSWERS[422].schema,
        },
        403: {
          description:
            "The credential does not allow this: a session's write without its X-CSRF-Token, a role that may not edit stock, or a feed key used elsewhere",
          schema: AUTH_ANSWERS[403].schema,
        },
        404: notFoundAnswer("dealer, or another dealer than the feed key's"),
        413: { description: "The feed is larger than 50 MB", schema: WRITE_ANSWERS[413].schema },
        415: {
          description:
            "The body is not a table (CSV, tab-separated or XLSX by its type and its bytes) or JSON: a binary file, a PDF, an old .xls",
          schema: WRITE_ANSWERS[415].schema,
        },
        200: {
          description: "The report: what changed (or would, in a dry run), each rejected row's errors, and the photos",
          schema: stockFeedReportSchema,
          mediaType: JSON_MEDIA_TYPE,
        },
        202: {
          description:
            "Held: the feed would mark more than CHANNEL_FEED_MAX_DROP of the dealer's stock sold. Nothing changed; the report says what would, and the feed waits in the back office for someone to publish it",
          schema: stockFeedReportSchema,
          mediaType: JSON_MEDIA_TYPE,
        },
      }),
    }),
    async (c, { params, query }) => {
      const actor = staffActorOf(c);
      const format = feedFormatOf(c.req.header("Content-Type"));
      if (!format) return apiError(c, 415, "Send the feed as text/csv or application/json");
      // The key's saved column profile and the dealer's saved mapping of the file's layout say how its DMS
      // names columns and values; the file is read off the main thread (core/inventory/feed-file.server.ts).
      const profileFor = feedProfileReader(db, params.slug, feedKeyIdOf(c));
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const parsed = await readFeed(bytes, format, profileFor, fileLimits);
      if (!parsed.ok) return apiError(c, parsed.status ?? 400, parsed.reason);
      const dryRun = ["1", "true"].includes(query.dry_run ?? "");
      try {
        const report = await importStockFeed(db, actor, params.slug, parsed.rows, {
          dryRun,
          columns: parsed.columns,
          dropGuard: { maxShare: maxDropShare, source: "feed" },
        });
        logger?.info(
          {
            actor: actor.label,
            dealer: report.dealer,
            dryRun,
            received: report.received,
            created: report.created,
            updated: report.updated,
            unchanged: report.unchanged,
            sold: report.sold,
            rejected: report.rejected,
            photosFailed: report.photos.failed,
            held: report.held !== null,
          },
          report.held ? "stock feed held: it would mark too much of the stock sold" : "stock feed imported",
        );
        return c.json(report, report.held ? 202 : 200);
      } catch (error) {
        if (error instanceof StaffAccessDenied)
          return apiError(
            c,
            error.kind === "forbidden" ? 403 : 404,
            error.kind === "forbidden" ? error.message : "Dealer not found",
          );
        throw error;
      }
    },
  );
}
