import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { dealers, leadDeliveries, leadDeliveryAttempts } from "../../../db/schema.ts";
import { isOutboxFileName } from "../files.server.ts";
import type { Executor, FoundRecord, PersonalRecordKind, SearchContext } from "../kinds.ts";
import { cutoffOf } from "../retention.ts";
import { dealerNames } from "../dealer-names.server.ts";

const FORMAT_LABELS: Record<string, string> = {
  adf: "ADF lead",
  readable: "readable e-mail",
  json: "JSON",
  confirmation: "confirmation to the buyer",
};

function deliveryLabel(row: { channel: string; format: string; target: string }): string {
  const how = row.channel === "webhook" ? "Webhook" : "E-mail";
  return `${how} (${FORMAT_LABELS[row.format] ?? row.format}) to ${row.channel === "webhook" ? new URL(row.target).host : row.target}`;
}

export const leadDeliveryKind: PersonalRecordKind = {
  id: "lead_delivery",
  label: "Lead delivery copies",
  category: "Copies of the lead as sent: identity and contact details, vehicle interest, messages",
  collected:
    "Each sending of a lead to the dealer's e-mail addresses, CRM lead address and webhooks (the ADF or body as sent), and the buyer's confirmation",
  purpose: "To prove and retry the delivery of the lead to the dealer, and to resend it when the dealer asks",
  recipients: "The dealer's e-mail addresses, its CRM's lead address (ADF) and its CRM webhooks",
  erasure: "deleted",
  retention: (settings) => ({ amount: settings.deliveryCopyDays, unit: "days", after: "the delivery" }),
  tables: ["lead_deliveries", "lead_delivery_attempts"],
  async find({ db, enquiryIds, financeIds }) {
    const leadIds = [...enquiryIds, ...financeIds];
    if (leadIds.length === 0) return [];
    const rows = await db
      .select({
        id: leadDeliveries.id,
        dealerId: leadDeliveries.dealerId,
        dealerName: dealers.dealerName,
        channel: leadDeliveries.channel,
        format: leadDeliveries.format,
        target: leadDeliveries.target,
        status: leadDeliveries.status,
        createdAt: leadDeliveries.createdAt,
        deliveredAt: leadDeliveries.deliveredAt,
      })
      .from(leadDeliveries)
      .innerJoin(dealers, eq(dealers.id, leadDeliveries.dealerId))
      .where(inArray(leadDeliveries.leadId, leadIds))
      .orderBy(asc(leadDeliveries.createdAt), asc(leadDeliveries.id));
    return rows.map((row) => ({
      kind: "lead_delivery",
      recordId: String(row.id),
      dealerId: row.dealerId,
      dealerName: row.dealerName,
      date: row.deliveredAt ?? row.createdAt,
      summary: `${deliveryLabel(row)}: ${row.status}`,
    }));
  },
  async export({ db, deps }, records) {
    const ids = records.map((record) => Number(record.recordId));
    const rows = await db.select().from(leadDeliveries).where(inArray(leadDeliveries.id, ids));
    return rows.map((row) => ({
      lead: { kind: row.leadKind, id: row.leadId },
      dealer: records.find((record) => record.recordId === String(row.id))?.dealerName ?? null,
      sentBy: row.channel,
      sentTo: row.target,
      format: row.format,
      status: row.status,
      queuedAt: row.createdAt,
      deliveredAt: row.deliveredAt,
      attempts: row.attempts,
      // A finance lead's copy is sealed like its application: opened here for the person it is about.
      asSent: row.sentAdf && row.leadKind === "finance" ? String(deps.cipher.decrypt(row.sentAdf)) : row.sentAdf,
    }));
  },
  correct: async () => 0,
  async erase(tx, _context, records) {
    const deleted = await tx
      .delete(leadDeliveries)
      .where(
        inArray(
          leadDeliveries.id,
          records.map((record) => Number(record.recordId)),
        ),
      )
      .returning({ id: leadDeliveries.id });
    return { count: deleted.length, files: [] };
  },
  /**
   * Past the period, a finished delivery keeps when and where it went but loses its copy of the lead (the ADF or
   * body as sent, error texts that may quote it); a confirmation, addressed to the buyer, goes altogether.
   */
  async expire(tx, now, settings) {
    const cutoff = cutoffOf(this.retention(settings), now).toISOString();
    const finishedBefore = and(
      inArray(leadDeliveries.status, ["delivered", "failed"]),
      sql`coalesce(${leadDeliveries.deliveredAt}, ${leadDeliveries.createdAt}) < ${cutoff}::timestamptz`,
    );
    const confirmations = await tx
      .delete(leadDeliveries)
      .where(and(finishedBefore, eq(leadDeliveries.format, "confirmation")))
      .returning({ id: leadDeliveries.id });
    const copies = await tx
      .update(leadDeliveries)
      .set({ sentAdf: null, lastError: null })
      .where(and(finishedBefore, or(isNotNull(leadDeliveries.sentAdf), isNotNull(leadDeliveries.lastError))))
      .returning({ id: leadDeliveries.id });
    await tx
      .update(leadDeliveryAttempts)
      .set({ error: null })
      .where(
        and(isNotNull(leadDeliveryAttempts.error), sql`${leadDeliveryAttempts.attemptedAt} < ${cutoff}::timestamptz`),
      );
    return { count: confirmations.length + copies.length, files: [] };
  },
};

