import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { retentionPolicy } from "../../../../core/privacy/privacy.server.ts";
import { assertMayUse } from "../../../../core/staff/roles.ts";
import { INFORMATION_OFFICER } from "../../../components/legal-page.tsx";
import { PersonalRecordsPolicy } from "../../../components/personal-records-policy.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/register";

/**
 * The record of processing operations (POPIA section 17, with PAIA section 51): who is responsible, which personal
 * records the site keeps, why, who receives them and for how long, from the retention settings the daily job reads.
 * For those who handle privacy requests (group administrators, dealer managers).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    assertMayUse(actor, "privacy");
  } catch (error) {
    staffFailure(error);
  }
  return { kinds: retentionPolicy(context.get(appContext).privacy.retention) };
}

export const meta = () => [{ title: `Processing register${STAFF_TITLE_SUFFIX}` }];

export default function ProcessingRegister({ loaderData }: Route.ComponentProps) {
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">Processing register</h1>
      <p className="mt-2">
        The record of the processing operations of the website and back office (POPIA section 17). It is drawn from the
        settings the daily retention job works with, so it always says how long each kind of record is really kept. The
        public <a href="/policy">privacy policy</a> says the same to buyers.{" "}
        <Link to="/staff/privacy" className="font-semibold text-brand-red underline">
          Privacy requests
        </Link>
      </p>

      <h2 className="mt-8 text-2xl font-bold">Responsible party</h2>
      <p className="mt-2 wrap-anywhere">
        The Honda Dealer Group and each of its dealerships, for the records of its own customers. Information Officer:{" "}
        {INFORMATION_OFFICER.name}, {INFORMATION_OFFICER.address}, {INFORMATION_OFFICER.email},{" "}
        {INFORMATION_OFFICER.phone}.
      </p>

      <h2 className="mt-8 text-2xl font-bold">Data subjects</h2>
      <p className="mt-2">
        Buyers and prospective buyers who send an enquiry, book a test drive or service, offer their car, apply for
        finance or save a search on the website; the group&apos;s staff (their back-office accounts and the audit log).
      </p>

      <h2 className="mt-8 text-2xl font-bold">Personal records, their purpose, recipients and retention</h2>
      <div className="mt-2 space-y-6 [&_dd]:mb-2 [&_dd]:break-words">
        <PersonalRecordsPolicy kinds={loaderData.kinds} headingClassName="mt-4 text-xl font-bold" />
      </div>

      <h2 className="mt-8 text-2xl font-bold">Transfers outside South Africa</h2>
      <p className="mt-2">
        None by the website itself. A service provider that hosts the group&apos;s systems outside South Africa does so
        under a written agreement giving protection at least equal to POPIA&apos;s (section 72).
      </p>

      <h2 className="mt-8 text-2xl font-bold">Security measures</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Encrypted connections; finance applications encrypted at rest and found by a keyed hash of the ID number,
          never by the number itself.
        </li>
        <li>
          The back office by role: a dealer manager sees their own dealers&apos; records only; every change, search,
          hand-over and erasure is in the audit log, without the values erased.
        </li>
        <li>Records past their retention period deleted or anonymised every day, with their files and copies.</li>
      </ul>
    </article>
  );
}
