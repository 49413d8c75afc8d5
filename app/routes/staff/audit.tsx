import { pageUrlOf } from "../../framework/data-requests.ts";
import { Form, Link } from "react-router";
import { auditedEntities, listAuditEntries, parseAuditFilter } from "../../../core/staff/audit-log.server.ts";
import { staffDealerChoices } from "../../../core/staff/accounts.server.ts";
import { Field } from "../../components/field.tsx";
import { Select } from "../../components/staff/fields.tsx";
import {
  ErrorSummary,
  errorsByField,
  inputClass,
  secondaryButtonClass,
  staffLook,
  TextField,
} from "../../components/staff/form.tsx";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { staffRequestScope } from "../../lib/staff-request.server.ts";
import { requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/audit";
import { PhoneLine, wideOnly } from "../../components/staff/phone-fold.tsx";
import { ScrollableTable } from "../../components/staff/scrollable-table.tsx";

/** Group administrators: every change, newest first, filtered by who, what kind of record, dealer and dates. */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  const { db } = staffRequestScope();
  const query = pageUrlOf(request).searchParams;
  try {
    const [entities, dealers] = await Promise.all([auditedEntities(db, actor), staffDealerChoices(db, actor)]);
    const filter = parseAuditFilter(query);
    const result = await listAuditEntries(db, actor, filter.ok ? filter.value : {});
    return {
      entities,
      dealers,
      query: Object.fromEntries(
        ["actor", "entity", "dealerId", "from", "to"].map((key) => [key, query.get(key) ?? ""]),
      ),
      errors: filter.ok ? {} : errorsByField(filter.violations),
      ...result,
      entries: result.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Audit log${STAFF_TITLE_SUFFIX}` }];

const WHEN = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Johannesburg",
});

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

type AuditData = Route.ComponentProps["loaderData"];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, entities, dealers, query, errors, total, page, pages } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Audit log</h1>
      <p className="mt-2">
        Every change made in the back office and by stock feeds, newest first. Times are South African.
      </p>
      <AuditFilter entities={entities} dealers={dealers} query={query} errors={errors} />

      <p className="mt-6" role="status">
        {total === 0
          ? "No entries match."
          : `${total} entr${total === 1 ? "y" : "ies"}${pages > 1 ? `, page ${page} of ${pages}` : ""}.`}
      </p>
      {entries.length > 0 ? <AuditTable entries={entries} /> : null}
      {pages > 1 ? <AuditPages query={query} page={page} pages={pages} /> : null}
    </>
  );
}

/** The filters: who, which record, which dealer, between which days. */
function AuditFilter({
  entities,
  dealers,
  query,
  errors,
}: Pick<AuditData, "entities" | "dealers" | "query" | "errors">) {
  return (
    <Form method="get" className="mt-6 grid gap-4 rounded border border-gray-300 p-4 sm:grid-cols-2 lg:grid-cols-3">
      <div className="sm:col-span-2 lg:col-span-3">
        <ErrorSummary
          form="audit"
          errors={errors}
          fieldLabels={{ from: "From", to: "To", dealerId: "Dealer", actor: "Who", entity: "Record" }}
        />
      </div>
      <Field
        id="audit-actor"
        label="Who"
        hint="Part of an e-mail address or feed key name"
        look={staffLook}
        hintAfterControl
      >
        {(control) => <input {...control} name="actor" defaultValue={query.actor} className={inputClass} />}
      </Field>
      <Select
        form="audit"
        name="entity"
        label="Record"
        defaultValue={query.entity}
        placeholder="Any"
        options={entities.map((entity) => ({ value: entity, label: entity }))}
      />
      <Select
        form="audit"
        name="dealerId"
        label="Dealer"
        defaultValue={query.dealerId}
        placeholder="Any"
        options={dealers.map((dealer) => ({ value: dealer.id, label: dealer.name }))}
      />
      <TextField form="audit" name="from" type="date" label="From" defaultValue={query.from} error={errors.from} />
      <TextField form="audit" name="to" type="date" label="To" defaultValue={query.to} error={errors.to} />
      <div className="flex items-end gap-3">
        <button type="submit" className={secondaryButtonClass}>
          Show entries
        </button>
        <Link to="/staff/audit" className="py-2 font-semibold text-brand-red underline">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/**
 * One page of entries, newest first, each with the values it changed. On a phone: when and what, with who, the
 * record, the dealer and the changes under what was done.
 */
function AuditTable({ entries }: Pick<AuditData, "entries">) {
  return (
    <ScrollableTable label="Audit entries" spacing="mt-4">
      <table className="w-full border-collapse text-left text-sm md:min-w-[48rem]">
        <caption className="sr-only">Audit entries</caption>
        <thead>
          <tr className="border-b-2 border-brand-grey">
            <th scope="col" className="py-2 pr-3">
              When
            </th>
            <th scope="col" className={`py-2 pr-3 ${wideOnly}`}>
              Who
            </th>
            <th scope="col" className="py-2 pr-3">
              What
            </th>
            <th scope="col" className={`py-2 pr-3 ${wideOnly}`}>
              Record
            </th>
            <th scope="col" className={`py-2 pr-3 ${wideOnly}`}>
              Dealer
            </th>
            <th scope="col" className={`py-2 pr-3 ${wideOnly}`}>
              Changes
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-gray-300 align-top">
              <td className="py-2 pr-3 md:whitespace-nowrap">{WHEN.format(new Date(entry.at))}</td>
              <td className={`py-2 pr-3 ${wideOnly}`}>{entry.actorLabel}</td>
              <td className="py-2 pr-3 wrap-anywhere">
                {entry.action}
                <PhoneLine
                  parts={[`by ${entry.actorLabel}`, `${entry.entity} ${entry.entityId}`, entry.dealerName ?? "Group"]}
                />
                <div className="md:hidden">
                  <AuditChanges changes={entry.changes} />
                </div>
              </td>
              <td className={`py-2 pr-3 ${wideOnly}`}>
                {entry.entity} {entry.entityId}
              </td>
              <td className={`py-2 pr-3 ${wideOnly}`}>{entry.dealerName ?? "Group"}</td>
              <td className={`py-2 pr-3 ${wideOnly}`}>
                <AuditChanges changes={entry.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollableTable>
  );
}

/** The links to the previous and next pages, keeping the filters. */
function AuditPages({ query, page, pages }: Pick<AuditData, "query" | "page" | "pages">) {
  const pageLink = (target: number) =>
    `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(query).filter(([, value]) => value !== "")), page: String(target) })}`;
  return (
    <nav aria-label="Audit log pages" className="mt-6 flex gap-4">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className="font-semibold text-brand-red underline">
          Previous page
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={pageLink(page + 1)} className="font-semibold text-brand-red underline">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** The values an entry changed, each from its old value to its new one. */
function AuditChanges({ changes }: { changes: AuditData["entries"][number]["changes"] }) {
  if (Object.keys(changes).length === 0) return null;
  return (
    <ul>
      {Object.entries(changes).map(([name, change]) => (
        <li key={name}>
          <span className="font-semibold">{name}</span>: {describeValue(change.from)} → {describeValue(change.to)}
        </li>
      ))}
    </ul>
  );
}
