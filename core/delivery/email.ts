import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { formatKm, formatRand } from "../shared/format.ts";
import { buildAdfXml } from "./adf.ts";
import type { LeadForDelivery } from "./lead-source.ts";

export type OutgoingMail = {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: string; contentType: string }[];
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
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.messageId.replace(/[^a-z0-9-]/gi, "")}.eml`;
      await fs.writeFile(path.join(options.outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}

const LEAD_TOOL = "npm run leads --";

/** The message a salesperson reads, with the lead as an ADF attachment; finance leads say only where to look. */
export function leadEmail(lead: LeadForDelivery, delivery: { id: number; target: string }, siteUrl: string): OutgoingMail {
  const messageId = `<lead-${lead.id}-${delivery.id}@honda-dealer-group>`;
  if (lead.kind === "finance") {
    return {
      messageId,
      to: delivery.target,
      subject: `New online finance application for ${lead.dealer.dealerName}`,
      text: [
        `A new online finance application (${lead.id}) for ${lead.dealer.dealerName} is waiting.`,
        "",
        "For the applicant's protection (POPIA) this e-mail holds no personal details. Open the application",
        "on the lead system with the finance key:",
        "",
        `  ${LEAD_TOOL} show ${lead.id} --decrypt`,
        "",
        `Received ${lead.createdAt.toISOString()}.`,
      ].join("\n"),
      attachments: [],
    };
  }
  const customer = lead.customer!;
  const vehicle = lead.vehicle;
  const vehicleLine = vehicle
    ? [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ") +
      (vehicle.condition === "used" ? " (used)" : " (new)") +
      (vehicle.odometerKm !== undefined ? `, ${formatKm(vehicle.odometerKm)}` : "") +
      (vehicle.priceZar !== undefined ? `, ${formatRand(vehicle.priceZar)}` : "") +
      (vehicle.stock ? `, stock no. ${vehicle.stock}` : "")
    : "";
  return {
    messageId,
    to: delivery.target,
    subject: `New lead: ${lead.formName} - ${customer.firstName} ${customer.lastName}${vehicle?.model ? ` - ${vehicle.model}` : ""}`,
    text: [
      `New ${lead.leadType} lead for ${lead.dealer.dealerName}`,
      "",
      `Name:     ${customer.firstName} ${customer.lastName}`,
      `Cell:     ${customer.cellPhone}`,
      `E-mail:   ${customer.email}`,
      `Vehicle:  ${vehicleLine || "not given"}`,
      ...lead.notes.map((note) => `Note:     ${note}`),
      `Message:  ${customer.message ?? "none"}`,
      `May we contact them about offers: ${customer.contactAllowed ? "yes" : "no"}`,
      "",
      `Form: ${lead.formName}${lead.source ? ` (${lead.source})` : ""}, page ${lead.uri ?? "unknown"}`,
      `Received ${lead.createdAt.toISOString()}, lead ${lead.id}.`,
      "The lead is attached in ADF 1.0 for your CRM.",
    ].join("\n"),
    attachments: [{ filename: `lead-${lead.id}.adf.xml`, content: buildAdfXml(lead, siteUrl), contentType: "application/xml" }],
  };
}
