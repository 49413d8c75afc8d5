import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { useEffect } from "react";
import { data, Form, Link, useNavigate } from "react-router";
import { findRangeVariants, type RangeVariantView } from "../../../core/catalogue/ranges.server.ts";
import { variantKey } from "../../../core/catalogue/variant-keys.ts";
import { isProvince, provinceDistanceKm } from "../../../core/dealers/province-distance.ts";
import { MAX_COMPARED, parseCompareSelection } from "../../../core/inventory/compare-selection.ts";
import { PROVINCES, type Province } from "../../../core/inventory/used-query.ts";
import type { UsedVehicleView } from "../../../core/inventory/used-vehicles.server.ts";
import { monthlyRepayment } from "../../../core/finance/repayment.ts";
import { formatKm, formatRand, horsepower } from "../../../core/shared/format.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { pageMeta } from "../../lib/meta.ts";
import { compareQuery, useShortlist } from "../../lib/shortlist.ts";
import type { Route } from "./+types/compare";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/**
 * /compare?ids=a,b&variants=make.model.variant (&from=Province): up to three used vehicles and new models
 * side by side, rendered on the server from the URL (shareable, printable, no JavaScript needed); rows whose
 * values differ are highlighted. A row that does not apply to a column (mileage of a new car, power of a used
 * one) shows a dash in it, so every column has every row (decision 038).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrlOf(request);
  const selection = parseCompareSelection(url.searchParams);
  if (!selection.ok)
    throw data(`${selection.violations[0]!.propertyPath} ${selection.violations[0]!.message}`, { status: 400 });
  const { ids, variants } = selection.value;
  const [vehicles, models] = await Promise.all([
    context.get(appContext).usedStock.vehicles(ids),
    findRangeVariants(context.get(appContext).readModels, variants),
  ]);
  const from = url.searchParams.get("from");
  return {
    asked: { used: ids.length, variants: variants.length },
    vehicles,
    variants: models.map(newVariantColumn),
    from: isProvince(from) ? from : null,
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Compare vehicles | Honda Dealer Group",
    description: "Used vehicles and new models side by side.",
    noindex: true,
  });
}

/** What a column needs of a new variant: the loader sends only this, not the model's gallery and colours. */
type NewVariantColumn = Pick<
  RangeVariantView,
  | "make"
  | "model"
  | "variant"
  | "modelPrice"
  | "power"
  | "torque"
  | "transmission"
  | "transmission_type"
  | "type"
  | "mainImage"
  | "minPrice"
> & {
  key: string;
  uri: string;
  colours: number;
};

function newVariantColumn(v: RangeVariantView): NewVariantColumn {
  const base = v.type === "car" ? "/new" : "/honda-wing";
  return {
    make: v.make,
    model: v.model,
    variant: v.variant,
    modelPrice: v.modelPrice,
    minPrice: v.minPrice,
    power: v.power,
    torque: v.torque,
    transmission: v.transmission,
    transmission_type: v.transmission_type,
    type: v.type,
    mainImage: v.mainImage,
    key: variantKey(v),
    uri: `${base}/${v.make_slug}/${v.model_slug}?variant=${encodeURIComponent(v.variant_slug)}`,
    colours: v.color.length,
  };
}

/** One compared vehicle, used or new. A value of null does not apply to it (shown as a dash). */
type Column = {
  key: string;
  title: string;
  subtitle: string;
  image: string;
  uri: string;
  values: Record<RowLabel, string | null>;
  province: string | null;
  remove: { ids?: number; variants?: string };
};

const ROWS = [
  "Price",
  "Estimated instalment",
  "Condition",
  "Year",
  "Mileage",
  "Gearbox",
  "Fuel",
  "Power",
  "Torque",
  "Body type",
  "Colour",
  "Range",
  "Dealer",
] as const;
type RowLabel = (typeof ROWS)[number];

