import { inputClass, labelClass } from "./form.tsx";

/**
 * Form parts beside form.tsx's Field: a text area and a select, each labelled, with its hint and its error
 * (ids `<form>-<name>`, as the error summary links to them).
 */

type Common = { form: string; name: string; label: string; hint?: string; error?: string };

const describedBy = (id: string, hint?: string, error?: string) => [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={`${id}-hint`} className="text-sm text-brand-grey-light">
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-brand-red">
      {error}
    </p>
  ) : null;
}

export function TextArea({ form, name, label, hint, error, defaultValue, rows = 5 }: Common & { defaultValue?: string; rows?: number }) {
  const id = `${form}-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Hint id={id} hint={hint} />
      <textarea id={id} name={name} rows={rows} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={inputClass} />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function Select({ form, name, label, hint, error, defaultValue, options }: Common & { defaultValue?: string; options: readonly { value: string; label: string }[] }) {
  const id = `${form}-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Hint id={id} hint={hint} />
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={inputClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
