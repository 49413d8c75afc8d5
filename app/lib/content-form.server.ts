import { data } from "react-router";
import type { ContentWriteResult } from "../../core/content/content-admin.server.ts";
import { errorsByField } from "../components/staff/form.tsx";
import { field } from "./staff-forms.server.ts";

/** The text fields of a content form as sent, for the service and to show again. */
export function contentFormValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, field(form, name)]));
}

/** A refused save: the form again with what was typed and a message on each field at fault (422). */
export function refusedContentForm(values: Record<string, string>, result: Extract<ContentWriteResult, { ok: false }>) {
  return data({ values, errors: errorsByField(result.violations) }, { status: 422 });
}
