import { createContext, type ReactNode, useContext } from "react";
import { Link } from "react-router";
import { CheckboxField, type Choice, Field, FieldSet, Options } from "./field.tsx";

/** The enquiry form's parts (enquiry-form.tsx): its fields, its problem summary and its submit button. */

export type Errors = Record<string, string>;

type EnquiryFields = {
  /** The form's id prefix (useId): a field's id is `<prefix>-<name>`. */
  idPrefix: string;
  errors: Errors;
  /** The visitor's input, put back after a problem. */
  values: Record<string, string>;
  dark: boolean;
};

const EnquiryFieldsContext = createContext<EnquiryFields>({ idPrefix: "", errors: {}, values: {}, dark: false });
export const EnquiryFieldsProvider = EnquiryFieldsContext.Provider;

export const enquiryInputClass =
  "mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 text-brand-grey focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-red aria-[invalid=true]:border-brand-red";

/** The labels, hints and errors on a light or a dark block. */
export function enquiryLook(dark: boolean) {
  return {
    label: `block font-semibold ${dark ? "text-white" : "text-brand-grey"}`,
    hint: `text-sm ${dark ? "text-gray-200" : "text-brand-grey-light"}`,
    error: `mt-1 text-sm font-semibold ${dark ? "rounded bg-white px-2 py-1 text-brand-red" : "text-brand-red"}`,
  };
}

/** A field's id, error and entered value, and the form's look. */
export function useEnquiryField(name: string) {
  const { idPrefix, errors, values, dark } = useContext(EnquiryFieldsContext);
  return { id: `${idPrefix}-${name}`, error: errors[name], value: values[name], look: enquiryLook(dark), dark };
}

type TextFieldProps = {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  inputMode?: "tel" | "email" | "text" | "numeric";
  hint?: string;
};

export function TextField({
  name,
  label,
  type = "text",
  autoComplete,
  required,
  defaultValue,
  inputMode,
  hint,
}: TextFieldProps) {
  const { id, error, value, look } = useEnquiryField(name);
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} look={look}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          defaultValue={value ?? defaultValue ?? ""}
          className={enquiryInputClass}
        />
      )}
    </Field>
  );
}

/** A required choice from a list, labelled and described as the text fields are. */
export function ChoiceField({
  name,
  label,
  placeholder,
  choices,
  defaultValue,
}: {
  name: string;
  label: string;
  placeholder: string;
  choices: readonly Choice[];
  defaultValue: string;
}) {
  const { id, error, look } = useEnquiryField(name);
  return (
    <Field id={id} label={label} required error={error} look={look}>
      {(control) => (
        <select {...control} name={name} required defaultValue={defaultValue} className={enquiryInputClass}>
          <Options choices={choices} placeholder={placeholder} />
        </select>
      )}
    </Field>
  );
}

function YesNoField({ name, legend, defaultValue }: { name: string; legend: string; defaultValue?: "yes" | "no" }) {
  const { id, error, value, look } = useEnquiryField(name);
  return (
    <FieldSet id={id} legend={legend} required error={error} look={look}>
      {(control) => (
        <div className="mt-1 flex gap-6">
          {(["yes", "no"] as const).map((answer) => {
            const answerId = answer === "yes" ? id : `${id}-no`;
            return (
              <div key={answer} className="flex items-center gap-2">
                <input
                  id={answerId}
                  name={name}
                  type="radio"
                  value={answer}
                  required
                  defaultChecked={(value || defaultValue) === answer}
                  {...control}
                  className="size-5 accent-brand-red"
                />
                <label htmlFor={answerId}>{answer === "yes" ? "Yes" : "No"}</label>
              </div>
            );
          })}
        </div>
      )}
    </FieldSet>
  );
}

/** ADF's vehicle conditions, as a seller describes their car. */
const CONDITIONS = [
  { value: "excellent", label: "Excellent: like new" },
  { value: "good", label: "Good: normal wear" },
  { value: "fair", label: "Fair: some damage or repairs due" },
  { value: "poor", label: "Poor: needs work" },
] as const;

export type TradeIn = { towards: { label: string; href: string } | null; maxPhotos: number; maxPhotoMb: number };

/** Sell your car: mileage, condition, outstanding finance, trade-in and photos. */
export function TradeInFields({ tradeIn }: { tradeIn: TradeIn }) {
  const { value: condition } = useEnquiryField("condition");
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="mileage_km"
          label="Mileage (km)"
          required
          inputMode="numeric"
          hint="As on the odometer, like 98000"
        />
        <ChoiceField
          name="condition"
          label="Condition"
          placeholder="Choose the condition"
          choices={CONDITIONS}
          defaultValue={condition ?? ""}
        />
      </div>
      <YesNoField name="outstanding_finance" legend="Is there finance still owing on it?" />
      {tradeIn.towards ? (
        <p>
          Trade-in towards{" "}
          <Link to={tradeIn.towards.href} className="font-semibold underline">
            {tradeIn.towards.label}
          </Link>
        </p>
      ) : null}
      <YesNoField
        name="trade_in"
        legend="Is it a trade-in towards a car on this site?"
        defaultValue={tradeIn.towards ? "yes" : undefined}
      />
      <PhotosField maxPhotos={tradeIn.maxPhotos} maxPhotoMb={tradeIn.maxPhotoMb} />
    </div>
  );
}

