import type { Context, MiddlewareHandler } from "hono";
import { STAFF_PAGES_WITHOUT_SESSION } from "../../core/staff/open-pages.ts";
import { bearerKey, feedKeyActor, verifyFeedKey } from "../../core/inventory/feed-keys.server.ts";
import { csrfTokenMatches } from "../../core/staff/csrf.server.ts";
import type { StaffActor } from "../../core/staff/roles.ts";
import { sessionTokenFrom } from "../../core/staff/session-cookie.server.ts";
import { resolveSession } from "../../core/staff/sessions.server.ts";
import type { Database } from "../../db/client.ts";
import { apiError } from "../api/responses.ts";
import { isStaffPath } from "./caching.ts";
import { pagePathOf } from "../../app/framework/data-requests.ts";
import { WRITE_METHODS } from "./request-guard.ts";
import { cameOverHttps } from "./security-headers.ts";

/** What a feed key may do: PUT /api/staff/dealers/{slug}/stock. */
const STOCK_FEED_PATH = /^\/api\/staff\/dealers\/[^/]+\/stock$/;

/** `staffCsrfToken` is absent for a feed key (no session, no browser); `feedKeyId` is present only for one. */
export type StaffApiVariables = { staffActor: StaffActor; staffCsrfToken?: string; feedKeyId?: number };

/** The actor staffApiAuth put on the request, for a handler typed with the API's plain Context. */
export const staffActorOf = (c: Context): StaffActor =>
  (c as Context<{ Variables: StaffApiVariables }>).get("staffActor");

/** The feed key the request was sent with (its saved column profile applies), or undefined for a session. */
export const feedKeyIdOf = (c: Context): number | undefined =>
  (c as Context<{ Variables: StaffApiVariables }>).get("feedKeyId");

/**
 * In front of /api/staff/*: a signed-in staff session (its cookie; writes also send the session's CSRF token
 * in X-CSRF-Token) becomes `c.get("staffActor")`. Without one the answer is 401 JSON, before any handler runs.
 * A request with `Authorization: Bearer <feed key>` is a dealer's DMS instead: a valid, unrevoked key acts as a
 * dealer manager of its dealer, for its stock feed only; any other Authorization is 401 (never a cookie fallback).
 */
export function staffApiAuth({
  db,
  trustProxy,
}: {
  db: Database;
  trustProxy: boolean;
}): MiddlewareHandler<{ Variables: StaffApiVariables }> {
  return async (c, next) => {
    const authorization = c.req.header("Authorization");
    if (authorization !== undefined) {
      const presentedKey = bearerKey(authorization);
      // A feed key (a DMS, not a browser: no cookie, no CSRF token) acts as a dealer manager of its dealer, and
      // only to send that dealer's stock feed (docs/decisions/029-dealer-stock-feeds.md).
      const holder = presentedKey ? await verifyFeedKey(db, presentedKey) : null;
      if (!holder) {
        c.header("WWW-Authenticate", 'Bearer realm="staff", error="invalid_token"');
        return apiError(c, 401, "The feed key is not valid or has been revoked");
      }
      if (c.req.method !== "PUT" || !STOCK_FEED_PATH.test(c.req.path))
        return apiError(c, 403, "A feed key may only send its dealer's stock feed");
      c.set("staffActor", feedKeyActor(holder));
      c.set("feedKeyId", holder.keyId);
      return next();
    }
    const token = sessionTokenFrom(c.req.header("Cookie"), cameOverHttps(c, trustProxy));
    const session = token ? await resolveSession(db, token) : null;
    if (!session) {
      c.header("WWW-Authenticate", 'Bearer realm="staff"');
      return apiError(c, 401, "Sign in to the back office or send a feed key");
    }
    if (WRITE_METHODS.includes(c.req.method) && !csrfTokenMatches(session.csrfToken, c.req.header("X-CSRF-Token"))) {
      return apiError(c, 403, "Send the session's CSRF token in X-CSRF-Token");
    }
    c.set("staffActor", session.actor);
    c.set("staffCsrfToken", session.csrfToken);
    await next();
  };
}

/**
 * A write to the back office (a page's action or /api/staff) by someone signed in: the request guard does not
 * count it against the anonymous per-client allowance. Signing in, reset requests and set-up pages still count.
 */
export async function isSignedInStaffWrite(c: Context, db: Database, trustProxy: boolean): Promise<boolean> {
  // As the router matches it: any case, with or without a trailing slash (/STAFF/Login/ is the sign-in page).
  const path = pagePathOf(c.req.path.toLowerCase()).replace(/(?<=.)\/+$/, "");
  if (!isStaffPath(path) || STAFF_PAGES_WITHOUT_SESSION.includes(path)) return false;
  const token = sessionTokenFrom(c.req.header("Cookie"), cameOverHttps(c, trustProxy));
  return token !== null && (await resolveSession(db, token)) !== null;
}
