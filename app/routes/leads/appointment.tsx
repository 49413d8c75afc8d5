import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { useEffect, useId, useRef } from "react";
import { data, Form, isRouteErrorResponse, redirect, useActionData, useNavigation } from "react-router";
import { findAppointment } from "../../../core/appointments/appointments.server.ts";
import { describeSlotStart, saDateOf } from "../../../core/appointments/calendar.ts";
import { cancelBooking, moveBooking } from "../../../core/appointments/changes.server.ts";
import { manageAppointmentLinkState, manageAppointmentPath } from "../../../core/appointments/links.server.ts";
import { loadLeadForDelivery } from "../../../core/delivery/lead-source.server.ts";
import { isUuid } from "../../../core/shared/uuid.ts";
import { AppointmentFields } from "../../components/appointment-fields.tsx";
import { appointmentStart } from "../../lib/appointment.ts";
import { appointmentChoice } from "../../lib/appointment.server.ts";
import type { AppointmentChoice } from "../../lib/appointment.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/appointment";
import { useHydrated } from "../../lib/hydrated.ts";

/** Only the buyer holds the link: the page is never cached nor indexed. */
export const headers = () => ({ "Cache-Control": "no-store" });

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Your appointment | Honda Dealer Group",
    description: "Move or cancel your appointment.",
    noindex: true,
  });
}

/**
 * The appointment of a signed link: 403 for a link that is not ours (tampered), 410 for an expired one or one
 * sent before the appointment was moved or cancelled (revoked).
 */
async function linkedAppointment({ context, params, request }: Route.LoaderArgs | Route.ActionArgs, form?: FormData) {
  const url = pageUrlOf(request);
  const field = (name: string) => form?.get(name) ?? url.searchParams.get(name);
  const appointment = isUuid(params.id) ? await findAppointment(context.get(appContext).db, params.id) : null;
  if (!appointment) throw data({ problem: "invalid" as const }, { status: 403 });
  const state = manageAppointmentLinkState(
    context.get(appContext).linkSigner,
    appointment,
    { expires: field("expires"), signature: field("signature") },
    new Date(),
  );
  if (state === "invalid") throw data({ problem: "invalid" as const }, { status: 403 });
  if (state !== "valid") throw data({ problem: state }, { status: 410 });
  const lead = await loadLeadForDelivery(context.get(appContext).db, "enquiry", appointment.enquiryId);
  if (!lead) throw data({ problem: "invalid" as const }, { status: 403 });
  return { appointment, lead };
}

export async function loader(args: Route.LoaderArgs) {
  const { appointment, lead } = await linkedAppointment(args);
  const url = pageUrlOf(args.request);
  return {
    reference: lead.reference,
    firstName: lead.customer.firstName,
    dealerName: lead.dealer.dealerName,
    dealerPhone: lead.dealer.contactNo,
    address: lead.dealer.address,
    vehicle: appointment.kind === "test-drive" ? `${lead.vehicle.make} ${lead.vehicle.model}`.trim() : null,
    kind: appointment.kind,
    when: describeSlotStart(appointment.start),
    status: appointment.status,
    changed: url.searchParams.get("changed"),
    link: { expires: url.searchParams.get("expires") ?? "", signature: url.searchParams.get("signature") ?? "" },
    choice:
      appointment.status === "booked"
        ? await appointmentChoice(
            args.context.get(appContext).db,
            appointment.kind,
            lead.dealer.slug,
            saDateOf(appointment.start),
          )
        : null,
    bookAgain: lead.uri ?? "/",
  };
}

