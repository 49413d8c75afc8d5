import { Form, useNavigation } from "react-router";
import { HOURS_DAY_LABELS, HOURS_DAYS } from "../../../core/dealers/business-hours.ts";
import { DEALER_FIELD_LABELS, type DealerField, WEBHOOK_FORMATS } from "../../../core/dealers/dealer-fields.ts";
import { PROVINCES } from "../../../core/inventory/used-query.ts";
import { CsrfField } from "./csrf-field.tsx";
import { CellField, FieldSet, hintId } from "../field.tsx";
import { Select, namedFieldsOf } from "./fields.tsx";
import { buttonClass, ErrorSummary, inputClass, staffLook } from "./form.tsx";

const FORM = "dealer";
const HOURS_ID = `${FORM}-hours`;
const LEGEND_CLASS = "mb-2 text-xl font-bold";

type Props = {
  csrfToken: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A group administrator: name, slug and lead channels too. */
  mayEditAll: boolean;
  hasWebhookSecret: boolean;
  submitLabel: string;
};

const HOURS_LABELS = Object.fromEntries(
  HOURS_DAYS.flatMap((day) => [
    [`opens_${day}`, `${HOURS_DAY_LABELS[day]} opens`],
    [`closes_${day}`, `${HOURS_DAY_LABELS[day]} closes`],
  ]),
);
const LABELS: Record<string, string> = { ...DEALER_FIELD_LABELS, ...HOURS_LABELS };

type FieldsetProps = Pick<Props, "values" | "errors">;

/** A text field of the dealer form: its label, value and error found by the field's name. */
const fieldsOf = ({ values, errors }: FieldsetProps) =>
  namedFieldsOf<DealerField>({ form: FORM, labels: DEALER_FIELD_LABELS, values, errors });

/**
 * A dealer's details: contact details and business hours for the dealer's managers; the name,
 * address slug and where leads go for group administrators. A plain form that works without JavaScript.
 */
export function DealerForm({ csrfToken, values, errors, mayEditAll, hasWebhookSecret, submitLabel }: Props) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-6 space-y-8" noValidate>
      <CsrfField token={csrfToken} />
      <ErrorSummary form={FORM} errors={errors} fieldLabels={LABELS} />
      {mayEditAll ? <DealerFieldset values={values} errors={errors} /> : null}
      <ContactFieldset values={values} errors={errors} />
      <BusinessHoursFieldset values={values} errors={errors} />
      {mayEditAll ? <LeadRoutingFieldset values={values} errors={errors} hasWebhookSecret={hasWebhookSecret} /> : null}
      <button type="submit" className={buttonClass} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** The dealer's name and the slug of its pages. */
function DealerFieldset({ values, errors }: FieldsetProps) {
  const { text } = fieldsOf({ values, errors });
  return (
    <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
      <legend className="mb-2 text-xl font-bold">Dealer</legend>
      {text("dealerName", { required: true })}
      {text("slug", {
        required: true,
        hint: "Its pages are at /dealer/ followed by this. When it changes, the old addresses lead to the new ones.",
      })}
    </fieldset>
  );
}

/** The dealership's telephone, address and dealer principal. */
function ContactFieldset({ values, errors }: FieldsetProps) {
  const { text } = fieldsOf({ values, errors });
  return (
    <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
      <legend className="mb-2 text-xl font-bold">Contact details</legend>
      {text("contactNo", { type: "tel", autoComplete: "off", required: true })}
      {text("street", { required: true })}
      {text("city", { required: true })}
      <Select
        form={FORM}
        name="province"
        label={DEALER_FIELD_LABELS.province}
        defaultValue={values.province ?? ""}
        error={errors.province}
        options={[{ value: "", label: "Choose…" }, ...PROVINCES.map((p) => ({ value: p, label: p }))]}
      />
      {text("postalCode", { inputMode: "numeric", required: true })}
      {text("location", {
        hint: "What a map search should look up, e.g. the dealer's name and address",
        required: true,
      })}
      {text("dpName", { required: true })}
      {text("dpEmail", { type: "email", inputMode: "email", required: true })}
      {text("dpContactNo", { type: "tel", required: true })}
    </fieldset>
  );
}

/** The opening and closing time of each day. */
function BusinessHoursFieldset({ values, errors }: FieldsetProps) {
  return (
    <FieldSet
      id={HOURS_ID}
      legend="Business hours"
      hint="24-hour times, e.g. 07:30. Leave both times empty on a day the dealer is closed."
      look={{ ...staffLook, label: LEGEND_CLASS }}
      className="min-w-0"
    >
      {() => (
        <div className="mt-2 grid max-w-xl grid-cols-[minmax(6rem,auto)_1fr_1fr] items-start gap-x-3 gap-y-2">
          <span aria-hidden="true" className="font-semibold">
            Day
          </span>
          <span aria-hidden="true" className="font-semibold">
            Opens
          </span>
          <span aria-hidden="true" className="font-semibold">
            Closes
          </span>
          {HOURS_DAYS.map((day) => (
            <div key={day} className="contents">
              <span className="py-2 font-semibold">{HOURS_DAY_LABELS[day]}</span>
              {(["opens", "closes"] as const).map((edge) => (
                <HoursCell key={edge} name={`${edge}_${day}`} values={values} errors={errors} />
              ))}
            </div>
          ))}
        </div>
      )}
    </FieldSet>
  );
}

/** One day's opening or closing time, named by its day and edge ("Monday opens"). */
function HoursCell({ name, values, errors }: FieldsetProps & { name: string }) {
  return (
    <CellField
      id={`${FORM}-${name}`}
      label={LABELS[name]!}
      error={errors[name]}
      describedByAlso={hintId(HOURS_ID)}
      look={staffLook}
      className="min-w-0"
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type="time"
          defaultValue={values[name] ?? ""}
          className={`${inputClass} mt-0 min-w-0`}
        />
      )}
    </CellField>
  );
}

/** Where the dealer's leads go: the CRM's addresses, people's addresses, the CRM's webhook. */
function LeadRoutingFieldset({ values, errors, hasWebhookSecret }: FieldsetProps & Pick<Props, "hasWebhookSecret">) {
  const { text, area } = fieldsOf({ values, errors });
  return (
    <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
      <legend className="mb-2 text-xl font-bold">Where leads go</legend>
      {area("crmEmails", {
        hint: "Required, one a line. The dealer's CRM imports every lead from these: the e-mail body is the lead as ADF XML and nothing else.",
        rows: 2,
      })}
      {area("enquiryEmails", {
        hint: "People, one a line: a readable copy with Reply-To the buyer. With none, leads go to the dealer principal.",
        rows: 3,
      })}
      {area("financeEmails", {
        hint: "People, one a line: a readable copy without the applicant's finances. With none, applications go to the dealer principal.",
        rows: 3,
      })}
      {text("webhookUrl", {
        type: "url",
        hint: "An https:// address the CRM gives; leave empty for none. Enquiries are sent to it, signed with the secret.",
      })}
      <Select
        form={FORM}
        name="webhookFormat"
        label={DEALER_FIELD_LABELS.webhookFormat}
        hint="What the webhook is sent: the lead as ADF XML, as CRMs import it, or as JSON."
        defaultValue={values.webhookFormat || "adf"}
        error={errors.webhookFormat}
        options={WEBHOOK_FORMATS}
      />
      {text("webhookSecret", {
        type: "password",
        autoComplete: "new-password",
        hint: hasWebhookSecret
          ? "A secret is stored; it is never shown. Leave empty to keep it, or type a new one."
          : "At least 16 characters, as the CRM gives it.",
      })}
    </fieldset>
  );
}
