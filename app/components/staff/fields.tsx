import type { ReactNode } from "react";
import { CheckboxField, type Choice, Field, Options } from "../field.tsx";
import { inputClass, staffLook, TextField } from "./form.tsx";

/**
 * The staff forms' text area and select beside form.tsx's TextField: the form kit (../field.tsx) in the staff
 * look, with ids `<form>-<name>`, as the error summary links to them.
 */

type Common = { form: string; name: string; label: string; hint?: ReactNode; error?: string };

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
  options: readonly Choice[];
}) {
  return (
    <Field id={`${form}-${name}`} label={label} hint={hint} error={error} look={staffLook}>
      {(control) => (
        <select {...control} name={name} required={required} defaultValue={defaultValue} className={inputClass}>
          <Options choices={options} placeholder={placeholder} />
        </select>
      )}
    </Field>
  );
}

const checkboxLook = { error: staffLook.error };

/** A checkbox with its label (in plain text) beside it; its id is given, as one of a list of choices has its own. */
export function Checkbox({
  id,
  name,
  label,
  value,
  defaultChecked,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value?: string | number;
  defaultChecked?: boolean;
  error?: string;
}) {
  return (
    <CheckboxField id={id} label={label} error={error} look={checkboxLook} rowClassName="flex items-start gap-2">
      {(control) => (
        <input
          {...control}
          name={name}
          type="checkbox"
          value={value}
          defaultChecked={defaultChecked}
          className="mt-1 size-5 shrink-0 accent-brand-red"
        />
      )}
    </CheckboxField>
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
