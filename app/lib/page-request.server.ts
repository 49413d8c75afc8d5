import { AsyncLocalStorage } from "node:async_hooks";
import type { UploadScope } from "../../server/uploads.ts";
import type { StaffRequestScope } from "./staff-request.server.ts";

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
