import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { importStockFeed } from "../../core/inventory/stock-feed.ts";
import { feedFormatOf, parseFeed } from "../../core/inventory/stock-feed-format.ts";
import { StaffAccessDenied } from "../../core/staff/roles.ts";
import type { BodyLimitRule } from "../middleware/request-guard.ts";
import type { Logger } from "../logger.ts";
import type { StaffApiVariables } from "../middleware/staff-auth.ts";
import { apiError } from "./responses.ts";

export const STOCK_FEED_PATH = "/api/staff/dealers/:slug/stock";

const MAX_FEED_BYTES = 50 * 1024 * 1024;

/**
 * A dealer's whole stock in one request (10 000 vehicles are about 1.3 MB of CSV; 50 MB leaves room for long
 * descriptions): the feed's API, and the back office's upload of the same CSV (a multipart page form).
 */
export const STOCK_FEED_BODY_LIMITS: readonly BodyLimitRule[] = [
  { path: STOCK_FEED_PATH, maxBodyBytes: MAX_FEED_BYTES, mediaTypes: ["text/csv"] },
  { path: "/staff/stock/import", maxBodyBytes: MAX_FEED_BYTES },
];

/**
 * PUT /api/staff/dealers/{slug}/stock (docs/stock-feed.md), mounted under /api/staff behind staffApiAuth: the
 * dealer's DMS sends its whole stock with `Authorization: Bearer <feed key>` (staffApiAuth answers 401 without
 * a valid, unrevoked key or a session). Another dealer's slug is 404, as is one that does not exist.
 */
export function stockFeedRoutes(db: Database, logger?: Logger) {
  return new Hono<{ Variables: StaffApiVariables }>().put("/dealers/:slug/stock", async (c) => {
    const actor = c.get("staffActor");
    const format = feedFormatOf(c.req.header("Content-Type"));
    if (!format) return apiError(c, 415, "Send the feed as text/csv or application/json");
    const parsed = parseFeed(await c.req.text(), format);
    if (!parsed.ok) return apiError(c, 400, parsed.reason);
    const dryRun = ["1", "true"].includes(c.req.query("dry_run") ?? "");
    try {
      const report = await importStockFeed(db, actor, c.req.param("slug"), parsed.rows, { dryRun });
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
        },
        "stock feed imported",
      );
      return c.json(report);
    } catch (error) {
      if (error instanceof StaffAccessDenied) return apiError(c, error.kind === "forbidden" ? 403 : 404, error.kind === "forbidden" ? error.message : "Dealer not found");
      throw error;
    }
  });
}
