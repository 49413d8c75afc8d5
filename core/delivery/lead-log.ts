import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, enquiries, financeApplications, leadDeliveries, leadDeliveryAttempts } from "../../db/schema.ts";
import type { LeadKind } from "./lead-source.ts";

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
      .select({ id: enquiries.id, dealer: dealers.dealerName, type: enquiries.leadType, status: enquiries.status, createdAt: enquiries.createdAt })
      .from(enquiries)
      .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
      .where(and(...enquiryWhere))
      .orderBy(desc(enquiries.createdAt))
      .limit(limit),
    db
      .select({ id: financeApplications.id, dealer: dealers.dealerName, status: financeApplications.status, createdAt: financeApplications.createdAt })
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
  history: { attemptedAt: Date; ok: boolean; error: string | null; durationMs: number }[];
};

/** A lead's deliveries and every attempt, oldest first. */
export async function deliveryLog(db: Database, leadId: string): Promise<LeadDeliveryLog[]> {
  const deliveries = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId)).orderBy(leadDeliveries.id);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(leadDeliveryAttempts)
    .where(inArray(leadDeliveryAttempts.deliveryId, deliveries.map((d) => d.id)))
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
    history: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map(({ attemptedAt, ok, error, durationMs }) => ({ attemptedAt, ok, error, durationMs })),
  }));
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
