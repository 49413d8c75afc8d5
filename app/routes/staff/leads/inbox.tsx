import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { data, Form, Link } from "react-router";
import { countHeldLeads } from "../../../../core/leads/held.server.ts";
import { inboxDealers, inboxLeadTypes, inboxSources, listInbox } from "../../../../core/leads/inbox.server.ts";
import {
  DELIVERY_STATUSES,
  filterQuery,
  type InboxFilter,
  parseInboxFilter,
  SOURCE_NOT_RECORDED,
  WORK_STATUSES,
} from "../../../../core/leads/inbox-filter.ts";
import { describeSource } from "../../../../core/attribution/names.ts";
import { Select } from "../../../components/staff/fields.tsx";
import {
  buttonClass,
  errorsByField,
  ErrorSummary,
  Notice,
  secondaryButtonClass,
  TextField,
} from "../../../components/staff/form.tsx";
import { useAnnouncement } from "../../../lib/announcement.ts";
import { focusOnArrival, KEEP_FOCUS } from "../../../lib/focus-on-navigation.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/inbox";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  const params = pageUrlOf(request).searchParams;
  const parsed = parseInboxFilter(params);
  const notice = params.get("done") === "discarded" ? "The held enquiry is discarded." : null;
  try {
    const [dealers, leadTypes, sources, held] = await Promise.all([
      inboxDealers(context.get(appContext).db, actor),
      inboxLeadTypes(context.get(appContext).db),
      inboxSources(context.get(appContext).db, actor),
      countHeldLeads(context.get(appContext).db, actor),
    ]);
    const lists = { dealers, leadTypes, sources, held, notice };
    if (!parsed.ok) {
      return data(
        { ...lists, filter: {} as Partial<InboxFilter>, violations: parsed.violations, page: null },
        { status: 400 },
      );
    }
    const page = await listInbox(context.get(appContext).db, actor, parsed.value);
    return { ...lists, filter: parsed.value as Partial<InboxFilter>, violations: [], page };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ location }: Route.MetaArgs) => [
  { title: `${isHeldView(location.search) ? HELD_TITLE : "Leads"}${STAFF_TITLE_SUFFIX}` },
];

const HELD_TITLE = "Held as automated";
const isHeldView = (search: string) => new URLSearchParams(search).get("view") === "held";

const FIELD_LABELS = {
  view: "View",
  dealer: "Dealer",
  type: "Lead type",
  delivery: "Delivery",
  work: "Work status",
  source: "Source",
  from: "Received from",
  to: "Received until",
  page: "Page",
};

/** The filters in use, for the folded filters' summary: "Dealer, Source". */
function filtersInUse(filter: Partial<InboxFilter>): string {
  const keys = (["dealer", "type", "delivery", "work", "source", "from", "to"] as const).filter((key) => filter[key]);
  return keys.map((key) => FIELD_LABELS[key]).join(", ");
}

