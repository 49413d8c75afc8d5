import { Form } from "react-router";
import type { InsightsReport } from "../../../../core/insights/insights.server.ts";
import { formatDate } from "../../../../core/shared/format.ts";
import { Field } from "../../../components/field.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { Select } from "../../../components/staff/fields.tsx";
import {
  buttonClass,
  ErrorSummary,
  inputClass,
  secondaryButtonClass,
  staffLook,
  TextField,
} from "../../../components/staff/form.tsx";
import { PhoneFold, PhoneLine, wideOnly } from "../../../components/staff/phone-fold.tsx";
import { ScrollableTable } from "../../../components/staff/scrollable-table.tsx";
import { cellClass, CsvLink, DateInput, headClass, money, numberClass, sourceLabel } from "./insights-common.tsx";

const SPEND_LABELS = {
  dealer: "Dealer",
  source: "Source",
  medium: "Medium",
  campaign: "Campaign",
  periodStart: "From",
  periodEnd: "To",
  amount: "Amount",
};

type SpendProps = {
  report: InsightsReport;
  csrfToken: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

export function SpendSection({ report, csrfToken, errors, values = {} }: SpendProps) {
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
