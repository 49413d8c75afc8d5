import { pageRequestScope, type StaffRequestScope } from "./page-request.server.ts";

/** The staff area's part of the page request's scope (app/lib/page-request.server.ts). */
export function staffRequestScope(): StaffRequestScope {
  return pageRequestScope().staff;
}
