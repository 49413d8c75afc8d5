import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { data, Form, Link, redirect } from "react-router";
import { updateRangeModel } from "../../../../core/catalogue/range-admin.server.ts";
import { MAX_BROCHURE_BYTES, MODEL_STATE_LABELS, SPECIFICATIONS } from "../../../../core/catalogue/range-fields.ts";
import {
  addRangePicture,
  createRangeVariant,
  removeRangePicture,
  saveRangeColour,
} from "../../../../core/catalogue/range-parts-admin.server.ts";
import {
  getStaffRangeModel,
  listStaffRange,
  rangePermissions,
  type StaffRangeModel,
} from "../../../../core/catalogue/range-staff-read.server.ts";
import type { WriteResult } from "../../../../core/staff/staff-write.server.ts";
import { formatRand } from "../../../../core/shared/format.ts";
import { Field } from "../../../components/field.tsx";
import { BackToList } from "../../../components/staff/content-form.tsx";
import { EditableForm } from "../../../components/staff/range-parts.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { Select } from "../../../components/staff/fields.tsx";
import {
  buttonClass,
  ErrorSummary,
  errorsByField,
  Notice,
  secondaryButtonClass,
  staffLook,
  TextField,
} from "../../../components/staff/form.tsx";
import {
  ColourFields,
  ModelLineupFields,
  ModelWordsFields,
  PictureInput,
  picturesSummary,
  RANGE_FIELD_LABELS,
  VariantFields,
} from "../../../components/staff/range-parts.tsx";
import { StaffTable, staffCellClass } from "../../../components/staff/scrollable-table.tsx";
import { recordId } from "../../../lib/content-fields.ts";
import { field, formFile, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/model";

const NOTICES: Record<string, string> = {
  created: "Model added as a draft. Add its variants and colours, then put it on sale.",
  saved: "Changes saved. The public site shows them within a few seconds.",
  "variant-added": "Variant added.",
  "colour-added": "Colour added.",
  "picture-added": "Picture added to the gallery.",
  "picture-removed": "Picture taken out of the gallery.",
};

/** /staff/range/{id}: one model, its variants, colours and gallery. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const model = await getStaffRangeModel(context.get(appContext).db, actor, recordId(params.id));
    if (!model) throw data("Not found", { status: 404 });
    const others = (await listStaffRange(context.get(appContext).db, actor)).filter(
      (other) => other.id !== model.id && (other.state === "on_sale" || other.state === "run_out"),
    );
    return {
      csrfToken,
      model,
      permissions: rangePermissions(actor),
      successors: others.map((other) => ({ value: other.id, label: other.name })),
      notice: NOTICES[pageUrlOf(request).searchParams.get("done") ?? ""] ?? null,
    };
  } catch (error) {
    staffFailure(error);
  }
}

const MODEL_FIELDS = [
  "name",
  "slug",
  "type",
  "bodyType",
  "headline",
  "description",
  "state",
  "successor",
  "sortOrder",
  ...SPECIFICATIONS.map(([key]) => `spec.${key}`),
];
const VARIANT_FIELDS = [
  "name",
  "mmCode",
  "transmission",
  "transmissionType",
  "fuel",
  "engine",
  "powerKw",
  "torqueNm",
  "price",
];

/** The fields a form sent (a field the form did not carry is left out: unchanged). */
function sentFields(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => form.has(name)).map((name) => [name, field(form, name)]));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const id = recordId(params.id);
  const intent = field(form, "intent");
  try {
    let result: WriteResult;
    let values: Record<string, string>;
    switch (intent) {
      case "model":
        values = sentFields(form, MODEL_FIELDS);
        result = await updateRangeModel(
          context.get(appContext).db,
          actor,
          id,
          values,
          await formFile(form, "brochure"),
        );
        break;
      case "add-variant":
        values = sentFields(form, VARIANT_FIELDS);
        result = await createRangeVariant(context.get(appContext).db, actor, id, values);
        break;
      case "add-colour":
        values = sentFields(form, ["name", "paintCode", "colorCode"]);
        result = await saveRangeColour(
          context.get(appContext).db,
          actor,
          { rangeModelId: id },
          values,
          await formFile(form, "picture"),
        );
        break;
      case "add-picture":
        values = sentFields(form, ["alt", "colour"]);
        result = await addRangePicture(context.get(appContext).db, actor, id, values, await formFile(form, "picture"));
        break;
      case "remove-picture":
        values = {};
        result = await removeRangePicture(context.get(appContext).db, actor, recordId(field(form, "picture")));
        break;
      default:
        throw data("Unknown action", { status: 400 });
    }
    if (!result.ok) return data({ intent, values, errors: errorsByField(result.violations) }, { status: 422 });
    const done = { model: "saved", "add-variant": "variant-added", "add-colour": "colour-added" }[intent as string];
    return redirect(
      `/staff/range/${id}?done=${done ?? (intent === "add-picture" ? "picture-added" : "picture-removed")}`,
    );
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.model.name ?? "Model"}${STAFF_TITLE_SUFFIX}` },
];

type Answer = { intent: string; values: Record<string, string>; errors: Record<string, string> } | undefined;

export default function StaffRangeModelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { model, permissions, notice } = loaderData;
  const answer = actionData as Answer;
  const publicPath = `${model.type === "car" ? "/new" : "/honda-wing"}/${model.makeSlug}/${model.slug}`;
  return (
    <>
      <BackToList to="/staff/range">New range</BackToList>
      <h1 className="mt-2 text-3xl font-bold">{model.name}</h1>
      <p className="mt-2">
        {MODEL_STATE_LABELS[model.state]}.{" "}
        <a href={publicPath} className="text-brand-red underline">
          {model.state === "draft" ? "Preview its page (staff only)" : "Its page on the site"}
        </a>
      </p>
      {model.colours.every((colour) => !colour.hasPicture) ? (
        <p className="mt-2 rounded border-2 border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900">
          No real pictures yet: drawings stand in for this model on the site until a picture is uploaded for its
          colours.
        </p>
      ) : null}
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <ModelSection {...loaderData} answer={answer?.intent === "model" ? answer : undefined} />
      <VariantsSection
        model={model}
        permissions={permissions}
        csrfToken={loaderData.csrfToken}
        answer={answer?.intent === "add-variant" ? answer : undefined}
      />
      <ColoursSection
        model={model}
        permissions={permissions}
        csrfToken={loaderData.csrfToken}
        answer={answer?.intent === "add-colour" ? answer : undefined}
      />
      <GallerySection
        model={model}
        permissions={permissions}
        csrfToken={loaderData.csrfToken}
        answer={answer?.intent === "add-picture" ? answer : undefined}
      />
    </>
  );
}

type SectionProps = {
  model: StaffRangeModel;
  permissions: { content: boolean; lineup: boolean };
  csrfToken: string;
  answer?: Answer;
};

function modelValues(model: StaffRangeModel): Record<string, string> {
  return {
    name: model.name,
    slug: model.slug,
    type: model.type,
    bodyType: model.bodyType,
    headline: model.headline,
    description: model.description,
    state: model.state,
    successor: model.successorId ? String(model.successorId) : "",
    sortOrder: String(model.sortOrder),
    ...Object.fromEntries(SPECIFICATIONS.map(([key]) => [`spec.${key}`, model.specifications[key] ?? ""])),
  };
}

function ModelSection({
  model,
  permissions,
  csrfToken,
  successors,
  answer,
}: SectionProps & { successors: { value: number; label: string }[] }) {
  const values = { ...modelValues(model), ...answer?.values };
  const errors = answer?.errors ?? {};
  return (
    <section aria-labelledby="model-details" className="mt-8 max-w-3xl">
      <h2 id="model-details" className="text-2xl font-bold">
        Model
      </h2>
      <EditableForm editable={permissions.content} multipart={true} className="mt-4 grid gap-4">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="model" />
        <ErrorSummary form="model" errors={errors} fieldLabels={RANGE_FIELD_LABELS} />
        <fieldset disabled={!permissions.content} className="grid gap-4">
          <legend className="sr-only">{permissions.content ? "Change the model" : "The model (read only)"}</legend>
          <ModelWordsFields values={values} errors={errors} />
          {permissions.lineup ? <ModelLineupFields values={values} errors={errors} successors={successors} /> : null}
          <BrochureField model={model} error={errors.brochure} />
        </fieldset>
        {permissions.content ? (
          <div>
            <button type="submit" className={buttonClass}>
              Save the model
            </button>
          </div>
        ) : null}
      </EditableForm>
    </section>
  );
}

function BrochureField({ model, error }: { model: StaffRangeModel; error?: string }) {
  return (
    <Field
      id="model-brochure"
      label="Brochure"
      hint={
        <>
          A PDF of at most {MAX_BROCHURE_BYTES / 1024 / 1024} MB.{" "}
          {model.brochure ? (
            <a href={model.brochure} className="text-brand-red underline">
              {model.brochureUploaded ? "The uploaded brochure" : "The generated brochure"}
            </a>
          ) : (
            "None yet."
          )}
        </>
      }
      error={error}
      look={staffLook}
    >
      {(control) => (
        <input {...control} name="brochure" type="file" accept="application/pdf" className="mt-1 block w-full" />
      )}
    </Field>
  );
}

function VariantsSection({ model, permissions, csrfToken, answer }: SectionProps) {
  return (
    <section aria-labelledby="variants" className="mt-10">
      <h2 id="variants" className="text-2xl font-bold">
        Variants
      </h2>
      <StaffTable
        label="Variants: the table"
        caption={`Variants of the ${model.name}`}
        columns={["Variant", "M&M code", "Price", "Gearbox and fuel", "Price changes"]}
        className="mt-3 w-full min-w-[40rem] border-collapse"
      >
        {model.variants.map((variant) => (
          <tr key={variant.id}>
            <th scope="row" className={staffCellClass}>
              <Link to={`/staff/range/variants/${variant.id}`} className="font-semibold text-brand-red underline">
                {variant.name}
              </Link>
            </th>
            <td className={staffCellClass}>{variant.mmCode ?? "None"}</td>
            <td className={staffCellClass}>{formatRand(variant.price)}</td>
            <td className={staffCellClass}>
              {variant.transmission}, {variant.fuel}
            </td>
            <td className={staffCellClass}>
              <Link to={`/staff/range/variants/${variant.id}/prices`} className="text-brand-red underline">
                Price history<span className="sr-only"> of the {variant.name}</span>
              </Link>
            </td>
          </tr>
        ))}
      </StaffTable>
      {permissions.lineup ? <AddVariant csrfToken={csrfToken} answer={answer} /> : null}
    </section>
  );
}

function AddVariant({ csrfToken, answer }: { csrfToken: string; answer?: Answer }) {
  const values = answer?.values ?? { transmissionType: "Automatic", fuel: "Petrol" };
  const errors = answer?.errors ?? {};
  return (
    <Form
      method="post"
      className="mt-6 grid max-w-3xl gap-4 rounded border border-gray-300 p-4 sm:grid-cols-2"
      noValidate
    >
      <h3 className="text-lg font-bold sm:col-span-2">Add a variant</h3>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="add-variant" />
      <div className="sm:col-span-2">
        <ErrorSummary form="variant" errors={errors} fieldLabels={RANGE_FIELD_LABELS} />
      </div>
      <VariantFields form="variant" values={values} errors={errors} mmCode />
      <TextField
        form="variant"
        name="price"
        label="Price including VAT"
        hint="Rand, e.g. 459900"
        inputMode="numeric"
        required
        defaultValue={values.price}
        error={errors.price}
      />
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass}>
          Add the variant
        </button>
      </div>
    </Form>
  );
}

function ColoursSection({ model, permissions, csrfToken, answer }: SectionProps) {
  const errors = answer?.errors ?? {};
  return (
    <section aria-labelledby="colours" className="mt-10">
      <h2 id="colours" className="text-2xl font-bold">
        Colours
      </h2>
      <p className="mt-1">{picturesSummary(model)}</p>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {model.colours.map((colour) => (
          <li key={colour.id} className="rounded border border-gray-300 p-3">
            <img src={colour.image} alt="" width={320} height={200} className="h-auto w-full rounded bg-gray-100" />
            <p className="mt-2 flex items-center gap-2 font-semibold">
              <span
                aria-hidden="true"
                className="inline-block h-4 w-4 rounded-full border border-gray-500"
                style={{ backgroundColor: colour.colorCode }}
              />
              <Link to={`/staff/range/colours/${colour.id}`} className="text-brand-red underline">
                {colour.name}
              </Link>
            </p>
            <p className="text-sm">
              {colour.paintCode ? `Paint code ${colour.paintCode}. ` : ""}
              {colour.hasPicture ? "Real picture." : "Drawing (no picture uploaded yet)."}
            </p>
          </li>
        ))}
      </ul>
      {permissions.content ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 grid max-w-3xl gap-4 rounded border border-gray-300 p-4"
          noValidate
        >
          <h3 className="text-lg font-bold">Add a colour</h3>
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="add-colour" />
          <ErrorSummary form="colour" errors={errors} fieldLabels={RANGE_FIELD_LABELS} />
          <ColourFields form="colour" values={answer?.values ?? {}} errors={errors} />
          <div>
            <button type="submit" className={buttonClass}>
              Add the colour
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function GallerySection({ model, permissions, csrfToken, answer }: SectionProps) {
  const errors = answer?.errors ?? {};
  const colourName = (id: number | null) => model.colours.find((colour) => colour.id === id)?.name;
  return (
    <section aria-labelledby="gallery" className="mt-10">
      <h2 id="gallery" className="text-2xl font-bold">
        Gallery
      </h2>
      {model.gallery.length === 0 ? <p className="mt-1">No gallery pictures.</p> : null}
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {model.gallery.map((picture) => (
          <li key={picture.id} className="rounded border border-gray-300 p-3">
            <img
              src={picture.image}
              alt={picture.alt}
              width={320}
              height={200}
              className="h-auto w-full rounded bg-gray-100"
            />
            <p className="mt-2 text-sm">
              {picture.alt}
              {picture.colourId ? ` (${colourName(picture.colourId)})` : ""}
              {picture.hasPicture ? "" : " (drawing)"}
            </p>
            {permissions.content ? (
              <Form method="post" className="mt-2">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="intent" value="remove-picture" />
                <input type="hidden" name="picture" value={picture.id} />
                <button type="submit" className={secondaryButtonClass}>
                  Remove<span className="sr-only"> the picture “{picture.alt}”</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {permissions.content ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 grid max-w-3xl gap-4 rounded border border-gray-300 p-4"
          noValidate
        >
          <h3 className="text-lg font-bold">Add a gallery picture</h3>
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="add-picture" />
          <ErrorSummary form="picture" errors={errors} fieldLabels={RANGE_FIELD_LABELS} />
          <PictureInput form="picture" error={errors.picture} hint="A JPEG, PNG or WebP photo." />
          <TextField
            form="picture"
            name="alt"
            label="Description of the picture"
            hint="What the picture shows, for those who cannot see it."
            required
            defaultValue={answer?.values.alt}
            error={errors.alt}
          />
          <Select
            form="picture"
            name="colour"
            label="Colour"
            placeholder="The model (any colour)"
            options={model.colours.map((colour) => ({ value: colour.id, label: colour.name }))}
            defaultValue={answer?.values.colour ?? ""}
            error={errors.colour}
          />
          <div>
            <button type="submit" className={buttonClass}>
              Add the picture
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
