import type { FieldChanges } from "../../../core/staff/audit.ts";
import type { StockFeedReport } from "../../../core/inventory/stock-feed.ts";
import { ScrollableTable } from "./scrollable-table.tsx";

/** A stock feed's report as tables: the same report the feed's API answers (docs/stock-feed.md). */

const cellClass = "border-b border-gray-300 px-3 py-2 text-left align-top";
const headClass = `${cellClass} bg-gray-100 font-semibold`;

const show = (value: unknown) => (value === null || value === undefined || value === "" ? "(none)" : String(value));

function changeText(changes: FieldChanges): string {
  return Object.entries(changes)
    .map(([field, { from, to }]) => `${field}: ${show(from)} → ${show(to)}`)
    .join("; ");
}

export function FeedReport({ report }: { report: StockFeedReport }) {
  const totals: [string, number][] = [
    ["Vehicles in the feed", report.received],
    [report.dryRun ? "Would be created" : "Created", report.created],
    [report.dryRun ? "Would be updated" : "Updated", report.updated],
    ["Unchanged", report.unchanged],
    [report.dryRun ? "Would be marked sold" : "Marked sold", report.sold],
    ["Rejected rows", report.rejected],
  ];
  return (
    <section aria-labelledby="feed-report-heading" className="mt-8">
      <h2 id="feed-report-heading" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {report.dryRun ? "Dry run: what this feed would change (nothing was changed)" : "Import report"}
      </h2>
      <ScrollableTable label="Summary table">
        <table className="border-collapse">
          <caption className="sr-only">Summary</caption>
          <tbody>
            {totals.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className={headClass}>
                  {label}
                </th>
                <td className={`${cellClass} text-right tabular-nums`}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>

      {report.columns.used.length + report.columns.ignored.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">Columns</h3>
          <ScrollableTable label="Columns read and ignored table">
            <table className="w-full border-collapse">
              <caption className="sr-only">The file's columns: the field each was read as, or why it was ignored</caption>
              <thead>
                <tr>
                  <th scope="col" className={headClass}>Column in the file</th>
                  <th scope="col" className={headClass}>Read as</th>
                </tr>
              </thead>
              <tbody>
                {report.columns.used.map((use) => (
                  <tr key={`used-${use.header}`}>
                    <td className={cellClass}>{use.header}</td>
                    <td className={cellClass}>{use.column}</td>
                  </tr>
                ))}
                {report.columns.ignored.map((ignored, i) => (
                  <tr key={`ignored-${i}`}>
                    <td className={cellClass}>{ignored.header}</td>
                    <td className={cellClass}>{`Ignored: ${ignored.reason}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollableTable>
        </>
      ) : null}

      {report.errors.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">Rejected rows</h3>
          <p className="mt-1">Row 1 is the first vehicle, on the line after the header. These rows were skipped; the others were applied.</p>
          <ScrollableTable label="Rejected rows table">
            <table className="w-full border-collapse">
              <caption className="sr-only">Rejected rows</caption>
              <thead>
                <tr>
                  <th scope="col" className={headClass}>Row</th>
                  <th scope="col" className={headClass}>Column</th>
                  <th scope="col" className={headClass}>Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((error, i) => (
                  <tr key={i}>
                    <td className={cellClass}>{error.row}</td>
                    <td className={cellClass}>{error.column || "(row)"}</td>
                    <td className={cellClass}>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollableTable>
        </>
      ) : null}

      {report.changes.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">{report.dryRun ? "Changes it would make" : "Changes"}</h3>
          <ScrollableTable label="Vehicles created, updated or marked sold table">
            <table className="w-full border-collapse">
              <caption className="sr-only">Vehicles created, updated or marked sold</caption>
              <thead>
                <tr>
                  <th scope="col" className={headClass}>Stock number</th>
                  <th scope="col" className={headClass}>Change</th>
                  <th scope="col" className={headClass}>Fields</th>
                </tr>
              </thead>
              <tbody>
                {report.changes.map((change) => (
                  <tr key={`${change.action}-${change.stockNumber}`}>
                    <td className={cellClass}>{change.stockNumber}</td>
                    <td className={cellClass}>{change.action === "created" ? "Created" : change.action === "updated" ? "Updated" : "Marked sold"}</td>
                    <td className={cellClass}>{"changes" in change ? changeText(change.changes) : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollableTable>
        </>
      ) : null}

      {report.photos.results.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-bold">Photos</h3>
          <p className="mt-1">
            {report.photos.stored} stored, {report.photos.unchanged} unchanged, {report.photos.wouldFetch} to fetch, {report.photos.failed} failed.
          </p>
          <ScrollableTable label="Photos table">
            <table className="w-full border-collapse">
              <caption className="sr-only">Photos</caption>
              <thead>
                <tr>
                  <th scope="col" className={headClass}>Row</th>
                  <th scope="col" className={headClass}>Stock number</th>
                  <th scope="col" className={headClass}>Photo</th>
                  <th scope="col" className={headClass}>Outcome</th>
                </tr>
              </thead>
              <tbody>
                {report.photos.results.map((photo, i) => (
                  <tr key={i}>
                    <td className={cellClass}>{photo.row}</td>
                    <td className={cellClass}>{photo.stockNumber}</td>
                    <td className={`${cellClass} break-all`}>{photo.url}</td>
                    <td className={cellClass}>{photo.message ? `${photo.outcome}: ${photo.message}` : photo.outcome}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollableTable>
        </>
      ) : null}
    </section>
  );
}
