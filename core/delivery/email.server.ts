import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { describeSlotStart } from "../appointments/calendar.ts";
import { formatKm, formatOpeningTimes, formatRand } from "../shared/format.ts";
import { escapeMarkup } from "./adf.server.ts";
import { appointmentIcs } from "../appointments/ics.ts";
import { type LinkSigner, manageAppointmentPath } from "../appointments/links.server.ts";
import {
  describeAppointment,
  type LeadAppointment,
  type LeadForDelivery,
  NOT_RECORDED,
  siteLink,
  visitSourceLines,
} from "./lead-source.server.ts";

export type OutgoingMail = {
  messageId: string;
  to: string;
  subject: string;
  /** The plain-text body; for a CRM, the ADF XML and nothing else. */
  text: string;
  /** The HTML alternative of a message people read. */
  html?: string;
  /** The buyer, so that a reply from the dealer's inbox reaches them (nodemailer quotes the name). */
  replyTo?: { name: string; address: string };
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Extra headers, e.g. List-Unsubscribe on alerts (nodemailer writes them as given). */
  headers?: Record<string, string>;
};

export interface Mailer {
  /** Sends one message; resolves when the SMTP server accepted it (or the .eml file is on disk). */
  send(mail: OutgoingMail): Promise<void>;
  /** Where messages go, for logs: 'smtp://host:port' or the outbox folder. */
  readonly description: string;
}

/**
 * SMTP through nodemailer when SMTP_URL is set (smtps:// or STARTTLS as the URL says); otherwise each message
 * is written as an .eml file under DATA_DIR/outbox, so that no lead is lost and a developer can open it.
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const url = new URL(options.smtpUrl);
    return {
      description: `${url.protocol}//${url.host}`,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: options.outboxDir,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      // Owner-only: the messages hold buyers' names, e-mail addresses and phone numbers.
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.messageId.replace(/[^a-z0-9-]/gi, "")}.eml`,
      );
      // Written aside and renamed, so that whoever reads the outbox never sees half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await fs.rename(`${file}.part`, file);
    },
  };
}

/**
 * The message an e-mail delivery sends, by its format (decision 015): 'adf' to a CRM lead address (the ADF
 * and nothing else), 'readable' to people at the dealer, 'confirmation' to the buyer.
 */
export function leadMail(
  lead: LeadForDelivery,
  delivery: { id: number; target: string; format: string },
  siteUrl: string,
  adf: string,
  links: LinkSigner,
): OutgoingMail {
  // A moved or cancelled appointment sends the lead again: each version is a message of its own.
  const version = lead.appointment && lead.appointment.version > 1 ? `-v${lead.appointment.version}` : "";
  const messageId = `<lead-${lead.id}-${delivery.id}${version}@honda-dealer-group>`;
  if (delivery.format === "adf")
    return { messageId, to: delivery.target, subject: changePrefix(lead) + crmSubject(lead), text: adf };
  if (delivery.format === "readable") return { messageId, to: delivery.target, ...readableMail(lead, siteUrl, adf) };
  if (delivery.format === "confirmation") {
    return {
      messageId,
      to: delivery.target,
      ...(lead.appointment
        ? appointmentConfirmationMail(lead, lead.appointment, siteUrl, links)
        : confirmationMail(lead)),
    };
  }
  throw new Error(`unknown e-mail format '${delivery.format}'`);
}

/** "Appointment cancelled: " or "Appointment moved: " before the subject of a lead sent again after a change. */
function changePrefix(lead: LeadForDelivery): string {
  const appointment = lead.appointment;
  if (!appointment || appointment.version === 1) return "";
  return appointment.status === "cancelled" ? "Appointment cancelled: " : "Appointment moved: ";
}

/** What CRMs file the lead by: the dealer, the kind of lead and its reference. */
function crmSubject(lead: LeadForDelivery): string {
  return `${lead.dealer.dealerName}: ${lead.leadType} lead ${lead.reference}`;
}

const LEAD_TOOL = "npm run leads --";

/** "2026 Honda CR-V 1.5T Executive AWD (new), 12 000 km, R 459 900, stock no. 42" */
function vehicleLine(lead: LeadForDelivery): string {
  const v = lead.vehicle;
  return (
    [v.year, v.make, v.model, v.trim].filter(Boolean).join(" ") +
    ` (${v.condition})` +
    (v.odometerKm !== undefined ? `, ${formatKm(v.odometerKm)}` : "") +
    (v.price ? `, ${formatRand(v.price.zar)}` : "") +
    (v.stock ? `, stock no. ${v.stock}` : "") +
    (v.rating ? `, in ${v.rating} condition (the seller's word)` : "")
  );
}

const yesNo = (value: boolean | null) => (value === null ? null : value ? "yes" : "no");

