import { type ReactNode, useEffect, useRef } from "react";
import type { Violation } from "../../../core/shared/violations.ts";
import { MIN_PASSWORD_LENGTH } from "../../../core/staff/password-rules.ts";
import { Field } from "../field.tsx";

/**
 * The staff area's form parts: a labelled text field with its hint and error, an error summary that takes focus
 * when a sent form comes back with problems, a notice that says what just happened, and the buttons.
 */

export const inputClass =
  "mt-1 block w-full rounded border border-gray-500 bg-white px-3 py-2 text-brand-grey focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-red aria-[invalid=true]:border-brand-red";
export const labelClass = "block font-semibold text-brand-grey";
export const buttonClass =
  "inline-flex items-center justify-center rounded bg-brand-red px-5 py-2 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey";
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded border-2 border-brand-grey bg-white px-4 py-2 font-semibold text-brand-grey hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red";

/** Field errors by field name, from a service's violations. */
export function errorsByField(violations: readonly Violation[] | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const violation of violations ?? []) errors[violation.propertyPath] ??= violation.message;
  return errors;
}

/** The staff forms' labels, hints and errors (app/components/field.tsx). */
export const staffLook = {
  label: labelClass,
  hint: "text-sm text-brand-grey-light",
  error: "mt-1 text-sm font-semibold text-brand-red",
};

type TextFieldProps = {
  /** Prefix of the ids, unique on the page. */
  form: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  hint?: string;
  error?: string;
  inputMode?: "numeric" | "email" | "text";
};

export function TextField({
  form,
  name,
  label,
  type = "text",
  autoComplete,
  required,
  defaultValue,
  hint,
  error,
  inputMode,
}: TextFieldProps) {
  return (
    <Field id={`${form}-${name}`} label={label} hint={hint} error={error} look={staffLook}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={required}
          inputMode={inputMode}
          autoCapitalize={inputMode === "email" ? "none" : undefined}
          spellCheck={inputMode === "email" ? false : undefined}
          defaultValue={defaultValue}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/**
 * The problems of a sent form, listed with links to their fields; it takes focus when it appears, so that a
 * keyboard or screen-reader user hears what to fix. `message` alone for a problem with no field.
 */
export function ErrorSummary({
  form,
  errors,
  message,
  fieldLabels = {},
}: {
  form: string;
  errors?: Record<string, string>;
  message?: string;
  fieldLabels?: Record<string, string>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const listed = Object.entries(errors ?? {});
  const shown = listed.length > 0 || Boolean(message);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focused again for each answer with problems, even one with the same messages
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, errors, message]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded border-2 border-brand-red bg-white p-4 text-brand-grey outline-none"
    >
      {message ? (
        <p className="font-bold text-brand-red">{message}</p>
      ) : (
        <p className="font-bold text-brand-red">Please correct the following:</p>
      )}
      {listed.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {listed.map(([field, text]) => (
            <li key={field}>
              <a href={`#${form}-${field}`} className="underline">
                {fieldLabels[field] ? `${fieldLabels[field]}: ` : ""}
                {text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What just happened ("Account created", "Password changed"), announced politely. */
export function Notice({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="min-h-0">
      {children ? (
        <p className="rounded border-2 border-green-700 bg-green-50 p-4 font-semibold text-green-900">{children}</p>
      ) : null}
    </div>
  );
}

export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: three or four unrelated words make a good one. Not your e-mail address, a common password, or one built on Honda.`;
