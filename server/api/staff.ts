import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { dealerOfActor, dealersOfActor } from "../../core/dealers/staff-dealers.server.ts";
import { STAFF_ROLE_LABELS, StaffAccessDenied } from "../../core/staff/roles.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import { staffActorOf, type StaffApiVariables } from "../middleware/staff-auth.ts";
import { slugParam } from "./dealers.ts";
import { answers, apiRouter, AUTH_ANSWERS, notFoundAnswer, operation } from "./operation.ts";
import { apiError, notFound } from "./responses.ts";
import { JSON_MEDIA_TYPE, staffDealerSchema, staffMeSchema } from "./schemas.ts";
import { type StockFeedOptions, stockFeedRoutes } from "./stock-feed.ts";

/** The staff API's credentials, declared once in the document (documentation.ts registers the schemes). */
const STAFF_SESSION_SECURITY = [{ staffSession: [] }];

/**
 * The staff API under /api/staff (behind staffApiAuth: every route here has a signed-in actor; without one the
 * answer is 401 before any handler). A refusal of a core service answers as the pages do: another dealer's
 * record 404, an area the role has no part in 403. Stock feeds add PUT /api/staff/dealers/{slug}/stock.
 */
export function staffApiRoutes(db: Database, logger?: Logger, feed?: StockFeedOptions): OpenAPIHono {
  const app = apiRouter();
  const tags = ["Staff"];
  operation(
    app,
    createRoute({
      method: "get",
      operationId: "getStaffMe",
      path: "/staff/me",
      tags,
      summary: "The signed-in staff member, with the CSRF token their session's writes send",
      security: STAFF_SESSION_SECURITY,
      responses: answers({
        ...AUTH_ANSWERS,
        200: { description: "Who is signed in", schema: staffMeSchema, mediaType: JSON_MEDIA_TYPE },
      }),
    }),
    (c) => {
      const actor = staffActorOf(c);
      // Readable only by this site's own scripts (no CORS): what a script needs to send writes with the session.
      const csrfToken = (c as Context<{ Variables: StaffApiVariables }>).get("staffCsrfToken");
      return c.json({
        id: actor.id,
        label: actor.label,
        role: actor.role,
        roleLabel: STAFF_ROLE_LABELS[actor.role],
        dealerIds: actor.dealerIds,
        csrfToken,
      });
    },
  );
  operation(
    app,
    createRoute({
      method: "get",
      operationId: "listStaffDealers",
      path: "/staff/dealers",
      tags,
      summary: "The dealers the signed-in staff member looks after (every dealer for the group's roles)",
      security: STAFF_SESSION_SECURITY,
      responses: answers({
        ...AUTH_ANSWERS,
        200: {
          description: "The dealers",
          schema: z.object({ dealers: z.array(staffDealerSchema) }),
          mediaType: JSON_MEDIA_TYPE,
        },
      }),
    }),
    async (c) => c.json({ dealers: await dealersOfActor(db, staffActorOf(c)) }),
  );
  operation(
    app,
    createRoute({
      method: "get",
      operationId: "getStaffDealer",
      path: "/staff/dealers/{slug}",
      tags,
      summary: "One dealer the signed-in staff member looks after",
      security: STAFF_SESSION_SECURITY,
      request: { params: slugParam },
      responses: answers({
        ...AUTH_ANSWERS,
        200: { description: "The dealer", schema: staffDealerSchema, mediaType: JSON_MEDIA_TYPE },
        404: notFoundAnswer("dealer, or one this staff member does not look after"),
      }),
    }),
    async (c, { params }) => {
      const dealer = await dealerOfActor(db, staffActorOf(c), params.slug);
      return dealer ? c.json(dealer) : notFound(c, "Dealer");
    },
  );
  stockFeedRoutes(app, db, logger, feed);
  app.onError((error, c) => staffApiFailure(error, c));
  return app;
}

/** StaffAccessDenied as the API's answer; anything else goes on to the app's error handler. */
function staffApiFailure(error: Error, c: Context): Response {
  if (error instanceof StaffAccessDenied) {
    return error.kind === "not-found" ? notFound(c) : apiError(c, 403, "Your role does not give access to this");
  }
  throw error;
}
