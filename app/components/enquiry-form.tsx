import { type ChangeEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { Violation } from "../../core/shared/violations.ts";
import type { AppointmentChoice } from "../lib/appointment.ts";
import { type EnquiryActionData, FIELD_FOR_PATH, PATH_FOR_FIELD } from "../lib/enquiry.ts";
import { AppointmentFields } from "./appointment-fields.tsx";
import {
  ChoiceField,
  enquiryInputClass,
  enquiryLook,
  EnquiryFieldsProvider,
  type Errors,
  HoneypotField,
  MessageField,
  ProblemSummary,
  SubmitButton,
  TermsField,
  TextField,
  ToggleField,
  type TradeIn,
  TradeInFields,
  useEnquiryField,
} from "./enquiry-fields.tsx";
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
  askTradeIn?: TradeIn;
  /** Test drives and services: the date and times offered (the page's loader computes them). */
  appointment?: AppointmentChoice;
  /** Light (white) or dark (grey) block. */
  tone?: "light" | "dark";
};

function errorsFrom(violations: Violation[] | undefined): Errors {
  const errors: Errors = {};
  for (const { propertyPath, message } of violations ?? []) {
    const key = FIELD_FOR_PATH[propertyPath] ?? "_form";
    errors[key] ??= message;
  }
  return errors;
}

/**
 * The server's messages by field: shown again after each answer (the summary scrolled to and focused when there are
 * problems), and a field's message cleared as soon as the visitor edits it.
 */
function useEnquiryErrors(
  actionData: EnquiryActionData | undefined,
  formRef: RefObject<HTMLFormElement | null>,
  summaryRef: RefObject<HTMLDivElement | null>,
) {
  const [errors, setErrors] = useState<Errors>(() => errorsFrom(actionData?.violations));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each answer from the server; the refs are stable
  useEffect(() => {
    setErrors(errorsFrom(actionData?.violations));
    if (actionData?.violations?.length || actionData?.formError) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      formRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
      summaryRef.current?.focus({ preventScroll: true });
    }
  }, [actionData]);
  const clearError = (name: string) => {
    if (!(name in PATH_FOR_FIELD)) return;
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  };
  return { errors, clearError };
}

/**
 * Every enquiry form of product.md §2 and §5: a real <form> posting to the route's action (works without
 * JavaScript), enhanced into a client-side submission. The server validates; its messages show under each
 * field and in an announced summary; editing a field clears its message; Submit shows Loading... meanwhile.
 */
