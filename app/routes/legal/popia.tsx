import { InformationOfficerContact, LegalPage, RegulatorContact } from "../../components/legal-page.tsx";
import type { Route } from "./+types/popia";
import { dealerFromMatches, pageMeta, pageTitle } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: pageTitle("PAIA manual", dealerFromMatches(args.matches)),
    description:
      "The Honda Dealer Group's manual under the Promotion of Access to Information Act (PAIA), and how we process personal information lawfully under POPIA.",
  });
}

/** product.md §2: the PAIA manual, with POPIA section 11 (consent, justification and objection). */
export default function Popia() {
  return (
    <LegalPage
      title="PAIA manual"
      intro="This manual is published under section 51 of the Promotion of Access to Information Act 2 of 2000 (PAIA). It tells you what records the Honda Dealer Group and its dealerships hold, how to ask for access to them, and how we process personal information under the Protection of Personal Information Act 4 of 2013 (POPIA)."
    >
      <h2>1. Who we are</h2>
      <p>
        The Honda Dealer Group is a group of private bodies that sell, finance, service and repair new and used Honda
        cars and Honda Wing motorcycles through dealerships across South Africa. Each dealership listed on our{" "}
        <a href="/dealer">dealers page</a> is covered by this manual.
      </p>

      <h2>2. Information Officer</h2>
      <p>Requests for access to records and questions about this manual go to:</p>
      <InformationOfficerContact />

      <h2>3. The Information Regulator's guide</h2>
      <p>
        The Information Regulator publishes a guide, in all official languages, on how to use PAIA and POPIA. You can
        get it from the Regulator's website or ask our Information Officer for a copy.
      </p>

      <RecordsWeHold />

      <HowToAskForAccess />

      <h2>6. How we process personal information (POPIA)</h2>
      <p>
        We process personal information of customers, website visitors, employees and suppliers to sell, finance,
        service and deliver vehicles, to answer enquiries, to meet legal obligations and, with your permission, to
        market to you. See our <a href="/policy">privacy policy</a> for the categories of information, the recipients
        (including the manufacturer, banks and finance houses, and credit bureaux when you apply for finance),
        cross-border transfers and the security measures we apply.
      </p>

      <PopiaSection11 />

      <h2>7. Your other rights</h2>
      <p>
        You may ask whether we hold personal information about you, ask for a copy of it, and ask us to correct or
        delete information that is inaccurate, irrelevant, excessive, out of date, incomplete, misleading or unlawfully
        obtained.
      </p>
      <RegulatorContact />

      <h2>8. Availability of this manual</h2>
      <p>
        This manual is available on this website and, free of charge, at the head office and at every dealership during
        business hours.
      </p>
    </LegalPage>
  );
}

/** Section 4: the kinds of records we hold. */
function RecordsWeHold() {
  return (
    <>
      <h2>4. Records we hold</h2>
      <ul>
        <li>Company records: incorporation documents, minutes, statutory registers and licences.</li>
        <li>Financial records: annual financial statements, tax records, banking and asset registers.</li>
        <li>Personnel records: employment contracts, payroll, leave, training and disciplinary records.</li>
        <li>
          Customer records: enquiries, quotations, sales agreements, vehicle registration and service history, finance
          applications we submit on your behalf.
        </li>
        <li>Supplier and manufacturer records: agreements, orders, warranty claims and correspondence.</li>
        <li>Vehicle records: stock, vehicle identification numbers, inspection reports and odometer readings.</li>
      </ul>
      <p>
        Records that are publicly available, such as the information on this website, can be read without a request.
        Records required by other laws (including the Companies Act, the Income Tax Act, the Basic Conditions of
        Employment Act and the National Credit Act) are kept as those laws require.
      </p>
    </>
  );
}

/** Section 5: the steps of a request for access to a record, under PAIA. */
function HowToAskForAccess() {
  return (
    <>
      <h2>5. How to ask for access</h2>
      <ol>
        <li>
          Complete Form 2 (request for access to a record) prescribed under PAIA and send it to the Information Officer
          by email or by hand.
        </li>
        <li>
          Describe the record and the form of access you want, and say which right you want to exercise or protect and
          why the record is needed.
        </li>
        <li>If you ask on behalf of someone else, include proof of your authority.</li>
        <li>
          We answer within 30 days. We may extend this once, by up to 30 days, if the request is for many records or
          needs a search of records kept elsewhere; we will tell you if we do.
        </li>
      </ol>
      <p>
        A request fee and an access fee, as prescribed in the PAIA regulations, may be payable; no request fee applies
        when you ask for your own personal information. We may refuse access only on the grounds set out in Chapter 4 of
        Part 3 of PAIA, for example to protect another person's privacy, commercial information of a third party, or
        privileged legal records. If we refuse, we give reasons.
      </p>
    </>
  );
}

/** Section 6: what section 11 of POPIA says, in our own words. */
function PopiaSection11() {
  return (
    <>
      <h3>POPIA section 11: consent, justification and objection</h3>
      <p>In our own words, section 11 of POPIA says the following.</p>
      <ol>
        <li>
          We may process your personal information only if at least one of these applies:
          <ul>
            <li>you (or a competent person, if you are a child) consent to it;</li>
            <li>
              it is necessary to conclude or perform a contract to which you are a party, such as a vehicle sale or a
              service booking;
            </li>
            <li>it complies with an obligation the law places on us;</li>
            <li>it protects a legitimate interest of yours;</li>
            <li>it is necessary for a public body to perform a public law duty; or</li>
            <li>
              it is necessary to pursue our legitimate interests, or those of a third party to whom the information is
              supplied.
            </li>
          </ul>
        </li>
        <li>We must be able to prove that you consented when we rely on your consent.</li>
        <li>
          You may withdraw your consent at any time. Withdrawing does not make unlawful what we did before, nor stop
          processing that rests on one of the other grounds above.
        </li>
        <li>
          You may object at any time, on reasonable grounds about your own situation, to processing that rests on
          protecting your legitimate interest, on a public law duty or on legitimate interests, unless a law provides
          for that processing. You may also object at any time to processing for direct marketing (other than by
          unsolicited electronic communications, which section 69 covers).
        </li>
        <li>Once you have objected, we may no longer process the information for that purpose.</li>
      </ol>
      <p>
        To withdraw consent or object, write to the Information Officer (form 1 under the POPIA regulations may be
        used). Marketing messages also carry a way to opt out.
      </p>
    </>
  );
}
