import { navigationLabel } from "./navigation.ts";
import type { CrumbNames } from "./scope.ts";

export type Crumb = { label: string; href: string };

/** Steps of a path that are no section of the header, named as their pages name them. */
const STEP_NAMES: Readonly<Record<string, string>> = {
  "book-test-drive": "Book a Test Drive",
  "sell-your-car": "Sell Your Car",
  enquire: "Enquire",
  "thank-you": "Thank You",
  popia: "PAIA Manual",
  terms: "Terms and Conditions",
  cookie: "Cookie Policy",
  policy: "Privacy Policy",
  saved: "Saved Vehicles",
  compare: "Compare Vehicles",
  alerts: "Alerts",
  confirm: "Confirm",
  manage: "Manage",
  unsubscribe: "Unsubscribe",
  appointments: "Appointments",
};

/** A segment nobody named: hyphens turned into spaces (product.md §2), its first letter a capital. */
function segmentLabel(segment: string): string {
  const words = segment.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One crumb per path segment (product.md §2), labelled with what the site calls it (decision 078): the name
 * of the dealer, make, model, vehicle or post the segment stands for, else the header's word for a section
 * ("News" for /blog), else the segment with its hyphens turned into spaces.
 */
export function breadcrumbsFor(pathname: string, names: CrumbNames = {}): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => {
    const value = safeDecode(segment);
    const href = `/${segments.slice(0, index + 1).join("/")}`;
    const sectionLevel = index === 0 || (index === 2 && segments[0] === "dealer");
    const section = sectionLevel ? navigationLabel(`/${value}`) : undefined;
    const label = names[value] ?? section ?? STEP_NAMES[value] ?? segmentLabel(value);
    return { label, href };
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
