import { FINANCE_LEAD_TYPE } from "../leads/inbox.server.ts";
import { FORM_PRESETS } from "../leads/presets.ts";
import type { CountKind, DealerRef } from "./counts.server.ts";

/** What a page view counts as: its kind (null for a page that is only counted as the start of a visit), subject and dealer. */
export type CountedPage = {
  kind: Extract<CountKind, "used-vehicle-view" | "model-view" | "form-view"> | null;
  subject: string;
  dealer: DealerRef;
};

type Params = Readonly<Record<string, string | undefined>>;

/** The enquiry forms' pages by route pattern (app/routes.ts), with the form name their leads store. */
const FORM_PAGES: Record<string, string> = {
  "/new/:make/:model/:variant/enquire": FORM_PRESETS.new.formName,
  "/honda-wing/:make/:model/:variant/enquire": FORM_PRESETS.wing.formName,
  "/used/:make/:model/:id/enquire": FORM_PRESETS.used.formName,
  "/specials/:slug": FORM_PRESETS.special.formName,
  "/parts": FORM_PRESETS.parts.formName,
  "/service": FORM_PRESETS.service.formName,
  "/book-test-drive/:make/:model": FORM_PRESETS.testDrive.formName,
  "/sell-your-car": FORM_PRESETS.sellCar.formName,
  "/finance": FINANCE_LEAD_TYPE,
};

const MODEL_PAGES = new Set(["/new/:make/:model", "/honda-wing/:make/:model"]);
const VEHICLE_PAGE = "/used/:make/:model/:id";
const DEALER_PREFIX = "/dealer/:dealerName";

function vehicleRef(id: string | undefined): DealerRef {
  return id && /^\d{1,9}$/.test(id) ? { vehicleId: Number(id) } : null;
}

/**
 * What a page view counts as, from the route pattern the router matched (server/pages.ts) and its parameters: a
 * used vehicle's page (its id; its dealer is the vehicle's), a model page (make/model), an enquiry form's page
 * (the form's name), or any other page (counted only when it starts a visit). The dealer is the vehicle's, else
 * the one in a /dealer/{slug}/... path, else none.
 */
export function countedPageOf(pattern: string, params: Params): CountedPage {
  const scoped = pattern === DEALER_PREFIX || pattern.startsWith(`${DEALER_PREFIX}/`);
  const page = scoped ? pattern.slice(DEALER_PREFIX.length) || "/" : pattern;
  const scopeDealer: DealerRef = scoped && params.dealerName ? { dealerSlug: params.dealerName.toLowerCase() } : null;
  if (page === VEHICLE_PAGE)
    return { kind: "used-vehicle-view", subject: params.id ?? "", dealer: vehicleRef(params.id) ?? scopeDealer };
  if (MODEL_PAGES.has(page))
    return {
      kind: "model-view",
      subject: `${params.make ?? ""}/${params.model ?? ""}`.toLowerCase(),
      dealer: scopeDealer,
    };
  const form = FORM_PAGES[page];
  if (form)
    return {
      kind: "form-view",
      subject: form,
      dealer: (page.startsWith("/used/") ? vehicleRef(params.id) : null) ?? scopeDealer,
    };
  return { kind: null, subject: "", dealer: scopeDealer };
}
