import type { StaffMail } from "../../core/staff/accounts.server.ts";
import type { ResolvedSession } from "../../core/staff/sessions.server.ts";
import type { SignInThrottle } from "../../core/staff/sign-in-throttle.server.ts";
import type { Database } from "../../db/client.ts";
import { pageRequestScope } from "./page-request.server.ts";

/**
 * What the staff area's loaders and actions need about the request beyond the Request itself: the database,
 * the mail channel, the sign-in throttle, the client address and whether it came over HTTPS (the cookie's
 * name and Secure flag). Every page request runs in a scope that holds it (app/lib/page-request.server.ts), so
 * that `requireStaff(request)` needs nothing else.
 */
export type StaffRequestScope = {
  db: Database;
  mail: StaffMail | undefined;
  signInThrottle: SignInThrottle;
  clientAddress: string;
  overHttps: boolean;
  /** The session of this request, resolved once however many loaders ask. */
  session?: Promise<ResolvedSession | null>;
};

/** The staff area's part of the page request's scope (app/lib/page-request.server.ts). */
export function staffRequestScope(): StaffRequestScope {
  return pageRequestScope().staff;
}
