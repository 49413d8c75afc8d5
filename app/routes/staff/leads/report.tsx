import { Link } from "react-router";
import { type FirstResponseWeek, firstResponseReport, REPORT_WEEKS } from "../../../../core/leads/first-response.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatMinutes } from "../../../lib/staff-time.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/report";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return { weeks: await firstResponseReport(context.db, actor), reportWeeks: REPORT_WEEKS };
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
      <p>
        <Link to="/staff/leads" className="font-semibold text-brand-red underline">
          All leads
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">First response times</h1>
      <p className="mt-2 max-w-prose">
        How long a lead waited for its first status change, per dealer and week (Monday to Sunday), over the last {weeksShown} weeks. The chart shows the median; the table
        beside it has every figure.
      </p>
      {dealers.length === 0 ? <p className="mt-6 text-lg">No leads in the last {weeksShown} weeks.</p> : null}
      {dealers.map(([dealer, weeks], index) => (
        <section key={dealer} aria-labelledby={`dealer-${index}`} className="mt-8">
          <h2 id={`dealer-${index}`} className="text-2xl font-bold">
            {dealer}
          </h2>
          <div className="mt-3 grid gap-6 lg:grid-cols-2">
            <MedianChart weeks={weeks} title={`Median first response per week, ${dealer}`} id={`chart-${index}`} />
            {/* Scrolls sideways on a narrow phone: focusable, so that a keyboard can scroll it too. */}
            <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-red" tabIndex={0} role="region" aria-label={`Figures, ${dealer}`}>
              <table className="w-full border-collapse text-left text-sm sm:text-base">
                <caption className="sr-only">First response per week, {dealer}</caption>
                <thead>
                  <tr className="border-b-2 border-brand-grey">
                    <th scope="col" className="py-1 pr-3">Week of</th>
                    <th scope="col" className="py-1 pr-3">Leads</th>
                    <th scope="col" className="py-1 pr-3">Answered</th>
                    <th scope="col" className="py-1 pr-3">Median</th>
                    <th scope="col" className="py-1">Average</th>
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week) => (
                    <tr key={week.weekStart} className="border-b border-gray-300">
                      <th scope="row" className="py-1 pr-3 font-normal">{week.weekStart}</th>
                      <td className="py-1 pr-3">{week.leads}</td>
                      <td className="py-1 pr-3">{week.responded}</td>
                      <td className="py-1 pr-3">{week.medianMinutes === null ? "None answered" : formatMinutes(week.medianMinutes)}</td>
                      <td className="py-1">{week.averageMinutes === null ? "None answered" : formatMinutes(week.averageMinutes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </section>
      ))}
    </>
  );
}

const CHART = { width: 480, height: 220, left: 56, bottom: 36, top: 16, right: 8 };

/** A bar per week, height the median in hours; drawn on the server, no script. The table beside it is the accessible reading. */
function MedianChart({ weeks, title, id }: { weeks: FirstResponseWeek[]; title: string; id: string }) {
  const hours = weeks.map((week) => (week.medianMinutes ?? 0) / 60);
  const top = Math.max(1, Math.ceil(Math.max(...hours)));
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = plotWidth / Math.max(weeks.length, 1);
  const y = (value: number) => CHART.top + plotHeight - (value / top) * plotHeight;
  return (
    <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-title`} className="h-auto w-full max-w-xl" xmlns="http://www.w3.org/2000/svg">
      <title id={`${id}-title`}>{title}</title>
      <line x1={CHART.left} y1={y(0)} x2={CHART.width - CHART.right} y2={y(0)} stroke="#2b2d2f" />
      <line x1={CHART.left} y1={CHART.top} x2={CHART.left} y2={y(0)} stroke="#2b2d2f" />
      <text x={CHART.left - 6} y={y(top) + 4} textAnchor="end" fontSize="12" fill="#2b2d2f">
        {top} h
      </text>
      <text x={CHART.left - 6} y={y(0) + 4} textAnchor="end" fontSize="12" fill="#2b2d2f">
        0 h
      </text>
      {weeks.map((week, index) => {
        const height = y(0) - y(hours[index]!);
        const x = CHART.left + index * slot + slot * 0.15;
        return (
          <g key={week.weekStart}>
            <rect x={x} y={y(0) - height} width={slot * 0.7} height={height} fill="#c8102e" />
            <text x={x + slot * 0.35} y={CHART.height - CHART.bottom + 16} textAnchor="middle" fontSize="11" fill="#2b2d2f">
              {week.weekStart.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
