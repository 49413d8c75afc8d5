import { InformationOfficerContact, LegalPage } from "../../components/legal-page.tsx";
import type { Route } from "./+types/terms";
import { dealerFromMatches, pageMeta, pageTitle } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: pageTitle("Terms and Conditions", dealerFromMatches(args.matches)),
    description:
      "The terms on which the Honda Dealer Group offers this website: prices, specials, finance estimates, enquiries and your rights under the Consumer Protection Act.",
  });
}

export default function Terms() {
  return (
    <LegalPage
      title="Terms and Conditions"
      intro="These terms apply to your use of this website, operated by the Honda Dealer Group and its dealerships. By using the site you accept them. Nothing in these terms limits your rights under the Consumer Protection Act 68 of 2008 or the Electronic Communications and Transactions Act 25 of 2002."
    >
      <h2>1. Information on this site</h2>
      <p>
        We take care that vehicle descriptions, specifications, colours, images and prices are accurate, but errors can
        happen and specifications change. Images may show optional extras. Please confirm the details of a vehicle with
        the dealer before you buy; the signed offer to purchase is what binds you and us.
      </p>

      <h2>2. Prices and specials</h2>
      <ul>
        <li>Prices are in South African rand and include VAT unless stated otherwise.</li>
        <li>
          Prices exclude on-the-road costs (licence, registration, number plates and delivery) unless stated otherwise.
        </li>
        <li>
          Specials are valid while stock lasts, for the period shown, and may be limited to the dealership that
          advertises them.
        </li>
        <li>
          A used or demo vehicle may be sold before the listing is removed; the dealer will tell you as soon as
          possible.
        </li>
      </ul>

      <h2>3. Finance estimates</h2>
      <p>
        Monthly instalments shown on this site are estimates to help you plan. They assume the deposit, balloon payment,
        term and interest rate stated next to them and exclude on-the-road costs, service and maintenance plans,
        delivery, insurance, bank initiation fees, accessories and value-added products. They are not a quotation or an
        offer of credit. Credit is granted by registered credit providers under the National Credit Act 34 of 2005,
        subject to their assessment of your affordability.
      </p>

      <h2>4. Enquiries and applications</h2>
      <p>
        When you send an enquiry, book a service or test drive, or apply for finance, the information you give must be
        true and your own (or given with the permission of the person it belongs to). We pass it to the dealership you
        chose, or the nearest suitable one, which will contact you. Sending an enquiry does not reserve a vehicle or a
        booking until the dealer confirms it. How we use your information is set out in our{" "}
        <a href="/policy">privacy policy</a>.
      </p>

      <h2>5. Cooling-off and returns</h2>
      <p>
        Where you buy as a result of direct marketing, you may cancel within five business days as the Consumer
        Protection Act allows. Your rights to return defective goods and the implied warranty of quality under that Act
        apply to vehicles sold by our dealerships.
      </p>

      <h2>6. Use of the site</h2>
      <p>
        You may use this site for your own, lawful, non-commercial purposes. Do not copy its content for commercial use,
        interfere with its operation, send automated requests in bulk, or try to gain access to parts of it not meant
        for the public. Honda names and logos are trade marks of Honda Motor Co., Ltd., used under licence.
      </p>

      <h2>7. Links to other sites</h2>
      <p>
        Links to other websites (maps, social media, the manufacturer) are for convenience. We are not responsible for
        their content or privacy practices.
      </p>

      <h2>8. Liability</h2>
      <p>
        To the extent the law allows, we are not liable for loss caused by relying on information on this site without
        confirming it with a dealer, or by the site being unavailable. This does not exclude liability for gross
        negligence or where the Consumer Protection Act does not allow it.
      </p>

      <h2>9. Governing law and changes</h2>
      <p>
        These terms are governed by the law of the Republic of South Africa. We may update them; the version on this
        page, with its date, is the one that applies. Questions about these terms may be sent to:
      </p>
      <InformationOfficerContact />
    </LegalPage>
  );
}
