import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, enquiries, financeApplications, leadDeliveries, leadDeliveryAttempts } from "../../db/schema.ts";
import type { FinanceCipher } from "../finance/encryption.server.ts";
import { type LeadKind, loadLeadForDelivery } from "./lead-source.server.ts";

/** One line of the operators' lead log; finance applications show no personal details. */
export type LeadSummary = {
  id: string;
  kind: LeadKind;
  dealer: string;
  type: string;
  status: string;
  createdAt: Date;
};

export async function listLeads(
  db: Database,
  filter: { status?: string; dealerSlug?: string; limit?: number } = {},
): Promise<LeadSummary[]> {
  const limit = filter.limit ?? 50;
  const enquiryWhere: SQL[] = [];
  const financeWhere: SQL[] = [];
  if (filter.status) {
    enquiryWhere.push(eq(enquiries.status, filter.status));
    financeWhere.push(eq(financeApplications.status, filter.status));
  }
  if (filter.dealerSlug) {
    enquiryWhere.push(eq(dealers.slug, filter.dealerSlug));
    financeWhere.push(eq(dealers.slug, filter.dealerSlug));
  }
  const [enquiryRows, financeRows] = await Promise.all([
    db
      .select({
        id: enquiries.id,
        dealer: dealers.dealerName,
        type: enquiries.leadType,
        status: enquiries.status,
        createdAt: enquiries.createdAt,
      })
      .from(enquiries)
      .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
      .where(and(...enquiryWhere))
      .orderBy(desc(enquiries.createdAt))
      .limit(limit),
    db
      .select({
        id: financeApplications.id,
        dealer: dealers.dealerName,
        status: financeApplications.status,
        createdAt: financeApplications.createdAt,
      })
      .from(financeApplications)
      .innerJoin(dealers, eq(dealers.id, financeApplications.dealerId))
      .where(and(...financeWhere))
      .orderBy(desc(financeApplications.createdAt))
      .limit(limit),
  ]);
  return [
    ...enquiryRows.map((row) => ({ ...row, kind: "enquiry" as const })),
    ...financeRows.map((row) => ({ ...row, kind: "finance" as const, type: "Finance Application" })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit);
}

export type LeadDeliveryLog = {
  id: number;
  channel: string;
  target: string;
  status: string;
  attempts: number;
  lastError: string | null;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
  format: string;
  /** The ADF of the last successful send, exactly as sent; a finance lead's stays encrypted without the key. */
  sentAdf: { text: string; encrypted: boolean } | null;
  history: { attemptedAt: Date; ok: boolean; error: string | null; durationMs: number }[];
};

/** A lead's deliveries and every attempt, oldest first; with the finance key, a finance lead's ADF is decrypted. */
export async function deliveryLog(
  db: Database,
  leadId: string,
  financeCipher?: FinanceCipher,
): Promise<LeadDeliveryLog[]> {
  const deliveries = await db
    .select()
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, leadId))
    .orderBy(leadDeliveries.id);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(leadDeliveryAttempts)
    .where(
      inArray(
        leadDeliveryAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(leadDeliveryAttempts.id);
  return deliveries.map((delivery) => ({
    id: delivery.id,
    channel: delivery.channel,
    target: delivery.target,
    status: delivery.status,
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    deliveredAt: delivery.deliveredAt,
    nextAttemptAt: delivery.nextAttemptAt,
    format: delivery.format,
    sentAdf: sentAdfOf(delivery.leadKind as LeadKind, delivery.sentAdf, financeCipher),
    history: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map(({ attemptedAt, ok, error, durationMs }) => ({ attemptedAt, ok, error, durationMs })),
  }));
}

function sentAdfOf(kind: LeadKind, stored: string | null, financeCipher?: FinanceCipher): LeadDeliveryLog["sentAdf"] {
  if (stored === null) return null;
  if (kind === "enquiry") return { text: stored, encrypted: false };
  return financeCipher
    ? { text: String(financeCipher.decrypt(stored)), encrypted: false }
    : { text: stored, encrypted: true };
}

/**
 * What an operator reads about one lead (`npm run leads -- show`): who, what and where, then each delivery
 * with its attempts and the ADF exactly as sent, to compare with what a CRM received. A finance application's
 * personal details and ADF are shown only with the finance key; null when there is no such lead.
 */
export async function leadReport(db: Database, leadId: string, financeCipher?: FinanceCipher): Promise<string | null> {
  const [finance] = await db
    .select({
      encryptedPayload: financeApplications.encryptedPayload,
      status: financeApplications.status,
      createdAt: financeApplications.createdAt,
      dealer: dealers.dealerName,
    })
    .from(financeApplications)
    .innerJoin(dealers, eq(dealers.id, financeApplications.dealerId))
    .where(eq(financeApplications.id, leadId));
  const lines: string[] = [];
  if (finance && !financeCipher) {
    lines.push(
      `Finance application ${leadId} for ${finance.dealer}: ${finance.status}`,
      `received ${finance.createdAt.toISOString()} from /finance`,
    );
    lines.push("personal details are encrypted; add --decrypt to read them");
  } else {
    const lead = await loadLeadForDelivery(db, finance ? "finance" : "enquiry", leadId, { financeCipher });
    if (!lead) return null;
    lines.push(
      `${lead.kind === "finance" ? "Finance application" : lead.leadType} ${lead.id} (${lead.reference}) for ${lead.dealer.dealerName}: ${lead.status}`,
    );
    lines.push(
      `received ${lead.createdAt.toISOString()} from ${lead.uri ?? "?"} (${lead.formName}${lead.source ? `, ${lead.source}` : ""})`,
    );
    const c = lead.customer;
    lines.push(
      `customer: ${c.firstName} ${c.lastName}, ${c.cellPhone ?? "no phone"}, ${c.email ?? "no e-mail"}; message: ${c.message ?? "none"}`,
    );
    lines.push(`vehicle: ${JSON.stringify(lead.vehicle)}`);
    if (finance && financeCipher) {
      lines.push("application (decrypted; personal information protected by POPIA, do not forward):");
      lines.push(JSON.stringify(financeCipher.decrypt(finance.encryptedPayload), null, 2));
    }
  }
  for (const delivery of await deliveryLog(db, leadId, financeCipher)) {
    lines.push(
      "",
      `${delivery.channel} (${delivery.format}) to ${delivery.target}: ${delivery.status} after ${delivery.attempts} attempt(s)` +
        (delivery.deliveredAt
          ? `, delivered ${delivery.deliveredAt.toISOString()}`
          : `, next try ${delivery.nextAttemptAt.toISOString()}`),
    );
    for (const attempt of delivery.history) {
      lines.push(
        `  ${attempt.attemptedAt.toISOString()} ${attempt.ok ? "ok" : `failed: ${attempt.error}`} (${attempt.durationMs} ms)`,
      );
    }
    if (delivery.sentAdf?.encrypted) lines.push("  ADF as sent: encrypted; add --decrypt to read it");
    else if (delivery.sentAdf) lines.push("  ADF as sent:", delivery.sentAdf.text);
  }
  return lines.join("\n");
}

export type LeadStats = { dealer: string; kind: LeadKind; status: string; count: number }[];

/** How many leads each dealer has, by kind and status. */
export async function leadStats(db: Database): Promise<LeadStats> {
  const result = await db.execute(sql`
    select d.dealer_name as dealer, l.kind, l.status, count(*)::int as count
    from (
      select dealer_id, 'enquiry' as kind, status from enquiries
      union all
      select dealer_id, 'finance' as kind, status from finance_applications
    ) l join dealers d on d.id = l.dealer_id
    group by d.dealer_name, l.kind, l.status
    order by d.dealer_name, l.kind, l.status`);
  return (result as unknown as { rows: LeadStats }).rows.map((row) => ({ ...row, count: Number(row.count) }));
}
