import { pageUrlOf } from "../framework/data-requests.ts";
import { data, redirect } from "react-router";
import { StaffAccountNotFound } from "../../core/staff/accounts.server.ts";
import { csrfTokenMatches } from "../../core/staff/csrf.server.ts";
import { StaffAccessDenied, type StaffActor } from "../../core/staff/roles.ts";
import { sessionTokenFrom } from "../../core/staff/session-cookie.server.ts";
import { type ResolvedSession, resolveSession } from "../../core/staff/sessions.server.ts";
import { staffRequestScope } from "./staff-request.server.ts";

/**
 * The staff area's page helpers (docs/decisions/019-staff-sign-in-and-sessions.md). Every /staff loader and
 * action starts with `requireStaff` or `assertStaffWrite`; the services they call check the role themselves.
 */

/** The signed-in person of this request, or null (resolved once per request). */
export function currentStaff(request: Request): Promise<ResolvedSession | null> {
  const scope = staffRequestScope();
  scope.session ??= (async () => {
    const token = sessionTokenFrom(request.headers.get("Cookie"), scope.overHttps);
    return token ? resolveSession(scope.db, token) : null;
  })();
  return scope.session;
}

/** Where to send someone back to after signing in: this page, never another site. */
export function loginPath(request: Request): string {
  const url = pageUrlOf(request);
  const page = url.pathname + url.search;
  return page === "/staff" ? "/staff/login" : `/staff/login?${new URLSearchParams({ next: page })}`;
}

/** For staff loaders and actions: the signed-in person and their CSRF token; a redirect to the sign-in page otherwise. */
export async function requireStaff(request: Request): Promise<{ actor: StaffActor; csrfToken: string }> {
  const session = await currentStaff(request);
  if (!session) throw redirect(loginPath(request));
  return { actor: session.actor, csrfToken: session.csrfToken };
}

export const CSRF_REFUSAL =
  "This form has expired or was not sent from this site's back office. Reload the page and try again.";

/** For staff actions: requireStaff, then the form's "csrf" field must be the session's token (403 otherwise). */
export async function assertStaffWrite(request: Request, form: FormData): Promise<StaffActor> {
  const { actor, csrfToken } = await requireStaff(request);
  if (!csrfTokenMatches(csrfToken, form.get("csrf"))) throw data(CSRF_REFUSAL, { status: 403 });
  return actor;
}

/**
 * Turns a refusal of a core service into the page's answer: another dealer's record (or one that does not
 * exist) is 404, an area the role has no part in 403. Anything else is rethrown unchanged.
 */
export function staffFailure(error: unknown): never {
  if (error instanceof StaffAccessDenied) {
    throw data(error.kind === "not-found" ? "Not found" : "Your role does not give access to this page.", {
      status: error.kind === "not-found" ? 404 : 403,
    });
  }
  if (error instanceof StaffAccountNotFound) throw data("Not found", { status: 404 });
  throw error;
}
