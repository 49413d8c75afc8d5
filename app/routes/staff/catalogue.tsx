import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { data, Form } from "react-router";
import {
  listCatalogue,
  mergeMakes,
  mergeModels,
  renameMake,
  renameModel,
  type CatalogueResult,
} from "../../../core/catalogue/catalogue-admin.server.ts";
import { mayUse, StaffAccessDenied } from "../../../core/staff/roles.ts";
import { Field } from "../../components/field.tsx";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import { Select as StaffSelect } from "../../components/staff/fields.tsx";
import { buttonClass, ErrorSummary, inputClass, Notice, staffLook } from "../../components/staff/form.tsx";
import { StaffTable, staffCellClass } from "../../components/staff/scrollable-table.tsx";
import { readFormBody } from "../../lib/form-body.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/catalogue";

/**
 * /staff/catalogue: group administrators rename and merge the used-vehicle catalogue's makes and, under
 * ?make={slug}, that make's models. A merge moves every vehicle; the old name stays an alias and
 * the old listing address redirects. Plain forms: they work without JavaScript.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  if (!mayUse(actor, "catalogue")) staffFailure(new StaffAccessDenied("forbidden", "catalogue"));
  const catalogue = await listCatalogue(context.get(appContext).db, actor);
  const chosen = pageUrlOf(request).searchParams.get("make");
  const make = catalogue.find((m) => m.slug === chosen) ?? null;
  return {
    csrfToken,
    makes: catalogue.map(({ id, name, slug, vehicles, models }) => ({
      id,
      name,
      slug,
      vehicles,
      models: models.length,
    })),
    make,
  };
}

export const meta = () => [{ title: `Makes and models${STAFF_TITLE_SUFFIX}` }];

type ActionResult =
  | { form: string; errors: Record<string, string>; done?: undefined }
  | { done: string; form?: undefined; errors?: undefined };

const LABELS: Record<string, string> = { make: "Make", model: "Model", name: "New name", into: "Merge into" };

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  const form = body.form;
  const id = (name: string) => {
    const value = Number(form.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const intent = String(form.get("intent") ?? "");
  const subject = id(intent.endsWith("model") ? "model" : "make");
  if (subject === null)
    return data<ActionResult>(
      { form: intent, errors: { [intent.endsWith("model") ? "model" : "make"]: "Choose one from the list" } },
      { status: 422 },
    );
  try {
    let result: CatalogueResult;
    switch (intent) {
      case "rename-make":
        result = await renameMake(context.get(appContext).db, actor, subject, form.get("name"));
        break;
      case "rename-model":
        result = await renameModel(context.get(appContext).db, actor, subject, form.get("name"));
        break;
      case "merge-make":
      case "merge-model": {
        const into = id("into");
        if (into === null)
          return data<ActionResult>({ form: intent, errors: { into: "Choose what to merge into" } }, { status: 422 });
        result = await (intent === "merge-make" ? mergeMakes : mergeModels)(
          context.get(appContext).db,
          actor,
          subject,
          into,
        );
        break;
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
    if (!result.ok)
      return data<ActionResult>(
        { form: intent, errors: Object.fromEntries(result.violations.map((v) => [v.propertyPath, v.message])) },
        { status: 422 },
      );
    const done = intent.startsWith("rename")
      ? "Renamed. The old name still finds it in feeds, and its old listing address redirects."
      : "Merged: every vehicle moved, and the old listing address redirects.";
    return { done } satisfies ActionResult;
  } catch (error) {
    return staffFailure(error);
  }
}

type Option = { id: number; name: string };

function Select({
  form,
  name,
  label,
  options,
  error,
}: {
  form: string;
  name: string;
  label: string;
  options: Option[];
  error?: string;
}) {
  const choices = options.map((option) => ({ value: option.id, label: option.name }));
  return (
    <StaffSelect
      form={form}
      name={name}
      label={label}
      required
      defaultValue=""
      placeholder="Choose…"
      options={choices}
      error={error}
    />
  );
}

function RenameAndMerge({
  kind,
  options,
  csrfToken,
  result,
}: {
  kind: "make" | "model";
  options: Option[];
  csrfToken: string;
  result?: ActionResult;
}) {
  const rename = `rename-${kind}`;
  const merge = `merge-${kind}`;
  const errorsOf = (form: string) => (result?.form === form ? result.errors : undefined);
  const renameErrors = errorsOf(rename);
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <Form method="post" className="grid gap-4 rounded border border-gray-300 p-4">
        <h2 className="text-lg font-bold">Rename a {kind}</h2>
        <ErrorSummary form={rename} errors={renameErrors} fieldLabels={LABELS} />
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value={rename} />
        <Select
          form={rename}
          name={kind}
          label={kind === "make" ? "Make" : "Model"}
          options={options}
          error={renameErrors?.[kind]}
        />
        <Field id={`${rename}-name`} label="New name" error={renameErrors?.name} look={staffLook}>
          {(control) => <input {...control} name="name" required className={inputClass} />}
        </Field>
        <div>
          <button type="submit" className={buttonClass}>
            Rename
          </button>
        </div>
      </Form>
      <Form method="post" className="grid gap-4 rounded border border-gray-300 p-4">
        <h2 className="text-lg font-bold">Merge a {kind} into another</h2>
        <ErrorSummary form={merge} errors={errorsOf(merge)} fieldLabels={LABELS} />
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value={merge} />
        <Select
          form={merge}
          name={kind}
          label={kind === "make" ? "Make to merge away" : "Model to merge away"}
          options={options}
          error={errorsOf(merge)?.[kind]}
        />
        <Select form={merge} name="into" label="Merge into" options={options} error={errorsOf(merge)?.into} />
        <div>
          <button type="submit" className={buttonClass}>
            Merge
          </button>
        </div>
      </Form>
    </div>
  );
}

export default function Catalogue({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const { make } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">{make ? `${make.name} models` : "Makes and models"}</h1>
      <p className="mt-3 max-w-prose">
        The used-vehicle catalogue is open: staff and feeds add a make or model the first time they list one. Tidy it
        here. Renaming keeps the old name as an alias for feeds; merging moves every vehicle to the other{" "}
        {make ? "model" : "make"}, and old listing addresses redirect.
        {make ? null : " New-car ranges keep their names."}
      </p>
      <div className="mt-4">
        <Notice>{result?.done}</Notice>
      </div>
      {make ? (
        <>
          <p className="mt-3">
            <a href="/staff/catalogue" className="underline">
              All makes
            </a>
          </p>
          <RenameAndMerge
            kind="model"
            options={make.models.filter((m) => !m.inRange).map(({ id, name }) => ({ id, name }))}
            csrfToken={loaderData.csrfToken}
            result={result}
          />
          <StaffTable
            label={`${make.name} models table`}
            caption={<>{make.name} models</>}
            columns={["Model", "Vehicles", "New-car range"]}
            className="mt-6 w-full border-collapse"
          >
            {make.models.map((model) => (
              <tr key={model.id}>
                <td className={staffCellClass}>{model.name}</td>
                <td className={`${staffCellClass} tabular-nums`}>{model.vehicles}</td>
                <td className={staffCellClass}>{model.inRange ? "Yes" : "No"}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : (
        <>
          <RenameAndMerge
            kind="make"
            options={loaderData.makes.map(({ id, name }) => ({ id, name }))}
            csrfToken={loaderData.csrfToken}
            result={result}
          />
          <StaffTable
            label="Makes table"
            caption="Makes"
            columns={["Make", "Models", "Vehicles"]}
            className="mt-6 w-full border-collapse"
          >
            {loaderData.makes.map((m) => (
              <tr key={m.id}>
                <td className={staffCellClass}>
                  <a href={`/staff/catalogue?make=${encodeURIComponent(m.slug)}`} className="underline">
                    {m.name}
                  </a>
                </td>
                <td className={`${staffCellClass} tabular-nums`}>{m.models}</td>
                <td className={`${staffCellClass} tabular-nums`}>{m.vehicles}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      )}
    </>
  );
}
