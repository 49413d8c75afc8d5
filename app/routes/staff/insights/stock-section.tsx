import { Form, Link } from "react-router";
import type { InsightsReport, StockRow } from "../../../../core/insights/insights.server.ts";
import {
  type InsightsQuery,
  insightsQueryString,
  MANY_VIEWS,
  type StockSort,
  type StockView,
} from "../../../../core/insights/insights-query.ts";
import { formatDate, formatNumber, formatRand, formatWhole } from "../../../../core/shared/format.ts";
import { BarChart } from "../../../components/staff/bar-chart.tsx";
import { Select } from "../../../components/staff/fields.tsx";
import { secondaryButtonClass } from "../../../components/staff/form.tsx";
import { PhoneFold, PhoneLine, wideOnly } from "../../../components/staff/phone-fold.tsx";
import { ScrollableTable } from "../../../components/staff/scrollable-table.tsx";
import { focusOnArrival, KEEP_FOCUS } from "../../../lib/focus-on-navigation.ts";
import { cellClass, CsvLink, headClass, naming, numberClass, STOCK_HEADING } from "./insights-common.tsx";

/** Stock rows shown on the page; the CSV has them all. */
const STOCK_ROWS_SHOWN = 100;

const STOCK_VIEW_LABELS: Record<StockView, string> = {
  all: "All available",
  "over-60": "Over 60 days",
  "over-90": "Over 90 days",
  "viewed-no-lead": `${MANY_VIEWS}+ views, no lead`,
};

/** The stock table's columns; a `wide` one is shown from md up, and on a phone on the vehicle's own line. */
const STOCK_COLUMNS: { sort: StockSort; label: string; numeric?: boolean; wide?: boolean }[] = [
  { sort: "vehicle", label: "Vehicle" },
  { sort: "dealer", label: "Dealer", wide: true },
  { sort: "price", label: "Price", numeric: true, wide: true },
  { sort: "days", label: "Days in stock", numeric: true },
  { sort: "views", label: "Views", numeric: true, wide: true },
  { sort: "viewsPerDay", label: "Views per day", numeric: true, wide: true },
  { sort: "leads", label: "Leads", numeric: true, wide: true },
  { sort: "priceChanges", label: "Price changes", numeric: true, wide: true },
  { sort: "lastPriceChange", label: "Last price change", numeric: true, wide: true },
];

