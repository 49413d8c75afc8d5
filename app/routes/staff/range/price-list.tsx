import { appContext } from "../../../load-context.ts";
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import type { PriceListPreview } from "../../../../core/catalogue/price-list.server.ts";
import { FLAG_PERCENT, MAX_PRICE_LIST_BYTES } from "../../../../core/catalogue/price-list-rules.ts";
import { formatRand } from "../../../../core/shared/format.ts";
import { assertMayUse } from "../../../../core/staff/roles.ts";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { Select } from "../../../components/staff/fields.tsx";
import { Field } from "../../../components/field.tsx";
import {
  buttonClass,
  ErrorSummary,
  errorsByField,
  Notice,
  staffLook,
  TextField,
} from "../../../components/staff/form.tsx";
import { StaffTable, staffCellClass, staffHeadClass } from "../../../components/staff/scrollable-table.tsx";
import { readFormBody } from "../../../lib/form-body.server.ts";
import { type ColumnQuestion, type PriceListStep, runPriceList } from "../../../lib/price-list.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/price-list";

/**
 * /staff/range/prices: a group administrator uploads the maker's price list (CSV or XLSX) with the date and time it
 * takes effect, sees every change before anything changes, and confirms; the list is then applied in one
 * transaction with one audit entry (docs/back-office.md, "The maker's price list").
 */

export async function loader({ request }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    assertMayUse(actor, "range-prices");
  } catch (error) {
    return staffFailure(error);
  }
  return { csrfToken };
}

export const meta = () => [{ title: `New-vehicle price list${STAFF_TITLE_SUFFIX}` }];

type ActionResult = {
  errors: Record<string, string>;
  step?: PriceListStep;
  question?: ColumnQuestion;
  preview?: PriceListPreview;
  models?: { id: number; label: string }[];
  done?: string;
};

const LABELS = {
  list: "Price list",
  date: "From date",
  time: "From time",
  codeColumn: "Column of M&M codes",
  priceColumn: "Column of prices",
} as const;

/** The form's labels, and a row's own words ("row 12: price") for a problem found in the file. */
function labelsFor(errors: Record<string, string> = {}): Record<string, string> {
  const rows = Object.keys(errors).filter((key) => !(key in LABELS));
  return {
    ...(LABELS as Record<string, string>),
    ...Object.fromEntries(rows.map((key) => [key, key.replace(/^./, (c) => c.toUpperCase())])),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const body = await readFormBody(request, { maxFileBytes: MAX_PRICE_LIST_BYTES });
  if (!body.ok) return data<ActionResult>({ errors: { list: body.message } }, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  try {
    const outcome = await runPriceList(
      context.get(appContext).db,
      actor,
      body.form,
      context.get(appContext).feedFileLimits,
    );
    if (outcome.kind === "errors")
      return data<ActionResult>(
        { errors: errorsByField(outcome.violations), step: outcome.step, question: outcome.question },
        { status: outcome.status },
      );
    if (outcome.kind === "preview")
      return {
        errors: {},
        step: outcome.step,
        preview: outcome.preview,
        models: outcome.models,
      } satisfies ActionResult;
    const { changed, created, effectiveAt } = outcome.applied;
    const when = Date.parse(effectiveAt) <= Date.now() ? "now" : `from ${formatDateTime(effectiveAt)}`;
    return {
      errors: {},
      done: `Applied: ${changed} ${changed === 1 ? "price changes" : "prices change"} ${when}; ${created} new ${created === 1 ? "variant" : "variants"}.`,
    } satisfies ActionResult;
  } catch (error) {
    return staffFailure(error);
  }
}

export default function PriceList({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (result?.preview) document.getElementById("preview-heading")?.focus();
    else if (result?.done) document.getElementById("price-list-heading")?.focus();
  }, [result]);
  return (
    <>
      <h1 id="price-list-heading" tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        New-vehicle price list
      </h1>
      <Notice>{result?.done}</Notice>
      <p className="mt-3 max-w-prose">
        Upload the price list as the maker sends it: CSV or Excel (.xlsx), one row a variant with its M&amp;M code and
        its price including VAT; other columns are not read. Give the date and time the prices take effect (South
        African time), or leave both empty for now. You see every change first; nothing changes until you confirm.
      </p>
      <div className="mt-6">
        <ErrorSummary form="list" errors={result?.errors} fieldLabels={labelsFor(result?.errors)} />
      </div>
      {result?.preview && result.step ? (
        <Preview
          preview={result.preview}
          step={result.step}
          models={result.models ?? []}
          csrfToken={loaderData.csrfToken}
          busy={busy}
        />
      ) : (
        <UploadForm result={result} csrfToken={loaderData.csrfToken} busy={busy} />
      )}
    </>
  );
}

function UploadForm({ result, csrfToken, busy }: { result?: ActionResult; csrfToken: string; busy: boolean }) {
  const step = result?.step;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-6 grid max-w-xl grid-cols-[minmax(0,1fr)] gap-5"
      aria-busy={busy}
    >
      <CsrfField token={csrfToken} />
      {step ? (
        <>
          <input type="hidden" name="staged" value={step.token} />
          <p>
            File: <strong>{step.fileName}</strong>
          </p>
        </>
      ) : (
        <Field id="list-list" label={LABELS.list} error={result?.errors.list} look={staffLook}>
          {(control) => (
            <input
              {...control}
              name="list"
              type="file"
              required
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="mt-1 block w-full"
            />
          )}
        </Field>
      )}
      {result?.question ? <ColumnChoice question={result.question} errors={result.errors} /> : null}
      <TextField
        form="list"
        name="date"
        label={LABELS.date}
        type="date"
        defaultValue={step?.date}
        error={result?.errors.date}
      />
      <TextField
        form="list"
        name="time"
        label={LABELS.time}
        type="time"
        defaultValue={step?.time}
        error={result?.errors.time}
      />
      <div>
        <button type="submit" name="intent" value="preview" className={buttonClass} disabled={busy}>
          Preview the changes
        </button>
      </div>
    </Form>
  );
}

