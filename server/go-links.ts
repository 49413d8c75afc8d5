import { type Context, Hono } from "hono";
import { mapSearchUrl, whatsAppGreeting, whatsAppUrl } from "../core/dealers/contact-links.server.ts";
import {
  type DealerView,
  dealerDirectoryModel,
  dealerIdNamed,
  dealerNamed,
  HEAD_OFFICE_SLUG,
  renamedDealerSlug,
} from "../core/dealers/dealers.server.ts";
import { findRangeModel } from "../core/catalogue/ranges.server.ts";
import type { CountKind, PageCount } from "../core/insights/counts.server.ts";
import type { UsedStock } from "../core/inventory/used-stock.server.ts";
import type { UsedVehicleView } from "../core/inventory/used-vehicles.server.ts";
import type { ReadModels } from "../core/shared/read-model.server.ts";
import { MemoryRateLimiter, type RateLimiter } from "../core/shared/rate-limiter.ts";
import type { BodyLimitRule, GuardVariables } from "./middleware/request-guard.ts";
import { countedClient, isUncountedVisitor, visitOf } from "./page-counts.ts";

/**
 * The clicks the page counts include (decision 057). WhatsApp and directions links are same-origin
 * redirects: GET /go/{whatsapp|directions}/{dealer}[?vehicle=id] counts the click and answers 302 to the chat or
 * the map, whose address is computed here from the dealer record (never taken from the request: no open
 * redirect). A call link keeps its tel: address and names POST /go/ping/call/{dealer}[?vehicle=id] in its `ping`
 * attribute, which the browser posts to as it follows the link ("hyperlink auditing", no script): 204.
 * An unknown dealer is 404. Crawlers and signed-in staff are redirected but not counted.
 */

const GO_PING_PATH = "/go/ping/call/:dealer";

/** Pings one client may send in 10 minutes, apart from the forms' allowance (as the vitals beacon). */
const PINGS_PER_CLIENT = 120;

/** What the request guard holds a ping to: a tiny body ("PING", text/ping), an allowance of its own in memory. */
export function goPingGuardRule(
  allowance: RateLimiter = new MemoryRateLimiter(PINGS_PER_CLIENT, 600_000),
): BodyLimitRule {
  return { path: GO_PING_PATH, maxBodyBytes: 1024, mediaTypes: ["text/ping"], allowance };
}

type GoContext = Context<{ Variables: GuardVariables }>;

type Target = {
  dealer: DealerView | null;
  dealerId: number;
  vehicle: UsedVehicleView | null;
  /** A model of the new range the link was on (`?model={make}/{model}`), when it names one. */
  rangeModel: { make: string; model: string } | null;
};

export function goLinkRoutes(options: {
  readModels: ReadModels;
  usedStock: UsedStock;
  record?: (count: PageCount) => void;
}): Hono<{ Variables: GuardVariables }> {
  const routes = new Hono<{ Variables: GuardVariables }>();

  /** The dealer the link names (the group's for head-office) and the vehicle, when it is on sale and that dealer's. */
  async function targetOf(c: GoContext): Promise<Target | null> {
    const directory = await options.readModels.read(dealerDirectoryModel);
    const named = c.req.param("dealer") ?? "";
    const slug = renamedDealerSlug(directory, named) ?? named;
    const dealer = slug === HEAD_OFFICE_SLUG ? null : dealerNamed(directory, slug);
    if (slug !== HEAD_OFFICE_SLUG && !dealer) return null;
    const vehicleId = c.req.query("vehicle");
    const found = vehicleId && /^\d{1,9}$/.test(vehicleId) ? await options.usedStock.vehicle(Number(vehicleId)) : null;
    const vehicle =
      found &&
      (found.status === "Available" || found.status === "Reserved") &&
      (!dealer || found.dealer_slug === dealer.slug)
        ? found
        : null;
    const dealerSlug = dealer?.slug ?? vehicle?.dealer_slug;
    const rangeModel = vehicle ? null : await rangeModelOf(c.req.query("model"));
    return { dealer, dealerId: dealerSlug ? (dealerIdNamed(directory, dealerSlug) ?? 0) : 0, vehicle, rangeModel };
  }

  /** The new-range model a `make/model` pair of slugs names, or null. */
  async function rangeModelOf(pair: string | undefined): Promise<{ make: string; model: string } | null> {
    const slugs = pair?.match(/^([a-z0-9-]{1,80})\/([a-z0-9-]{1,80})$/);
    if (!slugs) return null;
    const found = await findRangeModel(options.readModels, slugs[1]!, slugs[2]!);
    return found ? { make: found.make, model: found.model } : null;
  }

  /** Counts the click, unless it is a crawler's or staff's, or the client is past its counting allowance. */
  async function count(c: GoContext, kind: CountKind, target: Target): Promise<void> {
    if (!options.record || isUncountedVisitor(c.req.raw.headers)) return;
    const client = await countedClient(c);
    if (client === null) return;
    const { visit } = visitOf(c, new URL(c.req.url));
    options.record({
      kind,
      subject: target.vehicle ? String(target.vehicle.id) : "",
      dealer: { dealerId: target.dealerId },
      source: visit.source,
      client,
    });
  }

  const notFound = (c: Context) => c.text("There is no such dealer.", 404, { "Cache-Control": "no-store" });
  // Not kept by any cache: each click reaches the server and is counted; not indexed.
  const away = (c: Context, location: string) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    return c.redirect(location, 302);
  };

  routes.get("/go/whatsapp/:dealer", async (c) => {
    const target = await targetOf(c);
    if (!target) return notFound(c);
    if (c.req.method === "GET") await count(c, "whatsapp-click", target);
    const subject = target.vehicle ?? target.rangeModel;
    return away(c, whatsAppUrl(whatsAppGreeting(target.dealer?.dealerName ?? null, subject)));
  });

  routes.get("/go/directions/:dealer", async (c) => {
    const target = await targetOf(c);
    if (!target?.dealer) return notFound(c);
    if (c.req.method === "GET") await count(c, "directions-click", target);
    return away(c, mapSearchUrl(target.dealer.location));
  });

  routes.post(GO_PING_PATH, async (c) => {
    const target = await targetOf(c);
    if (!target?.dealer) return notFound(c);
    await count(c, "call-click", target);
    return c.body(null, 204, { "Cache-Control": "no-store" });
  });

  return routes;
}
