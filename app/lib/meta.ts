import type { DealerView } from "../../core/dealers/dealers.ts";

export const SITE_NAME = "Honda Dealer Group";

/** "Title | Honda Sandton" in a dealer's scope, "Title | Honda Dealer Group" otherwise. */
export function pageTitle(title: string, dealer?: Pick<DealerView, "dealerName"> | null): string {
  return `${title} | ${dealer?.dealerName ?? SITE_NAME}`;
}

/** The scoped dealer from the site layout's loader data, as route `meta` functions see it in `matches`. */
export function dealerFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): DealerView | null {
  const layout = matches.find((match) => match?.id === "routes/site/layout");
  const data = layout?.data as { dealer?: DealerView | null } | undefined;
  return data?.dealer ?? null;
}
