import { appContext } from "../../../load-context.ts";
import { Link, redirect } from "react-router";
import { createDealer } from "../../../../core/dealers/dealer-admin.server.ts";
import { HOURS_DAYS, weekFromLines } from "../../../../core/dealers/business-hours.ts";
import { mayUse, StaffAccessDenied } from "../../../../core/staff/roles.ts";
import { DealerForm } from "../../../components/staff/dealer-form.tsx";
import { dealerFormValues, refusedDealerForm } from "../../../lib/dealer-form.server.ts";
import { GROUP_OPENING_HOURS } from "../../../lib/hours.ts";
import { staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/new";

/** /staff/dealers/new: a group administrator adds a dealer (the group's standard hours to start from). */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  if (!mayUse(actor, "dealers")) staffFailure(new StaffAccessDenied("forbidden", "dealers"));
  const week = weekFromLines(GROUP_OPENING_HOURS);
  const hours = Object.fromEntries(
    HOURS_DAYS.flatMap((day) => [
      [`opens_${day}`, week[day]?.opens ?? ""],
      [`closes_${day}`, week[day]?.closes ?? ""],
    ]),
  );
  return { csrfToken, values: hours };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = dealerFormValues(form);
  try {
    const result = await createDealer(context.get(appContext).db, actor, values);
    if (!result.ok) return refusedDealerForm(values, result.violations);
    return redirect(`/staff/dealers/${result.slug}?done=created`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Add a dealer${STAFF_TITLE_SUFFIX}` }];

export default function NewDealer({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/staff/dealers" className="text-brand-red underline">
          Dealers
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Add a dealer</h1>
      <DealerForm
        csrfToken={loaderData.csrfToken}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        mayEditAll
        hasWebhookSecret={false}
        submitLabel="Add the dealer"
      />
    </>
  );
}
