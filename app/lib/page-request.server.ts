import { AsyncLocalStorage } from "node:async_hooks";
import type { UploadScope } from "../../server/uploads.ts";
import type { StaffMail } from "../../core/staff/accounts.server.ts";
import type { ResolvedSession } from "../../core/staff/sessions.server.ts";
import type { SignInThrottle } from "../../core/staff/sign-in-throttle.server.ts";
import type { Database } from "../../db/client.ts";

/**
 * What a page's loaders and actions may need about the request beyond the Request itself: the staff area's
 * database, mail and client details, and the upload scope the request guard opened for a multipart write of an
 * upload route (server/uploads.ts). The server runs each page request in this scope through the build's entry
 * module (app/entry.server.tsx re-exports `runPageRequest`, server/pages.ts calls it with the load context's
 * `pageRequest`), so the scope is always the one these modules read.
 */
export type PageRequestScope = {
  staff: StaffRequestScope;
  upload?: UploadScope;
};

/**
 * What the staff area's loaders and actions need about the request beyond the Request itself: the database,
 * the mail channel, the sign-in throttle, the client address and whether it came over HTTPS (the cookie's
 * name and Secure flag), so that `requireStaff(request)` needs nothing else (app/lib/staff-request.server.ts).
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

const scopes = new AsyncLocalStorage<PageRequestScope>();

export function runPageRequest<T>(scope: PageRequestScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The request's scope; throws outside a page request (server/app.ts serves every page inside one). */
export function pageRequestScope(): PageRequestScope {
  const scope = scopes.getStore();
  if (!scope) throw new Error("page request outside runPageRequest (server/pages.ts runs every page request in one)");
  return scope;
}

/** The upload scope of the request being served: none outside the request guard's multipart writes of upload routes. */
export const requestUploadScope = (): UploadScope | undefined => scopes.getStore()?.upload;