function usedColumn(v: UsedVehicleView): Column {
  return {
    key: `used-${v.id}`,
    title: `${v.year} ${v.make} ${v.model}`,
    subtitle: v.variant,
    image: v.image.uri,
    uri: v.uri,
    province: v.dealer_province,
    remove: { ids: v.id },
    values: {
      Price: formatRand(v.price),
      "Estimated instalment": `${formatRand(v.installment)} p/m`,
      Condition: v.state_of_vehicle,
      Year: String(v.year),
      Mileage: formatKm(v.mileage.value),
      Gearbox: v.transmission,
      Fuel: v.fuel_type,
      Power: null,
      Torque: null,
      "Body type": v.body_type,
      Colour: v.exterior_color,
      Range: null,
      Dealer: `${v.dealer_name}, ${v.dealer_province}`,
    },
  };
}

function newColumn(v: NewVariantColumn): Column {
  return {
    key: `new-${v.key}`,
    title: `New ${v.make} ${v.model}`,
    subtitle: v.variant,
    image: v.mainImage,
    uri: v.uri,
    province: null,
    remove: { variants: v.key },
    values: {
      Price: formatRand(v.modelPrice),
      "Estimated instalment": `${formatRand(monthlyRepayment({ price: v.modelPrice }))} p/m`,
      Condition: "New",
      Year: null,
      Mileage: null,
      Gearbox: gearboxText(v),
      Fuel: null,
      Power: `${v.power} kW / ${horsepower(v.power)} HP`,
      Torque: `${v.torque} Nm`,
      "Body type": v.type === "motorcycle" ? "Motorcycle" : null,
      Colour: `${v.colours} to choose from`,
      Range: `${v.make} ${v.model} ${v.type === "car" ? "cars" : "motorcycles"}, from ${formatRand(v.minPrice)}`,
      Dealer: null,
    },
  };
}

type CompareProps = Pick<Route.ComponentProps["loaderData"], "vehicles" | "variants" | "from">;

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { asked, vehicles, variants, from } = loaderData;
  const compare = useShortlist("compare");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const nothingAsked = asked.used + asked.variants === 0;
  // Opened without ids (a bookmark, the header link): show this browser's compare list.
  useEffect(() => {
    if (hydrated && nothingAsked && compare.list.length > 0)
      void navigate(`/compare${compareQuery(compare.list)}`, { replace: true });
  }, [hydrated, nothingAsked, compare.list, navigate]);
  const columns = [...vehicles.map(usedColumn), ...variants.map(newColumn)];
  const sold = asked.used - vehicles.length;
  const withdrawn = asked.variants - variants.length;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Compare vehicles</h1>
        {hydrated && columns.length > 0 && (
          <button
            type="button"
            onClick={() => window.print()}
            className="min-h-11 rounded border border-brand-grey px-4 font-semibold print:hidden"
          >
            Print
          </button>
        )}
      </div>
      {sold > 0 && <p className="mt-2">{sold} of the used vehicles you picked have been sold.</p>}
      {withdrawn > 0 && <p className="mt-2">{withdrawn} of the new models you picked are no longer available.</p>}
      {columns.length === 0 ? (
        <NothingToCompare />
      ) : (
        <>
          {vehicles.length > 0 && <ProvinceChoice vehicles={vehicles} variants={variants} from={from} />}
          <CompareTable columns={columns} vehicles={vehicles} variants={variants} from={from} />
        </>
      )}
    </div>
  );
}

/** The empty comparison: where to pick vehicles from. */
function NothingToCompare() {
  return (
    <p className="mt-4 text-lg">
      Nothing to compare yet. Press <strong>Compare</strong> on up to {MAX_COMPARED}{" "}
      <Link to="/used" className="font-semibold text-brand-red underline">
        used or demo vehicles
      </Link>{" "}
      or{" "}
      <Link to="/new" className="font-semibold text-brand-red underline">
        new models
      </Link>
      .
    </p>
  );
}

