import { data, Form, Link } from "react-router";
import { addCampaignSpend, removeCampaignSpend } from "../../../../core/insights/campaign-spend.server.ts";
import {
  type InsightsReport,
  insightsScope,
  readInsights,
  type SourceRow,
  type StockRow,
} from "../../../../core/insights/insights.server.ts";
import {
  type InsightsQuery,
  type InsightsTable,
  insightsQueryString,
  MANY_VIEWS,
  parseInsightsQuery,
  type StockSort,
  type StockView,
} from "../../../../core/insights/insights-query.ts";
import { heldInPeriod } from "../../../../core/leads/held.server.ts";
import { southAfricanDay } from "../../../../core/shared/days.ts";
import { formatDate, formatNumber, formatRand, formatRandCents, formatWhole } from "../../../../core/shared/format.ts";
import type { Violation } from "../../../../core/shared/violations.ts";
import { Field } from "../../../components/field.tsx";
import { BarChart } from "../../../components/staff/bar-chart.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { Select } from "../../../components/staff/fields.tsx";
import {
  buttonClass,
  errorsByField,
  ErrorSummary,
  inputClass,
  Notice,
  secondaryButtonClass,
  staffLook,
  TextField,
} from "../../../components/staff/form.tsx";
import { PhoneFold, PhoneLine, wideOnly } from "../../../components/staff/phone-fold.tsx";
import { ScrollableTable } from "../../../components/staff/scrollable-table.tsx";
import { readFormBody } from "../../../lib/form-body.server.ts";
import { focusOnArrival, KEEP_FOCUS } from "../../../lib/focus-on-navigation.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/insights";

/**
 * /staff/insights (decision 057): where the leads come from and what they cost, the funnel per dealer and the
 * ageing stock, for a chosen period. Group administrators see the group or one dealer; dealer managers their own
 * dealers (core/insights/insights.server.ts scopes every query). Every table has a CSV download. On a phone the page is
 * its figures and charts first; each long table is folded under them, with the columns a phone has room for and
 * the rest of each row's figures on a line of its own.
 */

/** Stock rows shown on the page; the CSV has them all. */
const STOCK_ROWS_SHOWN = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  const parsed = parseInsightsQuery(new URL(request.url).searchParams, southAfricanDay(new Date()));
  try {
    if (!parsed.ok) {
      const scope = await insightsScope(context.db, actor);
      return data({ csrfToken, choices: scope.choices, violations: parsed.violations, report: null }, { status: 400 });
    }
    const report = await readInsights(context.db, actor, parsed.value);
    const held = await heldInPeriod(context.db, report.scope.dealerIds, parsed.value);
    const asked = new URL(request.url).searchParams;
    // A link within a folded table names its table's parameters, so the table it shows is unfolded on a phone.
    const unfold = {
      sources: asked.has("sources"),
      stock: ["stock", "sort", "dir"].some((name) => asked.has(name)),
    };
    return { csrfToken, choices: report.scope.choices, violations: [] as Violation[], report, held, unfold };
  } catch (error) {
    staffFailure(error);
  }
}

