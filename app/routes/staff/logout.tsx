import { data, redirect } from "react-router";
import { csrfTokenMatches } from "../../../core/staff/csrf.server.ts";
import { clearedSessionCookie, sessionTokenFrom } from "../../../core/staff/session-cookie.server.ts";
import { endSession } from "../../../core/staff/sessions.server.ts";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { CSRF_REFUSAL, currentStaff } from "../../lib/staff.server.ts";
import type { Route } from "./+types/logout";

export const loader = () => redirect("/staff");

/**
 * Sign-out: the session is deleted (not only the cookie), so the token is worthless even if it was copied. With
 * a session, the form must carry its CSRF token like every staff write (403 otherwise: another site cannot sign
 * someone out); without one (it expired) there is nothing to end and the person goes to the sign-in page.
 */
export async function action({ request }: Route.ActionArgs) {
  const scope = staffRequestScope();
  const form = await staffForm(request);
  const session = await currentStaff(request);
  const token = sessionTokenFrom(request.headers.get("Cookie"), scope.overHttps);
  if (session && token) {
    if (!csrfTokenMatches(session.csrfToken, field(form, "csrf"))) throw data(CSRF_REFUSAL, { status: 403 });
    await endSession(scope.db, token);
  }
  throw redirect("/staff/login", { headers: { "Set-Cookie": clearedSessionCookie(scope.overHttps) } });
}
