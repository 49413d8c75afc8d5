import { appContext } from "../../../load-context.ts";
import { data, Form, Link, redirect } from "react-router";
import { createRangeModel } from "../../../../core/catalogue/range-admin.server.ts";
import { MODEL_STATE_LABELS } from "../../../../core/catalogue/range-fields.ts";
import {
  listStaffRange,
  rangePermissions,
  type StaffRangeModel,
} from "../../../../core/catalogue/range-staff-read.server.ts";
import { formatRand } from "../../../../core/shared/format.ts";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { Select, TextArea } from "../../../components/staff/fields.tsx";
import { buttonClass, ErrorSummary, errorsByField, TextField } from "../../../components/staff/form.tsx";
import { bodyTypeOptions, KIND_OPTIONS, picturesSummary } from "../../../components/staff/range-parts.tsx";
import { StaffTable, staffCellClass } from "../../../components/staff/scrollable-table.tsx";
import { contentFormValues } from "../../../lib/content-form.server.ts";
import { staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/list";

/**
 * /staff/range: every model of the car range and of the Honda Wing range, in every state, with its variants
 * and colours; group administrators add a model here (a draft until it has a variant and is put on sale).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    return {
      csrfToken,
      range: await listStaffRange(context.get(appContext).db, actor),
      permissions: rangePermissions(actor),
    };
  } catch (error) {
    staffFailure(error);
  }
}

const NEW_MODEL_FIELDS = ["name", "type", "bodyType", "description"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = contentFormValues(form, NEW_MODEL_FIELDS);
  try {
    const result = await createRangeModel(context.get(appContext).db, actor, values);
    if (!result.ok) return data({ values, errors: errorsByField(result.violations) }, { status: 422 });
    return redirect(`/staff/range/${result.id}?done=created`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `New range${STAFF_TITLE_SUFFIX}` }];

export default function StaffRangeList({ loaderData, actionData }: Route.ComponentProps) {
  const { range, permissions, csrfToken } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">New range</h1>
      <p className="mt-2 max-w-3xl">
        The models of the new car and Honda Wing ranges, their variants and colours.{" "}
        {permissions.lineup
          ? "You may change everything."
          : permissions.content
            ? "You may change their words, specifications and pictures; prices and states are the group administrators'."
            : "You may read them; group administrators and content editors change them."}
      </p>
      {permissions.lineup ? (
        <p className="mt-2 max-w-3xl">
          When the maker sends new prices, upload its list on the{" "}
          <Link to="/staff/range/prices" className="font-semibold text-brand-red underline">
            new-vehicle price list
          </Link>{" "}
          page: it shows every change before anything is applied.
        </p>
      ) : null}
      <RangeTable title="Cars" models={range.filter((model) => model.type === "car")} />
      <RangeTable title="Honda Wing motorcycles" models={range.filter((model) => model.type === "motorcycle")} />
      {permissions.lineup ? (
        <AddModel csrfToken={csrfToken} values={actionData?.values} errors={actionData?.errors} />
      ) : null}
    </>
  );
}

function RangeTable({ title, models }: { title: string; models: StaffRangeModel[] }) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <StaffTable
        label={`${title}: the table`}
        caption={title}
        columns={["Model", "State", "Variants", "From", "Colours and pictures"]}
        className="mt-3 w-full min-w-[40rem] border-collapse"
      >
        {models.map((model) => (
          <tr key={model.id}>
            <th scope="row" className={staffCellClass}>
              <Link to={`/staff/range/${model.id}`} className="font-semibold text-brand-red underline">
                {model.name}
              </Link>
            </th>
            <td className={staffCellClass}>{MODEL_STATE_LABELS[model.state]}</td>
            <td className={staffCellClass}>
              {model.variants.length === 0 ? "None yet" : model.variants.map((v) => v.name).join(", ")}
            </td>
            <td className={staffCellClass}>
              {model.variants.length === 0 ? "–" : formatRand(Math.min(...model.variants.map((v) => v.price)))}
            </td>
            <td className={staffCellClass}>{picturesSummary(model)}</td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}

function AddModel({
  csrfToken,
  values = {},
  errors,
}: {
  csrfToken: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  return (
    <section aria-labelledby="add-model" className="mt-10 max-w-2xl">
      <h2 id="add-model" className="text-2xl font-bold">
        Add a model
      </h2>
      <p className="mt-1">It starts as a draft, shown only to staff, with a drawing until pictures are uploaded.</p>
      <Form method="post" className="mt-4 grid gap-4" noValidate>
        <CsrfField token={csrfToken} />
        <ErrorSummary
          form="new-model"
          errors={errors}
          fieldLabels={{ name: "Name", type: "Kind", bodyType: "Body type", description: "Description" }}
        />
        <TextField form="new-model" name="name" label="Name" required defaultValue={values.name} error={errors?.name} />
        <Select
          form="new-model"
          name="type"
          label="Kind"
          required
          options={KIND_OPTIONS}
          defaultValue={values.type ?? "car"}
          error={errors?.type}
        />
        <Select
          form="new-model"
          name="bodyType"
          label="Body type"
          required
          placeholder="Choose…"
          options={bodyTypeOptions()}
          defaultValue={values.bodyType ?? ""}
          error={errors?.bodyType}
        />
        <TextArea
          form="new-model"
          name="description"
          label="Description"
          defaultValue={values.description}
          error={errors?.description}
          rows={3}
        />
        <div>
          <button type="submit" className={buttonClass}>
            Add the model
          </button>
        </div>
      </Form>
    </section>
  );
}
