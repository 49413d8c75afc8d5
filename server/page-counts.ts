import type { Context, MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import { decodeVisit, startsVisit, type Visit, visitCookieValue, visitOfRequest } from "../core/attribution/visit.ts";
import { countedPageOf } from "../core/insights/counted-pages.server.ts";
import type { PageCount } from "../core/insights/counts.server.ts";
import { sessionTokenFrom } from "../core/staff/session-cookie.server.ts";
import { isStaffPath } from "./middleware/caching.ts";
import { isDataRequest, pageUrlOf, requestedRouteIds } from "../app/framework/data-requests.ts";
import type { GuardVariables } from "./middleware/request-guard.ts";
import type { PageMatch } from "./pages.ts";

/**
 * Counts, not tracking (decision 057): each successful page view of a person (not a crawler, not
 * signed-in staff) is counted by the kind of page and the source of its visit, in memory (core/insights/counts.server.ts).
 * It sits in front of the page cache, so a page served from memory counts like a rendered one.
 *
 * A view is a 200 answer to a GET of a page document, or of the router's data for a page (`/used/.../42.data`,
 * what a client-side navigation fetches instead of the document). A browser asks for one or the other for each
 * page it shows, never both, so the two are never counted for one view. Not counted: HEAD, any other status, a
 * prefetch, a data request that does not load the page's own route (a revalidation of a layout), anything
 * but pages (the API, files, /go/, the back office), and the views of a client past its counting allowance
 * (PAGE_COUNTS_RATE_LIMIT, the request guard's `countingClient`): its pages are served, not counted.
 */

/** Counted page views and clicks one client may make in 10 minutes unless PAGE_COUNTS_RATE_LIMIT says otherwise. */
export const PAGE_VIEWS_PER_CLIENT = 600;

/**
 * The client a count is made for, or null when it is not counted: past its counting allowance. Without the guard's
 * counting allowance (an app built without one), counted without a client.
 */
export async function countedClient(c: Context<{ Variables: GuardVariables }>): Promise<string | undefined | null> {
  const ask = c.get("countingClient");
  return ask ? ask() : undefined;
}

/** Whether the request comes from someone whose views are not counted: a crawler (or no User-Agent) or signed-in staff. */
export function isUncountedVisitor(headers: Headers): boolean {
  const userAgent = headers.get("User-Agent");
  if (!userAgent || isbot(userAgent)) return true;
  // Its presence is enough: the cookie is only ever set by signing in, and a database look-up per page would cost more than the view.
  const cookie = headers.get("Cookie");
  return sessionTokenFrom(cookie, true) !== null || sessionTokenFrom(cookie, false) !== null;
}

/**
 * The visit this request belongs to, and whether it starts it (core/attribution/visit.ts): the live visit of its
 * cookie, or a new one whose source this very request gives (its campaign parameters and referrer).
 */
export function visitOf(
  c: Context,
  pageUrl: URL,
  now = Math.floor(Date.now() / 1000),
): { visit: Visit; starts: boolean } {
  const existing = decodeVisit(visitCookieValue(c.req.header("Cookie")), now);
  const visit = visitOfRequest(existing, pageUrl, c.req.header("Referer"), pageUrl.host, now);
  return { visit, starts: startsVisit(existing, visit) };
}

const NOT_PAGES = /^\/(?:api|assets|go|uploads|media)\//;

/** A speculative fetch the browser may never show (`<link rel=prefetch>`, speculation rules). */
function isPrefetch(headers: Headers): boolean {
  return /prefetch|prerender/i.test(`${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""}`);
}

export function pageCounting({
  record,
  pageMatch,
}: {
  record: (count: PageCount) => void;
  pageMatch: PageMatch;
}): MiddlewareHandler<{ Variables: GuardVariables }> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" || c.res.status !== 200) return;
    const path = c.req.path;
    if (NOT_PAGES.test(path) || isStaffPath(path)) return;
    const isData = isDataRequest(path);
    const type = c.res.headers.get("Content-Type") ?? "";
    if (!type.startsWith(isData ? "text/x-script" : "text/html")) return;
    const headers = c.req.raw.headers;
    if (isPrefetch(headers) || isUncountedVisitor(headers)) return;
    const match = pageMatch(path);
    if (!match) return;
    const url = new URL(c.req.url);
    const routes = requestedRouteIds(url);
    if (isData && routes !== undefined && !routes.includes(match.routeId)) return;
    const page = countedPageOf(match.pattern, match.params);
    const { visit, starts } = visitOf(c, pageUrlOf(url));
    if (!starts && !page.kind) return;
    const client = await countedClient(c);
    if (client === null) return;
    if (starts) record({ kind: "visit", subject: "", dealer: page.dealer, source: visit.source, client });
    if (page.kind)
      record({ kind: page.kind, subject: page.subject, dealer: page.dealer, source: visit.source, client });
  };
}
