import type { MiddlewareHandler } from "hono";
import { csrfTokenMatches } from "../../core/staff/csrf.ts";
import type { StaffActor } from "../../core/staff/roles.ts";
import { sessionTokenFrom } from "../../core/staff/session-cookie.ts";
import { resolveSession } from "../../core/staff/sessions.ts";
import type { Database } from "../../db/client.ts";
import { apiError } from "../api/responses.ts";
import { WRITE_METHODS } from "./request-guard.ts";
import { cameOverHttps } from "./security-headers.ts";

/** `staffCsrfToken` is absent for a feed key (no session, no browser). */
export type StaffApiVariables = { staffActor: StaffActor; staffCsrfToken?: string };

/**
 * In front of /api/staff/*: a signed-in staff session (its cookie; writes also send the session's CSRF token
 * in X-CSRF-Token) becomes `c.get("staffActor")`. Without one the answer is 401 JSON, before any handler runs.
 * Stock feeds add their Bearer keys here (a key acts as a dealer manager of its dealer).
 */
export function staffApiAuth({ db, trustProxy }: { db: Database; trustProxy: boolean }): MiddlewareHandler<{ Variables: StaffApiVariables }> {
  return async (c, next) => {
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
