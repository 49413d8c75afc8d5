import { Hono } from "hono";
import { MemoryRateLimiter, type RateLimiter } from "../core/shared/rate-limiter.ts";
import { parseVitalsBeacon, VITALS_BEACON_MAX_BYTES } from "../core/vitals/beacon.ts";
import type { VitalsVisit } from "../core/vitals/store.server.ts";
import { deviceClassOf, pageTypeOf } from "../core/vitals/vitals.ts";
import type { BodyLimitRule } from "./middleware/request-guard.ts";
import type { PageRoutePattern } from "./pages.ts";

const VITALS_PATH = "/vitals";

/**
 * Beacons one client may send in 10 minutes unless VITALS_RATE_LIMIT says otherwise, apart from the forms'
 * allowance: a visitor's page views, and many visitors behind one carrier's address.
 */
const VITALS_BEACONS_PER_CLIENT = 300;

/**
 * What the request guard holds the beacon to: 2 KB at most, JSON or text/plain (what `navigator.sendBeacon`
 * sends for a string), and an allowance of its own in this instance's memory (a beacon must not use up a
 * buyer's allowance for enquiries, nor cost a database write on PostgreSQL).
 */
export function vitalsGuardRule(
  allowance: RateLimiter = new MemoryRateLimiter(VITALS_BEACONS_PER_CLIENT, 600_000),
): BodyLimitRule {
  return { path: VITALS_PATH, maxBodyBytes: VITALS_BEACON_MAX_BYTES, mediaTypes: ["text/plain"], allowance };
}

/**
 * POST /vitals: a page's Core Web Vitals (app/lib/web-vitals.client.ts). The path it names is turned into a page
 * type and dropped, the device class is read from the request's headers; nothing else of the request is kept.
 * 204 once counted; 400 for a body that is not JSON, 422 with the violations for one that is not a beacon.
 */
export function vitalsRoutes(options: {
  record: (visit: VitalsVisit) => void;
  pageRoutePattern?: PageRoutePattern;
}): Hono {
  const routes = new Hono();
  routes.post(VITALS_PATH, async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ status: 400, title: "The beacon is not JSON" }, 400);
    }
    const beacon = parseVitalsBeacon(body);
    if (!beacon.ok)
      return c.json({ status: 422, title: "The beacon is not valid", violations: beacon.violations }, 422);
    const path = beacon.value.page.split(/[?#]/)[0]!;
    if (path === "/staff" || path.startsWith("/staff/")) {
      return c.json(
        {
          status: 422,
          title: "The beacon is not valid",
          violations: [{ propertyPath: "page", message: "must be a public page" }],
        },
        422,
      );
    }
    options.record({
      pageType: pageTypeOf(options.pageRoutePattern?.(path)),
      device: deviceClassOf({ mobileHint: c.req.header("Sec-CH-UA-Mobile"), userAgent: c.req.header("User-Agent") }),
      metrics: beacon.value.metrics,
    });
    return c.body(null, 204);
  });
  return routes;
}
