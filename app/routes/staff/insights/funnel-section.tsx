import type { InsightsReport } from "../../../../core/insights/insights.server.ts";
import { formatWhole } from "../../../../core/shared/format.ts";
import { BarChart } from "../../../components/staff/bar-chart.tsx";
import { PhoneFold, PhoneLine, wideOnly } from "../../../components/staff/phone-fold.tsx";
import { ScrollableTable } from "../../../components/staff/scrollable-table.tsx";
import { cellClass, CsvLink, headClass, numberClass } from "./insights-common.tsx";

export function FunnelSection({ report }: { report: InsightsReport }) {
  const rows = report.funnel;
  const total = rows.reduce(
    (sum, row) => ({
      views: sum.views + row.views,
      leads: sum.leads + row.leads,
      appointments: sum.appointments + row.appointments,
      sold: sum.sold + row.sold,
    }),
    {
      views: 0,
      leads: 0,
      appointments: 0,
      sold: 0,
    },
  );
  const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "–");
  return (
    <section aria-labelledby="funnel-heading" className="mt-10">
      <h2 id="funnel-heading" className="text-2xl font-bold">
        From view to sale
      </h2>
      <p className="mt-1 max-w-prose text-sm">
        Per dealer: views of its used vehicles' and model pages, its leads received in the period, and how many of those
        leads reached an appointment and were sold, as the leads inbox's work status says.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3">No dealers to show.</p>
      ) : (
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          <BarChart
            bars={[
              { label: "Leads", value: total.leads },
              { label: "Appointments", value: total.appointments },
              { label: "Sold", value: total.sold },
            ]}
            title={`Leads, appointments and sales in the period, ${rows.length === 1 ? rows[0]!.dealerName : "all dealers shown"}`}
            id="funnel-chart"
          />
          {/* min-w-0: a grid item would otherwise be as wide as the table in it, and widen the page on a phone. */}
          <PhoneFold summary="Each dealer: views, leads, appointments and sales" className="min-w-0">
            <ScrollableTable label="From view to sale, figures">
              <table className="w-full border-collapse text-sm md:min-w-[40rem]">
                <caption className="sr-only">Vehicle views, leads, appointments and sales per dealer</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headClass}>
                      Dealer
                    </th>
                    <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
                      Vehicle views
                    </th>
                    <th scope="col" className={`${headClass} text-right`}>
                      Leads
                    </th>
                    <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
                      Appointments
                    </th>
                    <th scope="col" className={`${headClass} text-right`}>
                      Sold
                    </th>
                    <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
                      Leads sold
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.dealerId}>
                      <th scope="row" className={`${cellClass} font-normal`}>
                        {row.dealerName}
                        <PhoneLine
                          parts={[
                            `${formatWhole(row.views)} vehicle views`,
                            `${formatWhole(row.appointments)} appointments`,
                            `${share(row.sold, row.leads)} of leads sold`,
                          ]}
                        />
                      </th>
                      <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.views)}</td>
                      <td className={numberClass}>{formatWhole(row.leads)}</td>
                      <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.appointments)}</td>
                      <td className={numberClass}>{formatWhole(row.sold)}</td>
                      <td className={`${numberClass} ${wideOnly}`}>{share(row.sold, row.leads)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollableTable>
            <CsvLink query={report.query} table="funnel" label="the view-to-sale funnel" />
          </PhoneFold>
        </div>
      )}
    </section>
  );
}
