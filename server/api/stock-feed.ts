import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { bearerKey, feedKeyActor, verifyFeedKey } from "../../core/inventory/feed-keys.ts";
import { importStockFeed } from "../../core/inventory/stock-feed.ts";
import { feedFormatOf, parseFeed } from "../../core/inventory/stock-feed-format.ts";
import { StaffAccessDenied, type StaffActor } from "../../core/staff/roles.ts";
import type { BodyLimitRule } from "../middleware/request-guard.ts";
import type { Logger } from "../logger.ts";
import { apiError } from "./responses.ts";

export const STOCK_FEED_PATH = "/api/staff/dealers/:slug/stock";

/** A dealer's whole stock in one request: 10 000 vehicles as CSV are about 2 MB, so 50 MB leaves room for long descriptions. */
export const STOCK_FEED_BODY_LIMIT: BodyLimitRule = {
  path: STOCK_FEED_PATH,
  maxBodyBytes: 50 * 1024 * 1024,
  mediaTypes: ["text/csv"],
};

/**
 * PUT /api/staff/dealers/{slug}/stock (docs/stock-feed.md): the dealer's DMS sends its whole stock with
 * `Authorization: Bearer <feed key>`. 401 without a valid, unrevoked key; another dealer's slug is 404.
 */
export function stockFeedRoutes(db: Database, logger?: Logger) {
  return new Hono<{ Variables: { staffActor?: StaffActor } }>().put("/staff/dealers/:slug/stock", async (c) => {
    const actor = c.get("staffActor") ?? (await feedKeyActorOf(db, c.req.header("Authorization")));
    if (!actor) {
      c.header("WWW-Authenticate", 'Bearer realm="stock feed"');
      return apiError(c, 401, "A valid feed key is required: Authorization: Bearer <key>");
    }
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

async function feedKeyActorOf(db: Database, authorization: string | undefined): Promise<StaffActor | null> {
  const key = bearerKey(authorization);
  const holder = key ? await verifyFeedKey(db, key) : null;
  return holder ? feedKeyActor(holder) : null;
}
