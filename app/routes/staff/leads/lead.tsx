import { appContext } from "../../../load-context.ts";
import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";
import { discardHeldLead, releaseHeldLead } from "../../../../core/leads/held.server.ts";
import { changeLeadWork, getLead, type LeadDetail, resendLeadToDealer } from "../../../../core/leads/inbox.server.ts";
import { WORK_STATUSES } from "../../../../core/leads/inbox-filter.ts";
import { Field } from "../../../components/field.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { Select } from "../../../components/staff/fields.tsx";
import { LeadContactActions } from "../../../components/staff/lead-contact.tsx";
import { VisitSource } from "../../../components/staff/visit-source.tsx";
import {
  buttonClass,
  errorsByField,
  ErrorSummary,
  inputClass,
  Notice,
  secondaryButtonClass,
  staffLook,
} from "../../../components/staff/form.tsx";
import { field, staffForm } from "../../../lib/staff-forms.server.ts";
import { focusMainHeading } from "../../../lib/focus-on-navigation.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/lead";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    return { lead: await getLead(context.get(appContext).db, actor, params.leadId), csrfToken };
  } catch (error) {
    staffFailure(error);
  }
}

/**
 * The forms that post here: the work status and note (intent "work") and Resend (intent "resend"); for an
 * enquiry held as automated, Release and Discard.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  try {
    switch (field(form, "intent")) {
      case "resend": {
        const queued = await resendLeadToDealer(context.get(appContext).db, actor, params.leadId);
        return {
          notice:
            queued === 0
              ? "This lead has no deliveries to the dealer to send again."
              : `Sending again: ${queued} ${queued === 1 ? "delivery" : "deliveries"} to the dealer queued.`,
          violations: [],
        };
      }
      case "release": {
        const released = await releaseHeldLead(context.get(appContext).db, actor, params.leadId);
        if (!released.ok) return data({ notice: released.message, violations: [] }, { status: 409 });
        return {
          notice: `Released: the enquiry is a lead now, ${released.deliveries} ${released.deliveries === 1 ? "delivery" : "deliveries"} queued.`,
          violations: [],
          released: true,
        };
      }
      case "discard": {
        const discarded = await discardHeldLead(context.get(appContext).db, actor, params.leadId);
        if (!discarded.ok) return data({ notice: discarded.message, violations: [] }, { status: 409 });
        return redirect("/staff/leads?view=held&done=discarded");
      }
      case "work": {
        const result = await changeLeadWork(context.get(appContext).db, actor, params.leadId, {
          status: field(form, "status"),
          note: field(form, "note"),
        });
        if (!result.ok) return data({ notice: "", violations: result.violations }, { status: 422 });
        return { notice: `Saved. The lead is ${result.workStatus}.`, violations: [] };
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? `Lead ${loaderData.lead.reference}` : "Lead"}${STAFF_TITLE_SUFFIX}` },
];

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, csrfToken } = loaderData;
  const errors = errorsByField(actionData?.violations);
  // Released: the buttons are gone with the hold; focus goes to the deliveries that took their place.
  const releasedNow = actionData !== undefined && "released" in actionData && lead.heldBecause === null;
  useEffect(() => {
    if (releasedNow) focusMainHeading(DELIVERIES_HEADING);
  }, [releasedNow]);
  return (
    <>
      <p>
        <Link
          to={lead.heldBecause ? "/staff/leads?view=held" : "/staff/leads"}
          className="font-semibold text-brand-red underline"
        >
          {lead.heldBecause ? "All held enquiries" : "All leads"}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        {lead.customer ? `${lead.customer.firstName} ${lead.customer.lastName}` : "Finance application"}{" "}
        <span className="font-normal">({lead.reference})</span>
      </h1>
      <p className="mt-1">
        {lead.leadType} for {lead.dealer.name}, received {formatDateTime(lead.createdAt)}
      </p>
      {lead.customer && !lead.heldBecause ? (
        <LeadContactActions
          name={`${lead.customer.firstName} ${lead.customer.lastName}`}
          firstName={lead.customer.firstName}
          phone={lead.customer.cellPhone || null}
          email={lead.customer.email || null}
          dealerName={lead.dealer.name}
          reference={lead.reference}
        />
      ) : null}
      <div className="mt-4">
        <Notice>{actionData?.notice || null}</Notice>
      </div>
      {/* What staff do with a lead first (answer it, record it), then what it is, then how it reached the dealer. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {lead.heldBecause ? <Held heldBecause={lead.heldBecause} csrfToken={csrfToken} /> : null}
        {lead.heldBecause ? null : <Work lead={lead} csrfToken={csrfToken} errors={errors} />}
        <Sent lead={lead} />
        <Vehicle lead={lead} />
        <VisitSource attribution={lead.attribution} />
        {lead.heldBecause ? null : <Deliveries lead={lead} csrfToken={csrfToken} />}
      </div>
    </>
  );
}

const DELIVERIES_HEADING = "deliveries-heading";
const sectionClass = "min-w-0 rounded border border-gray-300 p-4 wrap-anywhere";
const termClass = "font-semibold";

/** An enquiry held as automated: why, and the two ways out (both audited). */
function Held({ heldBecause, csrfToken }: { heldBecause: string; csrfToken: string }) {
  return (
    <section aria-labelledby="held-heading" className={`${sectionClass} border-2 border-brand-red lg:col-span-2`}>
      <h2 id="held-heading" className="text-xl font-bold">
        Held as automated
      </h2>
      <p className="mt-2">
        <span className="font-semibold">Why:</span> {heldBecause}.
      </p>
      <p className="mt-2 max-w-prose">
        Nothing has been sent to the dealer or the buyer. If a person sent it, release it: it is delivered as any lead,
        and the buyer gets their confirmation. Otherwise discard it; it is deleted either way after a few days.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="release" />
          <button type="submit" className={buttonClass}>
            Release to the dealer
          </button>
        </Form>
        <Form method="post">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="discard" />
          <button type="submit" className={secondaryButtonClass}>
            Discard
          </button>
        </Form>
      </div>
    </section>
  );
}

