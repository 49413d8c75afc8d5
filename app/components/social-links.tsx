import { useParams } from "react-router";
import { whatsAppGoHref } from "../lib/go-links.ts";

/** Floating social links on every page (product.md §1): chat with a preset greeting, a page, a profile. */
const FACEBOOK_URL = "https://www.facebook.com/HondaSouthAfrica";
const INSTAGRAM_URL = "https://www.instagram.com/hondasouthafrica/";

const linkClass =
  "flex h-11 w-11 items-center sm:h-12 sm:w-12 justify-center rounded-full text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey motion-reduce:transition-none";

/**
 * Floating at the bottom right only where the page leaves room for them beside its content (the content is
 * at most 80rem wide, so from 1440 px); narrower, they sit in the page's flow above the footer, so that
 * they never cover a field, button or link. The chat goes through /go/whatsapp/ (server/go-links.ts), which
 * counts the click and opens the chat with a greeting naming the dealer and the vehicle of the page.
 */
export function SocialLinks({ dealerSlug }: { dealerSlug: string | null }) {
  const params = useParams();
  // A used vehicle's page or its enquiry form (/used/{make}/{model}/{id}).
  const vehicleId = params.make && params.model && params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  return (
    <aside
      aria-label="Social media"
      className="mx-auto max-w-7xl px-4 py-6 min-[1440px]:fixed min-[1440px]:bottom-4 min-[1440px]:right-4 min-[1440px]:z-40 min-[1440px]:p-0"
    >
      <ul className="flex justify-end gap-3 min-[1440px]:flex-col">
        <li>
          <a
            href={whatsAppGoHref(dealerSlug, vehicleId)}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={`${linkClass} bg-[#117a3c]`}
          >
            <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="currentColor">
              <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.4.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z" />
            </svg>
            <span className="sr-only">Chat with us on WhatsApp (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={FACEBOOK_URL} target="_blank" rel="noopener noreferrer" className={`${linkClass} bg-[#1a5bc4]`}>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">
              <path d="M13.5 22v-8.2h2.8l.4-3.2h-3.2V8.5c0-.9.3-1.6 1.6-1.6h1.7V4.1a23 23 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.3H7.3v3.2h2.8V22z" />
            </svg>
            <span className="sr-only">Honda on Facebook (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer" className={`${linkClass} bg-[#b0306a]`}>
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <rect x="3" y="3" width="18" height="18" rx="5" />
              <circle cx="12" cy="12" r="4" />
              <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
            </svg>
            <span className="sr-only">Honda on Instagram (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </aside>
  );
}
