import { useId, useState } from "react";
import { monthlyRepayment, REPAYMENT_DEFAULTS } from "../../../core/finance/repayment.ts";
import { formatRand, formatRandCents } from "../../../core/shared/format.ts";
import { DialogButton } from "../../components/dialog.tsx";

export type CalculatorValues = { price: number; deposit: number; term: number; balloon: number; rate: number };

const TERM_OPTIONS = [12, 24, 36, 48, 60, 72, 84] as const;

const DISCLAIMER_TEXT =
  "This repayment is an estimate for illustration only and is not binding. It excludes on-the-road costs, service " +
  "and delivery fees, insurance, bank initiation fees, accessories and value-added products. The final instalment, " +
  "interest rate and terms depend on the bank's credit assessment and approval.";

export function calculatorDefaults(price: number): CalculatorValues {
  return {
    price,
    deposit: REPAYMENT_DEFAULTS.depositRand,
    term: REPAYMENT_DEFAULTS.termMonths,
    balloon: REPAYMENT_DEFAULTS.balloonPercent,
    rate: REPAYMENT_DEFAULTS.annualRatePercent,
  };
}

const repaymentOf = (v: CalculatorValues) =>
  monthlyRepayment({
    price: v.price,
    depositRand: v.deposit,
    termMonths: v.term,
    balloonPercent: v.balloon,
    annualRatePercent: v.rate,
  });

/**
 * The repayment calculator (product.md §4): recalculates on every change with JavaScript; without it, the
 * Calculate button sends the figures to the page (GET) and the server answers the same calculation.
 */
export function RepaymentCalculator({
  defaultPrice,
  initial,
  vehicleName,
  enhanced,
}: {
  defaultPrice: number;
  initial: CalculatorValues;
  vehicleName: string | null;
  enhanced: boolean;
}) {
  const defaults = calculatorDefaults(defaultPrice);
  const [values, setValues] = useCalculatorValues(initial);
  const id = useId();
  const parsed = parseValues(values, defaults);
  const monthly = repaymentOf(parsed);
  const headline = repaymentOf(defaults);

  const set = (name: keyof CalculatorValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 bg-gray-50 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-2xl font-semibold">
        Repayment calculator
      </h2>
      <p className="mt-1 text-lg" data-testid="calculator-headline">
        {vehicleName ? `${vehicleName}: ` : ""}from <strong>{formatRand(headline)}</strong> per month, 0% deposit, 72
        months, 12% interest
      </p>
      <form
        method="get"
        action="/finance"
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => enhanced && e.preventDefault()}
      >
        <NumberField
          id={`${id}-price`}
          name="price"
          label="Vehicle price (R)"
          value={values.price}
          onChange={set("price")}
          min={0}
        />
        <NumberField
          id={`${id}-deposit`}
          name="deposit"
          label="Deposit (R)"
          value={values.deposit}
          onChange={set("deposit")}
          min={0}
        />
        <div>
          <label htmlFor={`${id}-term`} className="block font-medium">
            Term (months)
          </label>
          <select id={`${id}-term`} name="term" value={values.term} onChange={set("term")} className={inputClass}>
            {TERM_OPTIONS.map((months) => (
              <option key={months} value={months}>
                {months}
              </option>
            ))}
          </select>
        </div>
        <NumberField
          id={`${id}-balloon`}
          name="balloon"
          label="Balloon (% of price)"
          value={values.balloon}
          onChange={set("balloon")}
          min={0}
          max={60}
          step={1}
        />
        <NumberField
          id={`${id}-rate`}
          name="rate"
          label="Interest rate (% a year)"
          value={values.rate}
          onChange={set("rate")}
          min={0}
          max={40}
        />
        <MonthlyRepayment id={id} monthly={monthly} />
        <CalculatorButtons enhanced={enhanced} onReset={() => setValues(asText(defaults))} />
      </form>
    </section>
  );
}

/** The monthly repayment, announced as it changes. */
function MonthlyRepayment({ id, monthly }: { id: string; monthly: number }) {
  return (
    <div className="flex flex-col justify-end">
      <p className="font-medium" id={`${id}-result-label`}>
        Monthly repayment
      </p>
      <output
        aria-labelledby={`${id}-result-label`}
        aria-live="polite"
        className="text-3xl font-bold text-brand-red"
        data-testid="monthly-repayment"
      >
        {formatRandCents(monthly)}
      </output>
    </div>
  );
}

/** Calculate (without JavaScript), Reset and the disclaimer. */
function CalculatorButtons({ enhanced, onReset }: { enhanced: boolean; onReset: () => void }) {
  return (
    <div className="flex flex-wrap gap-3 sm:col-span-2">
      {!enhanced && (
        <button
          type="submit"
          className="rounded bg-brand-red px-4 py-2 font-semibold text-white hover:bg-brand-red-dark"
        >
          Calculate
        </button>
      )}
      <button
        type="submit"
        name="reset"
        value="1"
        onClick={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          onReset();
        }}
        className="rounded border border-brand-grey px-4 py-2 font-semibold text-brand-grey hover:bg-gray-100"
      >
        Reset
      </button>
      <DialogButton
        buttonText="Disclaimer"
        buttonClassName="rounded px-4 py-2 font-semibold text-brand-grey underline"
        title="Disclaimer"
      >
        <p>{DISCLAIMER_TEXT}</p>
      </DialogButton>
    </div>
  );
}

/** The calculator's figures as typed, replaced by new figures from the page (another vehicle's price). */
function useCalculatorValues(initial: CalculatorValues) {
  const [values, setValues] = useState<Record<keyof CalculatorValues, string>>(() => asText(initial));
  // New figures from the page (another vehicle's price) replace what was typed, in the render that brings them:
  // an effect did it a render later, and also once after hydration for nothing (React's "adjusting state when a
  // prop changes").
  const [shownInitial, setShownInitial] = useState(initial);
  if (initial !== shownInitial) {
    setShownInitial(initial);
    setValues(asText(initial));
  }
  return [values, setValues] as const;
}

const inputClass = "mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2";

function NumberField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  min?: number;
  max?: number;
  /** Any number by default: a step would make the browser refuse prices like 349 900. */
  step?: number;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block font-medium">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="number"
        inputMode="decimal"
        value={props.value}
        onChange={props.onChange}
        min={props.min}
        max={props.max}
        step={props.step ?? "any"}
        className={inputClass}
      />
    </div>
  );
}

function asText(v: CalculatorValues): Record<keyof CalculatorValues, string> {
  return {
    price: String(v.price),
    deposit: String(v.deposit),
    term: String(v.term),
    balloon: String(v.balloon),
    rate: String(v.rate),
  };
}

/**
 * Figures from the inputs (or the query string), each clamped to a sane range: an absent figure takes its
 * default, a blank one counts as 0 (the price and term fall back to their defaults).
 */
export function parseValues(
  raw: Partial<Record<keyof CalculatorValues, string | null>>,
  defaults: CalculatorValues,
): CalculatorValues {
  const num = (name: keyof CalculatorValues, min: number, max: number, blank: number) => {
    const value = raw[name];
    if (value === null || value === undefined) return defaults[name];
    const n = value.trim() === "" ? blank : Number(value);
    return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : defaults[name];
  };
  const price = num("price", 0, 100_000_000, defaults.price);
  const term = num("term", 1, 120, defaults.term);
  return {
    price,
    deposit: num("deposit", 0, price, 0),
    term: TERM_OPTIONS.includes(term as (typeof TERM_OPTIONS)[number]) ? term : defaults.term,
    balloon: num("balloon", 0, 100, 0),
    rate: num("rate", 0, 100, 0),
  };
}
