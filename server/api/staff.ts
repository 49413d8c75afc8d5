import type { Context } from "hono";
import { Hono } from "hono";
import { dealerOfActor, dealersOfActor } from "../../core/dealers/staff-dealers.ts";
import { STAFF_ROLE_LABELS, StaffAccessDenied } from "../../core/staff/roles.ts";
import type { Database } from "../../db/client.ts";
import type { StaffApiVariables } from "../middleware/staff-auth.ts";
import { apiError, notFound } from "./responses.ts";

/**
 * The staff API under /api/staff (behind staffApiAuth: every route here has a signed-in actor). A refusal of a
 * core service answers as the pages do: another dealer's record 404, an area the role has no part in 403.
 * Stock feeds add PUT /api/staff/dealers/{slug}/stock.
 */
export function staffApiRoutes(db: Database): Hono<{ Variables: StaffApiVariables }> {
  return new Hono<{ Variables: StaffApiVariables }>()
    .get("/me", (c) => {
      const actor = c.get("staffActor");
      // Readable only by this site's own scripts (no CORS): what a script needs to send writes with the session.
      const csrfToken = c.get("staffCsrfToken");
      return c.json({ id: actor.id, label: actor.label, role: actor.role, roleLabel: STAFF_ROLE_LABELS[actor.role], dealerIds: actor.dealerIds, csrfToken });
    })
    .get("/dealers", async (c) => c.json({ dealers: await dealersOfActor(db, c.get("staffActor")) }))
    .get("/dealers/:slug", async (c) => {
      const dealer = await dealerOfActor(db, c.get("staffActor"), c.req.param("slug"));
      return dealer ? c.json(dealer) : notFound(c, "Dealer");
    })
    .onError((error, c) => staffApiFailure(error, c));
}

/** StaffAccessDenied as the API's answer; anything else goes on to the app's error handler. */
export function staffApiFailure(error: Error, c: Context): Response {
  if (error instanceof StaffAccessDenied) {
    return error.kind === "not-found" ? notFound(c) : apiError(c, 403, "Your role does not give access to this");
  }
  throw error;
}
