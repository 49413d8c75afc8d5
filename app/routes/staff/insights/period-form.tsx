import { Form } from "react-router";
import type { InsightsQuery } from "../../../../core/insights/insights-query.ts";
import { formatDate } from "../../../../core/shared/format.ts";
import type { Violation } from "../../../../core/shared/violations.ts";
import { Select } from "../../../components/staff/fields.tsx";
import { buttonClass, errorsByField, ErrorSummary } from "../../../components/staff/form.tsx";
import { KEEP_FOCUS } from "../../../lib/focus-on-navigation.ts";
import { DateInput } from "./insights-common.tsx";

const FIELD_LABELS = {
  from: "From",
  to: "To",
  dealer: "Dealer",
  sort: "Sort",
  dir: "Direction",
  stock: "Stock",
  sources: "Page of sources",
};

export function PeriodForm({
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