/** The buyer's province, for the distance to each used vehicle. */
function ProvinceChoice({ vehicles, variants, from }: CompareProps) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
      <input type="hidden" name="ids" value={vehicles.map((v) => v.id).join(",")} />
      {variants.length > 0 && <input type="hidden" name="variants" value={variants.map((v) => v.key).join(",")} />}
      <div>
        <label htmlFor="compare-from" className="block font-semibold">
          Your province
        </label>
        <select
          id="compare-from"
          name="from"
          defaultValue={from ?? ""}
          className="mt-1 min-h-11 rounded border border-gray-400 bg-white px-2"
        >
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
  );
}

/** The vehicles side by side, a row for each detail, the rows whose values differ marked. */
function CompareTable({ columns, vehicles, variants, from }: CompareProps & { columns: Column[] }) {
  const rows: { label: string; value: (c: Column) => string | null }[] = [
    ...ROWS.map((label) => ({ label, value: (c: Column) => c.values[label] })),
    ...(from
      ? [
          {
            label: `Distance from ${from}`,
            value: (c: Column) => (isProvince(c.province) ? distanceText(from, c.province) : null),
          },
        ]
      : []),
  ];
  const without = (column: Column) => {
    const ids = vehicles.filter((v) => v.id !== column.remove.ids).map((v) => v.id);
    const keys = variants.filter((v) => v.key !== column.remove.variants).map((v) => v.key);
    const params = [
      ids.length > 0 && `ids=${ids.join(",")}`,
      keys.length > 0 && `variants=${keys.join(",")}`,
      from && `from=${encodeURIComponent(from)}`,
    ].filter(Boolean);
    return `/compare${params.length > 0 ? `?${params.join("&")}` : ""}`;
  };
  return (
    // Positioned, so that the table's screen-reader text (absolute) scrolls with it instead of widening the page.
    <div className="relative mt-6 overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left">
        <caption className="sr-only">
          The vehicles side by side; rows marked “differs” have different values; a dash means not listed for that
          vehicle.
        </caption>
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <th key={c.key} scope="col" className="p-3 align-top">
                <img
                  src={c.image}
                  alt=""
                  width={320}
                  height={200}
                  className="aspect-[8/5] h-auto w-full rounded object-cover"
                />
                <Link to={c.uri} className="mt-2 block font-semibold underline">
                  {c.title}
                </Link>
                <span className="block text-sm font-normal">{c.subtitle}</span>
                <Link
                  to={without(c)}
                  className="mt-1 inline-block text-sm font-normal text-brand-red underline print:hidden"
                  aria-label={`Remove ${c.title} ${c.subtitle} from the comparison`}
                >
                  Remove
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const values = columns.map(row.value);
            const differs = columns.length > 1 && new Set(values).size > 1;
            return (
              <tr key={row.label} className={`border-t border-gray-200 ${differs ? "bg-amber-50" : ""}`}>
                <th scope="row" className="p-3 font-semibold">
                  {row.label}
                  {differs && (
                    <span className="ml-2 rounded bg-amber-200 px-1 text-xs font-bold uppercase">differs</span>
                  )}
                </th>
                {values.map((value, i) => (
                  <td key={columns[i]!.key} className={`p-3 ${differs ? "font-semibold" : ""}`}>
                    {value ?? <NotListed />}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A row that does not apply to a vehicle: a dash to the eye, words to a screen reader. */
function NotListed() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not listed</span>
    </>
  );
}

/** "CVT" says less than "Automatic (CVT)"; "6-speed manual" needs no "Manual" before it. */
function gearboxText(v: Pick<NewVariantColumn, "transmission" | "transmission_type">): string {
  return v.transmission.toLowerCase().includes(v.transmission_type.toLowerCase())
    ? v.transmission
    : `${v.transmission_type} (${v.transmission})`;
}

function distanceText(from: Province, to: Province): string {
  const km = provinceDistanceKm(from, to);
  return km === 0 ? "In your province" : `About ${formatKm(km)}`;
}
