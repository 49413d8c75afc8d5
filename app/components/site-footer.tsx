import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { GROUP_NAME } from "../../core/dealers/group.ts";
import type { DealerView } from "../../core/dealers/dealers.server.ts";
import { scopedHref } from "../lib/navigation.ts";
import { copyrightYears } from "../lib/copyright.ts";
import { SITE_LAYOUT_ID, type SiteLayoutData } from "../lib/scope.ts";

/**
 * The dealer group's POPIA section 18 notice, published outside this site. A placeholder on a reserved
 * domain until the group gives its real address (see docs/decisions/003-site-layout-and-browsing-pages.md).
 */
const SECTION_18_NOTICE_URL = "https://www.example.com/honda-dealer-group/popia-section-18-notice";

type FooterLink = { label: string; path: string };

const LEGAL: FooterLink[] = [
  { label: "PAIA manual", path: "/popia" },
  { label: "Terms", path: "/terms" },
  { label: "Cookie policy", path: "/cookie" },
  { label: "Privacy policy", path: "/policy" },
];
const DEALS: FooterLink[] = [
  { label: "New", path: "/new" },
  { label: "Pre-owned", path: "/used" },
  { label: "Specials", path: "/specials" },
];
const OWNING: FooterLink[] = [{ label: "Book a service", path: "/service" }];

/** product.md §2: footer groups Legal, Honda Deals, Owning a Honda, and the copyright line from 2024 to this year. */
export function SiteFooter({ dealer }: { dealer: DealerView | null }) {
  // A thumb's height on a phone (44 px), a pointer's from md up; the rows need no gap between them.
  const linkClass =
    "inline-flex min-h-11 items-center md:min-h-8 text-gray-200 underline-offset-2 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white";
  const group = (heading: string, links: FooterLink[], extra?: ReactNode) => (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wider text-white">{heading}</h2>
      <ul className="mt-2 text-sm">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={scopedHref(dealer, link.path)} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
        {extra}
      </ul>
    </div>
  );
  return (
    <footer className="mt-16 border-t-4 border-brand-red bg-brand-grey text-white">
      <nav aria-label="Footer" className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        {group(
          "Legal",
          LEGAL,
          <li>
            <a href={SECTION_18_NOTICE_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
              Section 18 notice<span className="sr-only"> (opens in a new tab)</span>
              <svg
                aria-hidden="true"
                className="ml-1 inline"
                width="12"
                height="12"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
              </svg>
            </a>
          </li>,
        )}
        {group("Honda Deals", DEALS)}
        {group("Owning a Honda", OWNING)}
      </nav>
      <div className="border-t border-white/10">
        {/* The server's and the browser's clocks may straddle New Year: the server's year stands. */}
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-gray-200" suppressHydrationWarning>
          © {copyrightYears(new Date())} Honda Dealer Group. All rights reserved.
        </p>
        <GroupLegalLines />
      </div>
    </footer>
  );
}

/** The group's registration, VAT, credit-provider and FSP numbers (settings, read by the site layout's loader). */
function GroupLegalLines() {
  const legal = useRouteLoaderData<SiteLayoutData>(SITE_LAYOUT_ID)?.groupLegal;
  if (!legal) return null;
  const lines = [
    ["Company registration no.", legal.companyRegistration],
    ["VAT no.", legal.vatNumber],
    ["Registered credit provider", legal.creditProviderNumber],
    ["Authorised financial services provider, FSP", legal.fspNumber],
  ].filter((line): line is [string, string] => line[1] !== null);
  if (lines.length === 0) return null;
  return (
    <>
      <h2 className="sr-only">{`${GROUP_NAME} company details`}</h2>
      <dl className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-1 px-4 pb-4 text-sm text-gray-200">
        {lines.map(([term, value]) => (
          <div key={term}>
            <dt className="inline">{term}</dt> <dd className="inline whitespace-nowrap">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
