import { Field, FieldError as PlainFieldError } from "../field.tsx";
import { inputClass, staffLook, TextField } from "./form.tsx";

/**
 * Form parts beside form.tsx's TextField: a text area and a select, each labelled, with its hint and its error
 * (ids `<form>-<name>`, as the error summary links to them).
 */

/** A field's error, as the staff forms show it (for controls laid out by hand). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return <PlainFieldError id={id} error={error} className={staffLook.error} />;
}

type Common = { form: string; name: string; label: string; hint?: string; error?: string };

export function TextArea({
  form,
  name,
  label,
  hint,
  error,
  defaultValue,
  rows = 5,
}: Common & { defaultValue?: string; rows?: number }) {
  return (
    <Field id={`${form}-${name}`} label={label} hint={hint} error={error} look={staffLook}>
      {(control) => (
        <textarea {...control} name={name} rows={rows} defaultValue={defaultValue} className={inputClass} />
      )}
    </Field>
  );
}

export function Select({
  form,
  name,
  label,
  hint,
  error,
  defaultValue,
  required,
  placeholder,
  options,
}: Common & {
  defaultValue?: string;
  required?: boolean;
  placeholder?: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <Field id={`${form}-${name}`} label={label} hint={hint} error={error} look={staffLook}>
      {(control) => (
        <select {...control} name={name} required={required} defaultValue={defaultValue} className={inputClass}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type NamedFieldsOptions<Name extends string> = {
  form: string;
  labels: Record<Name, string>;
  values: Partial<Record<Name, string>>;
  errors: Partial<Record<string, string>>;
};

/**
 * A form's text fields and text areas by name, each with its label from the form's labels and its value and error
 * from the answer: `text("title", { hint })`, `area("body", { rows: 16 })`.
 */
export function namedFieldsOf<Name extends string>({ form, labels, values, errors }: NamedFieldsOptions<Name>) {
  const wired = (name: Name) => ({
    form,
    name,
    label: labels[name],
    defaultValue: values[name] ?? "",
    error: errors[name],
  });
  return {
    text: (name: Name, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
      <TextField {...wired(name)} {...extra} />
    ),
    area: (name: Name, extra: { hint?: string; rows?: number } = {}) => <TextArea {...wired(name)} {...extra} />,
  };
}
