import { appContext } from "../../load-context.ts";
import { retentionPolicy } from "../../../core/privacy/privacy.server.ts";
import { InformationOfficerContact, LegalPage, RegulatorContact } from "../../components/legal-page.tsx";
import { type KindPolicy, PersonalRecordsPolicy } from "../../components/personal-records-policy.tsx";
import type { Route } from "./+types/policy";
import { dealerFromMatches, pageMeta, pageTitle } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: pageTitle("Privacy Policy", dealerFromMatches(args.matches)),
    description:
      "How the Honda Dealer Group collects, uses, shares and protects your personal information under POPIA, and your rights.",
  });
}

/** Each kind of personal record with its retention period, from the settings the daily retention job reads. */
export function loader({ context }: Route.LoaderArgs) {
  return { kinds: retentionPolicy(context.get(appContext).privacy.retention) };
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="The Honda Dealer Group respects your privacy. This policy explains what personal information we collect when you use this website or deal with our dealerships, why, who we share it with, how long we keep it and what your rights are under the Protection of Personal Information Act 4 of 2013 (POPIA)."
    >
      <h2>1. Who we are</h2>
      <p>
        The Honda Dealer Group and its dealerships (listed on our <a href="/dealer">dealers page</a>) are the
        responsible parties for the personal information described here. The dealership you deal with, and the group,
        each act as responsible party for their own processing.
      </p>

      <WhatWeCollect />

      <WhyWeUseIt />

      <h2>4. Who we share it with</h2>
      <p>
        The dealership that handles your request; Honda Motor Southern Africa for warranty, recalls and customer care;
        banks, finance houses and credit bureaux for finance applications; insurers when you ask for cover; and service
        providers that host our systems under written agreements that require them to protect your information. We do
        not sell personal information. Where a provider stores information outside South Africa, we make sure the
        protection is at least equal to POPIA's, as section 72 requires.
      </p>

      <HowLongWeKeepIt kinds={loaderData.kinds} />

      <h2>6. How we protect it</h2>
      <p>
        Information travels over encrypted connections, access is limited to staff who need it, and our providers are
        bound to keep it confidential and secure. If we have reason to believe your information was accessed without
        authority, we will tell you and the Information Regulator as section 22 of POPIA requires.
      </p>

      <h2>7. Your rights</h2>
      <ul>
        <li>
          Ask whether we hold your personal information and for a copy of it (see our <a href="/popia">PAIA manual</a>).
        </li>
        <li>
          Ask us to correct or delete information that is inaccurate, out of date, incomplete or unlawfully obtained.
        </li>
        <li>Withdraw your consent, or object to processing based on legitimate interests or for direct marketing.</li>
        <li>Complain to the Information Regulator.</li>
      </ul>

      <h2>8. Contact our Information Officer</h2>
      <InformationOfficerContact />
      <RegulatorContact />
    </LegalPage>
  );
}

/** Section 2: each kind of personal information we collect. */
function WhatWeCollect() {
  return (
    <>
      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Contact details</strong>: name, surname, email address and cellphone number you give in an enquiry,
          booking or test-drive form.
        </li>
        <li>
          <strong>Vehicle details</strong>: the vehicle you are interested in, your current vehicle, its VIN and service
          history.
        </li>
        <li>
          <strong>Finance applications</strong>: identity number, address, marital status, next of kin, employment,
          income, expenses and bank details, and your consents.
        </li>
        <li>
          <strong>Technical information</strong>: the page you sent a form from, your IP address and the time of the
          request, kept in our server logs for security.
        </li>
        <li>
          <strong>Your chosen dealership</strong>, remembered in your browser (see our{" "}
          <a href="/cookie">cookie policy</a>).
        </li>
        <li>
          <strong>Where your visit came from</strong>: when you open our site, our server remembers in one cookie
          (hdg_visit, see our <a href="/cookie">cookie policy</a>) the name of the website that linked you here (for
          example google.com, not the page or what you searched for), the first page you opened, the campaign labels in
          the link you followed (utm_source, utm_medium, utm_campaign, utm_term, utm_content) and the reference an
          advertiser adds to its links (gclid, fbclid, ttclid). The visit ends 30 minutes after your last page, and
          after one day at most. If you send an enquiry, a booking or a finance application during the visit, this is
          stored with it and sent with it to the dealership that handles it.
        </li>
        <li>
          <strong>Daily counts of what is viewed</strong>: our server counts, per day and per source of the visit (for
          example &ldquo;facebook / paid / spring sale&rdquo;), views of used vehicle pages, model pages and enquiry
          forms, enquiries sent, and taps on the WhatsApp, call and directions links. Only the totals are kept: no IP
          address, no visitor or device identifier, no time of day, nothing that could tell us who you are. Search
          engines&apos; crawlers and our own staff are not counted.
        </li>
        <li>
          <strong>How fast our pages are for you</strong>: on some visits, chosen at random, your browser measures how
          quickly the page appeared and answered you (the Core Web Vitals: largest contentful paint, interaction to next
          paint, cumulative layout shift, first contentful paint and time to first byte) and sends these numbers to our
          own website, never to anyone else. We use the page&apos;s address only to tell what kind of page it was (for
          example the home page or a used vehicle) and your browser&apos;s description only to tell a phone from a
          computer, and keep nothing but daily counts per kind of page and device: no cookie, no IP address, no
          identifier, nothing that could tell us who you are.
        </li>
      </ul>
    </>
  );
}

/** Section 3: each purpose we use it for, with its lawful ground. */
function WhyWeUseIt() {
  return (
    <>
      <h2>3. Why we use it</h2>
      <ul>
        <li>
          To answer your enquiry and send it to the right dealership (to take steps you asked for before a contract).
        </li>
        <li>
          To sell, deliver, register, service and repair your vehicle, and handle warranty and recall work (performing
          our contract with you, and legal obligations).
        </li>
        <li>
          To submit your finance application to banks and finance houses and, with your consent, to obtain a credit
          bureau check.
        </li>
        <li>To keep the site secure and prevent fraud and abuse (our legitimate interest).</li>
        <li>
          To see how fast our pages are for real visitors and make the slow ones faster (our legitimate interest; no
          personal information).
        </li>
        <li>
          To know which of our advertising and which of our vehicles bring enquiries and sales, so that we spend on what
          helps buyers find us and price and present our stock better (our legitimate interest): the source of your
          visit with your enquiry, and the daily counts.
        </li>
        <li>To send you news and offers, only if you agreed to it; you can opt out at any time.</li>
      </ul>
    </>
  );
}

/** Section 5: each kind of personal record, why, who receives it and how long it is kept; then the counts and logs. */
function HowLongWeKeepIt({ kinds }: { kinds: readonly KindPolicy[] }) {
  return (
    <>
      <h2>5. How long we keep it, and who receives it</h2>
      <p>
        What you send us through this website, kind by kind: what it holds, why we keep it, who receives it besides the
        group&apos;s own staff, and how long we keep it. A record we must keep for the law or for our accounts (a
        finance deal, for example) is anonymised rather than deleted: nothing in it can tell anyone who you are.
      </p>
      <PersonalRecordsPolicy kinds={kinds} />
      <h3>Logs and counts</h3>
      <ul>
        <li>Server logs: 90 days.</li>
        <li>Daily page-speed counts: 90 days.</li>
        <li>
          The source of your visit: in your browser, 30 minutes after your last page and one day at most; with an
          enquiry or application, as long as it is kept.
        </li>
        <li>
          Daily counts of page views and taps per source of the visit: 25 months, so that a month can be compared with
          the same month a year before; then deleted.
        </li>
      </ul>
    </>
  );
}
