import { data } from "react-router";
import { type DealerView, findDealer } from "../../core/dealers/dealers.ts";
import type { Database } from "../../db/client.ts";
import { DEALER_SLUG_KEY } from "./scope.ts";

export type DealerScope = {
  /** The dealer the page is scoped to, from the route or else the remembered choice; null for the group. */
  dealer: DealerView | null;
  /** True when the dealer came from the /dealer/{dealerName} prefix of the route. */
  inRoute: boolean;
};

/**
 * The dealer a request is scoped to (SPEC section 1): the route's /dealer/{dealerName} prefix (an unknown
 * dealer is a 404), else the remembered dealer mirrored in the cookie; the home path clears the choice.
 */
export async function resolveDealerScope(
  db: Database,
  request: Request,
  params: Partial<Record<string, string>>,
): Promise<DealerScope> {
  const { dealerName } = params;
  if (dealerName) {
    const dealer = await findDealer(db, dealerName);
    if (!dealer) throw data(null, { status: 404 });
    return { dealer, inRoute: true };
  }
  if (new URL(request.url).pathname === "/") return { dealer: null, inRoute: false };
  const remembered = readCookie(request.headers.get("Cookie"), DEALER_SLUG_KEY);
  const dealer = remembered ? await findDealer(db, remembered) : null;
  return { dealer, inRoute: false };
}

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}
