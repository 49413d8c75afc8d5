import { Link } from "react-router";
import type { InsightsReport, SourceRow } from "../../../../core/insights/insights.server.ts";
import { type InsightsQuery, insightsQueryString } from "../../../../core/insights/insights-query.ts";
import { formatWhole } from "../../../../core/shared/format.ts";
import { BarChart } from "../../../components/staff/bar-chart.tsx";
import { PhoneFold, PhoneLine, wideOnly } from "../../../components/staff/phone-fold.tsx";
import { ScrollableTable } from "../../../components/staff/scrollable-table.tsx";
import { focusOnArrival } from "../../../lib/focus-on-navigation.ts";
import {
  cellClass,
  CsvLink,
  headClass,
  linkClass,
  money,
  naming,
  numberClass,
  SOURCES_HEADING,
  sourceLabel,
} from "./insights-common.tsx";

export function SourcesSection({ report, unfolded }: { report: InsightsReport; unfolded: boolean }) {
  const { mostLeads, total } = report.sources;
  return (
    <section aria-labelledby={SOURCES_HEADING} className="mt-10">
      <h2 id={SOURCES_HEADING} className="text-2xl font-bold">
        Visits and leads by source
      </h2>
      <p className="mt-1 max-w-prose text-sm">
        A visit's source is where it came from: its campaign's link (utm_source, utm_medium, utm_campaign), an ad's
        click, a search engine, a social network, another site, or direct. Each lead keeps the source of the visit that
        sent it. Cost per lead is the campaign's spend in the period divided by its leads. "(other)" counts the visits
        of new campaigns and sites past the day's limit.
      </p>
      {total === 0 ? (
        <p className="mt-3">No visits or leads in this period.</p>
      ) : (
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          {mostLeads.length > 0 ? (
            <BarChart
              bars={mostLeads.map((row) => ({ label: row.source, value: row.leads }))}
              title="Leads by source, the eight sources with the most"
              id="sources-chart"
            />
          ) : (
            <p>No leads in this period.</p>
          )}
          {/* min-w-0: a grid item would otherwise be as wide as the table in it, and widen the page on a phone. */}
          <PhoneFold
            summary={`All ${formatWhole(total)} ${total === 1 ? "source" : "sources"}: visits, leads, sales and cost`}
            open={unfolded}
            className="min-w-0"
          >
            <SourcesShown sources={report.sources} />
            <SourcesTable sources={report.sources} />
            <SourcesPages query={report.query} sources={report.sources} />
            <CsvLink query={report.query} table="sources" label="visits and leads by source" />
          </PhoneFold>
        </div>
      )}
    </section>
  );
}

/** The sources of the page shown: on a phone the visits and leads in columns, sales and cost on each row's line. */
function SourcesTable({ sources: { rows, totals } }: { sources: InsightsReport["sources"] }) {
  const costPerLead = (row: SourceRow) =>
    row.spendCents !== null && row.leads === 0 ? "No leads" : money(row.costPerLeadCents);
  return (
    <ScrollableTable label="Visits and leads by source, figures">
      <table className="w-full border-collapse text-sm md:min-w-[44rem]">
        <caption className="sr-only">
          Visits, leads, sales, spend and cost per lead by source, medium and campaign
        </caption>
        <thead>
          <tr>
            <th scope="col" className={headClass}>
              Source / medium / campaign
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Visits
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Leads
            </th>
            <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
              Sold
            </th>
            <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
              Spend
            </th>
            <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
              Cost per lead
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={sourceLabel(row)}>
              <th scope="row" className={`${cellClass} font-normal wrap-anywhere`}>
                {sourceLabel(row)}
                <PhoneLine
                  parts={[
                    `${formatWhole(row.sold)} sold`,
                    ...(row.spendCents === null
                      ? []
                      : [`spend ${money(row.spendCents)}`, `${costPerLead(row)} a lead`]),
                  ]}
                />
              </th>
              <td className={numberClass}>{formatWhole(row.visits)}</td>
              <td className={numberClass}>{formatWhole(row.leads)}</td>
              <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.sold)}</td>
              <td className={`${numberClass} ${wideOnly}`}>{money(row.spendCents)}</td>
              <td className={`${numberClass} ${wideOnly}`}>{costPerLead(row)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={`${cellClass} font-semibold`}>
              All sources
              <PhoneLine parts={[`${formatWhole(totals.sold)} sold`]} />
            </th>
            <td className={`${numberClass} font-semibold`}>{formatWhole(totals.visits)}</td>
            <td className={`${numberClass} font-semibold`}>{formatWhole(totals.leads)}</td>
            <td className={`${numberClass} ${wideOnly} font-semibold`}>{formatWhole(totals.sold)}</td>
            <td className={`${numberClass} ${wideOnly}`} />
            <td className={`${numberClass} ${wideOnly}`} />
          </tr>
        </tfoot>
      </table>
    </ScrollableTable>
  );
}

/** Which of the sources the table shows: all of them, or one page's. */
function SourcesShown({ sources: { rows, page, pages, perPage, total } }: { sources: InsightsReport["sources"] }) {
  if (pages === 1)
    return <p className="mb-2 text-sm">{`${formatWhole(total)} ${total === 1 ? "source" : "sources"}.`}</p>;
  const first = (page - 1) * perPage + 1;
  return (
    <p className="mb-2 text-sm">
      {`Sources ${formatWhole(first)} to ${formatWhole(first + rows.length - 1)} of ${formatWhole(total)}, page ${formatWhole(page)} of ${formatWhole(pages)}, by leads and visits; the CSV has them all.`}
    </p>
  );
}

/** The links to the sources table's previous and next pages (query-string links: they work without JavaScript). */
function SourcesPages({
  query,
  sources: { page, pages },
}: {
  query: InsightsQuery;
  sources: InsightsReport["sources"];
}) {
  if (pages === 1) return null;
  const link = (target: number, label: string) => (
    <Link
      to={`?${naming(insightsQueryString(query, { sourcesPage: target }), "sources", "1")}`}
      state={focusOnArrival(SOURCES_HEADING)}
      preventScrollReset
      className={linkClass}
    >
      {label}
      <span className="sr-only"> of sources</span>
    </Link>
  );
  return (
    <nav aria-label="Pages of sources" className="mt-3 flex flex-wrap gap-4">
      {page > 1 ? link(page - 1, "Previous page") : null}
      {page < pages ? link(page + 1, "Next page") : null}
    </nav>
  );
}
