import { redirect } from "react-router";
import { areaDealers } from "../../../../core/content/content-admin.server.ts";
import { createDeal } from "../../../../core/content/deals-admin.server.ts";
import { dealerScope } from "../../../../core/staff/roles.ts";
import { BackToList, DealForm } from "../../../components/staff/content-form.tsx";
import { DEAL_FORM_FIELDS } from "../../../lib/content-fields.ts";
import { contentFormValues, refusedContentForm } from "../../../lib/content-form.server.ts";
import { formFile, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/new";

/** /staff/specials/new: add a special or service deal (as a draft), with its banner image. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const dealers = await areaDealers(context.db, actor, "deals");
    return {
      csrfToken,
      dealers: dealers.map(({ slug, name }) => ({ slug, name })),
      groupWide: dealerScope(actor, "deals").kind === "all",
    };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = contentFormValues(form, DEAL_FORM_FIELDS);
  try {
    const result = await createDeal(context.db, actor, values, await formFile(form, "image"));
    if (!result.ok) return refusedContentForm(values, result);
    return redirect(`/staff/specials/${result.id}?done=created`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Add a special or deal${STAFF_TITLE_SUFFIX}` }];

export default function NewSpecial({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, dealers, groupWide } = loaderData;
  const defaults = { kind: "special", dealer: groupWide ? "" : (dealers[0]?.slug ?? ""), sortOrder: "0" };
  return (
    <>
      <BackToList to="/staff/specials">Specials and deals</BackToList>
      <h1 className="mt-2 text-3xl font-bold">Add a special or deal</h1>
      <p className="mt-2">It is saved as a draft: preview it, then publish it.</p>
      <DealForm
        adding
        csrfToken={csrfToken}
        dealers={dealers}
        groupWide={groupWide}
        values={actionData?.values ?? defaults}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
