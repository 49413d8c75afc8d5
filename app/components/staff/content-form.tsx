import { Form, Link, useNavigation } from "react-router";
import { bannerFields, type ContentFieldSpec, dealFields } from "../../lib/content-fields.ts";
import { type ControlProps, Field, Options } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, ErrorSummary, inputClass, staffLook } from "./form.tsx";

type Props = {
  form: string;
  csrfToken: string;
  fields: readonly ContentFieldSpec[];
  values: Record<string, string>;
  errors: Record<string, string>;
  submitLabel: string;
};

/**
 * The back office's form for a piece of content (a special, a banner): each field labelled, with its hint
 * and its own message after a refused save, and the summary that takes focus. A plain multipart form (it
 * carries the image): it works without JavaScript, and on a phone (one column).
 */
function ContentForm({ form, csrfToken, fields, values, errors, submitLabel }: Props) {
  const busy = useNavigation().state === "submitting";
  const labels = Object.fromEntries(fields.map((field) => [field.name, field.label]));
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-6" noValidate>
      <CsrfField token={csrfToken} />
      <ErrorSummary form={form} errors={errors} fieldLabels={labels} />
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <ContentField
            key={field.name}
            form={form}
            field={field}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
          />
        ))}
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </Form>
  );
}

function ContentField({
  form,
  field,
  value,
  error,
}: {
  form: string;
  field: ContentFieldSpec;
  value: string;
  error?: string;
}) {
  const wide = field.kind === "textarea" || field.kind === "image";
  return (
    <Field
      id={`${form}-${field.name}`}
      label={field.label}
      hint={field.hint}
      error={error}
      look={staffLook}
      className={wide ? "sm:col-span-2" : undefined}
    >
      {(control) => <ContentControl control={control} field={field} value={value} />}
    </Field>
  );
}

function ContentControl({ control, field, value }: { control: ControlProps; field: ContentFieldSpec; value: string }) {
  const common = { ...control, name: field.name, className: inputClass, required: field.required };
  switch (field.kind) {
    case "textarea":
      return <textarea {...common} rows={4} defaultValue={value} />;
    case "select":
      return (
        <select {...common} defaultValue={value}>
          <Options choices={field.options ?? []} />
        </select>
      );
    case "image":
      return <input {...common} type="file" accept="image/jpeg,image/png,image/webp" />;
    default:
      return (
        <input
          {...common}
          type={field.kind === "datetime" ? "datetime-local" : "text"}
          step={field.kind === "datetime" ? 1 : undefined}
          inputMode={field.kind === "number" ? "numeric" : undefined}
          defaultValue={value}
        />
      );
  }
}

type DealerChoice = { slug: string; name: string };

type RecordFormProps = {
  csrfToken: string;
  dealers: readonly DealerChoice[];
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Adding one (its image required) or changing one. */
  adding: boolean;
};

/** A banner's form: the same to add one (/staff/banners/new) and to change one (/staff/banners/{id}). */
export function BannerForm({ csrfToken, dealers, values, errors, adding }: RecordFormProps) {
  return (
    <ContentForm
      form="banner"
      csrfToken={csrfToken}
      fields={bannerFields(dealers, { imageRequired: adding })}
      values={values}
      errors={errors}
      submitLabel={adding ? "Add the banner" : "Save changes"}
    />
  );
}

/** A special's or deal's form: the same to add one (saved as a draft) and to change one. */
export function DealForm({
  csrfToken,
  dealers,
  groupWide,
  values,
  errors,
  adding,
}: RecordFormProps & { groupWide: boolean }) {
  return (
    <ContentForm
      form="deal"
      csrfToken={csrfToken}
      fields={dealFields(dealers, groupWide, { imageRequired: adding })}
      values={values}
      errors={errors}
      submitLabel={adding ? "Save as draft" : "Save changes"}
    />
  );
}

/** The link back to a content list, above the page's heading. */
export function BackToList({ to, children }: { to: string; children: string }) {
  return (
    <p>
      <Link to={to} className="text-brand-red underline">
        {children}
      </Link>
    </p>
  );
}
