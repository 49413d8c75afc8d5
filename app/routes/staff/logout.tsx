import { redirect } from "react-router";
import { csrfTokenMatches } from "../../../core/staff/csrf.ts";
import { clearedSessionCookie, sessionTokenFrom } from "../../../core/staff/session-cookie.ts";
import { endSession } from "../../../core/staff/sessions.ts";
import { field, staffForm } from "../../lib/staff-forms.server.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { currentStaff } from "../../lib/staff.server.ts";
import type { Route } from "./+types/logout";

export const loader = () => redirect("/staff");

/** Sign-out: the session is deleted (not only the cookie), so the token is worthless even if it was copied. */
export async function action({ request }: Route.ActionArgs) {
  const scope = staffRequestScope();
  const form = await staffForm(request);
  const session = await currentStaff(request);
  const token = sessionTokenFrom(request.headers.get("Cookie"), scope.overHttps);
  if (session && token && csrfTokenMatches(session.csrfToken, field(form, "csrf"))) await endSession(scope.db, token);
  throw redirect("/staff/login", { headers: { "Set-Cookie": clearedSessionCookie(scope.overHttps) } });
}
