import {
  insightsQueryString,
  type InsightsQuery,
  type InsightsTable,
} from "../../../../core/insights/insights-query.ts";
import type { SourceRow } from "../../../../core/insights/insights.server.ts";
import { formatRandCents } from "../../../../core/shared/format.ts";
import { Field } from "../../../components/field.tsx";
import { inputClass, secondaryButtonClass, staffLook } from "../../../components/staff/form.tsx";

/** What the insights page's sections share: the tables' classes, the CSV links, the date fields and the headings' ids. */
export const headClass = "border-b-2 border-brand-grey px-3 py-2 text-left align-bottom font-semibold";
export const cellClass = "border-b border-gray-300 px-3 py-2 text-left align-top";
export const numberClass = "border-b border-gray-300 px-3 py-2 text-right align-top tabular-nums";
export const linkClass = "font-semibold text-brand-red underline";

export const SOURCES_HEADING = "sources-heading";
export const STOCK_HEADING = "stock-heading";

export const money = (cents: number | null) => (cents === null ? "–" : formatRandCents(cents / 100));
export const sourceLabel = (row: Pick<SourceRow, "source" | "medium" | "campaign">) =>
  [row.source, row.medium, row.campaign].filter(Boolean).join(" / ");

/** Writes a parameter even at its default: a link that names it unfolds its table on a phone. */
export function naming(queryString: string, name: string, value: string): string {
  const params = new URLSearchParams(queryString);
  return params.has(name) ? queryString : new URLSearchParams([[name, value], ...params]).toString();
}

export function DateInput({
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

export function CsvLink({ query, table, label }: { query: InsightsQuery; table: InsightsTable; label: string }) {
  return (
    <a href={csvHref(query, table)} download className={`${secondaryButtonClass} mt-3`}>
      Download CSV<span className="sr-only"> of {label}</span>
    </a>
  );
}