function PhotosField({ maxPhotos, maxPhotoMb }: { maxPhotos: number; maxPhotoMb: number }) {
  const { id, error, look } = useEnquiryField("photos");
  const label = (
    <>
      Photos <span className="font-normal">(optional, up to {maxPhotos})</span>
    </>
  );
  const hint = (
    <>
      JPEG, PNG or WebP, at most {maxPhotoMb} MB each: the outside from each side, the inside and the odometer help us
      make our best offer. Only the dealership sees them.
    </>
  );
  return (
    <Field id={id} label={label} hint={hint} error={error} look={look}>
      {(control) => (
        <input
          {...control}
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className={`${enquiryInputClass} file:mr-4 file:rounded file:border-0 file:bg-gray-200 file:px-3 file:py-1`}
        />
      )}
    </Field>
  );
}

export function MessageField({ label = "Message", rows }: { label?: string; rows: number }) {
  const { id, error, value, look } = useEnquiryField("message");
  return (
    <Field
      id={id}
      label={
        <>
          {label} <span className="font-normal">(optional)</span>
        </>
      }
      error={error}
      look={look}
    >
      {(control) => (
        <textarea
          {...control}
          name="message"
          rows={rows}
          maxLength={2000}
          defaultValue={value ?? ""}
          className={enquiryInputClass}
        />
      )}
    </Field>
  );
}

/** A checkbox: agreeing to be contacted, or to the terms. */
export function ToggleField({
  name,
  label,
  required,
}: {
  name: "contact" | "terms";
  label: ReactNode;
  required: boolean;
}) {
  const { id, error, value, look, dark } = useEnquiryField(name);
  return (
    <CheckboxField
      id={id}
      label={label}
      required={required}
      error={error}
      look={{ label: dark ? "text-white" : "text-brand-grey", error: look.error }}
      rowClassName="flex items-start gap-3"
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type="checkbox"
          required={required}
          defaultChecked={value === "on"}
          className="mt-1 size-5 shrink-0 accent-brand-red"
        />
      )}
    </CheckboxField>
  );
}

export function TermsField() {
  return (
    <ToggleField
      name="terms"
      label={
        <>
          I accept the{" "}
          <Link to="/terms" className="underline">
            Terms and Conditions
          </Link>{" "}
          and the{" "}
          <Link to="/policy" className="underline">
            Privacy Policy
          </Link>
          , and agree that my details are used to answer this enquiry.
        </>
      }
      required
    />
  );
}

/** A field bots fill in and people never see. */
export function HoneypotField() {
  const { id } = useEnquiryField("website");
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * The problems of a sent enquiry, each linked to its field ("_form" for one that has none). The finance wizard
 * shows a step's problems with it too: its fields' ids start with `idPrefix`, and it names what was sent (`subject`).
 * `announce` false leaves the announcing to another alert beside it.
 */
export function ProblemSummary({
  formError,
  errors,
  subject = "your enquiry",
  idPrefix: ownPrefix,
  announce = true,
}: {
  formError?: string;
  errors: Errors;
  subject?: string;
  idPrefix?: string;
  announce?: boolean;
}) {
  const context = useContext(EnquiryFieldsContext);
  const idPrefix = ownPrefix ?? context.idPrefix;
  const listed = Object.entries(errors);
  return (
    <>
      {formError ? (
        <p role="alert" className="rounded border-2 border-brand-red bg-white p-4 font-semibold text-brand-red">
          {formError}
        </p>
      ) : null}
      {listed.length > 0 ? (
        <div
          role={announce ? "alert" : undefined}
          className="rounded border-2 border-brand-red bg-white p-4 text-brand-grey"
        >
          <p className="font-bold text-brand-red">
            {listed.length === 1
              ? `There is 1 problem with ${subject}:`
              : `There are ${listed.length} problems with ${subject}:`}
          </p>
          <ul className="mt-2 list-disc pl-5">
            {listed.map(([field, message]) => (
              <li key={field}>
                {field === "_form" ? (
                  message
                ) : (
                  <a href={`#${idPrefix}-${field}`} className="underline">
                    {message}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

export function SubmitButton({ label, submitting, dark }: { label: string; submitting: boolean; dark: boolean }) {
  return (
    <button
      type="submit"
      disabled={submitting}
      className={`w-full rounded bg-brand-red px-8 py-3 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-80 sm:w-auto ${dark ? "focus-visible:outline-white" : "focus-visible:outline-brand-grey"}`}
    >
      {submitting ? "Loading..." : label}
    </button>
  );
}
