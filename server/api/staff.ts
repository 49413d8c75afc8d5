import { Hono } from "hono";
import { STAFF_ROLE_LABELS } from "../../core/staff/roles.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import type { StaffApiVariables } from "../middleware/staff-auth.ts";
import { stockFeedRoutes } from "./stock-feed.ts";

/**
 * The staff API under /api/staff (behind staffApiAuth: every route here has a signed-in actor). Stock feeds
 * add PUT /api/staff/dealers/{slug}/stock.
 */
export function staffApiRoutes({ db, logger }: { db: Database; logger?: Logger }): Hono<{ Variables: StaffApiVariables }> {
  return new Hono<{ Variables: StaffApiVariables }>().route("/", stockFeedRoutes(db, logger)).get("/me", (c) => {
    const actor = c.get("staffActor");
    // Readable only by this site's own scripts (no CORS): what a script needs to send writes with the session.
    const csrfToken = c.get("staffCsrfToken");
    return c.json({ id: actor.id, label: actor.label, role: actor.role, roleLabel: STAFF_ROLE_LABELS[actor.role], dealerIds: actor.dealerIds, csrfToken });
  });
}
