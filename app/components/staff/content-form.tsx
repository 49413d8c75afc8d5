import { Form, useNavigation } from "react-router";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, ErrorSummary, inputClass, labelClass } from "./form.tsx";

/**
 * The back office's form for a piece of content (a special, a banner): each field labelled, with its hint
 * and its own message after a refused save, and the summary that takes focus. A plain multipart form (it
 * carries the image): it works without JavaScript, and on a phone (one column).
 */
export type ContentFieldSpec = {
  name: string;
  label: string;
  kind: "text" | "textarea" | "select" | "datetime" | "number" | "image";
  hint?: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
};

type Props = {
  form: string;
  csrfToken: string;
  fields: readonly ContentFieldSpec[];
  values: Record<string, string>;
  errors: Record<string, string>;
  submitLabel: string;
};

export function ContentForm({ form, csrfToken, fields, values, errors, submitLabel }: Props) {
  const busy = useNavigation().state === "submitting";
  const labels = Object.fromEntries(fields.map((field) => [field.name, field.label]));
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-6" noValidate>
      <CsrfField token={csrfToken} />
      <ErrorSummary form={form} errors={errors} fieldLabels={labels} />
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name} className={field.kind === "textarea" || field.kind === "image" ? "sm:col-span-2" : undefined}>
            <ContentField form={form} field={field} value={values[field.name] ?? ""} error={errors[field.name]} />
          </div>
        ))}
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </Form>
  );
}

function ContentField({ form, field, value, error }: { form: string; field: ContentFieldSpec; value: string; error?: string }) {
  const id = `${form}-${field.name}`;
  const describedBy = [error ? `${id}-error` : null, field.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, name: field.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, className: inputClass, required: field.required };
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      {field.hint ? (
        <p id={`${id}-hint`} className="text-sm text-brand-grey-light">
          {field.hint}
        </p>
      ) : null}
      {field.kind === "textarea" ? (
        <textarea {...common} rows={4} defaultValue={value} />
      ) : field.kind === "select" ? (
        <select {...common} defaultValue={value}>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === "image" ? (
        <input {...common} type="file" accept="image/jpeg,image/png,image/webp" />
      ) : (
        <input
          {...common}
          type={field.kind === "datetime" ? "datetime-local" : "text"}
          step={field.kind === "datetime" ? 1 : undefined}
          inputMode={field.kind === "number" ? "numeric" : undefined}
          defaultValue={value}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-brand-red">
          {error}
        </p>
      ) : null}
    </>
  );
}
