import { pageUrlOf } from "../../../framework/data-requests.ts";
import { data, Form, Link, redirect } from "react-router";
import {
  changeStockPrice,
  getStockVehicle,
  listStock,
  markStockSold,
  STOCK_PAGE_SIZE,
  stockDealers,
  type StockListQuery,
  type StockWriteResult,
} from "../../../../core/inventory/stock-admin.server.ts";
import { STOCK_STATUSES, type StockStatus } from "../../../../core/inventory/stock-schema.ts";
import { formatKm, formatNumber, formatRand } from "../../../../core/shared/format.ts";
import { StaffAccessDenied, type StaffActor } from "../../../../core/staff/roles.ts";
import { CheckboxField, Field } from "../../../components/field.tsx";
import { Select } from "../../../components/staff/fields.tsx";
import {
  buttonClass,
  ErrorSummary,
  inputClass,
  Notice,
  secondaryButtonClass,
  staffLook,
} from "../../../components/staff/form.tsx";
import {
  quickPriceForm,
  STOCK_NOTICE,
  StockQuickChanges,
  useFocusOnChangedRow,
  vehicleRowId,
} from "../../../components/staff/stock-quick-changes.tsx";
import { field, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { type AppContext, appContext } from "../../../load-context.ts";
import type { Route } from "./+types/list";

/**
 * /staff/stock: the used stock the signed-in person may see, searched, filtered and paged by a plain GET form;
 * each row changes its price or is marked sold by a small form of its own (the action below).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  const params = pageUrlOf(request).searchParams;
  try {
    const dealers = await stockDealers(context.get(appContext).db, actor);
    const dealer = dealers.find((d) => d.slug === params.get("dealer"));
    const status = STOCK_STATUSES.find((s) => s === params.get("status"));
    const withoutPhotos = params.get("photos") === "none";
    const page = /^\d{1,6}$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
    const query: StockListQuery = {
      search: params.get("q")?.slice(0, 100) ?? "",
      status,
      dealerId: dealer?.id,
      withoutPhotos,
      page,
    };
    const { items, total } = await listStock(context.get(appContext).db, actor, query);
    return {
      csrfToken,
      items,
      total,
      pages: Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE)),
      dealers: dealers.map(({ slug, name }) => ({ slug, name })),
      filters: {
        q: query.search ?? "",
        status: status ?? "",
        dealer: dealer?.slug ?? "",
        photos: withoutPhotos ? "none" : "",
        page,
      },
      notice: await noticeFor(context.get(appContext).db, actor, params),
    };
  } catch (error) {
    staffFailure(error);
  }
}

/** What the last change did, by the `done` (and `vehicle`) the page was sent back with. */
async function noticeFor(db: AppContext["db"], actor: StaffActor, params: URLSearchParams) {
  const done = params.get("done");
  if (done === "created") return { text: "Vehicle added.", vehicleId: null };
  if (done !== "priced" && done !== "sold") return null;
  const id = vehicleId(params.get("vehicle") ?? "");
  // A vehicle the person may not see (an address edited by hand) gets no notice, not a refusal of the list.
  const vehicle = await getStockVehicle(db, actor, id).catch((error: unknown) => {
    if (error instanceof StaffAccessDenied) return null;
    throw error;
  });
  if (!vehicle) return null;
  const { year, make, model, variant } = vehicle.values;
  const name = `${year} ${make} ${model} ${variant}`;
  const text =
    done === "priced"
      ? `${name}: the price is now ${formatRand(Number(vehicle.values.price))}.`
      : `${name}: marked sold. It has left the public site and the channels' files.`;
  return { text, vehicleId: id };
}

const vehicleId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/**
 * A row's quick change: a new price (intent "price") or Sold (intent "sold"). Done, the list comes back (its
 * filters kept, at its first page, where the changed vehicle now is) with a notice and the row's id as fragment;
 * a refused price answers 422 with the list and the price's problem on its row.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const id = vehicleId(field(form, "vehicle"));
  const intent = field(form, "intent");
  let result: StockWriteResult;
  try {
    if (intent === "price")
      result = await changeStockPrice(context.get(appContext).db, actor, id, field(form, "price"));
    else if (intent === "sold") result = await markStockSold(context.get(appContext).db, actor, id);
    else throw data("Unknown action", { status: 400 });
  } catch (error) {
    staffFailure(error);
  }
  if (!result.ok) {
    const error = result.violations.map((violation) => violation.message).join(" ");
    return data({ refused: { vehicleId: id, value: field(form, "price"), error } }, { status: 422 });
  }
  const back = pageUrlOf(request).searchParams;
  back.delete("page");
  back.set("done", intent === "price" ? "priced" : "sold");
  back.set("vehicle", String(id));
  return redirect(`/staff/stock?${back}#${vehicleRowId(id)}`);
}

export const meta = () => [{ title: `Used stock${STAFF_TITLE_SUFFIX}` }];

export default function StockList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, pages, dealers, filters, notice, csrfToken } = loaderData;
  const refused = actionData?.refused;
  const refusedItem = refused ? items.find((item) => item.id === refused.vehicleId) : undefined;
  const pageHref = (page: number) => `?${new URLSearchParams({ ...filters, page: String(page) })}`;
  useFocusOnChangedRow();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Used stock</h1>
        <Link to="/staff/stock/new" className={buttonClass}>
          Add a vehicle
        </Link>
      </div>
      <div id={STOCK_NOTICE} tabIndex={-1} className="mt-4 outline-none">
        <Notice>
          {notice ? (
            <>
              {notice.text}
              {notice.vehicleId ? (
                <>
                  {" "}
                  <Link to={`/staff/stock/${notice.vehicleId}`} className="underline">
                    Open the vehicle
                  </Link>
                </>
              ) : null}
            </>
          ) : null}
        </Notice>
      </div>
      {refused ? (
        <div className="mt-4">
          <ErrorSummary
            form={quickPriceForm(refused.vehicleId)}
            errors={{ price: refused.error }}
            fieldLabels={{ price: refusedItem ? `Price of the ${refusedItem.title} ${refusedItem.variant}` : "Price" }}
          />
        </div>
      ) : null}
      <StockFilters dealers={dealers} filters={filters} />
      <p className="mt-6 font-semibold" role="status">
        {formatNumber(total)} {total === 1 ? "vehicle" : "vehicles"}
      </p>
      {items.length > 0 ? (
        <ul className="mt-3 divide-y divide-gray-300 border-y border-gray-300" aria-label="Vehicles">
          {items.map((item) => (
            <StockRow
              key={`${item.id}-${item.price}-${item.status}`}
              item={item}
              csrfToken={csrfToken}
              refused={refused?.vehicleId === item.id ? refused : undefined}
            />
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

type LoaderData = Route.ComponentProps["loaderData"];

function StockRow({
  item,
  csrfToken,
  refused,
}: {
  item: LoaderData["items"][number];
  csrfToken: string;
  refused?: { value: string; error: string };
}) {
  return (
    <li
      id={vehicleRowId(item.id)}
      tabIndex={-1}
      className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2 py-3 focus-visible:outline-2 focus-visible:outline-brand-red"
    >
      <div>
        <Link to={`/staff/stock/${item.id}`} className="font-semibold text-brand-red underline">
          {item.title} {item.variant}
        </Link>
        <p className="text-sm">
          {item.stockNumber ? `Stock number ${item.stockNumber} · ` : ""}
          {formatKm(item.mileageKm)} · {item.dealerName} · {item.photos === 1 ? "1 photo" : `${item.photos} photos`}
        </p>
      </div>
      <div className="grid justify-items-start gap-2 sm:justify-items-end">
        <p className="flex items-baseline gap-4">
          <StatusLabel status={item.status} />
          <span className="font-bold">{formatRand(item.price)}</span>
        </p>
        <StockQuickChanges
          vehicleId={item.id}
          title={`${item.title} ${item.variant}`}
          price={item.price}
          sold={item.status === "Sold"}
          csrfToken={csrfToken}
          refused={refused}
        />
      </div>
    </li>
  );
}

function StockFilters({ dealers, filters }: Pick<LoaderData, "dealers" | "filters">) {
  return (
    <Form
      method="get"
      className="mt-6 grid gap-4 rounded border border-gray-300 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      role="search"
      aria-label="Find vehicles"
    >
      <Field
        id="stock-q"
        label="Search"
        hint="Make, model, variant, stock number or VIN"
        look={staffLook}
        hintAfterControl
      >
        {(control) => <input {...control} name="q" type="search" defaultValue={filters.q} className={inputClass} />}
      </Field>
      <Select
        form="stock"
        name="status"
        label="Status"
        defaultValue={filters.status}
        placeholder="Any status"
        options={STOCK_STATUSES.map((status) => ({ value: status, label: status }))}
      />
      {dealers.length > 1 ? (
        <Select
          form="stock"
          name="dealer"
          label="Dealer"
          defaultValue={filters.dealer}
          placeholder="All dealers"
          options={dealers.map((dealer) => ({ value: dealer.slug, label: dealer.name }))}
        />
      ) : null}
      <CheckboxField
        id="stock-photos"
        label="Only vehicles in stock without photos"
        look={staffLook}
        rowClassName="flex items-center gap-2"
      >
        {(control) => (
          <input
            {...control}
            name="photos"
            type="checkbox"
            value="none"
            defaultChecked={filters.photos === "none"}
            className="size-6"
          />
        )}
      </CheckboxField>
      <div>
        <button type="submit" className={secondaryButtonClass}>
          Show vehicles
        </button>
      </div>
    </Form>
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
