import { LegalPage } from "../../components/legal-page.tsx";
import { DEALER_SLUG_KEY } from "../../../core/dealers/remembered-dealer.ts";
import { VISIT_COOKIE } from "../../../core/attribution/names.ts";
import type { Route } from "./+types/cookie";
import { dealerFromMatches, pageMeta, pageTitle } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: pageTitle("Cookie policy", dealerFromMatches(args.matches)),
    description: "Which cookies and browser storage this website uses, why, for how long, and how to remove them.",
  });
}

/** What this site keeps in the browser, and why (product.md §9: the local storage keys). */
const STORED = [
  {
    name: DEALER_SLUG_KEY,
    where: "Cookie and local storage",
    purpose:
      "Remembers the dealership you chose, so that pages show that dealer's stock, specials and contact details.",
    lasts: "One year, or until you open the home page, which clears it.",
  },
  {
    name: VISIT_COOKIE,
    where: "Cookie, set and read only by our own server (your browser's scripts cannot read it)",
    purpose:
      "Remembers where this visit came from, so that an enquiry or finance application you send during it tells the dealership how you found us. " +
      "It holds only: the name of the website that linked you here (for example google.com, never the page or your search), the first page you opened " +
      "on our site (without anything after the ?), the campaign labels in the link you followed (utm_source, utm_medium, utm_campaign, utm_term, " +
      "utm_content), the reference an advertiser adds to its links (gclid for Google, fbclid for Facebook, ttclid for TikTok), and when the visit " +
      "started and was last active. No name, no address, no identifier of you or your device.",
    lasts: "30 minutes after the last page you opened, and never more than one day.",
  },
  {
    name: "finance_application",
    where: "Local storage",
    purpose: "Keeps a finance application you have started on your own device so that you can finish it later.",
    lasts: "Until you submit the application or clear your browser storage.",
  },
];

export default function Cookie() {
  return (
    <LegalPage
      title="Cookie policy"
      intro="Cookies are small files a website stores in your browser. This site uses as few as possible: only what it needs to work as you expect. We use no advertising or tracking cookies and load no third-party scripts."
    >
      <h2>What we store and why</h2>
      <ul className="!list-none !pl-0 space-y-4">
        {STORED.map((item) => (
          <li key={item.name} className="rounded-lg border border-gray-200 p-4">
            <h3 className="!mt-0 font-mono text-base">{item.name}</h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold">Where</dt>
              <dd>{item.where}</dd>
              <dt className="font-semibold">Purpose</dt>
              <dd>{item.purpose}</dd>
              <dt className="font-semibold">How long</dt>
              <dd>{item.lasts}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <p>
        {DEALER_SLUG_KEY} and finance_application are strictly necessary for the features you use, so we do not ask for
        consent to them. {VISIT_COOKIE} serves our legitimate interest in knowing which of our advertising brings
        enquiries, without identifying anyone; it is sent to nobody, and what it holds travels only with an enquiry or
        application you choose to send, to the dealership that handles it. The site works the same without it.
      </p>

      <h2>Other websites</h2>
      <p>
        Links to maps, WhatsApp, Facebook and Instagram open those services in a new tab. They set their own cookies
        under their own policies once you visit them; our pages do not load them.
      </p>

      <h2>Removing cookies</h2>
      <p>
        You can delete cookies and site data in your browser's settings at any time, or block them. The site still works
        without them, but will not remember your chosen dealership, and your enquiries will not say where your visit
        came from.
      </p>

      <p>
        Besides the cookie, our server counts page views per day (see section 2 of our{" "}
        <a href="/policy">privacy policy</a>): only totals, with no cookie, address or identifier of yours. More about
        how we handle personal information is in our <a href="/policy">privacy policy</a>.
      </p>
    </LegalPage>
  );
}