type ActionData = { error?: string; choice?: AppointmentChoice; values?: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const body = await readFormBody(args.request);
  if (!body.ok) return data<ActionData>({ error: body.message }, { status: body.status });
  const form = body.form;
  const { appointment, lead } = await linkedAppointment(args, form);
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
  const now = new Date();
  const intent = text("intent");
  const values = { appointment_date: text("appointment_date") ?? "", appointment_time: text("appointment_time") ?? "" };
  const choiceFor = () =>
    appointmentChoice(args.context.get(appContext).db, appointment.kind, lead.dealer.slug, text("appointment_date"));
  if (intent === "cancel") {
    await cancelBooking(args.context.get(appContext).db, appointment, now);
    args.context
      .get(appContext)
      .logger.info({ appointmentId: appointment.id, leadId: lead.id }, "appointment cancelled by the buyer");
    // The cancellation raised the version: the link that sent it is revoked, the page shows a fresh one.
    const cancelled = { ...appointment, version: appointment.version + 1 };
    return redirect(
      `${manageAppointmentPath(args.context.get(appContext).linkSigner, cancelled)}&changed=cancelled`,
      303,
    );
  }
  if (intent === "show-times") return data<ActionData>({ choice: await choiceFor(), values });
  if (intent !== "move")
    return data<ActionData>({ error: "Choose whether to move or cancel the appointment." }, { status: 400 });
  const start = appointmentStart(text("appointment_date"), text("appointment_time"));
  const when = start ? new Date(start) : null;
  if (!when || Number.isNaN(when.getTime())) {
    return data<ActionData>(
      { error: "Please choose a date and time", choice: await choiceFor(), values },
      { status: 422 },
    );
  }
  const outcome = await moveBooking(args.context.get(appContext).db, appointment, when, now);
  if (outcome.kind !== "moved") {
    return data<ActionData>(
      { error: outcome.message, choice: await choiceFor(), values },
      { status: outcome.kind === "slot-taken" ? 409 : 422 },
    );
  }
  args.context
    .get(appContext)
    .logger.info({ appointmentId: appointment.id, leadId: lead.id }, "appointment moved by the buyer");
  // A new link for the new version, holding until the new time; the buyer's earlier links are revoked.
  return redirect(
    `${manageAppointmentPath(args.context.get(appContext).linkSigner, { id: appointment.id, start: when, version: appointment.version + 1 })}&changed=moved`,
    303,
  );
}

const KIND = { "test-drive": "test drive", service: "service" } as const;

/** The appointment link's expiry and signature, posted back with each change. */
type SignedLink = { expires: string; signature: string };

const button =
  "rounded px-6 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey disabled:opacity-80";

export default function Appointment({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const id = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const enhanced = useHydrated();
  useEffect(() => {
    if (actionData?.error) statusRef.current?.focus();
  }, [actionData]);
  const what = page.vehicle ? `${KIND[page.kind]} of the ${page.vehicle}` : KIND[page.kind];
  const cancelled = page.status === "cancelled";
  const choice = actionData?.choice ?? page.choice;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your {KIND[page.kind]}</h1>
      <div ref={statusRef} tabIndex={-1} className="mt-4 outline-none" role="status">
        {page.changed === "moved" && !cancelled ? (
          <p className="rounded border-2 border-green-700 bg-white p-4 font-semibold text-green-800">
            Moved. We have e-mailed you the new time for your calendar, and told {page.dealerName}.
          </p>
        ) : null}
        {page.changed === "cancelled" ? (
          <p className="rounded border-2 border-green-700 bg-white p-4 font-semibold text-green-800">
            Cancelled. {page.dealerName} has been told.
          </p>
        ) : null}
        {actionData?.error ? (
          <p role="alert" className="rounded border-2 border-brand-red bg-white p-4 font-semibold text-brand-red">
            {actionData.error}
          </p>
        ) : null}
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">What</dt>
        <dd>{what[0]!.toUpperCase() + what.slice(1)}</dd>
        <dt className="font-semibold">When</dt>
        <dd>{cancelled ? <>{page.when} (cancelled)</> : page.when}</dd>
        <dt className="font-semibold">Where</dt>
        <dd>
          {page.dealerName}, {page.address}
        </dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{page.dealerPhone}</dd>
        <dt className="font-semibold">Reference</dt>
        <dd>{page.reference}</dd>
      </dl>
      {cancelled ? (
        <p className="mt-8">
          This appointment is cancelled.{" "}
          <a href={page.bookAgain} className="font-semibold text-brand-red underline">
            Book another time
          </a>
          .
        </p>
      ) : (
        <>
          <MoveSection
            id={id}
            link={page.link}
            choice={choice}
            selectedTime={actionData?.values?.appointment_time}
            enhanced={enhanced}
            busy={busy}
          />
          <CancelSection id={id} link={page.link} dealerName={page.dealerName} busy={busy} />
        </>
      )}
      <p className="mt-8 text-sm text-brand-grey-light">Booked for {page.firstName}. Times are South African time.</p>
    </div>
  );
}