/** Every field of the lead a salesperson reads, in order; empty ones are left out. */
function leadFields(lead: LeadForDelivery, siteUrl: string): [string, string][] {
  const { customer, vehicle } = lead;
  const fields: [string, string | null | undefined][] = [
    ["Reference", lead.reference],
    ["Lead", `${lead.leadType} for ${lead.dealer.dealerName}`],
    ["Name", `${customer.firstName} ${customer.lastName}`],
    ["Cell", customer.cellPhone],
    ["E-mail", customer.email],
    [lead.vehicle.interest === "trade-in" ? "Their vehicle" : "Vehicle", vehicleLine(lead)],
    ["Towards", lead.wantedVehicle ? vehicleLine({ ...lead, vehicle: lead.wantedVehicle }) : null],
    ["VIN", vehicle.vin],
    ["Vehicle page", siteLink(lead.vehiclePath, siteUrl)],
    ["Appointment", lead.appointment ? describeAppointment(lead.appointment) : null],
    ["Finance", lead.finance ? "the buyer applied for finance online" : null],
    ...lead.notes.map((note): [string, string] => ["Note", note]),
    ...(lead.photoLinks ?? []).map((link, index): [string, string] => [`Photo ${index + 1}`, link]),
    ["Message", customer.message],
    ["May we contact them about offers", yesNo(customer.contactAllowed)],
    ["Form", `${lead.formName}${lead.source ? ` (${lead.source})` : ""}`],
    ["Page", siteLink(lead.uri, siteUrl)],
    ...(lead.attribution
      ? visitSourceLines(lead.attribution, siteUrl)
      : [["Visit source", NOT_RECORDED] as [string, string]]),
    ["Received", lead.createdAt.toISOString()],
    ["Lead id", lead.id],
  ];
  return fields.filter((field): field is [string, string] => typeof field[1] === "string" && field[1] !== "");
}

const htmlPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title></head>` +
  `<body style="font-family:Arial,sans-serif;color:#222">${body}</body></html>`;

const htmlText = (text: string) => escapeMarkup(text).replace(/\n/g, "<br>");

/**
 * The lead for people at the dealer: every field as text and as an HTML table, the vehicle's page linked,
 * Reply-To the buyer, and the ADF attached so that it can still be imported by hand.
 */
function readableMail(lead: LeadForDelivery, siteUrl: string, adf: string): Omit<OutgoingMail, "messageId" | "to"> {
  const { customer } = lead;
  const fields = leadFields(lead, siteUrl);
  const heading = `New ${lead.leadType} lead for ${lead.dealer.dealerName}`;
  const financeNote =
    lead.kind === "finance"
      ? [
          "For the applicant's protection (POPIA) this e-mail holds no identity number, income, expenses or bank details.",
          `Read the full application on the lead system with the finance key: ${LEAD_TOOL} show ${lead.id} --decrypt`,
        ]
      : [];
  const rows = fields
    .map(([label, value]) => {
      const shown = /^https?:\/\//.test(value)
        ? `<a href="${escapeMarkup(value)}">${escapeMarkup(value)}</a>`
        : htmlText(value);
      return `<tr><th scope="row" align="left" valign="top" style="padding:4px 12px 4px 0">${escapeMarkup(label)}</th><td style="padding:4px 0">${shown}</td></tr>`;
    })
    .join("");
  return {
    subject: `${changePrefix(lead)}New lead: ${lead.formName} - ${customer.firstName} ${customer.lastName}${lead.vehicle.model ? ` - ${lead.vehicle.model}` : ""}`,
    replyTo: customer.email
      ? { name: `${customer.firstName} ${customer.lastName}`, address: customer.email }
      : undefined,
    text: [
      heading,
      "",
      ...fields.map(([label, value]) => `${label}: ${value}`),
      ...(financeNote.length ? ["", ...financeNote] : []),
    ].join("\n"),
    html: htmlPage(
      heading,
      `<h1 style="font-size:20px">${escapeMarkup(heading)}</h1><table>${rows}</table>` +
        financeNote.map((line) => `<p>${escapeMarkup(line)}</p>`).join(""),
    ),
    attachments: [{ filename: `lead-${lead.id}.adf.xml`, content: adf, contentType: "application/xml" }],
  };
}

/** What the buyer asked about, in their words: "Book Service for your 2016 Honda Jazz". */
function askedAbout(lead: LeadForDelivery): string {
  const vehicle = [lead.vehicle.year, lead.vehicle.make, lead.vehicle.model].filter(Boolean).join(" ");
  if (lead.kind === "finance")
    return `an online finance application${lead.vehicle.model ? ` for a ${lead.vehicle.condition} ${vehicle}` : ""}`;
  return `${lead.formName}${lead.vehicle.model ? `: ${vehicle}${lead.vehicle.trim ? ` ${lead.vehicle.trim}` : ""}` : ""}`;
}

/**
 * The buyer's confirmation: what they asked, which dealer will contact them and how, the reference, the
 * dealer's phone and hours. Never a figure from a finance application, nor anything the buyer did not type.
 */
function confirmationMail(lead: LeadForDelivery): Omit<OutgoingMail, "messageId" | "to"> {
  const { dealer, customer } = lead;
  const how = [customer.cellPhone ? `on ${customer.cellPhone}` : null, customer.email ? `at ${customer.email}` : null]
    .filter(Boolean)
    .join(" or ");
  const hours = openingHours(lead);
  const paragraphs = [
    `Dear ${customer.firstName},`,
    `Thank you: ${dealer.dealerName} has received your enquiry (${askedAbout(lead)}).`,
    `Someone from ${dealer.dealerName} will contact you ${how || "soon"}, usually within one working day.`,
    `Your reference: ${lead.reference}`,
    `${dealer.dealerName}: ${dealer.contactNo}`,
  ];
  const closing = "If you did not send this enquiry, you can ignore this e-mail.";
  return {
    subject: `Your enquiry to ${dealer.dealerName} (${lead.reference})`,
    text: [...paragraphs, hours.text, closing].join("\n\n"),
    html: htmlPage(
      `Your enquiry to ${dealer.dealerName}`,
      `${paragraphs.map((line) => `<p>${escapeMarkup(line)}</p>`).join("") + hours.html}<p>${escapeMarkup(closing)}</p>`,
    ),
  };
}

/** The dealer's opening hours for the buyer's confirmation, as text and as an HTML list. */
function openingHours(lead: LeadForDelivery): { text: string; html: string } {
  const lines = lead.dealer.businessHours.map((line) => `${line.days}: ${formatOpeningTimes(line)}`);
  return {
    text: `Opening hours:\n${lines.join("\n")}`,
    html: `<p>Opening hours:</p><ul>${lines.map((line) => `<li>${escapeMarkup(line)}</li>`).join("")}</ul>`,
  };
}

/**
 * The buyer's confirmation of a booked test drive or service: the time, the dealer's address and
 * phone, the reference, a link to move or cancel it (signed, valid until the appointment starts) and the
 * appointment as an .ics file for their calendar. Once cancelled, the same message says so and its .ics
 * removes the event from the calendar.
 */
function appointmentConfirmationMail(
  lead: LeadForDelivery,
  appointment: LeadAppointment,
  siteUrl: string,
  links: LinkSigner,
): Omit<OutgoingMail, "messageId" | "to"> {
  const { dealer, customer } = lead;
  const what =
    appointment.kind === "test-drive"
      ? `test drive${lead.vehicle.model ? ` of the ${lead.vehicle.make} ${lead.vehicle.model}` : ""}`
      : "service";
  const when = describeSlotStart(appointment.start);
  const cancelled = appointment.status === "cancelled";
  const manage = cancelled ? null : new URL(manageAppointmentPath(links, appointment), siteUrl).toString();
  const paragraphs = cancelled
    ? [
        `Dear ${customer.firstName},`,
        `Your ${what} at ${dealer.dealerName} on ${when} is cancelled, as you asked. The dealership has been told.`,
        `Your reference: ${lead.reference}`,
        `To book another time, visit ${new URL(lead.uri ?? "/", siteUrl).toString()} or phone ${dealer.dealerName} on ${dealer.contactNo}.`,
      ]
    : [
        `Dear ${customer.firstName},`,
        `Your ${what} at ${dealer.dealerName} is booked for ${when} (30 minutes).`,
        `Where: ${dealer.address}`,
        `Your reference: ${lead.reference}`,
        appointment.kind === "test-drive"
          ? "Please bring your driver's licence."
          : "Please bring your service book and spare key if you have them.",
        `Add it to your calendar with the attached file. To move or cancel it, use this link (it works until the appointment starts): ${manage}`,
        `${dealer.dealerName}: ${dealer.contactNo}`,
      ];
  const closing = "If you did not make this booking, you can ignore this e-mail or cancel it with the link.";
  const summary = `${appointment.kind === "test-drive" ? "Test drive" : "Service"} at ${dealer.dealerName}`;
  const ics = appointmentIcs({
    id: appointment.id,
    sequence: appointment.version - 1,
    start: appointment.start,
    end: appointment.end,
    cancelled,
    summary,
    description: [
      `Reference ${lead.reference}`,
      manage ? `Move or cancel: ${manage}` : null,
      `${dealer.dealerName}: ${dealer.contactNo}`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: `${dealer.dealerName}, ${dealer.address}`,
    organizer: { name: dealer.dealerName, email: dealer.dpEmail },
    url: manage ?? undefined,
  });
  const linkHtml = (line: string) =>
    manage
      ? escapeMarkup(line).replace(
          escapeMarkup(manage),
          `<a href="${escapeMarkup(manage)}">${escapeMarkup(manage)}</a>`,
        )
      : escapeMarkup(line);
  const hours = openingHours(lead);
  return {
    subject: cancelled
      ? `Cancelled: your ${what} at ${dealer.dealerName} (${lead.reference})`
      : `Booked: your ${what} at ${dealer.dealerName}, ${when} (${lead.reference})`,
    text: [...paragraphs, hours.text, ...(cancelled ? [] : [closing])].join("\n\n"),
    html: htmlPage(
      summary,
      paragraphs.map((line) => `<p>${linkHtml(line)}</p>`).join("") +
        hours.html +
        (cancelled ? "" : `<p>${escapeMarkup(closing)}</p>`),
    ),
    attachments: [
      {
        filename: cancelled ? "cancelled-appointment.ics" : "appointment.ics",
        content: ics,
        contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
      },
    ],
  };
}
