import { data } from "react-router";
import { STOCK_FIELD_LABELS, type StockField } from "../../core/inventory/stock-schema.ts";
import type { StockWriteResult } from "../../core/inventory/stock-admin.ts";
import { errorsByField } from "../components/staff/form.tsx";
import { field } from "./staff-forms.server.ts";

/** The vehicle's fields as the form sent them (text only), for the stock service and to show again. */
export function stockFormValues(form: FormData): Record<StockField, string> {
  return Object.fromEntries(Object.keys(STOCK_FIELD_LABELS).map((name) => [name, field(form, name)])) as Record<StockField, string>;
}

/** A refused save: the form again with what was typed and a message on each field at fault (422). */
export function refusedStockForm(values: Record<StockField, string>, result: Extract<StockWriteResult, { ok: false }>) {
  return data({ values, errors: errorsByField(result.violations) }, { status: 422 });
}
