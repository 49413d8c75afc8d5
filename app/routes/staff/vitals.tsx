import { readVitalsSummary, type VitalP75, type VitalsSummary } from "../../../core/vitals/store.server.ts";
import {
  DEVICE_CLASSES,
  PAGE_TYPES,
  type Rating,
  VITAL_NAMES,
  VITALS,
  type VitalName,
} from "../../../core/vitals/vitals.ts";
import { formatDate, formatNumber } from "../../../core/shared/format.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/vitals";
import { ScrollableTable } from "../../components/staff/scrollable-table.tsx";

/** Group administrators: real visitors' Core Web Vitals, p75 per page type and device class (decision 053). */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  const { db } = staffRequestScope();
  try {
    const [week, month] = await Promise.all([readVitalsSummary(db, actor, 7), readVitalsSummary(db, actor, 28)]);
    return {
      windows: [
        { days: 7, summary: week },
        { days: 28, summary: month },
      ],
    };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Web vitals${STAFF_TITLE_SUFFIX}` }];

const PAGE_TYPE_LABELS: Record<(typeof PAGE_TYPES)[number], string> = {
  home: "Home",
  "new-model": "New model",
  "used-listing": "Used listing",
  "used-vehicle": "Used vehicle",
  finance: "Finance",
  blog: "Blog",
  dealer: "Dealer",
  other: "Other pages",
};

const RATING_LABELS: Record<Rating, string> = { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" };
const RATING_CLASSES: Record<Rating, string> = {
  good: "bg-green-100 text-green-900",
  "needs-improvement": "bg-amber-100 text-amber-950",
  poor: "bg-red-100 text-red-900",
};

/** A vital's value as it is usually read: seconds for paints and the first byte, milliseconds for INP, CLS bare. */
function formatVital(name: VitalName, value: number): string {
  if (name === "CLS") return formatNumber(value);
  if (name === "INP") return `${formatNumber(value)} ms`;
  return `${formatNumber(value / 1000)} s`;
}

function VitalCell({ name, p75 }: { name: VitalName; p75: VitalP75 | undefined }) {
  if (!p75) return <td className="px-3 py-2 text-brand-grey-light">No visits</td>;
  return (
    <td className="px-3 py-2">
      <span className="font-semibold">
        {p75.over ? "over " : "≤ "}
        {formatVital(name, p75.value)}
      </span>{" "}
      <span className={`ml-1 inline-block rounded px-2 py-0.5 text-sm font-semibold ${RATING_CLASSES[p75.rating]}`}>
        {RATING_LABELS[p75.rating]}
      </span>
      <span className="block text-sm text-brand-grey-light">{formatNumber(p75.visits)} views</span>
    </td>
  );
}

function VitalsTable({ days, summary }: { days: number; summary: VitalsSummary }) {
  const rows = PAGE_TYPES.flatMap((pageType) =>
    DEVICE_CLASSES.flatMap((device) =>
      summary.rows.filter((row) => row.pageType === pageType && row.device === device),
    ),
  );
  const headingId = `vitals-${days}`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-2xl font-bold">
        Last {days} days
      </h2>
      <p className="mt-1 text-sm">
        {formatDate(summary.from)} to {formatDate(summary.to)}, South African days.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3">No visits were measured in these days.</p>
      ) : (
        <ScrollableTable label={`Web vitals, last ${days} days`} spacing="mt-3">
          <table className="w-full min-w-[56rem] border-collapse text-left">
            <caption className="sr-only">
              75th percentile of each vital per page type and device, last {days} days
            </caption>
            <thead>
              <tr className="border-b-2 border-brand-grey">
                <th scope="col" className="px-3 py-2">
                  Page type
                </th>
                <th scope="col" className="px-3 py-2">
                  Device
                </th>
                {VITAL_NAMES.map((name) => (
                  <th scope="col" key={name} className="px-3 py-2">
                    <abbr title={VITALS[name].label}>{name}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.pageType}-${row.device}`} className="border-b border-gray-300 align-top">
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {PAGE_TYPE_LABELS[row.pageType] ?? row.pageType}
                  </th>
                  <td className="px-3 py-2">{row.device === "mobile" ? "Mobile" : "Desktop"}</td>
                  {VITAL_NAMES.map((name) => (
                    <VitalCell key={name} name={name} p75={row.vitals[name]} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
    </section>
  );
}

export default function WebVitals({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold">Web vitals</h1>
      <p className="mt-2 max-w-3xl">
        How fast the public pages are for real visitors: the 75th percentile (p75) of each Core Web Vital, per page type
        and device, as their browsers measured it. Three in four page views were at least this fast. Values are read
        from value ranges, so each is an upper bound (≤). Counts are added up about once a minute.
      </p>
      <h2 className="mt-6 text-xl font-bold">Google's thresholds</h2>
      <table className="mt-2 border-collapse text-left">
        <caption className="sr-only">Thresholds for good and poor</caption>
        <thead>
          <tr className="border-b-2 border-brand-grey">
            <th scope="col" className="px-3 py-1">
              Vital
            </th>
            <th scope="col" className="px-3 py-1">
              Good up to
            </th>
            <th scope="col" className="px-3 py-1">
              Poor above
            </th>
          </tr>
        </thead>
        <tbody>
          {VITAL_NAMES.map((name) => (
            <tr key={name} className="border-b border-gray-300">
              <th scope="row" className="px-3 py-1 font-semibold">
                {VITALS[name].label} ({name})
              </th>
              <td className="px-3 py-1">{formatVital(name, VITALS[name].good)}</td>
              <td className="px-3 py-1">{formatVital(name, VITALS[name].poor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {loaderData.windows.map(({ days, summary }) => (
        <VitalsTable key={days} days={days} summary={summary} />
      ))}
    </>
  );
}
