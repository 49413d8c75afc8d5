import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { BarChart } from "../../../components/staff/bar-chart.tsx";
import {
  type FirstResponseWeek,
  firstResponseReport,
  REPORT_WEEKS,
} from "../../../../core/leads/first-response.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatMinutes } from "../../../lib/staff-time.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/report";
import { ScrollableTable } from "../../../components/staff/scrollable-table.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return { weeks: await firstResponseReport(context.get(appContext).db, actor), reportWeeks: REPORT_WEEKS };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `First response times${STAFF_TITLE_SUFFIX}` }];

/** The report's rows grouped by dealer, in the order the service gives (dealer name, then week). */
function byDealer(weeks: FirstResponseWeek[]): [string, FirstResponseWeek[]][] {
  const groups = new Map<string, FirstResponseWeek[]>();
  for (const week of weeks) groups.set(week.dealerName, [...(groups.get(week.dealerName) ?? []), week]);
  return [...groups];
}

export default function FirstResponseReport({ loaderData }: Route.ComponentProps) {
  const dealers = byDealer(loaderData.weeks);
  const weeksShown = loaderData.reportWeeks;
  return (
    <>
      <p className="flex flex-wrap gap-x-6">
        <Link to="/staff/leads" className="font-semibold text-brand-red underline">
          All leads
        </Link>
        <Link to="/staff/insights" className="font-semibold text-brand-red underline">
          Insights
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">First response times</h1>
      <p className="mt-2 max-w-prose">
        How long a lead waited for its first status change, per dealer and week (Monday to Sunday), over the last{" "}
        {weeksShown} weeks. The chart shows the median; the table beside it has every figure.
      </p>
      {dealers.length === 0 ? <p className="mt-6 text-lg">No leads in the last {weeksShown} weeks.</p> : null}
      {dealers.map(([dealer, weeks], index) => (
        <section key={dealer} aria-labelledby={`dealer-${index}`} className="mt-8">
          <h2 id={`dealer-${index}`} className="text-2xl font-bold">
            {dealer}
          </h2>
          <div className="mt-3 grid gap-6 lg:grid-cols-2">
            <BarChart
              bars={weeks.map((week) => ({ label: week.weekStart.slice(5), value: (week.medianMinutes ?? 0) / 60 }))}
              title={`Median first response per week, ${dealer}`}
              id={`chart-${index}`}
              formatValue={(hours) => `${hours} h`}
            />
            <ScrollableTable label={`Figures, ${dealer}`} spacing="">
              <table className="w-full border-collapse text-left text-sm sm:text-base">
                <caption className="sr-only">First response per week, {dealer}</caption>
                <thead>
                  <tr className="border-b-2 border-brand-grey">
                    <th scope="col" className="py-1 pr-3">
                      Week of
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Leads
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Answered
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Median
                    </th>
                    <th scope="col" className="py-1">
                      Average
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week) => (
                    <tr key={week.weekStart} className="border-b border-gray-300">
                      <th scope="row" className="py-1 pr-3 font-normal">
                        {week.weekStart}
                      </th>
                      <td className="py-1 pr-3">{week.leads}</td>
                      <td className="py-1 pr-3">{week.responded}</td>
                      <td className="py-1 pr-3">
                        {week.medianMinutes === null ? "None answered" : formatMinutes(week.medianMinutes)}
                      </td>
                      <td className="py-1">
                        {week.averageMinutes === null ? "None answered" : formatMinutes(week.averageMinutes)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollableTable>
          </div>
        </section>
      ))}
    </>
  );
}