/** Asked when no header says which column is the code or the price; remembered for files of this layout. */
function ColumnChoice({ question, errors }: { question: ColumnQuestion; errors: Record<string, string> }) {
  const options = question.columns.map((column) => ({
    value: column.index,
    label: `${column.header || `Column ${column.index + 1}`}${column.samples.length > 0 ? ` (${column.samples.join(", ")})` : ""}`,
  }));
  return (
    <fieldset className="grid gap-4 rounded border border-gray-300 p-4">
      <legend className="font-semibold">Which columns are the code and the price?</legend>
      <p>Chosen once for files laid out like this one: the next such file is read without asking.</p>
      <Select
        form="list"
        name="codeColumn"
        label={LABELS.codeColumn}
        required
        defaultValue=""
        placeholder="Choose…"
        options={options}
        error={errors.codeColumn}
      />
      <Select
        form="list"
        name="priceColumn"
        label={LABELS.priceColumn}
        required
        defaultValue=""
        placeholder="Choose…"
        options={options}
        error={errors.priceColumn}
      />
    </fieldset>
  );
}

function Preview({
  preview,
  step,
  models,
  csrfToken,
  busy,
}: {
  preview: PriceListPreview;
  step: PriceListStep;
  models: { id: number; label: string }[];
  csrfToken: string;
  busy: boolean;
}) {
  const flagged = preview.changes.filter((change) => change.flagged).length;
  const when = step.date ? `from ${step.date} ${step.time || "00:00"}` : "now (when you confirm)";
  return (
    <section aria-labelledby="preview-heading" className="mt-6">
      <h2 id="preview-heading" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {`${preview.changes.length} price ${preview.changes.length === 1 ? "change" : "changes"}, ${when}`}
      </h2>
      <p className="mt-2 max-w-prose">
        {step.fileName}: {preview.unchanged} unchanged, {preview.unknown.length} M&amp;M codes not in the range,{" "}
        {preview.notMentioned.length} variants the list does not mention (their prices stay).
        {flagged > 0
          ? ` ${flagged} ${flagged === 1 ? "change is" : "changes are"} beyond ±${FLAG_PERCENT}%: check them.`
          : ""}
      </p>
      <Form method="post" className="mt-4 grid gap-6" aria-busy={busy}>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="staged" value={step.token} />
        <input type="hidden" name="date" value={step.date} />
        <input type="hidden" name="time" value={step.time} />
        <Changes preview={preview} />
        {preview.unknown.length > 0 ? <Unknown preview={preview} models={models} /> : null}
        {preview.notMentioned.length > 0 ? <NotMentioned preview={preview} /> : null}
        <div>
          <button type="submit" name="intent" value="apply" className={buttonClass} disabled={busy}>
            Confirm and apply the list
          </button>
        </div>
      </Form>
    </section>
  );
}

function Changes({ preview }: { preview: PriceListPreview }) {
  if (preview.changes.length === 0) return <p>No price changes.</p>;
  return (
    <StaffTable
      label="Price changes"
      caption="Price changes"
      columns={["Variant", "M&M code", "Row", "Old price", "New price", "Change"]}
    >
      {preview.changes.map((change) => (
        <tr key={change.id} className={change.flagged ? "bg-red-50" : undefined}>
          <th scope="row" className={staffHeadClass}>
            {change.model} {change.variant}
          </th>
          <td className={staffCellClass}>{change.code}</td>
          <td className={staffCellClass}>{change.row}</td>
          <td className={staffCellClass}>{formatRand(change.price)}</td>
          <td className={staffCellClass}>{formatRand(change.newPrice)}</td>
          <td className={staffCellClass}>
            {`${change.percent > 0 ? "+" : ""}${change.percent}%`}
            {change.flagged ? <strong className="block text-brand-red">{`Beyond ±${FLAG_PERCENT}%`}</strong> : null}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

function Unknown({ preview, models }: { preview: PriceListPreview; models: { id: number; label: string }[] }) {
  const options = models.map((model) => ({ value: model.id, label: `New variant of the ${model.label}` }));
  return (
    <fieldset className="grid max-w-2xl gap-4">
      <legend className="text-xl font-bold">M&amp;M codes not in the range</legend>
      {preview.unknown.map((row) => (
        <Select
          key={row.code}
          form="list"
          name={`new.${row.code}`}
          label={`Row ${row.row}: ${row.code}${row.description ? `, ${row.description}` : ""}, ${formatRand(row.price)}`}
          defaultValue=""
          placeholder="Ignore it"
          options={options}
        />
      ))}
    </fieldset>
  );
}

function NotMentioned({ preview }: { preview: PriceListPreview }) {
  return (
    <StaffTable
      label="Variants not in the list"
      caption="Variants the list does not mention"
      columns={["Variant", "M&M code", "Price"]}
    >
      {preview.notMentioned.map((variant) => (
        <tr key={variant.id}>
          <th scope="row" className={staffHeadClass}>
            {variant.model} {variant.variant}
          </th>
          <td className={staffCellClass}>{variant.code ?? "None"}</td>
          <td className={staffCellClass}>{formatRand(variant.price)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
