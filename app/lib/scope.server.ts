import { pageUrlOf } from "../framework/data-requests.ts";
import { data, redirect } from "react-router";
import {
  type DealerView,
  dealerDirectoryModel,
  dealerNamed,
  pathAtCurrentSlug,
  renamedDealerSlug,
} from "../../core/dealers/dealers.server.ts";
import type { ReadModels } from "../../core/shared/read-model.server.ts";
import { findRangeModel, type RangeModelView } from "../../core/catalogue/ranges.server.ts";
import { readCookie } from "../../core/shared/cookies.ts";
import { DEALER_SLUG_KEY, dealerCookie } from "../../core/dealers/remembered-dealer.ts";

export type DealerScope = {
  /** The dealer the page is scoped to, from the route or else the remembered choice; null for the group. */
  dealer: DealerView | null;
  /** True when the dealer came from the /dealer/{dealerName} prefix of the route. */
  inRoute: boolean;
};

/**
 * The dealer a request is scoped to (product.md §1): the route's /dealer/{dealerName} prefix (a former
 * slug of a renamed dealer redirects permanently to the current one, an unknown dealer is a 404), else the
 * remembered dealer mirrored in the cookie; the home path clears the choice.
 */
export async function resolveDealerScope(
  readModels: ReadModels,
  request: Request,
  params: Partial<Record<string, string>>,
): Promise<DealerScope> {
  const directory = await readModels.read(dealerDirectoryModel);
  const { dealerName } = params;
  if (dealerName) {
    const dealer = dealerNamed(directory, dealerName);
    if (dealer) return { dealer, inRoute: true };
    const current = renamedDealerSlug(directory, dealerName);
    if (current) throw renamedDealerRedirect(request, current);
    throw data(null, { status: 404 });
  }
  if (pageUrlOf(request).pathname === "/") return { dealer: null, inRoute: false };
  const remembered = readCookie(request.headers.get("Cookie"), DEALER_SLUG_KEY);
  // A dealer renamed since the visitor chose it is still theirs, under its current slug.
  const current = remembered
    ? dealerNamed(directory, remembered)
      ? remembered
      : renamedDealerSlug(directory, remembered)
    : null;
  const dealer = current ? dealerNamed(directory, current) : null;
  return { dealer, inRoute: false };
}

/**
 * The Set-Cookie a page's answer carries so that the remembered dealer holds without scripts (product.md §1, issue
 * 33): the home path forgets it, a page under /dealer/{dealerName} remembers that dealer. Only when the cookie the
 * request carries says otherwise: an answer that sets a cookie is never kept by the rendered-page cache, and most
 * visitors' home page (no dealer remembered) is the page it should keep.
 */
export function rememberedDealerCookie(request: Request, scope: DealerScope): string | null {
  const carried = carriedDealer(request);
  if (pageUrlOf(request).pathname === "/") return carried === null ? null : dealerCookie(null);
  if (scope.inRoute && scope.dealer && carried !== scope.dealer.slug) return dealerCookie(scope.dealer.slug);
  return null;
}

/** The dealer cookie's value as sent ("" for a malformed one, which is then replaced), null when there is none. */
function carriedDealer(request: Request): string | null {
  try {
    return readCookie(request.headers.get("Cookie"), DEALER_SLUG_KEY);
  } catch {
    return "";
  }
}

/**
 * The same page at the dealer's current slug: 301 for a page (GET, HEAD), 308 for anything else, so that a
 * form sent to the old address is sent again, unchanged, to the new one.
 */
export function renamedDealerRedirect(request: Request, currentSlug: string): Response {
  const url = pageUrlOf(request);
  const moved = pathAtCurrentSlug(url.pathname, currentSlug);
  const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
  return redirect(`${moved}${url.search}`, status);
}

/**
 * The range model a test drive can be booked for in this scope, or null: a model of the new range (a used car of
 * another make or of a model no longer sold has no test-drive form), and under a dealer's prefix one of the kind that
 * dealer sells (cars or Honda Wing motorcycles).
 */
export async function testDriveModel(
  readModels: ReadModels,
  scope: DealerScope,
  makeSlug: string,
  modelSlug: string,
): Promise<RangeModelView | null> {
  const model = await findRangeModel(readModels, makeSlug, modelSlug);
  if (!model || (scope.inRoute && scope.dealer?.is_wing !== (model.type === "motorcycle"))) return null;
  return model;
}
