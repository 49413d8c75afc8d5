import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Violation } from "../../core/shared/violations.ts";
import type { AppointmentChoice } from "../lib/appointment.ts";
import { type EnquiryActionData, FIELD_FOR_PATH, PATH_FOR_FIELD } from "../lib/enquiry.ts";
import { AppointmentFields } from "./appointment-fields.tsx";
import { useHydrated } from "../lib/hydrated.ts";

export type EnquiryFormProps = {
  /** The heading above the form (an h2). */
  heading: string;
  intro?: ReactNode;
  token: { idempotencyKey: string; renderedAt: number };
  /** Dealerships to choose from; null when the page fixes the dealer. */
  dealers: { slug: string; dealerName: string }[] | null;
  selectedDealer?: string | null;
  /** Parts and service: the visitor types the make (default Honda), model and year of their own vehicle. */
  askMakeModel?: boolean;
  /** Parts: part number and VIN. */
  askPart?: boolean;
  messageRows?: number;
  messageLabel?: string;
  submitLabel?: string;
  /** Sell your car: mileage, condition, outstanding finance, trade-in and up to 8 photos (a multipart form). */
  askTradeIn?: { towards: { label: string; href: string } | null; maxPhotos: number; maxPhotoMb: number };
  /** Test drives and services: the date and times offered (the page's loader computes them). */
  appointment?: AppointmentChoice;
  /** Light (white) or dark (grey) block. */
  tone?: "light" | "dark";
};

type Errors = Record<string, string>;

function errorsFrom(violations: Violation[] | undefined): Errors {
  const errors: Errors = {};
  for (const { propertyPath, message } of violations ?? []) {
    const key = FIELD_FOR_PATH[propertyPath] ?? "_form";
    errors[key] ??= message;
  }
  return errors;
}

/**
 * Every enquiry form of product.md §2 and §5: a real <form> posting to the route's action (works without
 * JavaScript), enhanced into a client-side submission. The server validates; its messages show under each
 * field and in an announced summary; editing a field clears its message; Submit shows Loading... meanwhile.
 */
/** ADF's vehicle conditions, as a seller describes their car. */
const CONDITIONS = [
  { value: "excellent", label: "Excellent: like new" },
  { value: "good", label: "Good: normal wear" },
  { value: "fair", label: "Fair: some damage or repairs due" },
  { value: "poor", label: "Poor: needs work" },
] as const;