export function EnquiryForm(props: EnquiryFormProps) {
  const {
    heading,
    intro,
    token,
    dealers,
    selectedDealer,
    askMakeModel,
    askPart,
    messageRows = 6,
    tone = "light",
  } = props;
  const actionData = useActionData<EnquiryActionData>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { errors, clearError } = useEnquiryErrors(actionData, formRef, summaryRef);
  const id = useId();
  const values = actionData?.values ?? {};
  const enhanced = useHydrated();
  const appointment = actionData?.appointment ?? props.appointment;
  const [chosenDealer, setChosenDealer] = useState<string | null>(() => appointment?.dealerSlug ?? null);
  useEffect(() => setChosenDealer(appointment?.dealerSlug ?? null), [appointment]);

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const { name, value } = event.target as unknown as { name?: string; value: string };
    if (name === "dealer_slug") setChosenDealer(value || null);
    if (name) clearError(name);
  };

  const hasProblems = Object.keys(errors).length > 0 || Boolean(actionData?.formError);
  const dark = tone === "dark";
  const submitLabel = props.submitLabel ?? "Submit";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-lg p-6 sm:p-8 ${dark ? "bg-brand-grey text-white" : "border border-gray-200 bg-white"}`}
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {heading}
      </h2>
      {intro ? <div className={`mt-2 ${dark ? "text-gray-100" : "text-brand-grey-light"}`}>{intro}</div> : null}
      <p className={`mt-2 text-sm ${dark ? "text-gray-200" : "text-brand-grey-light"}`}>
        Fields marked * are required.
      </p>
      <EnquiryFieldsProvider value={{ idPrefix: id, errors, values, dark }}>
        <Form
          ref={formRef}
          method="post"
          encType={props.askTradeIn ? "multipart/form-data" : undefined}
          replace
          noValidate
          onChange={onChange}
          data-enhanced={enhanced ? "true" : undefined}
          className="mt-6 scroll-mt-24 space-y-5"
          aria-describedby={hasProblems ? `${id}-summary` : undefined}
        >
          <div ref={summaryRef} tabIndex={-1} id={`${id}-summary`} className="outline-none">
            <ProblemSummary formError={actionData?.formError} errors={errors} />
          </div>
          <input type="hidden" name="idempotency_key" value={values.idempotency_key || token.idempotencyKey} />
          <input type="hidden" name="rendered_at" value={values.rendered_at || String(token.renderedAt)} />
          <HoneypotField />
          <PersonFields askMakeModel={askMakeModel} askPart={askPart} />
          {dealers ? <DealerField dealers={dealers} selectedDealer={selectedDealer} /> : null}
          {props.askTradeIn ? <TradeInFields tradeIn={props.askTradeIn} /> : null}
          {appointment ? (
            <AppointmentFields
              choice={appointment}
              dealerSlug={dealers ? chosenDealer : appointment.dealerSlug}
              selectedTime={values.appointment_time}
              error={errors.appointment_time}
              ids={{
                date: `${id}-appointment_date`,
                time: `${id}-appointment_time`,
              }}
              classes={{
                ...enquiryLook(dark),
                input: enquiryInputClass,
                hint: dark ? "text-gray-200" : "text-brand-grey-light",
              }}
              enhanced={enhanced}
              submit={{ label: submitLabel }}
            />
          ) : null}
          <MessageField label={props.messageLabel} rows={messageRows} />
          <ToggleField
            name="contact"
            label="You may contact me by phone, email or WhatsApp about this enquiry and related offers."
            required={false}
          />
          <TermsField />
          <SubmitButton label={submitLabel} submitting={submitting} dark={dark} />
        </Form>
      </EnquiryFieldsProvider>
    </section>
  );
}

/** Who is asking, and (parts and service) about which vehicle or part. */
function PersonFields({ askMakeModel, askPart }: Pick<EnquiryFormProps, "askMakeModel" | "askPart">) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField name="first_name" label="First name" autoComplete="given-name" required />
      <TextField name="last_name" label="Last name" autoComplete="family-name" required />
      <TextField name="email" label="Email" type="email" autoComplete="email" required inputMode="email" />
      <TextField
        name="cell_phone"
        label="Cell phone"
        type="tel"
        autoComplete="tel"
        required
        inputMode="tel"
        hint="For example 082 123 4567"
      />
      {askMakeModel ? <TextField name="make" label="Make" required defaultValue="Honda" /> : null}
      {askMakeModel ? <TextField name="model" label="Model" required /> : null}
      {askMakeModel ? (
        <TextField
          name="year"
          label="Year"
          required
          inputMode="numeric"
          hint="The year your vehicle was made, like 2018"
        />
      ) : null}
      {askPart ? <TextField name="partNo" label="Part number" hint="If you know it" /> : null}
      {askPart ? <TextField name="vinNo" label="VIN" hint="17 characters, on your licence disc" /> : null}
    </div>
  );
}

function DealerField({
  dealers,
  selectedDealer,
}: {
  dealers: NonNullable<EnquiryFormProps["dealers"]>;
  selectedDealer?: string | null;
}) {
  const { value } = useEnquiryField("dealer_slug");
  const preselected = selectedDealer && dealers.some((dealer) => dealer.slug === selectedDealer) ? selectedDealer : "";
  return (
    <ChoiceField
      name="dealer_slug"
      label="Dealership"
      placeholder="Choose a dealership"
      choices={dealers.map((dealer) => ({ value: dealer.slug, label: dealer.dealerName }))}
      defaultValue={value ?? preselected}
    />
  );
}
