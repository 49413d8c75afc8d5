import { colourLabel, type RangeOption } from "../../../core/inventory/used-facets.ts";
import type { UsedFilters } from "../../../core/inventory/used-vehicles.server.ts";
import type { ListingState } from "../../lib/used-listing.ts";
import { StateSelect } from "./state-select.tsx";
import { formatNumber } from "../../../core/shared/format.ts";

const count = formatNumber;
const rand = (n: number) => `R ${formatNumber(n)}`;
const km = (n: number) => `${formatNumber(n)} km`;

const SELECT_CLASS = "mt-1 block min-h-11 w-full rounded border border-gray-400 bg-white px-2";

/**
 * The refinements (`UsedRefinements`) in the listing's filter form: keywords, price, year and mileage ranges, and option
 * groups for body type, colour, province and dealer, each option with how many vehicles it would give.
 * Field names are the API's (price[gte], bodyType...), so the form's query string is the listing's URL.
 */
export function RefineFields({
  state,
  filters,
  dealerSlug,
}: {
  state: ListingState;
  filters: UsedFilters;
  dealerSlug: string | null;
}) {
  return (
    <>
      <div>
        <label htmlFor="used-keywords" className="mb-1 block font-semibold">
          Keywords
        </label>
        <input
          id="used-keywords"
          type="search"
          name="q"
          defaultValue={state.keywords ?? ""}
          maxLength={100}
          placeholder="e.g. jazz auto"
          className="block min-h-11 w-full rounded border border-gray-400 bg-white px-2"
        />
      </div>
      <fieldset>
        <legend className="mb-2 font-semibold">Price</legend>
        <div className="grid grid-cols-2 gap-2">
          <RangeSelect
            id="used-price-min"
            label="From"
            name="price[gte]"
            value={state.priceMin}
            options={filters.priceMin}
            format={rand}
          />
          <RangeSelect
            id="used-price-max"
            label="To"
            name="price[lte]"
            value={state.priceMax}
            options={filters.priceMax}
            format={rand}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold">Year</legend>
        <div className="grid grid-cols-2 gap-2">
          <RangeSelect
            id="used-year-min"
            label="From"
            name="year[gte]"
            value={state.yearMin}
            options={[...filters.yearMin].reverse()}
            format={String}
          />
          <RangeSelect
            id="used-year-max"
            label="To"
            name="year[lte]"
            value={state.yearMax}
            options={filters.yearMax}
            format={String}
          />
        </div>
      </fieldset>
      <RangeSelect
        id="used-mileage-max"
        label="Mileage up to"
        name="mileage[lte]"
        value={state.mileageMax}
        options={filters.mileageMax}
        format={km}
        bold
      />
      <OptionGroup
        name="bodyType"
        legend="Body type"
        chosen={state.bodyTypes}
        options={filters.bodyTypes
          .filter((o) => o.count > 0 || state.bodyTypes?.includes(o.value as never))
          .map((o) => ({ ...o, label: o.value }))}
      />
      <OptionGroup
        name="colour"
        legend="Colour"
        chosen={state.colours}
        options={withChosen(filters.colours, state.colours).map((o) => ({ ...o, label: colourLabel(o.value) }))}
      />
      {!dealerSlug && (
        <>
          <OptionGroup
            name="province"
            legend="Province"
            chosen={state.provinces}
            options={filters.provinces
              .filter((o) => o.count > 0 || state.provinces?.includes(o.value as never))
              .map((o) => ({ ...o, label: o.value }))}
          />
          <OptionGroup
            name="dealer[]"
            legend="Dealer"
            chosen={state.dealerSlugs}
            options={withChosen(
              filters.dealers.map((d) => ({ value: d.slug, count: d.count, name: d.name })),
              state.dealerSlugs,
            ).map((o) => ({ ...o, label: "name" in o ? String(o.name) : o.value }))}
          />
        </>
      )}
    </>
  );
}

function RangeSelect({
  id,
  label,
  name,
  value,
  options,
  format,
  bold = false,
}: {
  id: string;
  label: string;
  name: string;
  value: number | undefined;
  options: RangeOption[];
  format: (n: number) => string;
  bold?: boolean;
}) {
  const shown =
    value === undefined || options.some((o) => o.value === value) ? options : [...options, { value, count: 0 }];
  return (
    <div>
      <label htmlFor={id} className={bold ? "mb-1 block font-semibold" : "block text-sm"}>
        {label}
      </label>
      <StateSelect id={id} name={name} value={value === undefined ? "" : String(value)} className={SELECT_CLASS}>
        <option value="">Any</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {`${format(option.value)} (${count(option.count)})`}
          </option>
        ))}
      </StateSelect>
    </div>
  );
}

/** A checkbox group with 'Any', by the same rules as the groups of product.md §4 (see filter-panel.tsx). */
function OptionGroup({
  name,
  legend,
  chosen = [],
  options,
}: {
  name: string;
  legend: string;
  chosen?: readonly string[];
  options: { value: string; label: string; count: number }[];
}) {
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{legend}</legend>
      <ul className="space-y-1">
        <li>
          <label className="flex min-h-11 items-center gap-3 md:min-h-8">
            <input
              type="checkbox"
              name={chosen.length > 0 ? name : undefined}
              value="Any"
              data-group={name}
              data-any="true"
              defaultChecked={chosen.length === 0}
              className="size-5 accent-brand-red"
            />
            Any
          </label>
        </li>
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex min-h-11 items-center gap-3 md:min-h-8">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                data-group={name}
                defaultChecked={chosen.includes(option.value)}
                className="size-5 accent-brand-red"
              />
              <span>
                {`${option.label} `}
                <span className="text-brand-grey-light">{`(${count(option.count)})`}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The options with vehicles, and the chosen ones even when the other filters leave them none. */
function withChosen<T extends { value: string; count: number }>(
  options: T[],
  chosen: readonly string[] | undefined,
): (T | { value: string; count: number })[] {
  const shown: (T | { value: string; count: number })[] = options.filter((o) => o.count > 0);
  for (const value of chosen ?? []) if (!shown.some((o) => o.value === value)) shown.push({ value, count: 0 });
  return shown;
}
