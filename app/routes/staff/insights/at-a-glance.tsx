import { Link } from "react-router";
import type { InsightsReport } from "../../../../core/insights/insights.server.ts";
import { formatWhole } from "../../../../core/shared/format.ts";
import { linkClass, money, SOURCES_HEADING, STOCK_HEADING } from "./insights-common.tsx";

/** The period's figures in a few words, each leading to its section: what a phone shows first. */
export function AtAGlance({ report, held }: { report: InsightsReport; held: number }) {
  const { totals } = report.sources;
  const appointments = report.funnel.reduce((sum, row) => sum + row.appointments, 0);
  const spend = report.spend.reduce((sum, entry) => sum + (entry.centsInPeriod ?? 0), 0);
  const figures: { label: string; value: string; section: string }[] = [
    { label: "Visits", value: formatWhole(totals.visits), section: SOURCES_HEADING },
    { label: "Leads", value: formatWhole(totals.leads), section: SOURCES_HEADING },
    { label: "Appointments", value: formatWhole(appointments), section: "funnel-heading" },
    { label: "Leads sold", value: formatWhole(totals.sold), section: "funnel-heading" },
    { label: "Spend entered", value: money(spend), section: "spend-heading" },
    { label: "Held as automated", value: formatWhole(held), section: SOURCES_HEADING },
    { label: "Available vehicles", value: formatWhole(report.stockSummary.all), section: STOCK_HEADING },
    { label: "Over 90 days in stock", value: formatWhole(report.stockSummary.over90), section: STOCK_HEADING },
  ];
  return (
    <section aria-labelledby="glance-heading" className="mt-8">
      <h2 id="glance-heading" className="text-2xl font-bold">
        At a glance
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse justify-end rounded border border-gray-300 p-3">
            <dt className="text-sm">
              <a href={`#${figure.section}`} className="text-brand-red underline">
                {figure.label}
              </a>
            </dt>
            <dd className="text-2xl font-bold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The enquiries held as automated in the period: never counted as leads above, until released. */
export function HeldFigure({ held }: { held: number }) {
  return (
    <p className="mt-3 text-sm">
      Not counted as leads: {formatWhole(held)} {held === 1 ? "enquiry" : "enquiries"} received in this period{" "}
      {held === 1 ? "is" : "are"} held as automated (
      <Link to="/staff/leads?view=held" className={linkClass}>
        held enquiries
      </Link>
      ).
    </p>
  );
}
