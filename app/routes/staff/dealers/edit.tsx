import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { Link, redirect } from "react-router";
import { getStaffDealer, updateDealer } from "../../../../core/dealers/dealer-admin.server.ts";
import { DealerForm } from "../../../components/staff/dealer-form.tsx";
import { Notice } from "../../../components/staff/form.tsx";
import { dealerFormValues, refusedDealerForm } from "../../../lib/dealer-form.server.ts";
import { staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/edit";

const NOTICES: Record<string, string> = {
  created: "Dealer added.",
  saved: "Changes saved. The public site shows them within a few seconds.",
};

/** /staff/dealers/{slug}: a dealer's details and hours; another dealer (for a dealer manager) is 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const dealer = await getStaffDealer(context.get(appContext).db, actor, params.slug);
    return { csrfToken, dealer, notice: NOTICES[pageUrlOf(request).searchParams.get("done") ?? ""] ?? null };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = dealerFormValues(form);
  try {
    const result = await updateDealer(context.get(appContext).db, actor, params.slug, values);
    if (!result.ok) return refusedDealerForm(values, result.violations);
    return redirect(`/staff/dealers/${result.slug}?done=saved`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.dealer.dealerName ?? "Dealer"}${STAFF_TITLE_SUFFIX}` },
];

export default function EditDealer({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, dealer, notice } = loaderData;
  return (
    <>
      <p>
        <Link to="/staff/dealers" className="text-brand-red underline">
          Dealers
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{dealer.dealerName}</h1>
      <p className="mt-2">
        <a href={`/dealer/${dealer.slug}`} className="text-brand-red underline">
          See its page on the public site
        </a>
      </p>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <DealerForm
        key={`${dealer.slug}:${JSON.stringify(dealer.values)}`}
        csrfToken={csrfToken}
        values={actionData?.values ?? dealer.values}
        errors={actionData?.errors ?? {}}
        mayEditAll={dealer.mayEditAll}
        hasWebhookSecret={dealer.hasWebhookSecret}
        submitLabel="Save changes"
      />
    </>
  );
}
