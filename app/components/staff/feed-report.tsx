import type { FieldChanges } from "../../../core/staff/audit.server.ts";
import type { StockFeedReport } from "../../../core/inventory/stock-feed.server.ts";
import { Form } from "react-router";
import { CsrfField } from "./csrf-field.tsx";
import { secondaryButtonClass } from "./form.tsx";
import { StaffTable, staffCellClass, staffHeadClass } from "./scrollable-table.tsx";

/** A stock feed's report as tables: the same report the feed's API answers (docs/stock-feed.md). */

const show = (value: unknown) => (value === null || value === undefined || value === "" ? "(none)" : String(value));

function changeText(changes: FieldChanges): string {
  return Object.entries(changes)
    .map(([field, { from, to }]) => `${field}: ${show(from)} → ${show(to)}`)
    .join("; ");
}

function reportHeading(report: StockFeedReport): string {
  if (report.dryRun) return "Dry run: what this feed would change (nothing was changed)";
  if (report.held) return "What this import would change (nothing was changed yet)";
  return "Import report";
}

/** Errors drawn one by one on the page; the rest are counted by column (a file of thousands of bad rows stays a short page). */
const ERRORS_SHOWN = 50;

/** Where the report offers to list a photo host for the dealer: a group administrator's upload. */
export type AllowHostForm = { csrfToken: string; dealer: string };

export function FeedReport({ report, allowHost }: { report: StockFeedReport; allowHost?: AllowHostForm }) {
  // A dry run and a held import changed nothing: the report says what they would do.
  const preview = report.dryRun || report.held !== null;
  const totalErrors = report.errorCounts.reduce((sum, c) => sum + c.count, 0);
  const totals: [string, number][] = [
    ["Vehicles in the feed", report.received],
    [preview ? "Would be created" : "Created", report.created],
    [preview ? "Would be updated" : "Updated", report.updated],
    ["Unchanged", report.unchanged],
    [preview ? "Would be marked sold" : "Marked sold", report.sold],
    ["Rejected rows", report.rejected],
  ];
  return (
    <section aria-labelledby="feed-report-heading" className="mt-8">
      <h2 id="feed-report-heading" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {reportHeading(report)}
      </h2>
      <StaffTable label="Summary table" caption="Summary" className="border-collapse">
        {totals.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className={staffHeadClass}>
              {label}
            </th>
            <td className={`${staffCellClass} text-right tabular-nums`}>{value}</td>
          </tr>
        ))}
      </StaffTable>

      {report.columns.used.length + report.columns.ignored.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">Columns</h3>
          <StaffTable
            label="Columns read and ignored table"
            caption="The file's columns: the field each was read as, or why it was ignored"
            columns={["Column in the file", "Read as"]}
          >
            {report.columns.used.map((use) => (
              <tr key={`used-${use.header}`}>
                <td className={staffCellClass}>{use.header}</td>
                <td className={staffCellClass}>{use.column}</td>
              </tr>
            ))}
            {report.columns.ignored.map((ignored, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report drawn once, never reordered
              <tr key={`ignored-${i}`}>
                <td className={staffCellClass}>{ignored.header}</td>
                <td className={staffCellClass}>{`Ignored: ${ignored.reason}`}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}

      {report.errors.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">Rejected rows</h3>
          <p className="mt-1">
            Row 1 is the first vehicle, on the line after the header. These rows were skipped; the others were applied.
          </p>
          <StaffTable label="Rejected rows table" caption="Rejected rows" columns={["Row", "Column", "Problem"]}>
            {report.errors.slice(0, ERRORS_SHOWN).map((error, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report drawn once, never reordered
              <tr key={i}>
                <td className={staffCellClass}>{error.row}</td>
                <td className={staffCellClass}>{error.column || "(row)"}</td>
                <td className={staffCellClass}>{error.message}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}

      {totalErrors > ERRORS_SHOWN ? (
        <>
          <p className="mt-2">
            The first {ERRORS_SHOWN} of {totalErrors} errors are listed above. All of them, by column:
          </p>
          <StaffTable label="Errors by column table" caption="Errors by column" columns={["Column", "Errors"]}>
            {report.errorCounts.map((count) => (
              <tr key={count.column}>
                <td className={staffCellClass}>{count.column || "(row)"}</td>
                <td className={`${staffCellClass} text-right tabular-nums`}>{count.count}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}

      <PhotoHostsNotAllowed hosts={report.photos.hostsNotAllowed} allowHost={allowHost} />

      {report.changes.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">{preview ? "Changes it would make" : "Changes"}</h3>
          <StaffTable
            label="Vehicles created, updated or marked sold table"
            caption="Vehicles created, updated or marked sold"
            columns={["Stock number", "Change", "Fields"]}
          >
            {report.changes.map((change) => (
              <tr key={`${change.action}-${change.stockNumber}`}>
                <td className={staffCellClass}>{change.stockNumber}</td>
                <td className={staffCellClass}>
                  {change.action === "created" ? "Created" : change.action === "updated" ? "Updated" : "Marked sold"}
                </td>
                <td className={staffCellClass}>{"changes" in change ? changeText(change.changes) : ""}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}

      {report.photos.results.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">Photos</h3>
          <p className="mt-1">
            {report.photos.stored} stored, {report.photos.unchanged} unchanged, {report.photos.wouldFetch} to fetch,{" "}
            {report.photos.failed} failed.
          </p>
          <StaffTable label="Photos table" caption="Photos" columns={["Row", "Stock number", "Photo", "Outcome"]}>
            {report.photos.results.map((photo, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report drawn once, never reordered
              <tr key={i}>
                <td className={staffCellClass}>{photo.row}</td>
                <td className={staffCellClass}>{photo.stockNumber}</td>
                <td className={`${staffCellClass} break-all`}>{photo.url}</td>
                <td className={staffCellClass}>
                  {photo.message ? `${photo.outcome}: ${photo.message}` : photo.outcome}
                </td>
              </tr>
            ))}
          </StaffTable>
        </>
      ) : null}
    </section>
  );
}

/** Photo hosts the feed names that are not listed for the dealer, each with a button to list it (when the person may). */
function PhotoHostsNotAllowed({ hosts, allowHost }: { hosts: string[]; allowHost?: AllowHostForm }) {
  if (hosts.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 text-xl font-bold">Photo hosts not allowed yet</h3>
      <p className="mt-1 max-w-prose">
        The photos on these hosts were not fetched: the site fetches photos only from hosts listed for the dealer.
        {allowHost
          ? " Allow a host you trust, then import again."
          : " A group administrator can allow them on the Stock feeds page."}
      </p>
      <ul className="mt-2 grid gap-2">
        {hosts.map((host) => (
          <li key={host} className="flex flex-wrap items-center gap-3">
            <code className="break-all">{host}</code>
            {allowHost ? (
              <Form method="post" encType="multipart/form-data">
                <CsrfField token={allowHost.csrfToken} />
                <input type="hidden" name="intent" value="allow-host" />
                <input type="hidden" name="dealer" value={allowHost.dealer} />
                <input type="hidden" name="host" value={host} />
                <button type="submit" className={secondaryButtonClass}>
                  {`Allow photos from ${host}`}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
