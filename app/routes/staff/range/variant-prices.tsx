import { appContext } from "../../../load-context.ts";
import { useEffect } from "react";
import { data, Form } from "react-router";
import {
  cancelScheduledPrice,
  parsePriceChange,
  scheduleVariantPrice,
  variantPrices,
} from "../../../../core/catalogue/range-prices.server.ts";
import { formatRand } from "../../../../core/shared/format.ts";
import { mayUse } from "../../../../core/staff/roles.ts";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import {
  buttonClass,
  ErrorSummary,
  errorsByField,
  Notice,
  secondaryButtonClass,
  TextField,
} from "../../../components/staff/form.tsx";
import { StaffTable, staffCellClass, staffHeadClass } from "../../../components/staff/scrollable-table.tsx";
import { readFormBody } from "../../../lib/form-body.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/variant-prices";

/**
 * /staff/range/variants/{id}/prices: a variant's price now, its scheduled change and its history. Every signed-in
 * role reads; group administrators set a new price from a date and time (South African time; empty is now) or
 * withdraw the scheduled one. A new change replaces the one still to come (docs/back-office.md, "Prices").
 */

function variantIdOf(params: { id: string }): number {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const prices = await variantPrices(context.get(appContext).db, actor, variantIdOf(params));
    return { csrfToken, prices, mayChange: mayUse(actor, "range-prices") };
  } catch (error) {
    return staffFailure(error);
  }
}

export const meta = ({ loaderData: loaded }: Route.MetaArgs) => [
  {
    title: `${loaded ? `Prices of the ${loaded.prices.model} ${loaded.prices.variant}` : "Prices"}${STAFF_TITLE_SUFFIX}`,
  },
];

type ActionResult = { errors: Record<string, string>; done?: undefined } | { done: string; errors?: undefined };

const LABELS = { price: "New price (R, including VAT)", date: "From date", time: "From time" };

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request);
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  const id = variantIdOf(params);
  const text = (name: string) => String(body.form.get(name) ?? "");
  try {
    if (text("intent") === "cancel") {
      const withdrawn = await cancelScheduledPrice(context.get(appContext).db, actor, id);
      return {
        done: withdrawn ? "The scheduled change is withdrawn." : "No change was scheduled.",
      } satisfies ActionResult;
    }
    const parsed = parsePriceChange({ price: text("price"), date: text("date"), time: text("time") });
    if (!parsed.ok) return data<ActionResult>({ errors: errorsByField(parsed.violations) }, { status: 422 });
    await scheduleVariantPrice(context.get(appContext).db, actor, id, parsed.value);
    const when =
      parsed.value.effectiveAt.getTime() <= Date.now() ? "now" : `from ${formatDateTime(parsed.value.effectiveAt)}`;
    return { done: `The price is ${formatRand(parsed.value.price)} ${when}.` } satisfies ActionResult;
  } catch (error) {
    return staffFailure(error);
  }
}

const STATE_LABELS = { current: "In force", scheduled: "Scheduled", past: "Past" } as const;
const SOURCE_LABELS: Record<string, string> = {
  created: "Price on creation",
  staff: "Set in the back office",
  "price-list": "Maker's price list",
  seed: "Demo data",
};

export default function VariantPrices({ loaderData, actionData }: Route.ComponentProps) {
  const { prices, csrfToken, mayChange } = loaderData;
  const result = actionData as ActionResult | undefined;
  useEffect(() => {
    if (result?.done) document.getElementById("prices-heading")?.focus();
  }, [result]);
  return (
    <>
      <h1 id="prices-heading" tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        Prices of the {prices.make} {prices.model} {prices.variant}
      </h1>
      <Notice>{result?.done}</Notice>
      <dl className="mt-4 grid max-w-prose grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">M&amp;M code</dt>
        <dd>{prices.mmCode ?? "None entered"}</dd>
        <dt className="font-semibold">Price now</dt>
        <dd data-testid="price-now">{formatRand(prices.price)}</dd>
        <dt className="font-semibold">Scheduled</dt>
        <dd data-testid="price-scheduled">
          {prices.scheduled
            ? `${formatRand(prices.scheduled.price)} from ${formatDateTime(prices.scheduled.effectiveAt)}`
            : "No change scheduled"}
        </dd>
      </dl>
      <p className="mt-2">
        <a href={prices.modelPath} className="underline">
          The model's public page
        </a>
      </p>
      {mayChange ? <ChangeForm csrfToken={csrfToken} result={result} scheduled={prices.scheduled !== null} /> : null}
      <h2 className="mt-8 text-2xl font-bold">History</h2>
      <StaffTable
        label="Price history"
        caption="Price history, newest first"
        columns={["Price", "From", "What", "By", "State"]}
      >
        {prices.history.map((entry) => (
          <tr key={`${entry.effectiveAt}-${entry.source}`}>
            <th scope="row" className={staffHeadClass}>
              {formatRand(entry.price)}
            </th>
            <td className={staffCellClass}>{entry.effectiveAt ? formatDateTime(entry.effectiveAt) : "Creation"}</td>
            <td className={staffCellClass}>{SOURCE_LABELS[entry.source] ?? entry.source}</td>
            <td className={staffCellClass}>{entry.by ?? ""}</td>
            <td className={staffCellClass}>{STATE_LABELS[entry.state]}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

function ChangeForm({
  csrfToken,
  result,
  scheduled,
}: {
  csrfToken: string;
  result?: ActionResult;
  scheduled: boolean;
}) {
  return (
    <section aria-labelledby="change-heading" className="mt-8 max-w-xl">
      <h2 id="change-heading" className="text-2xl font-bold">
        Set a new price
      </h2>
      <p className="mt-2">
        From a date and time, South African time; leave both empty for now. A new change replaces the one scheduled.
      </p>
      <div className="mt-4">
        <ErrorSummary form="change" errors={result?.errors} fieldLabels={LABELS} />
      </div>
      <Form method="post" className="mt-4 grid gap-4">
        <CsrfField token={csrfToken} />
        <TextField
          form="change"
          name="price"
          label={LABELS.price}
          inputMode="numeric"
          required
          error={result?.errors?.price}
        />
        <TextField form="change" name="date" label={LABELS.date} type="date" error={result?.errors?.date} />
        <TextField form="change" name="time" label={LABELS.time} type="time" error={result?.errors?.time} />
        <div>
          <button type="submit" name="intent" value="schedule" className={buttonClass}>
            Set the price
          </button>
        </div>
      </Form>
      {scheduled ? (
        <Form method="post" className="mt-4">
          <CsrfField token={csrfToken} />
          <button type="submit" name="intent" value="cancel" className={secondaryButtonClass}>
            Withdraw the scheduled change
          </button>
        </Form>
      ) : null}
    </section>
  );
}