export function StockSection({ report, unfolded }: { report: InsightsReport; unfolded: boolean }) {
  const { query, stock, stockSummary } = report;
  const counts: Record<StockView, number> = {
    all: stockSummary.all,
    "over-60": stockSummary.over60,
    "over-90": stockSummary.over90,
    "viewed-no-lead": stockSummary.viewedNoLead,
  };
  const shown = stock.slice(0, STOCK_ROWS_SHOWN);
  return (
    <section aria-labelledby={STOCK_HEADING} className="mt-10">
      <h2 id={STOCK_HEADING} className="text-2xl font-bold">
        Stock
      </h2>
      <p className="mt-1 max-w-prose text-sm">
        Each available used vehicle: days since it was listed, views of its page and leads about it in the period, and
        its price changes. Sort by a column with its heading.
      </p>
      <nav aria-label="Which stock" className="mt-3">
        <ul className="flex flex-wrap gap-3">
          {(Object.keys(STOCK_VIEW_LABELS) as StockView[]).map((view) => (
            <li key={view}>
              <Link
                to={`?${naming(insightsQueryString(query, { stock: view }), "stock", view)}`}
                state={focusOnArrival(STOCK_HEADING)}
                preventScrollReset
                aria-current={query.stock === view ? "page" : undefined}
                className="inline-block rounded border-2 border-brand-grey px-3 py-1 font-semibold hover:bg-gray-100 aria-[current=page]:bg-brand-grey aria-[current=page]:text-white"
              >
                {`${STOCK_VIEW_LABELS[view]} (${formatWhole(counts[view])})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <BarChart bars={ageBars(report)} title="Available vehicles by days in stock" id="stock-chart" />
        <table className="self-start border-collapse text-sm">
          <caption className="sr-only">Available vehicles by days in stock</caption>
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                Days in stock
              </th>
              <th scope="col" className={`${headClass} text-right`}>
                Vehicles
              </th>
            </tr>
          </thead>
          <tbody>
            {ageBars(report).map((bar) => (
              <tr key={bar.label}>
                <th scope="row" className={`${cellClass} font-normal`}>
                  {bar.label}
                </th>
                <td className={numberClass}>{formatWhole(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {stock.length === 0 ? (
        <p className="mt-4">No vehicles in this view.</p>
      ) : (
        <PhoneFold
          summary={`The ${formatWhole(stock.length)} ${stock.length === 1 ? "vehicle" : "vehicles"}: views, leads and price changes`}
          open={unfolded}
          className="mt-4"
        >
          <p className="text-sm">
            {stock.length > STOCK_ROWS_SHOWN
              ? `The first ${STOCK_ROWS_SHOWN} of ${formatWhole(stock.length)} vehicles; the CSV has them all.`
              : `${formatWhole(stock.length)} vehicles.`}
          </p>
          <StockSortForm query={query} />
          <ScrollableTable label="Stock, figures">
            <table className="w-full border-collapse text-sm md:min-w-[60rem]">
              <caption className="sr-only">
                {STOCK_VIEW_LABELS[query.stock]}: days in stock, views, leads and price changes, sorted by{" "}
                {STOCK_COLUMNS.find((column) => column.sort === query.sort)?.label.toLowerCase()}
                {query.dir === "asc" ? ", ascending" : ", descending"}
              </caption>
              <thead>
                <tr>
                  {STOCK_COLUMNS.map((column) => (
                    <SortHeader key={column.sort} column={column} query={query} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <StockLine key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </ScrollableTable>
        </PhoneFold>
      )}
      <CsvLink query={query} table="stock" label="the stock table" />
    </section>
  );
}

/**
 * The stock table's order as a form, on a phone, where the headings of the columns it has no room for are not
 * shown; from md up each column's heading sorts by it.
 */
function StockSortForm({ query }: { query: InsightsQuery }) {
  const kept = [...new URLSearchParams(insightsQueryString(query))].filter(
    ([name]) => name !== "sort" && name !== "dir",
  );
  return (
    <Form
      method="get"
      state={KEEP_FOCUS}
      preventScrollReset
      aria-label="Order of the stock"
      className="mt-2 grid grid-cols-2 items-end gap-3 md:hidden"
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {query.stock === "all" ? <input type="hidden" name="stock" value="all" /> : null}
      <Select
        form="stock-order"
        name="sort"
        label="Sort by"
        defaultValue={query.sort}
        options={STOCK_COLUMNS.map((column) => ({ value: column.sort, label: column.label }))}
      />
      <Select
        form="stock-order"
        name="dir"
        label="Order"
        defaultValue={query.dir}
        options={[
          { value: "desc", label: "Highest first" },
          { value: "asc", label: "Lowest first" },
        ]}
      />
      <div className="col-span-2">
        <button type="submit" className={secondaryButtonClass}>
          Sort
        </button>
      </div>
    </Form>
  );
}

function ageBars({ stockSummary }: InsightsReport): { label: string; value: number }[] {
  return [
    { label: "0 to 30", value: stockSummary.upTo30 },
    { label: "31 to 60", value: stockSummary.from31To60 },
    { label: "61 to 90", value: stockSummary.over60 - stockSummary.over90 },
    { label: "Over 90", value: stockSummary.over90 },
  ];
}

/** A column heading that sorts by its column: descending first, and the other way when it already sorts by it. */
function SortHeader({ column, query }: { column: (typeof STOCK_COLUMNS)[number]; query: InsightsQuery }) {
  const current = query.sort === column.sort;
  const next = current && query.dir === "desc" ? "asc" : "desc";
  return (
    <th
      scope="col"
      aria-sort={current ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      className={`${headClass} ${column.numeric ? "text-right" : ""} ${column.wide ? wideOnly : ""}`}
    >
      <Link
        to={`?${naming(insightsQueryString(query, { sort: column.sort, dir: next }), "stock", query.stock)}`}
        state={KEEP_FOCUS}
        preventScrollReset
        className="text-brand-red underline"
      >
        {column.label}
        {current ? <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span> : null}
        <span className="sr-only">{` (sort ${next === "asc" ? "ascending" : "descending"})`}</span>
      </Link>
    </th>
  );
}

function StockLine({ row }: { row: StockRow }) {
  return (
    <tr>
      <td className={cellClass}>
        <Link to={`/staff/stock/${row.id}`} className="text-brand-red underline">
          {row.vehicle}
        </Link>
        {row.stockNumber ? <span className="block text-brand-grey-light">Stock no. {row.stockNumber}</span> : null}
        <PhoneLine
          parts={[
            row.dealerName,
            formatRand(row.price),
            `${formatWhole(row.views)} ${row.views === 1 ? "view" : "views"} (${formatNumber(row.viewsPerDay)} a day)`,
            `${formatWhole(row.leads)} ${row.leads === 1 ? "lead" : "leads"}`,
            ...(row.lastPriceChange
              ? [
                  `${formatWhole(row.priceChanges)} price ${row.priceChanges === 1 ? "change" : "changes"}, last ${formatDate(row.lastPriceChange)}`,
                ]
              : []),
          ]}
        />
      </td>
      <td className={`${cellClass} ${wideOnly}`}>{row.dealerName}</td>
      <td className={`${numberClass} ${wideOnly}`}>{formatRand(row.price)}</td>
      <td className={numberClass}>{formatWhole(row.daysInStock)}</td>
      <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.views)}</td>
      <td className={`${numberClass} ${wideOnly}`}>{formatNumber(row.viewsPerDay)}</td>
      <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.leads)}</td>
      <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.priceChanges)}</td>
      <td className={`${numberClass} ${wideOnly}`}>{row.lastPriceChange ? formatDate(row.lastPriceChange) : "None"}</td>
    </tr>
  );
}