function Sent({ lead }: { lead: LeadDetail }) {
  const customer = lead.customer;
  return (
    <section aria-labelledby="sent-heading" className={sectionClass}>
      <h2 id="sent-heading" className="text-xl font-bold">
        What the visitor sent
      </h2>
      {customer ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className={termClass}>Name</dt>
          <dd>
            {customer.firstName} {customer.lastName}
          </dd>
          <dt className={termClass}>E-mail</dt>
          <dd>
            {customer.email ? (
              <a href={`mailto:${customer.email}`} className="text-brand-red underline">
                {customer.email}
              </a>
            ) : (
              "Not given"
            )}
          </dd>
          <dt className={termClass}>Phone</dt>
          <dd>
            {customer.cellPhone ? (
              <a href={`tel:${customer.cellPhone}`} className="text-brand-red underline">
                {customer.cellPhone}
              </a>
            ) : (
              "Not given"
            )}
          </dd>
          <dt className={termClass}>Message</dt>
          <dd className="whitespace-pre-line">{customer.message || "None"}</dd>
          <dt className={termClass}>Offers</dt>
          <dd>{customer.contactAllowed ? "May be contacted about offers" : "No offers, please"}</dd>
          <dt className={termClass}>Form</dt>
          <dd>{lead.formName}</dd>
          {lead.sentFrom ? (
            <>
              <dt className={termClass}>Sent from</dt>
              <dd>
                <a href={lead.sentFrom} className="text-brand-red underline">
                  {lead.sentFrom}
                </a>
              </dd>
            </>
          ) : null}
          {lead.notes.map((note) => (
            <dd key={note} className="col-span-2">
              {note}
            </dd>
          ))}
        </dl>
      ) : (
        <>
          <p className="mt-3">
            The applicant&apos;s details, income and bank are encrypted. Opening the application is written to the audit
            log with your name.
          </p>
          <p className="mt-3">
            <Link to={`/staff/finance/${lead.id}`} className={secondaryButtonClass}>
              Open the application
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

function Vehicle({ lead }: { lead: LeadDetail }) {
  const { vehicle } = lead;
  const name = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="vehicle-heading" className={sectionClass}>
      <h2 id="vehicle-heading" className="text-xl font-bold">
        Vehicle
      </h2>
      <p className="mt-3">
        {name || "Not given"} ({vehicle.condition})
      </p>
      {vehicle.vin ? <p>VIN {vehicle.vin}</p> : null}
      {lead.vehiclePath ? (
        <p className="mt-2">
          <a href={lead.vehiclePath} className="font-semibold text-brand-red underline">
            The vehicle&apos;s page on the website
          </a>
        </p>
      ) : null}
    </section>
  );
}

function Deliveries({ lead, csrfToken }: { lead: LeadDetail; csrfToken: string }) {
  return (
    <section aria-labelledby={DELIVERIES_HEADING} className={sectionClass}>
      <h2 id={DELIVERIES_HEADING} className="text-xl font-bold">
        Deliveries to the dealer
      </h2>
      <p className="mt-1">Overall: {lead.deliveryStatus}</p>
      {lead.deliveries.length === 0 ? <p className="mt-3">No deliveries.</p> : null}
      <ul className="mt-3 grid gap-3">
        {lead.deliveries.map((delivery) => (
          <li key={`${delivery.channel}-${delivery.target}-${delivery.format}`} className="wrap-anywhere">
            <p className="font-semibold">
              {delivery.channel === "email" ? "E-mail" : "CRM webhook"} to {delivery.target} (
              {delivery.format === "adf" ? "ADF" : delivery.format}): {delivery.status}
            </p>
            {delivery.attempts.length === 0 ? (
              <p className="text-sm">Not tried yet.</p>
            ) : (
              <ol className="list-disc pl-5 text-sm">
                {delivery.attempts.map((attempt, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a log drawn once, never reordered
                  <li key={index}>
                    {formatDateTime(attempt.at)}:{" "}
                    {attempt.ok ? "delivered" : `failed (${attempt.error ?? "no reason given"})`}
                  </li>
                ))}
              </ol>
            )}
            {delivery.sentAdf ? (
              <details className="mt-1 text-sm">
                <summary className="cursor-pointer font-semibold">ADF as sent</summary>
                <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded bg-gray-100 p-3 text-xs">
                  {delivery.sentAdf}
                </pre>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className={secondaryButtonClass}>
          Resend to the dealer
        </button>
      </Form>
    </section>
  );
}

function Work({ lead, csrfToken, errors }: { lead: LeadDetail; csrfToken: string; errors: Record<string, string> }) {
  return (
    <section aria-labelledby="work-heading" className={sectionClass}>
      <h2 id="work-heading" className="text-xl font-bold">
        Work status: {lead.workStatus}
      </h2>
      <div className="mt-3">
        <ErrorSummary form="work" errors={errors} fieldLabels={{ status: "Work status", note: "Note" }} />
      </div>
      <Form method="post" className="mt-3 grid gap-3">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="work" />
        <Select
          form="work"
          name="status"
          label="Work status"
          defaultValue={lead.workStatus}
          options={WORK_STATUSES.map((status) => ({ value: status, label: status }))}
          error={errors.status}
        />
        <Field id="work-note" label="Note" error={errors.note} look={staffLook}>
          {(control) => (
            <textarea
              key={lead.work.length}
              {...control}
              name="note"
              rows={3}
              maxLength={2000}
              className={inputClass}
            />
          )}
        </Field>
        <p>
          <button type="submit" className={buttonClass}>
            Save status and note
          </button>
        </p>
      </Form>
      <h3 id="work-history" className="mt-4 text-lg font-semibold">
        History
      </h3>
      {lead.work.length === 0 ? (
        <p>Nobody has worked this lead yet.</p>
      ) : (
        <ol aria-labelledby="work-history" className="mt-2 grid gap-2">
          {lead.work.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a log drawn once, never reordered
            <li key={index} className="border-l-4 border-gray-300 pl-3">
              <p className="text-sm">
                {formatDateTime(entry.at)}, {entry.by}
              </p>
              {entry.status ? <p className="font-semibold">Status set to {entry.status}</p> : null}
              {entry.note ? <p className="whitespace-pre-line">{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