type OutboxFile = { name: string; writtenAt: Date; leadId: string | null };

/** The outbox's e-mails, with the lead each was made of (its message id names it: lead-<id>-<delivery>). */
async function outboxFiles(outboxDir: string | null): Promise<OutboxFile[]> {
  if (outboxDir === null) return [];
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: OutboxFile[] = [];
  for (const name of names.filter(isOutboxFileName).sort()) {
    const stat = await fs.stat(path.join(outboxDir, name)).catch(() => null);
    if (!stat?.isFile()) continue;
    const lead = /-lead-([0-9a-f-]{36})-\d/.exec(name);
    files.push({ name, writtenAt: stat.mtime, leadId: lead ? lead[1]! : null });
  }
  return files;
}

/** The headers a person reads an e-mail by: To, Subject, Date (folded lines joined). */
function headersOf(message: string): Record<string, string> {
  const head = message.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const match = /^(To|Subject|Date):\s*(.*)$/i.exec(line);
    if (match) headers[match[1]!.toLowerCase()] = match[2]!;
  }
  return headers;
}

async function leadDealers(context: SearchContext): Promise<Map<string, number>> {
  const ids = [...context.enquiryIds, ...context.financeIds];
  if (ids.length === 0) return new Map();
  const rows = (await context.db.execute(sql`
    select id::text as id, dealer_id from enquiries where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    union all
    select id::text, dealer_id from finance_applications where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)) as unknown as { rows: { id: string; dealer_id: number }[] };
  return new Map(rows.rows.map((row) => [row.id, Number(row.dealer_id)]));
}

export const outboxEmailKind: PersonalRecordKind = {
  id: "outbox_email",
  label: "E-mails kept in the outbox",
  category: "Copies of e-mails: identity and contact details, vehicle interest, messages",
  collected:
    "Each e-mail the site wrote to the outbox folder instead of sending it by SMTP: leads to dealers, buyers' confirmations, alerts",
  purpose: "To keep the e-mails of a server without a mail server until they are collected, so no lead is lost",
  recipients: "The addressee of each e-mail (the dealer, its CRM's lead address, or the person)",
  erasure: "deleted",
  retention: (settings) => ({ amount: settings.outboxDays, unit: "days", after: "it was written" }),
  tables: [],
  async find(context) {
    const leads = await leadDealers(context);
    const { outboxDir } = context.deps;
    if (outboxDir === null) return [];
    const files = await outboxFiles(outboxDir);
    const names = await dealerNames(context.db, [...leads.values()]);
    const emails = context.emails.map((email) => email.toLowerCase());
    const found: FoundRecord[] = [];
    for (const file of files) {
      const dealerId = file.leadId ? (leads.get(file.leadId) ?? null) : null;
      const byLead = file.leadId !== null && leads.has(file.leadId);
      if (!byLead && (emails.length === 0 || file.leadId !== null)) continue;
      const message = await fs.readFile(path.join(outboxDir, file.name), "utf8").catch(() => null);
      if (message === null) continue;
      const lower = message.toLowerCase();
      if (!byLead && !emails.some((email) => lower.includes(email))) continue;
      const headers = headersOf(message);
      found.push({
        kind: "outbox_email",
        recordId: file.name,
        dealerId,
        dealerName: dealerId !== null ? (names.get(dealerId) ?? null) : null,
        date: file.writtenAt,
        summary: `E-mail to ${headers.to ?? "(unknown)"}: ${headers.subject ?? ""}`,
      });
    }
    return found;
  },
  async export({ deps }, records) {
    const exported: Record<string, unknown>[] = [];
    for (const record of records) {
      const message = deps.outboxDir
        ? await fs.readFile(path.join(deps.outboxDir, record.recordId), "utf8").catch(() => "")
        : "";
      const headers = headersOf(message);
      exported.push({
        file: record.recordId,
        writtenAt: record.date,
        to: headers.to ?? null,
        subject: headers.subject ?? null,
        message,
      });
    }
    return exported;
  },
  correct: async () => 0,
  erase: async (_tx, _context, records) => ({ count: records.length, files: records.map((record) => record.recordId) }),
  async expire(_tx: Executor, now, settings, deps) {
    const cutoff = cutoffOf(this.retention(settings), now);
    const files = (await outboxFiles(deps.outboxDir)).filter((file) => file.writtenAt < cutoff);
    return { count: files.length, files: files.map((file) => file.name) };
  },
};
