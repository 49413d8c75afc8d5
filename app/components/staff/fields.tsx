import { Field, FieldError as PlainFieldError } from "../field.tsx";
import { inputClass, staffLook } from "./form.tsx";

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