type ActionResult =
  | { done: string; errors?: undefined; values?: undefined }
  | { done?: undefined; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  try {
    switch (body.form.get("intent")) {
      case "add-spend": {
        const fields = Object.fromEntries(
          [...body.form].filter(
            (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "csrf",
          ),
        );
        const result = await addCampaignSpend(context.db, actor, fields);
        if (!result.ok)
          return data<ActionResult>({ errors: errorsByField(result.violations), values: fields }, { status: 422 });
        return { done: "The spend is saved: the cost per lead below includes it." } satisfies ActionResult;
      }
      case "remove-spend":
        await removeCampaignSpend(context.db, actor, Number(body.form.get("id")));
        return { done: "The spend entry is removed." } satisfies ActionResult;
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    return staffFailure(error);
  }
}

export const meta = () => [{ title: `Insights${STAFF_TITLE_SUFFIX}` }];

const FIELD_LABELS = {
  from: "From",
  to: "To",
  dealer: "Dealer",
  sort: "Sort",
  dir: "Direction",
  stock: "Stock",
  sources: "Page of sources",
};
const SPEND_LABELS = {
  dealer: "Dealer",
  source: "Source",
  medium: "Medium",
  campaign: "Campaign",
  periodStart: "From",
  periodEnd: "To",
  amount: "Amount",
};
const headClass = "border-b-2 border-brand-grey px-3 py-2 text-left align-bottom font-semibold";
const cellClass = "border-b border-gray-300 px-3 py-2 text-left align-top";
const numberClass = "border-b border-gray-300 px-3 py-2 text-right align-top tabular-nums";
const linkClass = "font-semibold text-brand-red underline";

export default function Insights({ loaderData, actionData }: Route.ComponentProps) {
  const { report, choices, violations, csrfToken } = loaderData;
  const held = "held" in loaderData ? loaderData.held : 0;
  const unfold = "unfold" in loaderData ? loaderData.unfold : { sources: false, stock: false };
  const result = actionData as ActionResult | undefined;
  const query: Partial<InsightsQuery> = report?.query ?? {};
  return (
    <>
      <h1 className="text-3xl font-bold">Insights</h1>
      <p className="mt-2 max-w-prose">
        Where visits and leads come from and what they cost, how each dealer's vehicle views become sales, and which
        stock is ageing. Counted by the site itself, per day and per source of the visit: no third-party script, nothing
        that identifies a visitor. Crawlers and signed-in staff are not counted; counts reach this page within a minute
        or so.
      </p>
      <p className="mt-2">
        <Link to="/staff/leads/report" className={linkClass}>
          First response times
        </Link>{" "}
        per dealer and week.
      </p>
      <PeriodForm query={query} choices={choices} violations={violations} />
      <div className="mt-4">
        <Notice>{result?.done}</Notice>
      </div>
      {report ? (
        <>
          <AtAGlance report={report} held={held} />
          <SourcesSection report={report} unfolded={unfold.sources} />
          <HeldFigure held={held} />
          <SpendSection report={report} csrfToken={csrfToken} errors={result?.errors} values={result?.values} />
          <FunnelSection report={report} />
          <StockSection report={report} unfolded={unfold.stock} />
        </>
      ) : null}
    </>
  );
}

/** The enquiries held as automated in the period: never counted as leads above, until released. */
function HeldFigure({ held }: { held: number }) {
  return (
    <p className="mt-3 text-sm">
      Not counted as leads: {formatWhole(held)} {held === 1 ? "enquiry" : "enquiries"} received in this period{" "}
      {held === 1 ? "is" : "are"} held as automated (
      <Link to="/staff/leads?view=held" className={linkClass}>
        held enquiries
      </Link>
      ).
    </p>
  );
}

function PeriodForm({
  query,
  choices,
  violations,
}: {
  query: Partial<InsightsQuery>;
  choices: { slug: string; name: string }[];
  violations: Violation[];
}) {
  const errors = errorsByField(violations);
  return (
    <>
      <div className="mt-4">
        <ErrorSummary form="period" errors={errors} fieldLabels={FIELD_LABELS} />
      </div>
      <Form
        method="get"
        state={KEEP_FOCUS}
        preventScrollReset
        className="mt-4 grid gap-4 rounded border border-gray-300 p-4 min-[26rem]:grid-cols-2 lg:grid-cols-4"
        aria-label="Period"
      >
        <DateInput form="period" name="from" label="From" value={query.from} error={errors.from} />
        <DateInput form="period" name="to" label="To" value={query.to} error={errors.to} />
        {choices.length > 1 ? (
          <div className="min-[26rem]:col-span-2 lg:col-span-1">
            <Select
              form="period"
              name="dealer"
              label="Dealer"
              defaultValue={query.dealer ?? ""}
              placeholder="All my dealers"
              options={choices.map((dealer) => ({ value: dealer.slug, label: dealer.name }))}
            />
          </div>
        ) : null}
        {query.stock && query.stock !== "all" ? <input type="hidden" name="stock" value={query.stock} /> : null}
        <div className="flex items-end min-[26rem]:col-span-2 lg:col-span-1">
          <button type="submit" className={buttonClass}>
            Show
          </button>
        </div>
      </Form>
      {query.from && query.to ? (
        <p className="mt-2 text-sm">
          Showing {formatDate(query.from)} to {formatDate(query.to)}, South African days.
        </p>
      ) : null}
    </>
  );
}

function DateInput({
  form,
  name,
  label,
  value,
  error,
}: {
  form: string;
  name: string;
  label: string;
  value?: string;
  error?: string;
}) {
  return (
    <Field id={`${form}-${name}`} label={label} error={error} look={staffLook}>
      {(control) => (
        <input {...control} name={name} type="date" required defaultValue={value ?? ""} className={inputClass} />
      )}
    </Field>
  );
}

function csvHref(query: InsightsQuery, table: InsightsTable): string {
  return `/staff/insights/export.csv?${new URLSearchParams([...new URLSearchParams(insightsQueryString(query)), ["table", table]])}`;
}

function CsvLink({ query, table, label }: { query: InsightsQuery; table: InsightsTable; label: string }) {
  return (
    <a href={csvHref(query, table)} download className={`${secondaryButtonClass} mt-3`}>
      Download CSV<span className="sr-only"> of {label}</span>
    </a>
  );
}

const money = (cents: number | null) => (cents === null ? "–" : formatRandCents(cents / 100));
const sourceLabel = (row: Pick<SourceRow, "source" | "medium" | "campaign">) =>
  [row.source, row.medium, row.campaign].filter(Boolean).join(" / ");

const SOURCES_HEADING = "sources-heading";

/** Writes a parameter even at its default: a link that names it unfolds its table on a phone. */
function naming(queryString: string, name: string, value: string): string {
  const params = new URLSearchParams(queryString);
  return params.has(name) ? queryString : new URLSearchParams([[name, value], ...params]).toString();
}

/** The period's figures in a few words, each leading to its section: what a phone shows first. */
function AtAGlance({ report, held }: { report: InsightsReport; held: number }) {
  const { totals } = report.sources;
  const appointments = report.funnel.reduce((sum, row) => sum + row.appointments, 0);
  const spend = report.spend.reduce((sum, entry) => sum + (entry.centsInPeriod ?? 0), 0);
  const figures: { label: string; value: string; section: string }[] = [
    { label: "Visits", value: formatWhole(totals.visits), section: SOURCES_HEADING },
    { label: "Leads", value: formatWhole(totals.leads), section: SOURCES_HEADING },
    { label: "Appointments", value: formatWhole(appointments), section: "funnel-heading" },
    { label: "Leads sold", value: formatWhole(totals.sold), section: "funnel-heading" },
    { label: "Spend entered", value: money(spend), section: "spend-heading" },
    { label: "Held as automated", value: formatWhole(held), section: SOURCES_HEADING },
    { label: "Available vehicles", value: formatWhole(report.stockSummary.all), section: STOCK_HEADING },
    { label: "Over 90 days in stock", value: formatWhole(report.stockSummary.over90), section: STOCK_HEADING },
  ];
  return (
    <section aria-labelledby="glance-heading" className="mt-8">
      <h2 id="glance-heading" className="text-2xl font-bold">
        At a glance
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse justify-end rounded border border-gray-300 p-3">
            <dt className="text-sm">
              <a href={`#${figure.section}`} className="text-brand-red underline">
                {figure.label}
              </a>
            </dt>
            <dd className="text-2xl font-bold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SourcesSection({ report, unfolded }: { report: InsightsReport; unfolded: boolean }) {
  const { mostLeads, total } = report.sources;
  return (
    <section aria-labelledby={SOURCES_HEADING} className="mt-10">
      <h2 id={SOURCES_HEADING} className="text-2xl font-bold">
        Visits and leads by source
      </h2>
      <p className="mt-1 max-w-prose text-sm">
        A visit's source is where it came from: its campaign's link (utm_source, utm_medium, utm_campaign), an ad's
        click, a search engine, a social network, another site, or direct. Each lead keeps the source of the visit that
        sent it. Cost per lead is the campaign's spend in the period divided by its leads. "(other)" counts the visits
        of new campaigns and sites past the day's limit.
      </p>
      {total === 0 ? (
        <p className="mt-3">No visits or leads in this period.</p>
      ) : (
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          {mostLeads.length > 0 ? (
            <BarChart
              bars={mostLeads.map((row) => ({ label: row.source, value: row.leads }))}
              title="Leads by source, the eight sources with the most"
              id="sources-chart"
            />
          ) : (
            <p>No leads in this period.</p>
          )}
          {/* min-w-0: a grid item would otherwise be as wide as the table in it, and widen the page on a phone. */}
          <PhoneFold
            summary={`All ${formatWhole(total)} ${total === 1 ? "source" : "sources"}: visits, leads, sales and cost`}
            open={unfolded}
            className="min-w-0"
          >
            <SourcesShown sources={report.sources} />
            <SourcesTable sources={report.sources} />
            <SourcesPages query={report.query} sources={report.sources} />
            <CsvLink query={report.query} table="sources" label="visits and leads by source" />
          </PhoneFold>
        </div>
      )}
    </section>
  );
}

/** The sources of the page shown: on a phone the visits and leads in columns, sales and cost on each row's line. */
function SourcesTable({ sources: { rows, totals } }: { sources: InsightsReport["sources"] }) {
  const costPerLead = (row: SourceRow) =>
    row.spendCents !== null && row.leads === 0 ? "No leads" : money(row.costPerLeadCents);
  return (
    <ScrollableTable label="Visits and leads by source, figures">
      <table className="w-full border-collapse text-sm md:min-w-[44rem]">
        <caption className="sr-only">
          Visits, leads, sales, spend and cost per lead by source, medium and campaign
        </caption>
        <thead>
          <tr>
            <th scope="col" className={headClass}>
              Source / medium / campaign
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Visits
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Leads
            </th>
            <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
              Sold
            </th>
            <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
              Spend
            </th>
            <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
              Cost per lead
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={sourceLabel(row)}>
              <th scope="row" className={`${cellClass} font-normal wrap-anywhere`}>
                {sourceLabel(row)}
                <PhoneLine
                  parts={[
                    `${formatWhole(row.sold)} sold`,
                    ...(row.spendCents === null
                      ? []
                      : [`spend ${money(row.spendCents)}`, `${costPerLead(row)} a lead`]),
                  ]}
                />
              </th>
              <td className={numberClass}>{formatWhole(row.visits)}</td>
              <td className={numberClass}>{formatWhole(row.leads)}</td>
              <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.sold)}</td>
              <td className={`${numberClass} ${wideOnly}`}>{money(row.spendCents)}</td>
              <td className={`${numberClass} ${wideOnly}`}>{costPerLead(row)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={`${cellClass} font-semibold`}>
              All sources
              <PhoneLine parts={[`${formatWhole(totals.sold)} sold`]} />
            </th>
            <td className={`${numberClass} font-semibold`}>{formatWhole(totals.visits)}</td>
            <td className={`${numberClass} font-semibold`}>{formatWhole(totals.leads)}</td>
            <td className={`${numberClass} ${wideOnly} font-semibold`}>{formatWhole(totals.sold)}</td>
            <td className={`${numberClass} ${wideOnly}`} />
            <td className={`${numberClass} ${wideOnly}`} />
          </tr>
        </tfoot>
      </table>
    </ScrollableTable>
  );
}

/** Which of the sources the table shows: all of them, or one page's. */
function SourcesShown({ sources: { rows, page, pages, perPage, total } }: { sources: InsightsReport["sources"] }) {
  if (pages === 1)
    return <p className="mb-2 text-sm">{`${formatWhole(total)} ${total === 1 ? "source" : "sources"}.`}</p>;
  const first = (page - 1) * perPage + 1;
  return (
    <p className="mb-2 text-sm">
      {`Sources ${formatWhole(first)} to ${formatWhole(first + rows.length - 1)} of ${formatWhole(total)}, page ${formatWhole(page)} of ${formatWhole(pages)}, by leads and visits; the CSV has them all.`}
    </p>
  );
}

/** The links to the sources table's previous and next pages (query-string links: they work without JavaScript). */
function SourcesPages({
  query,
  sources: { page, pages },
}: {
  query: InsightsQuery;
  sources: InsightsReport["sources"];
}) {
  if (pages === 1) return null;
  const link = (target: number, label: string) => (
    <Link
      to={`?${naming(insightsQueryString(query, { sourcesPage: target }), "sources", "1")}`}
      state={focusOnArrival(SOURCES_HEADING)}
      preventScrollReset
      className={linkClass}
    >
      {label}
      <span className="sr-only"> of sources</span>
    </Link>
  );
  return (
    <nav aria-label="Pages of sources" className="mt-3 flex flex-wrap gap-4">
      {page > 1 ? link(page - 1, "Previous page") : null}
      {page < pages ? link(page + 1, "Next page") : null}
    </nav>
  );
}

type SpendProps = {
  report: InsightsReport;
  csrfToken: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

function SpendSection({ report, csrfToken, errors, values = {} }: SpendProps) {
  return (
    <section aria-labelledby="spend-heading" className="mt-10">
      <h2 id="spend-heading" className="text-2xl font-bold">
        Campaign spend
      </h2>
      <p className="mt-1 max-w-prose text-sm">
        Enter what a campaign cost, named as its links name it. Spend over a longer period than the one shown counts by
        days: a month's spend seen for a week is about a quarter of it.
      </p>
      <PhoneFold summary="Add spend" open={errors !== undefined} className="mt-2 max-w-3xl">
        <AddSpendForm report={report} csrfToken={csrfToken} errors={errors} values={values} />
      </PhoneFold>
      {report.spend.length === 0 ? (
        <p className="mt-4">No spend entered for this period.</p>
      ) : (
        <SpendTable report={report} csrfToken={csrfToken} />
      )}
    </section>
  );
}

/** The form that adds a campaign's spend, its source, medium and campaign offered from the leads already seen. */
function AddSpendForm({ report, csrfToken, errors, values = {} }: SpendProps) {
  const { query, scope } = report;
  // The group's own spend for a group administrator looking at the group; else one of the dealers shown.
  const blankChoice =
    scope.dealerIds === null ? "The group" : !query.dealer && scope.choices.length > 1 ? "Choose a dealer" : null;
  const defaultDealer = values.dealer ?? query.dealer ?? (blankChoice ? "" : (scope.choices[0]?.slug ?? ""));
  const known = report.sources.rows.filter((row) => row.source !== "(not recorded)");
  const unique = (list: string[]) => [...new Set(list.filter(Boolean))];
  return (
    <Form
      method="post"
      className="grid max-w-3xl gap-4 rounded border border-gray-300 p-4 sm:grid-cols-2 md:mt-4"
      aria-labelledby="spend-form-heading"
    >
      <h3 id="spend-form-heading" className="text-lg font-bold sm:col-span-2">
        Add spend
      </h3>
      <div className="sm:col-span-2">
        <ErrorSummary form="spend" errors={errors} fieldLabels={SPEND_LABELS} />
      </div>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="add-spend" />
      <Select
        form="spend"
        name="dealer"
        label="Dealer"
        defaultValue={defaultDealer}
        placeholder={blankChoice ?? undefined}
        options={scope.choices.map((dealer) => ({ value: dealer.slug, label: dealer.name }))}
        error={errors?.dealer}
      />
      <TextField
        form="spend"
        name="amount"
        label="Amount in rand"
        required
        inputMode="text"
        hint="For example 4500 or 4 500,50"
        defaultValue={values.amount}
        error={errors?.amount}
      />
      <ListedField
        name="source"
        label="Source"
        hint="As in utm_source, e.g. facebook"
        options={unique(known.map((row) => row.source))}
        value={values.source}
        error={errors?.source}
        required
      />
      <ListedField
        name="medium"
        label="Medium"
        hint="As in utm_medium, e.g. cpc"
        options={unique(known.map((row) => row.medium))}
        value={values.medium}
        error={errors?.medium}
        required
      />
      <ListedField
        name="campaign"
        label="Campaign"
        hint="As in utm_campaign; blank for spend on the source as a whole"
        options={unique(known.map((row) => row.campaign))}
        value={values.campaign}
        error={errors?.campaign}
      />
      <div className="grid gap-4 min-[26rem]:grid-cols-2 sm:col-span-2">
        <DateInput
          form="spend"
          name="periodStart"
          label="From"
          value={values.periodStart ?? query.from}
          error={errors?.periodStart}
        />
        <DateInput
          form="spend"
          name="periodEnd"
          label="To"
          value={values.periodEnd ?? query.to}
          error={errors?.periodEnd}
        />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass}>
          Save spend
        </button>
      </div>
    </Form>
  );
}

/** The spend entered for the period, each entry with its Remove button, and its CSV download. */
function SpendTable({ report: { query, spend }, csrfToken }: Pick<SpendProps, "report" | "csrfToken">) {
  return (
    <>
      <ScrollableTable label="Campaign spend entered">
        <table className="w-full border-collapse text-sm md:min-w-[44rem]">
          <caption className="sr-only">Campaign spend entered for this period</caption>
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                Campaign
              </th>
              <th scope="col" className={`${headClass} ${wideOnly}`}>
                Dealer
              </th>
              <th scope="col" className={`${headClass} ${wideOnly}`}>
                Period
              </th>
              <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
                Amount
              </th>
              <th scope="col" className={`${headClass} text-right`}>
                In this period
              </th>
              <th scope="col" className={headClass}>
                Remove
              </th>
            </tr>
          </thead>
          <tbody>
            {spend.map((entry) => (
              <tr key={entry.id}>
                <th scope="row" className={`${cellClass} font-normal wrap-anywhere`}>
                  {sourceLabel(entry)}
                  <PhoneLine
                    parts={[
                      entry.dealerName ?? "The group",
                      `${money(entry.amountCents)} for ${formatDate(entry.periodStart)} to ${formatDate(entry.periodEnd)}`,
                    ]}
                  />
                </th>
                <td className={`${cellClass} ${wideOnly}`}>{entry.dealerName ?? "The group"}</td>
                <td className={`${cellClass} ${wideOnly}`}>
                  {formatDate(entry.periodStart)} to {formatDate(entry.periodEnd)}
                </td>
                <td className={`${numberClass} ${wideOnly}`}>{money(entry.amountCents)}</td>
                <td className={numberClass}>{money(entry.centsInPeriod)}</td>
                <td className={cellClass}>
                  <Form method="post">
                    <CsrfField token={csrfToken} />
                    <input type="hidden" name="intent" value="remove-spend" />
                    <input type="hidden" name="id" value={entry.id} />
                    <button type="submit" className={secondaryButtonClass}>
                      Remove
                      <span className="sr-only">
                        {" "}
                        spend on {sourceLabel(entry)}, {formatDate(entry.periodStart)} to {formatDate(entry.periodEnd)}
                      </span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>
      <CsvLink query={query} table="spend" label="the campaign spend" />
    </>
  );
}

/** A text field with the values seen in the period offered (a datalist), for the spend form. */
function ListedField({
  name,
  label,
  hint,
  options,
  value,
  error,
  required,
}: {
  name: string;
  label: string;
  hint: string;
  options: string[];
  value?: string;
  error?: string;
  required?: boolean;
}) {
  const id = `spend-${name}`;
  return (
    <Field id={id} label={label} hint={hint} error={error} look={staffLook}>
      {(control) => (
        <>
          <input
            {...control}
            name={name}
            list={`${id}-seen`}
            defaultValue={value}
            required={required}
            autoComplete="off"
            className={inputClass}
          />
          <datalist id={`${id}-seen`}>
            {options.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

function FunnelSection({ report }: { report: InsightsReport }) {
  const rows = report.funnel;
  const total = rows.reduce(
    (sum, row) => ({
      views: sum.views + row.views,
      leads: sum.leads + row.leads,
      appointments: sum.appointments + row.appointments,
      sold: sum.sold + row.sold,
    }),
    {
      views: 0,
      leads: 0,
      appointments: 0,
      sold: 0,
    },
  );
  const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "–");
  return (
    <section aria-labelledby="funnel-heading" className="mt-10">
      <h2 id="funnel-heading" className="text-2xl font-bold">
        From view to sale
      </h2>
      <p className="mt-1 max-w-prose text-sm">
        Per dealer: views of its used vehicles' and model pages, its leads received in the period, and how many of those
        leads reached an appointment and were sold, as the leads inbox's work status says.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3">No dealers to show.</p>
      ) : (
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          <BarChart
            bars={[
              { label: "Leads", value: total.leads },
              { label: "Appointments", value: total.appointments },
              { label: "Sold", value: total.sold },
            ]}
            title={`Leads, appointments and sales in the period, ${rows.length === 1 ? rows[0]!.dealerName : "all dealers shown"}`}
            id="funnel-chart"
          />
          {/* min-w-0: a grid item would otherwise be as wide as the table in it, and widen the page on a phone. */}
          <PhoneFold summary="Each dealer: views, leads, appointments and sales" className="min-w-0">
            <ScrollableTable label="From view to sale, figures">
              <table className="w-full border-collapse text-sm md:min-w-[40rem]">
                <caption className="sr-only">Vehicle views, leads, appointments and sales per dealer</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headClass}>
                      Dealer
                    </th>
                    <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
                      Vehicle views
                    </th>
                    <th scope="col" className={`${headClass} text-right`}>
                      Leads
                    </th>
                    <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
                      Appointments
                    </th>
                    <th scope="col" className={`${headClass} text-right`}>
                      Sold
                    </th>
                    <th scope="col" className={`${headClass} ${wideOnly} text-right`}>
                      Leads sold
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.dealerId}>
                      <th scope="row" className={`${cellClass} font-normal`}>
                        {row.dealerName}
                        <PhoneLine
                          parts={[
                            `${formatWhole(row.views)} vehicle views`,
                            `${formatWhole(row.appointments)} appointments`,
                            `${share(row.sold, row.leads)} of leads sold`,
                          ]}
                        />
                      </th>
                      <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.views)}</td>
                      <td className={numberClass}>{formatWhole(row.leads)}</td>
                      <td className={`${numberClass} ${wideOnly}`}>{formatWhole(row.appointments)}</td>
                      <td className={numberClass}>{formatWhole(row.sold)}</td>
                      <td className={`${numberClass} ${wideOnly}`}>{share(row.sold, row.leads)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollableTable>
            <CsvLink query={report.query} table="funnel" label="the view-to-sale funnel" />
          </PhoneFold>
        </div>
      )}
    </section>
  );
}

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

const STOCK_HEADING = "stock-heading";

function StockSection({ report, unfolded }: { report: InsightsReport; unfolded: boolean }) {
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
