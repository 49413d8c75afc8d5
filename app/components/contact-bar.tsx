import { GROUP_NAME, GROUP_PHONE } from "../../core/dealers/group.ts";
import { callPing, useSiteUrl } from "../lib/go-links.ts";
import { telHref } from "../lib/hours.ts";

type CallTarget = { slug: string; dealerName: string; dealer_contact_no: string };

const action =
  "flex min-h-11 flex-1 items-center whitespace-nowrap justify-center gap-2 rounded px-3 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey";

/**
 * Call and WhatsApp for the vehicle or model a page shows: the dealer's number (the group's when no dealer is
 * chosen) as a tel: link, and the group's WhatsApp line through /go/whatsapp/ (which counts the click and opens
 * https://wa.me/ with a greeting naming the vehicle; dealers have no WhatsApp line of their own). Two plain links:
 * they work before and without JavaScript. The bar sits in the page's flow, near the vehicle's price: a bar kept over
 * the bottom of the screen would cover the page's own controls (Save, Compare) on a phone.
 */
export function ContactBar({
  dealer,
  about,
  whatsAppHref,
  vehicleId,
  className = "",
}: {
  /** Who takes the call; null: the group. */
  dealer: CallTarget | null;
  /** What the page shows, as the bar's name says it: "the 2021 Honda Jazz". */
  about: string;
  whatsAppHref: string;
  vehicleId?: number;
  /** Where the bar sits in the page's layout (its margins). */
  className?: string;
}) {
  const siteUrl = useSiteUrl();
  const number = dealer?.dealer_contact_no ?? GROUP_PHONE;
  return (
    <aside
      aria-label={`Call or WhatsApp ${dealer?.dealerName ?? GROUP_NAME} about ${about}`}
      className={`mt-4 ${className}`}
    >
      <div className="flex gap-3 md:max-w-xl">
        <a
          href={telHref(number)}
          ping={dealer ? callPing(siteUrl, dealer.slug, vehicleId) : undefined}
          className={`${action} bg-brand-grey hover:bg-black`}
        >
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
          </svg>
          Call<span className="max-sm:sr-only"> {number}</span>
        </a>
        <a
          href={whatsAppHref}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={`${action} bg-[#117a3c] hover:bg-[#0c5c2d]`}
        >
          WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </aside>
  );
}
