import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { data, redirect } from "react-router";
import { saveRangeColour } from "../../../../core/catalogue/range-parts-admin.server.ts";
import { listStaffRange, rangePermissions } from "../../../../core/catalogue/range-staff-read.server.ts";
import { BackToList } from "../../../components/staff/content-form.tsx";
import { EditableForm } from "../../../components/staff/range-parts.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { buttonClass, ErrorSummary, errorsByField, Notice } from "../../../components/staff/form.tsx";
import { ColourFields, RANGE_FIELD_LABELS } from "../../../components/staff/range-parts.tsx";
import { recordId } from "../../../lib/content-fields.ts";
import { field, formFile, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/colour";

/** /staff/range/colours/{id}: a colour's name, paint code, swatch and picture (through the one image pipeline). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const id = recordId(params.id);
    const model = (await listStaffRange(context.get(appContext).db, actor)).find((m) =>
      m.colours.some((c) => c.id === id),
    );
    const colour = model?.colours.find((c) => c.id === id);
    if (!model || !colour) throw data("Not found", { status: 404 });
    const saved = pageUrlOf(request).searchParams.get("done") === "saved";
    return {
      csrfToken,
      model: { id: model.id, name: model.name },
      colour,
      permissions: rangePermissions(actor),
      saved,
    };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = {
    name: field(form, "name"),
    paintCode: field(form, "paintCode"),
    colorCode: field(form, "colorCode"),
  };
  try {
    const picture = await formFile(form, "picture");
    const result = await saveRangeColour(
      context.get(appContext).db,
      actor,
      { colourId: recordId(params.id) },
      values,
      picture,
    );
    if (!result.ok) return data({ values, errors: errorsByField(result.violations) }, { status: 422 });
    return redirect(`/staff/range/colours/${result.id}?done=saved`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? `${loaderData.model.name} in ${loaderData.colour.name}` : "Colour"}${STAFF_TITLE_SUFFIX}` },
];

export default function StaffRangeColour({ loaderData, actionData }: Route.ComponentProps) {
  const { model, colour, permissions, csrfToken, saved } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = { name: colour.name, paintCode: colour.paintCode, colorCode: colour.colorCode, ...actionData?.values };
  return (
    <>
      <BackToList to={`/staff/range/${model.id}`}>{model.name}</BackToList>
      <h1 className="mt-2 text-3xl font-bold">
        {model.name} in {colour.name}
      </h1>
      <div className="mt-4">
        <Notice>{saved ? "Changes saved. The public site shows them within a few seconds." : null}</Notice>
      </div>
      <figure className="mt-4 max-w-md">
        <img
          src={colour.image}
          alt={`The ${model.name} in ${colour.name}`}
          width={480}
          height={300}
          className="h-auto w-full rounded bg-gray-100"
        />
        <figcaption className="mt-1 text-sm">
          {colour.hasPicture
            ? "The picture the site shows."
            : "A drawing stands in: no picture has been uploaded for this colour yet."}
        </figcaption>
      </figure>
      <EditableForm editable={permissions.content} multipart={true} className="mt-6 grid max-w-3xl gap-4">
        <CsrfField token={csrfToken} />
        <ErrorSummary form="colour" errors={errors} fieldLabels={RANGE_FIELD_LABELS} />
        <fieldset disabled={!permissions.content} className="grid gap-4">
          <legend className="sr-only">{permissions.content ? "Change the colour" : "The colour (read only)"}</legend>
          <ColourFields form="colour" values={values} errors={errors} />
        </fieldset>
        {permissions.content ? (
          <div>
            <button type="submit" className={buttonClass}>
              Save the colour
            </button>
          </div>
        ) : null}
      </EditableForm>
    </>
  );
}
