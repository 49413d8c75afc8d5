import { useEffect } from "react";
import { Form, useLocation } from "react-router";
import { Field } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, inputClass, secondaryButtonClass, staffLook } from "./form.tsx";

/**
 * A stock list row's quick changes: a new price, and Sold, each a small plain form posting to the list (so both
 * work without JavaScript), without opening the vehicle's full form. The price form folds away behind its button
 * until wanted, and stays open showing the problem when a price was refused.
 */

const smallButton = `${secondaryButtonClass} px-3 py-1`;

/** The id of the price field of a vehicle's row: the error summary links to it. */
export const quickPriceForm = (vehicleId: number) => `quick-${vehicleId}`;
/** The id of a vehicle's row: a quick change comes back to it. */
export const vehicleRowId = (vehicleId: number) => `vehicle-${vehicleId}`;

type Props = {
  vehicleId: number;
  /** The vehicle as people name it, for the controls' accessible names. */
  title: string;
  price: number;
  sold: boolean;
  csrfToken: string;
  /** A refused price: what was typed, and why. */
  refused?: { value: string; error: string };
};

export function StockQuickChanges({ vehicleId, title, price, sold, csrfToken, refused }: Props) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <details open={refused ? true : undefined}>
        <summary className={`${smallButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          Change price<span className="sr-only"> of the {title}</span>
        </summary>
        <PriceForm vehicleId={vehicleId} price={price} csrfToken={csrfToken} refused={refused} />
      </details>
      {sold ? null : (
        <Form method="post">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="sold" />
          <input type="hidden" name="vehicle" value={vehicleId} />
          <button type="submit" className={smallButton}>
            Mark sold<span className="sr-only"> {title}</span>
          </button>
        </Form>
      )}
    </div>
  );
}

function PriceForm({ vehicleId, price, csrfToken, refused }: Omit<Props, "title" | "sold">) {
  const form = quickPriceForm(vehicleId);
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="vehicle" value={vehicleId} />
      <Field id={`${form}-price`} label="New price (R)" error={refused?.error} look={staffLook} className="w-40">
        {(control) => (
          <input
            {...control}
            name="price"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={refused?.value ?? String(price)}
            className={inputClass}
          />
        )}
      </Field>
      <button type="submit" className={buttonClass}>
        Save price
      </button>
    </Form>
  );
}

/**
 * After a quick change the page comes back with the row's id as its fragment: focus goes to that row (its new
 * price or status is read out with it), or, when the change took it out of the list, stays with the notice.
 */
export function useFocusOnChangedRow(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (!/^#vehicle-\d+$/.test(hash)) return;
    const row = document.getElementById(hash.slice(1)) ?? document.getElementById(STOCK_NOTICE);
    row?.focus();
  }, [key]);
}

/** The id of the stock list's notice (what the last change did). */
export const STOCK_NOTICE = "stock-notice";
