import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { data, Link, redirect } from "react-router";
import { updateRangeVariant } from "../../../../core/catalogue/range-parts-admin.server.ts";
import { listStaffRange, rangePermissions } from "../../../../core/catalogue/range-staff-read.server.ts";
import { formatRand } from "../../../../core/shared/format.ts";
import { BackToList } from "../../../components/staff/content-form.tsx";
import { EditableForm } from "../../../components/staff/range-parts.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { buttonClass, ErrorSummary, errorsByField, Notice } from "../../../components/staff/form.tsx";
import { RANGE_FIELD_LABELS, VariantFields } from "../../../components/staff/range-parts.tsx";
import { recordId } from "../../../lib/content-fields.ts";
import { field, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/variant";

/**
 * /staff/range/variants/{id}: a variant's name, gearbox, fuel, engine and outputs, and (group administrators)
 * its M&M code. Its price is shown here and changed on its price page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const id = recordId(params.id);
    const model = (await listStaffRange(context.get(appContext).db, actor)).find((m) =>
      m.variants.some((v) => v.id === id),
    );
    const variant = model?.variants.find((v) => v.id === id);
    if (!model || !variant) throw data("Not found", { status: 404 });
    const saved = pageUrlOf(request).searchParams.get("done") === "saved";
    return {
      csrfToken,
      model: { id: model.id, name: model.name },
      variant,
      permissions: rangePermissions(actor),
      saved,
    };
  } catch (error) {
    staffFailure(error);
  }
}

const FIELDS = ["name", "mmCode", "transmission", "transmissionType", "fuel", "engine", "powerKw", "torqueNm"];

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = Object.fromEntries(FIELDS.filter((name) => form.has(name)).map((name) => [name, field(form, name)]));
  try {
    const result = await updateRangeVariant(context.get(appContext).db, actor, recordId(params.id), values);
    if (!result.ok) return data({ values, errors: errorsByField(result.violations) }, { status: 422 });
    return redirect(`/staff/range/variants/${result.id}?done=saved`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? `${loaderData.model.name} ${loaderData.variant.name}` : "Variant"}${STAFF_TITLE_SUFFIX}` },
];

export default function StaffRangeVariant({ loaderData, actionData }: Route.ComponentProps) {
  const { model, variant, permissions, csrfToken, saved } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = {
    ...Object.fromEntries(Object.entries(variant).map(([key, value]) => [key, value === null ? "" : String(value)])),
    ...actionData?.values,
  };
  return (
    <>
      <BackToList to={`/staff/range/${model.id}`}>{model.name}</BackToList>
      <h1 className="mt-2 text-3xl font-bold">
        {model.name} {variant.name}
      </h1>
      <p className="mt-2">
        Price including VAT: <strong>{formatRand(variant.price)}</strong>.{" "}
        <Link to={`/staff/range/variants/${variant.id}/prices`} className="text-brand-red underline">
          Its price history and changes
        </Link>
      </p>
      {permissions.lineup ? null : <p className="mt-1">M&amp;M code: {variant.mmCode ?? "none"}.</p>}
      <div className="mt-4">
        <Notice>{saved ? "Changes saved. The public site shows them within a few seconds." : null}</Notice>
      </div>
      <EditableForm editable={permissions.content} multipart={false} className="mt-6 grid max-w-3xl gap-4">
        <CsrfField token={csrfToken} />
        <ErrorSummary form="variant" errors={errors} fieldLabels={RANGE_FIELD_LABELS} />
        <fieldset disabled={!permissions.content} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{permissions.content ? "Change the variant" : "The variant (read only)"}</legend>
          <VariantFields form="variant" values={values} errors={errors} mmCode={permissions.lineup} />
        </fieldset>
        {permissions.content ? (
          <div>
            <button type="submit" className={buttonClass}>
              Save the variant
            </button>
          </div>
        ) : null}
      </EditableForm>
    </>
  );
}
