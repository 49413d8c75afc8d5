import { Link } from "react-router";
import type { DealerView } from "../../core/dealers/dealers.server.ts";
import { callPing, directionsGoHref, useSiteUrl } from "../lib/go-links.ts";
import { formatOpeningTimes, telHref } from "../lib/hours.ts";
import { DealerMap } from "./dealer-map.tsx";

/**
 * One dealer (product.md §2, dealer list): its town on a map of South Africa drawn here, a "View on map" link that
 * opens Google Maps in a new tab through /go/directions/ (no third-party script or frame on our page), the name linking to the
 * dealer page, address, business hours and the contact number as a tel: link.
 */
export function DealerCard({ dealer, headingLevel = 2 }: { dealer: DealerView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const siteUrl = useSiteUrl();
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <DealerMap dealerName={dealer.dealerName} city={dealer.city} province={dealer.province} />
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl font-bold">
          <Link to={dealer.uri} className="text-brand-grey underline-offset-4 hover:text-brand-red hover:underline">
            {dealer.dealerName}
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-brand-grey-light">{dealer.province}</p>
        <address className="mt-3 not-italic">{dealer.address}</address>
        <p className="mt-1">
          <span className="font-semibold">Call </span>
          <a
            href={telHref(dealer.dealer_contact_no)}
            ping={callPing(siteUrl, dealer.slug)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-red underline-offset-2 hover:underline"
          >
            {dealer.dealer_contact_no}
          </a>
        </p>
        <p className="mt-4 text-sm font-semibold">Business hours</p>
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {dealer.business_hours.map((line) => (
            <div key={line.days} className="contents">
              <dt className="text-brand-grey-light">{line.days}</dt>
              <dd className="text-right font-medium">{formatOpeningTimes(line)}</dd>
            </div>
          ))}
        </dl>
        <a
          href={directionsGoHref(dealer.slug)}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="mt-2 inline-flex min-h-11 items-center gap-1 self-start font-semibold text-brand-red underline-offset-2 hover:underline"
        >
          View on map<span className="sr-only">: {dealer.dealerName} (opens in a new tab)</span>
          <svg
            aria-hidden="true"
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
          </svg>
        </a>
      </div>
    </article>
  );
}
