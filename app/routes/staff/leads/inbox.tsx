import { data, Form, Link } from "react-router";
import { inboxDealers, inboxLeadTypes, listInbox } from "../../../../core/leads/inbox.ts";
import { DELIVERY_STATUSES, filterQuery, type InboxFilter, parseInboxFilter, WORK_STATUSES } from "../../../../core/leads/inbox-filter.ts";
import { buttonClass, errorsByField, ErrorSummary, inputClass, labelClass, secondaryButtonClass } from "../../../components/staff/form.tsx";
import { useAnnouncement } from "../../../lib/announcement.ts";
import { focusOnArrival, KEEP_FOCUS } from "../../../lib/focus-on-navigation.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/inbox";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  const parsed = parseInboxFilter(new URL(request.url).searchParams);
  try {
    const [dealers, leadTypes] = await Promise.all([inboxDealers(context.db, actor), inboxLeadTypes(context.db)]);
    if (!parsed.ok) {
      return data({ dealers, leadTypes, filter: {} as Partial<InboxFilter>, violations: parsed.violations, page: null }, { status: 400 });
    }
    const page = await listInbox(context.db, actor, parsed.value);
    return { dealers, leadTypes, filter: parsed.value as Partial<InboxFilter>, violations: [], page };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Leads${STAFF_TITLE_SUFFIX}` }];

const FIELD_LABELS = { dealer: "Dealer", type: "Lead type", delivery: "Delivery", work: "Work status", from: "Received from", to: "Received until", page: "Page" };

export default function LeadsInbox({ loaderData }: Route.ComponentProps) {
  const { dealers, leadTypes, filter, violations, page } = loaderData;
  const query = filterQuery(filter);
  const errors = errorsByField(violations);
  const announcement = useAnnouncement(page ? resultsText(page) : "", `${query}#${page?.page ?? ""}`);
  return (
    <>
      <h1 className="text-3xl font-bold">Leads</h1>
      <p className="mt-2">
        Enquiries and finance applications, newest first. <Link to="/staff/leads/report" className="font-semibold text-brand-red underline">First response times</Link>
      </p>
      <div className="mt-4">
        <ErrorSummary form="filter" errors={errors} fieldLabels={FIELD_LABELS} />
      </div>
      {/* Apply filters keeps focus on the button; the new count is announced below. */}
      <Form method="get" state={KEEP_FOCUS} preventScrollReset className="mt-4 grid gap-4 rounded border border-gray-300 p-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Filter leads">
        <Choice name="dealer" label="Dealer" value={filter.dealer} options={dealers.map((d) => [d.slug, d.name])} error={errors.dealer} />
        <Choice name="type" label="Lead type" value={filter.type} options={leadTypes.map((t) => [t, t])} error={errors.type} />
        <Choice name="delivery" label="Delivery" value={filter.delivery} options={DELIVERY_STATUSES.map((s) => [s, s])} error={errors.delivery} />
        <Choice name="work" label="Work status" value={filter.work} options={WORK_STATUSES.map((s) => [s, s])} error={errors.work} />
        <DateField name="from" label="Received from" value={filter.from} error={errors.from} />
        <DateField name="to" label="Received until" value={filter.to} error={errors.to} />
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
          <button type="submit" className={buttonClass}>
            Apply filters
          </button>
          <Link to="/staff/leads" className={secondaryButtonClass}>
            Clear filters
          </Link>
          <a href={`/staff/leads/export.csv${query ? `?${query}` : ""}`} className={secondaryButtonClass} download>
            Download CSV
          </a>
        </div>
      </Form>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {page ? <Results page={page} query={query} /> : null}
    </>
  );
}

const RESULTS_HEADING = "results-heading";

function resultsText(page: NonNullable<Route.ComponentProps["loaderData"]["page"]>): string {
  if (page.rows.length === 0) return "No leads match these filters.";
  return `${page.total} lead${page.total === 1 ? "" : "s"}${page.pageCount > 1 ? `, page ${page.page} of ${page.pageCount}` : ""}`;
}

function Results({ page, query }: { page: NonNullable<Route.ComponentProps["loaderData"]["page"]>; query: string }) {
  if (page.rows.length === 0) return <p className="mt-6 text-lg">No leads match these filters.</p>;
  return (
    <section aria-labelledby={RESULTS_HEADING} className="mt-6">
      <h2 id={RESULTS_HEADING} className="text-xl font-bold">
        {resultsText(page)}
      </h2>
      <ul className="mt-3 grid gap-3">
        {page.rows.map((lead) => (
          <li key={lead.id} className="min-w-0 rounded border border-gray-300 p-4 wrap-anywhere">
            <h3 className="text-lg font-semibold">
              <Link to={`/staff/leads/${lead.id}`} className="text-brand-red underline">
                {lead.contact ? lead.contact.name : "Finance application"} <span className="font-normal text-brand-grey">({lead.reference})</span>
              </Link>
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
              <dt className="font-semibold">Received</dt>
              <dd>{formatDateTime(lead.createdAt)}</dd>
              <dt className="font-semibold">Dealer</dt>
              <dd>{lead.dealerName}</dd>
              <dt className="font-semibold">Type</dt>
              <dd>{lead.leadType}</dd>
              <dt className="font-semibold">Vehicle</dt>
              <dd>{lead.vehicle || "Not given"}</dd>
              <dt className="font-semibold">Delivery</dt>
              <dd>{lead.deliveryStatus}</dd>
              <dt className="font-semibold">Work status</dt>
              <dd>{lead.workStatus}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {page.pageCount > 1 ? (
        <nav aria-label="Pages of leads" className="mt-4 flex gap-4">
          {page.page > 1 ? (
            <Link to={`/staff/leads?${pageQuery(query, page.page - 1)}`} state={focusOnArrival(RESULTS_HEADING)} className="font-semibold text-brand-red underline">
              Previous page
            </Link>
          ) : null}
          {page.page < page.pageCount ? (
            <Link to={`/staff/leads?${pageQuery(query, page.page + 1)}`} state={focusOnArrival(RESULTS_HEADING)} className="font-semibold text-brand-red underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function pageQuery(query: string, page: number) {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

function Choice({ name, label, value, options, error }: { name: string; label: string; value?: string; options: [string, string][]; error?: string }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">All</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-brand-red">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function DateField({ name, label, value, error }: { name: string; label: string; value?: string; error?: string }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-brand-red">
          {error}
        </p>
      ) : null}
    </div>
  );
}
