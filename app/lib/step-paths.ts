import { matchPath } from "react-router";

/**
 * Addresses that are only a step on the way to a page (breadcrumbs link every step of a path, product.md §2), with
 * the page a buyer who goes up to them wants. Each is also open under a dealer's /dealer/{dealerName} prefix.
 */
const STEPS: readonly { step: string; page: (params: Record<string, string | undefined>) => string }[] = [
  // A test drive is booked from a model; the range is where the models are.
  { step: "/book-test-drive", page: () => "/new" },
  { step: "/book-test-drive/:make", page: () => "/new" },
  // A new car's variant is chosen on its model's page.
  { step: "/new/:make/:model/:variant", page: ({ make, model }) => `/new/${make}/${model}` },
  { step: "/honda-wing/:make", page: () => "/honda-wing" },
  { step: "/honda-wing/:make/:model/:variant", page: ({ make, model }) => `/honda-wing/${make}/${model}` },
];
/** Group-only steps: a saved search's links carry their token, and an alert starts from its form. */
const GROUP_STEPS: typeof STEPS = [
  { step: "/alerts", page: () => "/alerts/new" },
  ...["confirm", "manage", "unsubscribe"].map((purpose) => ({ step: `/alerts/${purpose}`, page: () => "/alerts/new" })),
];
const DEALER_SCOPE = /^\/dealer\/[^/]+(?=\/)/;

/** Where a step address (see STEPS) leads, or null when the path is not one. */
export function pageAboveStep(pathname: string): string | null {
  const path = pathname.replace(/(?<=.)\/+$/, "");
  const scope = DEALER_SCOPE.exec(path)?.[0] ?? "";
  const inScope = path.slice(scope.length);
  for (const { step, page } of scope ? STEPS : [...STEPS, ...GROUP_STEPS]) {
    const match = matchPath(step, inScope);
    if (match) return `${scope}${page(match.params)}`;
  }
  return null;
}