export function EnquiryForm(props: EnquiryFormProps) {
  const { heading, intro, token, dealers, selectedDealer, askMakeModel, askPart, messageRows = 6, tone = "light" } = props;
  const actionData = useActionData<EnquiryActionData>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const [errors, setErrors] = useState<Errors>(() => errorsFrom(actionData?.violations));
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const values = actionData?.values ?? {};
  const enhanced = useHydrated();
  const appointment = actionData?.appointment ?? props.appointment;
  const [chosenDealer, setChosenDealer] = useState<string | null>(() => appointment?.dealerSlug ?? null);
  useEffect(() => setChosenDealer(appointment?.dealerSlug ?? null), [appointment]);

  useEffect(() => {
    setErrors(errorsFrom(actionData?.violations));
    if (actionData?.violations?.length || actionData?.formError) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      formRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
      summaryRef.current?.focus({ preventScroll: true });
    }
  }, [actionData]);

  const clearError = (event: ChangeEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name;
    if (name === "dealer_slug") setChosenDealer((event.target as unknown as HTMLSelectElement).value || null);
    if (!name || !(name in PATH_FOR_FIELD)) return;
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const describedBy = (name: string, hint?: string) =>
    [errors[name] ? errorId(name) : null, hint ?? null].filter(Boolean).join(" ") || undefined;
  const listed = Object.entries(errors);
  const dark = tone === "dark";
  const inputClass =
    "mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 text-brand-grey focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-red aria-[invalid=true]:border-brand-red";
  const labelClass = `block font-semibold ${dark ? "text-white" : "text-brand-grey"}`;
  const errorClass = `mt-1 text-sm font-semibold ${dark ? "rounded bg-white px-2 py-1 text-brand-red" : "text-brand-red"}`;

  const textField = (name: string, label: string, options: { type?: string; autoComplete?: string; required?: boolean; defaultValue?: string; inputMode?: "tel" | "email" | "text" | "numeric"; hint?: string } = {}) => (
    <div>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {label}
        {options.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {options.hint ? (
        <p id={`${fieldId(name)}-hint`} className={`text-sm ${dark ? "text-gray-200" : "text-brand-grey-light"}`}>
          {options.hint}
        </p>
      ) : null}
      <input
        id={fieldId(name)}
        name={name}
        type={options.type ?? "text"}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        required={options.required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name, options.hint ? `${fieldId(name)}-hint` : undefined)}
        defaultValue={values[name] ?? options.defaultValue ?? ""}
        className={inputClass}
      />
      {errors[name] ? (
        <p id={errorId(name)} className={errorClass}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  /** A required choice from a list, labelled and described as the text fields are. */
  const selectField = (name: string, label: string, placeholder: string, choices: readonly { value: string; label: string }[], defaultValue: string) => (
    <div>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={fieldId(name)}
        name={name}
        required
        defaultValue={defaultValue}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {errors[name] ? (
        <p id={errorId(name)} className={errorClass}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  const yesNo = (name: string, legend: string, defaultValue?: "yes" | "no") => (
    <fieldset aria-describedby={describedBy(name)}>
      <legend className={labelClass}>
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className="mt-1 flex gap-6">
        {(["yes", "no"] as const).map((answer) => (
          <div key={answer} className="flex items-center gap-2">
            <input
              id={answer === "yes" ? fieldId(name) : fieldId(`${name}-no`)}
              name={name}
              type="radio"
              value={answer}
              required
              defaultChecked={(values[name] || defaultValue) === answer}
              aria-invalid={errors[name] ? true : undefined}
              className="size-5 accent-brand-red"
            />
            <label htmlFor={answer === "yes" ? fieldId(name) : fieldId(`${name}-no`)}>{answer === "yes" ? "Yes" : "No"}</label>
          </div>
        ))}
      </div>
      {errors[name] ? (
        <p id={errorId(name)} className={errorClass}>
          {errors[name]}
        </p>
      ) : null}
    </fieldset>
  );

  const tradeInFields = (tradeIn: NonNullable<EnquiryFormProps["askTradeIn"]>) => (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {textField("mileage_km", "Mileage (km)", { required: true, inputMode: "numeric", hint: "As on the odometer, like 98000" })}
        {selectField("condition", "Condition", "Choose the condition", CONDITIONS, values.condition ?? "")}
      </div>
      {yesNo("outstanding_finance", "Is there finance still owing on it?")}
      {tradeIn.towards ? (
        <p>
          Trade-in towards{" "}
          <Link to={tradeIn.towards.href} className="font-semibold underline">
            {tradeIn.towards.label}
          </Link>
        </p>
      ) : null}
      {yesNo("trade_in", "Is it a trade-in towards a car on this site?", tradeIn.towards ? "yes" : undefined)}
      <div>
        <label htmlFor={fieldId("photos")} className={labelClass}>
          Photos <span className="font-normal">(optional, up to {tradeIn.maxPhotos})</span>
        </label>
        <p id={`${fieldId("photos")}-hint`} className={`text-sm ${dark ? "text-gray-200" : "text-brand-grey-light"}`}>
          JPEG, PNG or WebP, at most {tradeIn.maxPhotoMb} MB each: the outside from each side, the inside and the odometer help us make
          our best offer. Only the dealership sees them.
        </p>
        <input
          id={fieldId("photos")}
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={describedBy("photos", `${fieldId("photos")}-hint`)}
          className={`${inputClass} file:mr-4 file:rounded file:border-0 file:bg-gray-200 file:px-3 file:py-1`}
        />
        {errors.photos ? (
          <p id={errorId("photos")} className={errorClass}>
            {errors.photos}
          </p>
        ) : null}
      </div>
    </div>
  );

  const toggle = (name: "contact" | "terms", label: ReactNode, required: boolean) => (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={fieldId(name)}
          name={name}
          type="checkbox"
          required={required}
          defaultChecked={values[name] === "on"}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(name)}
          className="mt-1 size-5 shrink-0 accent-brand-red"
        />
        <label htmlFor={fieldId(name)} className={dark ? "text-white" : "text-brand-grey"}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      </div>
      {errors[name] ? (
        <p id={errorId(name)} className={errorClass}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-lg p-6 sm:p-8 ${dark ? "bg-brand-grey text-white" : "border border-gray-200 bg-white"}`}
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {heading}
      </h2>
      {intro ? <div className={`mt-2 ${dark ? "text-gray-100" : "text-brand-grey-light"}`}>{intro}</div> : null}
      <p className={`mt-2 text-sm ${dark ? "text-gray-200" : "text-brand-grey-light"}`}>Fields marked * are required.</p>
      <Form
        ref={formRef}
        method="post"
        encType={props.askTradeIn ? "multipart/form-data" : undefined}
        replace
        noValidate
        onChange={clearError}
        data-enhanced={enhanced ? "true" : undefined}
        className="mt-6 scroll-mt-24 space-y-5"
        aria-describedby={listed.length || actionData?.formError ? `${id}-summary` : undefined}
      >
        <div ref={summaryRef} tabIndex={-1} id={`${id}-summary`} className="outline-none">
          {actionData?.formError ? (
            <p role="alert" className="rounded border-2 border-brand-red bg-white p-4 font-semibold text-brand-red">
              {actionData.formError}
            </p>
          ) : null}
          {listed.length > 0 ? (
            <div role="alert" className="rounded border-2 border-brand-red bg-white p-4 text-brand-grey">
              <p className="font-bold text-brand-red">
                {listed.length === 1 ? "There is 1 problem with your enquiry:" : `There are ${listed.length} problems with your enquiry:`}
              </p>
              <ul className="mt-2 list-disc pl-5">
                {listed.map(([field, message]) => (
                  <li key={field}>
                    {field === "_form" ? message : <a href={`#${fieldId(field)}`} className="underline">{message}</a>}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <input type="hidden" name="idempotency_key" value={values.idempotency_key || token.idempotencyKey} />
        <input type="hidden" name="rendered_at" value={values.rendered_at || String(token.renderedAt)} />
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={fieldId("website")}>Leave this field empty</label>
          <input id={fieldId("website")} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {textField("first_name", "First name", { autoComplete: "given-name", required: true })}
          {textField("last_name", "Last name", { autoComplete: "family-name", required: true })}
          {textField("email", "Email", { type: "email", autoComplete: "email", required: true, inputMode: "email" })}
          {textField("cell_phone", "Cell phone", { type: "tel", autoComplete: "tel", required: true, inputMode: "tel", hint: "For example 082 123 4567" })}
          {askMakeModel ? textField("make", "Make", { required: true, defaultValue: "Honda" }) : null}
          {askMakeModel ? textField("model", "Model", { required: true }) : null}
          {askMakeModel ? textField("year", "Year", { required: true, inputMode: "numeric", hint: "The year your vehicle was made, like 2018" }) : null}
          {askPart ? textField("partNo", "Part number", { hint: "If you know it" }) : null}
          {askPart ? textField("vinNo", "VIN", { hint: "17 characters, on your licence disc" }) : null}
        </div>
        {dealers ? (
          selectField(
            "dealer_slug",
            "Dealership",
            "Choose a dealership",
            dealers.map((dealer) => ({ value: dealer.slug, label: dealer.dealerName })),
            values.dealer_slug ?? (selectedDealer && dealers.some((d) => d.slug === selectedDealer) ? selectedDealer : ""),
          )
        ) : null}
        {props.askTradeIn ? tradeInFields(props.askTradeIn) : null}
        {appointment ? (
          <AppointmentFields
            choice={appointment}
            dealerSlug={dealers ? chosenDealer : appointment.dealerSlug}
            selectedTime={values.appointment_time}
            error={errors.appointment_time}
            ids={{ date: fieldId("appointment_date"), time: fieldId("appointment_time"), error: errorId("appointment_time") }}
            classes={{ label: labelClass, input: inputClass, error: errorClass, hint: dark ? "text-gray-200" : "text-brand-grey-light" }}
            enhanced={enhanced}
            submit={{ label: props.submitLabel ?? "Submit" }}
          />
        ) : null}
        <div>
          <label htmlFor={fieldId("message")} className={labelClass}>
            {props.messageLabel ?? "Message"} <span className="font-normal">(optional)</span>
          </label>
          <textarea
            id={fieldId("message")}
            name="message"
            rows={messageRows}
            maxLength={2000}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy("message")}
            defaultValue={values.message ?? ""}
            className={inputClass}
          />
          {errors.message ? (
            <p id={errorId("message")} className={errorClass}>
              {errors.message}
            </p>
          ) : null}
        </div>
        {toggle("contact", "You may contact me by phone, email or WhatsApp about this enquiry and related offers.", false)}
        {toggle(
          "terms",
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
          </>,
          true,
        )}
        <button
          type="submit"
          disabled={submitting}
          className={`w-full rounded bg-brand-red px-8 py-3 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-80 sm:w-auto ${dark ? "focus-visible:outline-white" : "focus-visible:outline-brand-grey"}`}
        >
          {submitting ? "Loading..." : (props.submitLabel ?? "Submit")}
        </button>
      </Form>
    </section>
  );
}