/** Moving the appointment: the free times of the dealership, from the day it is booked. */
function MoveSection({
  id,
  link,
  choice,
  selectedTime,
  enhanced,
  busy,
}: {
  id: string;
  link: SignedLink;
  choice: AppointmentChoice | null;
  selectedTime: string | undefined;
  enhanced: boolean;
  busy: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-move`} className="mt-10 rounded-lg border border-gray-200 p-6">
      <h2 id={`${id}-move`} className="text-2xl font-bold">
        Move it to another time
      </h2>
      <Form method="post" replace className="mt-4 space-y-5">
        <input type="hidden" name="expires" value={link.expires} />
        <input type="hidden" name="signature" value={link.signature} />
        {choice ? (
          <AppointmentFields
            choice={choice}
            dealerSlug={choice.dealerSlug}
            selectedTime={selectedTime}
            ids={{ date: `${id}-date`, time: `${id}-time` }}
            classes={{
              label: "block font-semibold text-brand-grey",
              input:
                "mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 text-brand-grey focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-red",
              error: "mt-1 text-sm font-semibold text-brand-red",
              hint: "text-brand-grey-light",
            }}
            enhanced={enhanced}
            submit={{ label: "Move appointment", name: "intent", value: "move" }}
          />
        ) : null}
        <button
          type="submit"
          name="intent"
          value="move"
          disabled={busy}
          className={`${button} bg-brand-red text-white hover:bg-brand-red-dark`}
        >
          Move appointment
        </button>
      </Form>
    </section>
  );
}

/** Cancelling the appointment. */
function CancelSection({
  id,
  link,
  dealerName,
  busy,
}: {
  id: string;
  link: SignedLink;
  dealerName: string;
  busy: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-cancel`} className="mt-8 rounded-lg border border-gray-200 p-6">
      <h2 id={`${id}-cancel`} className="text-2xl font-bold">
        Cancel it
      </h2>
      <p className="mt-2">The time is freed for someone else, and {dealerName} is told.</p>
      <Form method="post" replace className="mt-4">
        <input type="hidden" name="expires" value={link.expires} />
        <input type="hidden" name="signature" value={link.signature} />
        <button
          type="submit"
          name="intent"
          value="cancel"
          disabled={busy}
          className={`${button} border-2 border-brand-grey bg-white text-brand-grey hover:bg-gray-100`}
        >
          Cancel appointment
        </button>
      </Form>
    </section>
  );
}

const LINK_PROBLEMS = {
  expired: {
    title: "This link has expired",
    text: "Links to move or cancel an appointment work until the appointment starts. Please phone the dealership.",
  },
  revoked: {
    title: "This link has been replaced",
    text: "The appointment was moved or cancelled after this link was sent, so it no longer works. Please use the link in the newest e-mail about it, or phone the dealership.",
  },
  invalid: {
    title: "This link is not valid",
    text: "Please use the link in your confirmation e-mail exactly as it was sent, or phone the dealership.",
  },
} as const;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const problem = isRouteErrorResponse(error) ? (error.data as { problem?: string } | null)?.problem : undefined;
  if (problem !== "expired" && problem !== "revoked" && problem !== "invalid") throw error;
  const { title, text } = LINK_PROBLEMS[problem];
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg">{text}</p>
      <a
        href="/dealer"
        className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark"
      >
        Find your dealership
      </a>
    </div>
  );
}
