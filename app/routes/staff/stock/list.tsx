import { Form, Link } from "react-router";
import {
  listStock,
  STOCK_PAGE_SIZE,
  stockDealers,
  type StockListQuery,
} from "../../../../core/inventory/stock-admin.ts";
import { STOCK_STATUSES, type StockStatus } from "../../../../core/inventory/stock-schema.ts";
import { formatKm, formatNumber, formatRand } from "../../../../core/shared/format.ts";
import { buttonClass, inputClass, labelClass, Notice, secondaryButtonClass } from "../../../components/staff/form.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/list";

/** /staff/stock: the used stock the signed-in person may see, searched, filtered and paged by a plain GET form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  try {
    const dealers = await stockDealers(context.db, actor);
    const dealer = dealers.find((d) => d.slug === params.get("dealer"));
    const status = STOCK_STATUSES.find((s) => s === params.get("status"));
    const page = /^\d{1,6}$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
    const query: StockListQuery = { search: params.get("q")?.slice(0, 100) ?? "", status, dealerId: dealer?.id, page };
    const { items, total } = await listStock(context.db, actor, query);
    return {
      items,
      total,
      pages: Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE)),
      dealers: dealers.map(({ slug, name }) => ({ slug, name })),
      filters: { q: query.search ?? "", status: status ?? "", dealer: dealer?.slug ?? "", page },
      notice: noticeFor(params.get("done")),
    };
  } catch (error) {
    staffFailure(error);
  }
}

function noticeFor(done: string | null): string | null {
  if (done === "created") return "Vehicle added.";
  return null;
}

export const meta = () => [{ title: `Used stock${STAFF_TITLE_SUFFIX}` }];

export default function StockList({ loaderData }: Route.ComponentProps) {
  const { items, total, pages, dealers, filters, notice } = loaderData;
  const pageHref = (page: number) => `?${new URLSearchParams({ ...filters, page: String(page) })}`;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Used stock</h1>
        <Link to="/staff/stock/new" className={buttonClass}>
          Add a vehicle
        </Link>
      </div>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <Form
        method="get"
        className="mt-6 grid gap-4 rounded border border-gray-300 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        role="search"
        aria-label="Find vehicles"
      >
        <div>
          <label htmlFor="stock-q" className={labelClass}>
            Search
          </label>
          <input
            id="stock-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            className={inputClass}
            aria-describedby="stock-q-hint"
          />
          <p id="stock-q-hint" className="text-sm text-brand-grey-light">
            Make, model, variant, stock number or VIN
          </p>
        </div>
        <div>
          <label htmlFor="stock-status" className={labelClass}>
            Status
          </label>
          <select id="stock-status" name="status" defaultValue={filters.status} className={inputClass}>
            <option value="">Any status</option>
            {STOCK_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
        {dealers.length > 1 ? (
          <div>
            <label htmlFor="stock-dealer" className={labelClass}>
              Dealer
            </label>
            <select id="stock-dealer" name="dealer" defaultValue={filters.dealer} className={inputClass}>
              <option value="">All dealers</option>
              {dealers.map((dealer) => (
                <option key={dealer.slug} value={dealer.slug}>
                  {dealer.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <button type="submit" className={secondaryButtonClass}>
            Show vehicles
          </button>
        </div>
      </Form>
      <p className="mt-6 font-semibold" role="status">
        {formatNumber(total)} {total === 1 ? "vehicle" : "vehicles"}
      </p>
      {items.length > 0 ? (
        <ul className="mt-3 divide-y divide-gray-300 border-y border-gray-300" aria-label="Vehicles">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3">
              <div>
                <Link to={`/staff/stock/${item.id}`} className="font-semibold text-brand-red underline">
                  {item.title} {item.variant}
                </Link>
                <p className="text-sm">
                  {item.stockNumber ? `Stock number ${item.stockNumber} · ` : ""}
                  {formatKm(item.mileageKm)} · {item.dealerName} ·{" "}
                  {item.photos === 1 ? "1 photo" : `${item.photos} photos`}
                </p>
              </div>
              <p className="flex items-baseline gap-4">
                <StatusLabel status={item.status} />
                <span className="font-bold">{formatRand(item.price)}</span>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3">No vehicles match. Try fewer words or another status.</p>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-4">
          {filters.page > 1 ? (
            <Link to={pageHref(filters.page - 1)} className={secondaryButtonClass}>
              Previous page
            </Link>
          ) : null}
          <p>
            Page {filters.page} of {pages}
          </p>
          {filters.page < pages ? (
            <Link to={pageHref(filters.page + 1)} className={secondaryButtonClass}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

const STATUS_STYLE: Record<StockStatus, string> = {
  Draft: "border-gray-600 text-brand-grey",
  Available: "border-green-800 text-green-900",
  Reserved: "border-amber-800 text-amber-900",
  Sold: "border-brand-grey text-brand-grey",
};

function StatusLabel({ status }: { status: StockStatus }) {
  return <span className={`rounded border px-2 text-sm font-semibold ${STATUS_STYLE[status]}`}>{status}</span>;
}