export default function LeadsInbox({ loaderData }: Route.ComponentProps) {
  const { dealers, leadTypes, sources, held, notice, filter, violations, page } = loaderData;
  const query = filterQuery(filter);
  const errors = errorsByField(violations);
  const announcement = useAnnouncement(
    page ? resultsText(page, filter.view === "held") : "",
    `${query}#${page?.page ?? ""}`,
  );
  const heldView = filter.view === "held";
  return (
    <>
      <h1 className="text-3xl font-bold">{heldView ? HELD_TITLE : "Leads"}</h1>
      {heldView ? (
        <p className="mt-2 max-w-prose">
          Enquiries sent from the site's forms that looked automated: the hidden field was filled (some browsers'
          autofill does that) or the form was sent too soon after the page was shown. Nothing has gone to the dealer or
          the buyer. Open one to release it (it is then delivered as any lead) or discard it; held enquiries are deleted
          after a few days.
        </p>
      ) : (
        <p className="mt-2">
          Enquiries and finance applications, newest first.{" "}
          <Link to="/staff/leads/report" className="font-semibold text-brand-red underline">
            First response times
          </Link>
        </p>
      )}
      <nav aria-label="Inbox views" className="mt-3">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link
              to="/staff/leads"
              aria-current={heldView ? undefined : "page"}
              className="inline-block py-1 font-semibold text-brand-red underline aria-[current=page]:text-brand-grey aria-[current=page]:no-underline"
            >
              Leads
            </Link>
          </li>
          <li>
            <Link
              to="/staff/leads?view=held"
              aria-current={heldView ? "page" : undefined}
              className="inline-block py-1 font-semibold text-brand-red underline aria-[current=page]:text-brand-grey aria-[current=page]:no-underline"
            >
              {HELD_TITLE} ({held})
            </Link>
          </li>
        </ul>
      </nav>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <div className="mt-4">
        <ErrorSummary form="filter" errors={errors} fieldLabels={FIELD_LABELS} />
      </div>
      {/*
        The filters fold away on a phone (a <details>, which works without JavaScript), so that the first leads show
        in the first screen; from md up they are always open and the summary is not shown. Opened by the page when a
        filter was refused, so that its message is beside its field.
      */}
      <details
        open={violations.length > 0 || undefined}
        className="group mt-4 rounded border border-gray-300 md:details-content:[content-visibility:visible] md:details-content:block"
      >
        <summary className="cursor-pointer px-4 py-3 font-semibold md:hidden">
          Filters and download
          {filtersInUse(filter) ? <span className="font-normal"> (in use: {filtersInUse(filter)})</span> : null}
        </summary>
        {/* Apply filters keeps focus on the button; the new count is announced below. */}
        <Form
          method="get"
          state={KEEP_FOCUS}
          preventScrollReset
          className="grid gap-4 p-4 pt-0 sm:grid-cols-2 md:pt-4 lg:grid-cols-3"
          aria-label="Filter leads"
        >
          {heldView ? <input type="hidden" name="view" value="held" /> : null}
          <Choice
            name="dealer"
            label="Dealer"
            value={filter.dealer}
            options={dealers.map((d) => [d.slug, d.name])}
            error={errors.dealer}
          />
          <Choice
            name="type"
            label="Lead type"
            value={filter.type}
            options={leadTypes.map((t) => [t, t])}
            error={errors.type}
          />
          <Choice
            name="source"
            label="Source"
            value={filter.source}
            options={[
              ...sources.map((source): [string, string] => [source, source]),
              [SOURCE_NOT_RECORDED, "Not recorded"],
            ]}
            error={errors.source}
          />
          <Choice
            name="delivery"
            label="Delivery"
            value={filter.delivery}
            options={DELIVERY_STATUSES.map((s) => [s, s])}
            error={errors.delivery}
          />
          <Choice
            name="work"
            label="Work status"
            value={filter.work}
            options={WORK_STATUSES.map((s) => [s, s])}
            error={errors.work}
          />
          <TextField
            form="filter"
            name="from"
            type="date"
            label="Received from"
            defaultValue={filter.from ?? ""}
            error={errors.from}
          />
          <TextField
            form="filter"
            name="to"
            type="date"
            label="Received until"
            defaultValue={filter.to ?? ""}
            error={errors.to}
          />
          <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
            <button type="submit" className={buttonClass}>
              Apply filters
            </button>
            <Link to={heldView ? "/staff/leads?view=held" : "/staff/leads"} className={secondaryButtonClass}>
              Clear filters
            </Link>
            <a href={`/staff/leads/export.csv${query ? `?${query}` : ""}`} className={secondaryButtonClass} download>
              Download CSV
            </a>
          </div>
        </Form>
      </details>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {page ? <Results page={page} query={query} heldView={heldView} /> : null}
    </>
  );
}

const RESULTS_HEADING = "results-heading";

type ResultsPage = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

function resultsText(page: ResultsPage, heldView: boolean): string {
  const noun = heldView ? "held enquir" : "lead";
  const plural = heldView ? (page.total === 1 ? "y" : "ies") : page.total === 1 ? "" : "s";
  if (page.rows.length === 0) return `No ${noun}${heldView ? "ies" : "s"} match these filters.`;
  return `${page.total} ${noun}${plural}${page.pageCount > 1 ? `, page ${page.page} of ${page.pageCount}` : ""}`;
}

function Results({ page, query, heldView }: { page: ResultsPage; query: string; heldView: boolean }) {
  if (page.rows.length === 0) return <p className="mt-6 text-lg">{resultsText(page, heldView)}</p>;
  return (
    <section aria-labelledby={RESULTS_HEADING} className="mt-6">
      <h2 id={RESULTS_HEADING} className="text-xl font-bold">
        {resultsText(page, heldView)}
      </h2>
      <ul className="mt-3 grid gap-3">
        {page.rows.map((lead) => (
          <li key={lead.id} className="min-w-0 rounded border border-gray-300 p-4 wrap-anywhere">
            <h3 className="text-lg font-semibold">
              <Link to={`/staff/leads/${lead.id}`} className="text-brand-red underline">
                {lead.contact ? lead.contact.name : "Finance application"}{" "}
                <span className="font-normal text-brand-grey">({lead.reference})</span>
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
              <dt className="font-semibold">Source</dt>
              <dd>{lead.attribution ? describeSource(lead.attribution) : "Not recorded"}</dd>
              {lead.heldBecause ? (
                <>
                  <dt className="font-semibold">Held because</dt>
                  <dd>{lead.heldBecause}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
      {page.pageCount > 1 ? (
        <nav aria-label="Pages of leads" className="mt-4 flex gap-4">
          {page.page > 1 ? (
            <Link
              to={`/staff/leads?${pageQuery(query, page.page - 1)}`}
              state={focusOnArrival(RESULTS_HEADING)}
              className="font-semibold text-brand-red underline"
            >
              Previous page
            </Link>
          ) : null}
          {page.page < page.pageCount ? (
            <Link
              to={`/staff/leads?${pageQuery(query, page.page + 1)}`}
              state={focusOnArrival(RESULTS_HEADING)}
              className="font-semibold text-brand-red underline"
            >
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

/** A filter's choice of one value, or all. */
function Choice({
  name,
  label,
  value,
  options,
  error,
}: {
  name: string;
  label: string;
  value?: string;
  options: [string, string][];
  error?: string;
}) {
  return (
    <Select
      form="filter"
      name={name}
      label={label}
      defaultValue={value ?? ""}
      error={error}
      placeholder="All"
      options={options.map(([optionValue, text]) => ({ value: optionValue, label: text }))}
    />
  );
}
