import { appContext } from "../../load-context.ts";
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { dealerChoices } from "../../../core/inventory/feed-keys.server.ts";
import { FEED_COLUMNS, MAX_FEED_BYTES, REQUIRED_FEED_COLUMNS } from "../../../core/inventory/feed-columns.ts";
import { DEFAULT_MAX_DROP_SHARE, publishHeldImport } from "../../../core/inventory/held-imports.server.ts";
import type { StockFeedReport } from "../../../core/inventory/stock-feed.server.ts";
import { mayUse, StaffAccessDenied, type StaffActor } from "../../../core/staff/roles.ts";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import { FeedReport } from "../../components/staff/feed-report.tsx";
import { Field } from "../../components/field.tsx";
import { Checkbox, Select } from "../../components/staff/fields.tsx";
import { buttonClass, ErrorSummary, inputClass, staffLook } from "../../components/staff/form.tsx";
import { readFormBody } from "../../lib/form-body.server.ts";
import { type ImportErrors, type MappingStep, runStockImport } from "../../lib/stock-import.server.ts";
import { ColumnMapping } from "../../components/staff/column-mapping.tsx";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/stock-import";

/**
 * /staff/stock/import: staff who may edit a dealer's stock upload the dealer's CSV feed by hand, with the
 * same import and the same report as the DMS's PUT /api/staff/dealers/{slug}/stock (docs/stock-feed.md).
 * Changes are audited as the signed-in person.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  if (!mayUse(actor, "stock")) staffFailure(new StaffAccessDenied("forbidden", "stock"));
  return {
    csrfToken,
    dealers: await dealerChoices(context.get(appContext).db, actor, "stock"),
    // Sent as data: the feed reader (csv-parse) stays on the server.
    requiredColumns: REQUIRED_FEED_COLUMNS,
    optionalColumns: FEED_COLUMNS.filter((column) => !REQUIRED_FEED_COLUMNS.includes(column)),
  };
}

export const meta = () => [{ title: `Import stock${STAFF_TITLE_SUFFIX}` }];

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const body = await readFormBody(request, { maxFileBytes: MAX_FEED_BYTES });
  if (!body.ok) return data({ errors: {} as ImportErrors, problem: body.message }, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  if (body.form.get("intent") === "confirm") return confirmImport(context, actor, body.form);
  try {
    const outcome = await runStockImport(context.get(appContext).db, actor, body.form, {
      limits: context.get(appContext).feedFileLimits,
      maxDropShare: context.get(appContext).maxStockDropShare ?? DEFAULT_MAX_DROP_SHARE,
    });
    if (outcome.kind === "errors") return data({ errors: outcome.errors, problem: null }, { status: outcome.status });
    if (outcome.kind === "mapping")
      return data({ errors: {} as ImportErrors, problem: null, mapping: outcome.step }, { status: outcome.status });
    if (outcome.kind === "host-allowed") return { errors: {} as ImportErrors, problem: null, allowed: outcome.host };
    return {
      errors: {} as ImportErrors,
      problem: null,
      report: outcome.report,
      allowHost: mayUse(actor, "feed-keys") ? { dealer: outcome.dealer } : undefined,
    };
  } catch (error) {
    return staffFailure(error);
  }
}

/** The uploader confirms an import the drop guard held: it runs as sent, against the stock as it is now. */
async function confirmImport(context: Route.ActionArgs["context"], actor: StaffActor, form: FormData) {
  const id = Number(form.get("import"));
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  try {
    const report: StockFeedReport | null = await publishHeldImport(context.get(appContext).db, actor, id);
    if (report) return { errors: {} as ImportErrors, problem: null, report };
    return {
      errors: {} as ImportErrors,
      problem: "That import is no longer waiting: it was confirmed already, or a newer file of the dealer replaced it.",
      report: null,
    };
  } catch (error) {
    return staffFailure(error);
  }
}

