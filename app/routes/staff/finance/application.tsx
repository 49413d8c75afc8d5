import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { openFinanceApplication } from "../../../../core/finance/applications.server.ts";
import { VisitSource } from "../../../components/staff/visit-source.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/application";

/**
 * One finance application, decrypted on the server for this request only (POPIA): opening it writes the
 * audit entry first (core/finance/applications.server.ts), and the page is never stored by a browser or proxy.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return {
      application: await openFinanceApplication(
        context.get(appContext).db,
        context.get(appContext).financeCipher,
        actor,
        params.applicationId,
      ),
    };
  } catch (error) {
    staffFailure(error);
  }
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export const meta = () => [{ title: `Finance application${STAFF_TITLE_SUFFIX}` }];

/** The payload's fields in the order of the form, with the labels people know them by; others follow as named. */
const LABELS: Record<string, string> = {
  firstName: "First name",
  surname: "Surname",
  idNumber: "ID number",
  phone: "Cell phone",
  workTel: "Work phone",
  homeTel: "Home phone",
  email: "E-mail",
  postalStreet: "Street",
  postalSuburb: "Suburb",
  postalCode: "Postal code",
  code: "Area code",
  period: "Years at address",
  maritalStatus: "Marital status",
  dateOfMarriage: "Date of marriage",
  typeOfMarriage: "Type of marriage",
  nextOfKinFullName: "Next of kin",
  nextOfKinPhone: "Next of kin's phone",
  relationship: "Relationship",
  employmentOccupation: "Occupation",
  employmentCompany: "Employer",
  employmentYearsWorked: "Years employed",
  employmentTel: "Employer's phone",
  basicMonthly: "Basic monthly salary",
  carAllowance: "Car allowance",
  totalSalary: "Total salary",
  monthlyCommission: "Monthly commission",
  nettTakeHomePay: "Nett take-home pay",
  otherSalary: "Other income",
  otherSalarySources: "Other income sources",
  totalMonthlyHousehold: "Total monthly household income",
  bankName: "Bank",
  bankAccountHolderName: "Account holder",
};

function label(key: string): string {
  return LABELS[key] ?? key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());
}

function display(value: unknown): string {
  if (value === null || value === undefined || value === "") return "Not given";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export default function FinanceApplicationPage({ loaderData }: Route.ComponentProps) {
  const { application } = loaderData;
  return (
    <>
      <p>
        <Link to={`/staff/leads/${application.id}`} className="font-semibold text-brand-red underline">
          Back to the lead
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Finance application {application.reference}</h1>
      <p className="mt-1">
        For {application.dealer.name}, received {formatDateTime(application.createdAt)}; {application.vehicle.variant}{" "}
        {application.vehicle.make ?? ""} {application.vehicle.model ?? ""}
      </p>
      <p className="mt-4 max-w-prose rounded border-2 border-brand-grey p-3">
        Personal information protected by POPIA. Your opening of this application has been recorded. Do not copy,
        forward or print it except to process this application.
      </p>
      <dl className="mt-6 grid grid-cols-1 gap-x-4 gap-y-1 wrap-anywhere sm:grid-cols-[auto_1fr]">
        {Object.entries(application.application).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-semibold">{label(key)}</dt>
            <dd className="mb-2 sm:mb-0">{display(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 max-w-prose">
        <VisitSource attribution={application.attribution} />
      </div>
    </>
  );
}
