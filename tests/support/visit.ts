import { encodeVisit, VISIT_COOKIE, visitOfRequest } from "../../core/attribution/visit.ts";

/**
 * The cookie of a visit that started a moment ago, as a browser sends it on the visit's next pages: the
 * server does not write it again, so a public page is answered revalidatable (with its ETag), not as a first page.
 */
export function liveVisitCookie(landing = "http://127.0.0.1/?utm_source=newsletter"): string {
  const now = Math.floor(Date.now() / 1000);
  return `${VISIT_COOKIE}=${encodeVisit(visitOfRequest(null, new URL(landing), null, "127.0.0.1", now))}`;
}