/** A held import: what it would sell, and the one button that imports it anyway. */
function ConfirmDrop({ report, csrfToken }: { report: StockFeedReport; csrfToken: string }) {
  const held = report.held!;
  return (
    <section
      aria-labelledby="confirm-drop-heading"
      className="mt-8 max-w-prose rounded border-2 border-brand-red bg-red-50 p-4 text-brand-grey"
    >
      <h2 id="confirm-drop-heading" tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {`Confirm: this file would mark ${held.wouldSell} of ${held.stockCount} vehicles sold`}
      </h2>
      <p className="mt-2">
        Nothing has changed yet. A file that leaves out that much of the dealer's stock is often a partial export or
        another dealer's file. If it really is the dealer's whole current stock, import it: the vehicles it leaves out
        are marked sold and leave the site and every channel file together.
      </p>
      <Form method="post" className="mt-3">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="import" value={held.id} />
        <button type="submit" className={buttonClass}>
          {`Import it and mark ${held.wouldSell} sold`}
        </button>
      </Form>
    </section>
  );
}

const FIELD_LABELS = { dealer: "Dealer", feed: "Stock file (CSV or Excel)" };

export default function StockImport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const report = actionData && "report" in actionData ? actionData.report : null;
  const mapping = actionData && "mapping" in actionData ? actionData.mapping : null;
  const allowed = actionData && "allowed" in actionData ? actionData.allowed : null;
  useEffect(() => {
    if (report) document.getElementById(report.held ? "confirm-drop-heading" : "feed-report-heading")?.focus();
    else if (mapping) document.getElementById("mapping-heading")?.focus();
  }, [report, mapping]);
  return (
    <>
      <h1 className="text-3xl font-bold">Import stock</h1>
      <p className="mt-3 max-w-prose">
        Upload a dealer's whole current stock as the dealer's system exports it: a CSV file (comma, semicolon, tab or
        pipe separated, in any usual encoding) or an Excel workbook (.xlsx), with a header row. A layout the site does
        not know yet is shown column by column first, to map once for the dealer. Vehicles are matched by stock number:
        new ones are created, changed ones updated, and the dealer's vehicles with a stock number that is not in the
        file are marked sold. Rows with errors are skipped and listed. Tick <em>Dry run</em> to see what would change
        first.
      </p>
      <details className="mt-3 max-w-prose">
        <summary className="cursor-pointer font-semibold underline">Columns</summary>
        <p className="mt-2">
          Required: <code>{loaderData.requiredColumns.join(", ")}</code>. Optional:{" "}
          <code>{loaderData.optionalColumns.join(", ")}</code>. Photos are URLs separated by <code>|</code>, commas,
          semicolons or spaces, fetched only from the hosts listed for the dealer.
        </p>
      </details>

      <div className="mt-6">
        <ErrorSummary
          form="import"
          errors={actionData?.errors}
          message={actionData?.problem ?? undefined}
          fieldLabels={FIELD_LABELS}
        />
      </div>

      <Form method="post" encType="multipart/form-data" className="mt-6 grid max-w-xl gap-5" aria-busy={busy}>
        <CsrfField token={loaderData.csrfToken} />
        <Select
          form="import"
          name="dealer"
          label="Dealer"
          required
          defaultValue={loaderData.dealers.length === 1 ? loaderData.dealers[0]!.slug : ""}
          error={actionData?.errors.dealer}
          placeholder="Choose a dealer"
          options={loaderData.dealers.map((dealer) => ({ value: dealer.slug, label: dealer.name }))}
        />
        <Field id="import-feed" label="Stock file (CSV or Excel)" error={actionData?.errors.feed} look={staffLook}>
          {(control) => (
            <input
              {...control}
              name="feed"
              type="file"
              required
              accept=".csv,.txt,.tsv,.xlsx,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className={inputClass}
            />
          )}
        </Field>
        <Checkbox id="import-dry-run" name="dryRun" label="Dry run: only report what would change" />
        <Checkbox id="import-review" name="review" label="Review the columns first (change how this layout is read)" />
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? "Importing…" : "Import"}
          </button>
        </div>
      </Form>

      {allowed ? (
        <p role="status" className="mt-6 font-semibold">
          {`Photos from ${allowed} are allowed for this dealer now. Import the file again to fetch them.`}
        </p>
      ) : null}
      {mapping ? <ColumnMapping step={mapping as MappingStep} csrfToken={loaderData.csrfToken} busy={busy} /> : null}
      {report?.held ? <ConfirmDrop report={report} csrfToken={loaderData.csrfToken} /> : null}
      {report ? (
        <FeedReport
          report={report}
          allowHost={
            actionData && "allowHost" in actionData && actionData.allowHost
              ? { csrfToken: loaderData.csrfToken, dealer: actionData.allowHost.dealer }
              : undefined
          }
        />
      ) : null}
    </>
  );
}
