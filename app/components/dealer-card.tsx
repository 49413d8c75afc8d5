import { Link } from "react-router";
import type { DealerView } from "../../core/dealers/dealers.ts";
import { callPing, directionsGoHref, useSiteUrl } from "../lib/go-links.ts";
import { formatOpeningTimes, telHref } from "../lib/hours.ts";

/**
 * One dealer (product.md §2, dealer list): a static map illustration with a "View on map" link that
 * opens Google Maps in a new tab through /go/directions/ (no third-party script or frame on our page), the name linking to the
 * dealer page, address, business hours and the contact number as a tel: link.
 */
export function DealerCard({ dealer, headingLevel = 2 }: { dealer: DealerView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const siteUrl = useSiteUrl();
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <MapIllustration seed={dealer.slug} />
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

/** A small drawn street map with a pin; decorative, varied a little by dealer so cards differ. */
function MapIllustration({ seed }: { seed: string }) {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) % 997;
  const a = 20 + (hash % 60);
  const b = 90 + (hash % 50);
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 320 120"
      width="320"
      height="120"
      className="h-28 w-full bg-[#e8ecef]"
      preserveAspectRatio="xMidYMid slice"
    >
      <path d={`M0 ${a}H320M0 ${b}H320`} stroke="#fff" strokeWidth="10" />
      <path d={`M${a * 2} 0V120M${b * 2} 0V120`} stroke="#fff" strokeWidth="8" />
      <path d={`M0 ${120 - a / 2}L320 ${a / 2}`} stroke="#f7d774" strokeWidth="6" />
      <rect x={a * 2 + 12} y={a + 10} width="40" height="24" rx="3" fill="#cfe3c8" />
      <g transform={`translate(${b + 60} ${b - 50})`}>
        <path d="M0 0c-11 0-18 8-18 17 0 12 18 29 18 29s18-17 18-29C18 8 11 0 0 0z" fill="#c8102e" />
        <circle cx="0" cy="17" r="6" fill="#fff" />
      </g>
    </svg>
  );
}
