import { data } from "react-router";
import { HOURS_DAYS } from "../../core/dealers/business-hours.ts";
import { DEALER_FIELD_LABELS } from "../../core/dealers/dealer-fields.ts";
import type { Violation } from "../../core/shared/violations.ts";
import { errorsByField } from "../components/staff/form.tsx";
import { field } from "./staff-forms.server.ts";

const NAMES = [...Object.keys(DEALER_FIELD_LABELS), ...HOURS_DAYS.flatMap((day) => [`opens_${day}`, `closes_${day}`])];

/** The dealer's fields as the form sent them (text only), for the dealer service and to show again. */
export function dealerFormValues(form: FormData): Record<string, string> {
  return Object.fromEntries(NAMES.map((name) => [name, field(form, name)]));
}

/** A refused save: the form again with what was typed (never the secret) and a message on each field at fault (422). */
export function refusedDealerForm(values: Record<string, string>, violations: Violation[]) {
  return data({ values: { ...values, webhookSecret: "" }, errors: errorsByField(violations) }, { status: 422 });
}
