import type { Context, MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import {
  decodeVisit,
  visitCookieDue,
  visitCookieHeader,
  visitCookieValue,
  visitOfRequest,
} from "../core/attribution/visit.ts";
import { isStaffPath } from "./middleware/caching.ts";
import { pageUrlOf } from "../app/framework/data-requests.ts";
import { cameOverHttps } from "./middleware/security-headers.ts";

/**
 * The visit's source cookie (core/attribution/visit.ts), written by the server on the answers to page
 * reads, so that it works without JavaScript (docs/decisions/056-visit-source-on-every-lead.md). It sits in front
 * of the rendered-page cache (server/app.ts), so a page answered from the cache gets it too, and the cookie is
 * added after the cache has decided what to keep: no kept page ever holds it. An answer that sets it is
 * `private, no-store` by the one caching rule (server/middleware/caching.ts), which no shared cache keeps.
 *
 * Pages only: a GET of a document or of the router's data for one (a client-side navigation, which must keep
 * the visit alive as a full page load does), answered 200 or 404 (a broken ad link still starts the visit); not
 * the API, the built files, the vitals beacon, the back office, redirects or errors, and never a crawler's read
 * (a crawler sends no leads, and its pages keep their ETags and 304s).
 */
export function visitCookies({
  trustProxy,
  now = () => Math.floor(Date.now() / 1000),
}: {
  trustProxy: boolean;
  now?: () => number;
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!isPageRead(c) || !isPageAnswer(c.res)) return;
    const seconds = now();
    const before = decodeVisit(visitCookieValue(c.req.header("Cookie")), seconds);
    const url = pageUrlOf(new URL(c.req.url));
    const after = visitOfRequest(before, url, c.req.header("Referer"), c.req.header("Host") ?? url.host, seconds);
    if (!visitCookieDue(before, after)) return;
    appendSetCookie(c, visitCookieHeader(after, seconds, cameOverHttps(c, trustProxy)));
  };
}

/** Beside any cookie the page sets itself (the remembered dealer); a response with immutable headers is copied first. */
function appendSetCookie(c: Context, cookie: string) {
  try {
    c.res.headers.append("Set-Cookie", cookie);
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.append("Set-Cookie", cookie);
    c.res = undefined;
    c.res = copy;
  }
}

const NOT_PAGES = /^\/(?:api|assets|vitals|media|uploads)(?:\/|$)/;

function isPageRead(c: Context): boolean {
  // HEAD too: it answers the headers its GET would (the cookie, and the caching that follows from it).
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || NOT_PAGES.test(c.req.path) || isStaffPath(c.req.path))
    return false;
  const userAgent = c.req.header("User-Agent");
  return !(userAgent && isbot(userAgent));
}

/** A document, or React Router's data for one, that is the page itself (not a redirect, not an error). */
function isPageAnswer(response: Response): boolean {
  if (response.status !== 200 && response.status !== 404) return false;
  return /^text\/(?:html|x-script)\b/.test(response.headers.get("Content-Type") ?? "");
}
