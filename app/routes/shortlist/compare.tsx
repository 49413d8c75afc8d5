import { useEffect } from "react";
import { data, Form, Link, useNavigate } from "react-router";
import { isProvince, provinceDistanceKm } from "../../../core/dealers/province-distance.ts";
import { parseIdList } from "../../../core/inventory/id-list.ts";
import { PROVINCES } from "../../../core/inventory/used-query.ts";
import { type UsedVehicleView } from "../../../core/inventory/used-vehicles.ts";
import { formatKm, formatRand } from "../../../core/shared/format.ts";
import { useHydrated } from "../../components/dialog.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { idsQuery, useShortlist } from "../../lib/shortlist.ts";
import type { Route } from "./+types/compare";

/**
 * /compare?ids=a,b,c (&from=Province): up to three used vehicles side by side, rendered on the server from
 * the URL (shareable, printable, no JavaScript needed); rows whose values differ are highlighted.
 */
const MAX_COMPARED = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ids = parseIdList(url.searchParams.get("ids"), MAX_COMPARED);
  if (!ids.ok) throw data(`ids ${ids.violations[0]!.message}`, { status: 400 });
  const from = url.searchParams.get("from");
  return { ids: ids.value, vehicles: await context.usedStock.vehicles(ids.value), from: isProvince(from) ? from : null };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Compare vehicles | Honda Dealer Group", description: "Used and demo vehicles side by side.", noindex: true });
}

type Row = { label: string; value: (v: UsedVehicleView) => string };

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { ids, vehicles, from } = loaderData;
  const compare = useShortlist("compare");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    if (hydrated && ids.length === 0 && compare.list.length > 0) void navigate(`/compare${idsQuery(compare.list)}`, { replace: true });
  }, [hydrated, ids.length, compare.list, navigate]);
  const rows: Row[] = [
    { label: "Price", value: (v) => formatRand(v.price) },
    { label: "Estimated instalment", value: (v) => `${formatRand(v.installment)} p/m` },
    { label: "Year", value: (v) => String(v.year) },
    { label: "Mileage", value: (v) => formatKm(v.mileage.value) },
    { label: "Gearbox", value: (v) => v.transmission },
    { label: "Fuel", value: (v) => v.fuel_type },
    { label: "Power", value: () => "Not listed for used vehicles" },
    { label: "Body type", value: (v) => v.body_type },
    { label: "Colour", value: (v) => v.exterior_color },
    { label: "Condition", value: (v) => v.state_of_vehicle },
    { label: "Dealer", value: (v) => `${v.dealer_name}, ${v.dealer_province}` },
    ...(from
      ? [{ label: `Distance from ${from}`, value: (v: UsedVehicleView) => (isProvince(v.dealer_province) ? distanceText(from, v.dealer_province) : "Unknown") }]
      : []),
  ];
  const without = (id: number) => `/compare${idsQuery(vehicles.filter((v) => v.id !== id))}${from ? `${vehicles.length > 1 ? "&" : "?"}from=${encodeURIComponent(from)}` : ""}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Compare vehicles</h1>
        {hydrated && vehicles.length > 0 && (
          <button type="button" onClick={() => window.print()} className="min-h-11 rounded border border-brand-grey px-4 font-semibold print:hidden">
            Print
          </button>
        )}
      </div>
      {vehicles.length === 0 ? (
        <p className="mt-4 text-lg">
          Nothing to compare yet. Press <strong>Compare</strong> on up to {MAX_COMPARED}{" "}
          <Link to="/used" className="font-semibold text-brand-red underline">
            used or demo vehicles
          </Link>
          .
        </p>
      ) : (
        <>
          {ids.length > vehicles.length && <p className="mt-2">{ids.length - vehicles.length} of the vehicles you picked have been sold.</p>}
          <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
            <input type="hidden" name="ids" value={vehicles.map((v) => v.id).join(",")} />
            <div>
              <label htmlFor="compare-from" className="block font-semibold">
                Your province
              </label>
              <select id="compare-from" name="from" defaultValue={from ?? ""} className="mt-1 min-h-11 rounded border border-gray-400 bg-white px-2">
                <option value="">Choose</option>
                {PROVINCES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="min-h-11 rounded border border-brand-grey px-4 font-semibold">
              Show distances
            </button>
          </Form>
          <div className="mt-6 overflow-x-auto">
            <table className="w-full min-w-[36rem] border-collapse text-left">
              <caption className="sr-only">The vehicles side by side; rows marked “differs” have different values.</caption>
              <thead>
                <tr>
                  <td />
                  {vehicles.map((v) => (
                    <th key={v.id} scope="col" className="p-3 align-top">
                      <img src={v.image.uri} alt="" width={320} height={200} className="aspect-[8/5] h-auto w-full rounded object-cover" />
                      <Link to={v.uri} className="mt-2 block font-semibold underline">
                        {v.year} {v.make} {v.model}
                      </Link>
                      <span className="block text-sm font-normal">{v.variant}</span>
                      <Link to={without(v.id)} className="mt-1 inline-block text-sm font-normal text-brand-red underline print:hidden" aria-label={`Remove ${v.year} ${v.make} ${v.model} from the comparison`}>
                        Remove
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const values = vehicles.map(row.value);
                  const differs = vehicles.length > 1 && new Set(values).size > 1;
                  return (
                    <tr key={row.label} className={`border-t border-gray-200 ${differs ? "bg-amber-50" : ""}`}>
                      <th scope="row" className="p-3 font-semibold">
                        {row.label}
                        {differs && <span className="ml-2 rounded bg-amber-200 px-1 text-xs font-bold uppercase">differs</span>}
                      </th>
                      {values.map((value, i) => (
                        <td key={vehicles[i]!.id} className={`p-3 ${differs ? "font-semibold" : ""}`}>
                          {value}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

function distanceText(from: Parameters<typeof provinceDistanceKm>[0], to: Parameters<typeof provinceDistanceKm>[1]): string {
  const km = provinceDistanceKm(from, to);
  return km === 0 ? "In your province" : `About ${formatKm(km)}`;
}
