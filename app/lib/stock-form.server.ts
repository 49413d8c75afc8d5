import { data } from "react-router";
import { STOCK_FIELD_LABELS, type StockField } from "../../core/inventory/stock-schema.ts";
import type { StockWriteResult } from "../../core/inventory/stock-admin.server.ts";
import { errorsByField } from "../components/staff/form.tsx";
import { field } from "./staff-forms.server.ts";

/** The confirmations of a new make or model (the check boxes the form shows for a name the catalogue lacks). */
const CONFIRMATIONS = ["addMake", "addModel"] as const;
export type StockFormFields = Record<StockField | (typeof CONFIRMATIONS)[number], string>;

/** The vehicle's fields as the form sent them (text only), for the stock service and to show again. */
export function stockFormValues(form: FormData): StockFormFields {
  return Object.fromEntries(
    [...Object.keys(STOCK_FIELD_LABELS), ...CONFIRMATIONS].map((name) => [name, field(form, name)]),
  ) as StockFormFields;
}

/** A refused save: the form again with what was typed and a message on each field at fault (422). */
export function refusedStockForm(values: StockFormFields, result: Extract<StockWriteResult, { ok: false }>) {
  return data({ values, errors: errorsByField(result.violations) }, { status: 422 });
}
