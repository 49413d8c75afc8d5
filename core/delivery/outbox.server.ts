import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  dealerLeadChannels,
  dealers,
  enquiries,
  financeApplications,
  leadDeliveries,
  leadDeliveryAttempts,
} from "../../db/schema.ts";
import type { LeadKind } from "./lead-source.server.ts";

/** Waits before each retry: 1 min, 5 min, 30 min, 2 h, 12 h; after the last, the delivery has failed. */
const RETRY_BACKOFF_SECONDS = [60, 300, 1_800, 7_200, 43_200] as const;
export const MAX_ATTEMPTS = RETRY_BACKOFF_SECONDS.length + 1;

type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

export type ClaimedDelivery = {
  id: number;
  leadKind: LeadKind;
  leadId: string;
  channel: "email" | "webhook";
  target: string;
  /** E-mail: 'adf', 'readable' or 'confirmation'; webhook: 'adf' or 'json' (decision 015). */
  format: string;
  secret: string | null;
  attempts: number;
};

/**
 * Queues a lead for delivery to its dealer's channels, and the buyer's confirmation to `confirmTo` when
 * given. Call it in the transaction that stores the lead, so that no lead is stored without its delivery
 * jobs. E-mail channels are CRM lead addresses ('adf') or people ('readable'); a dealer with no readable
 * address for this kind of lead gets it at its dealer principal's address. Webhooks carry enquiries only.
 */
export async function enqueueLeadDelivery(
  tx: Executor,
  lead: { kind: LeadKind; id: string; dealerId: number; confirmTo?: string | null },
): Promise<void> {
  const channels = await tx
    .select()
    .from(dealerLeadChannels)
    .where(and(eq(dealerLeadChannels.dealerId, lead.dealerId), eq(dealerLeadChannels.enabled, true)))
    .orderBy(dealerLeadChannels.id);
  const wanted: Pick<(typeof channels)[number], "kind" | "target" | "format" | "secret">[] = channels.filter(
    (channel) =>
      (channel.leadKind === "all" || channel.leadKind === lead.kind) &&
      (channel.kind === "email" || lead.kind === "enquiry"),
  );
  if (!wanted.some((channel) => channel.kind === "email" && channel.format === "readable")) {
    const [dealer] = await tx.select({ dpEmail: dealers.dpEmail }).from(dealers).where(eq(dealers.id, lead.dealerId));
    if (dealer) wanted.push({ kind: "email", target: dealer.dpEmail, format: "readable", secret: null });
  }
  if (lead.confirmTo) wanted.push({ kind: "email", target: lead.confirmTo, format: "confirmation", secret: null });
  await tx
    .insert(leadDeliveries)
    .values(
      wanted.map((channel) => ({
        leadKind: lead.kind,
        leadId: lead.id,
        dealerId: lead.dealerId,
        channel: channel.kind,
        target: channel.target,
        format: channel.format,
        secret: channel.secret,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Claims up to `limit` due deliveries for this worker: rows locked by another worker's transaction are
 * skipped, and a claim expires after `lockMs` so that a crashed worker's deliveries are taken over.
 */
export async function claimDueDeliveries(
  db: Database,
  now: Date,
  limit: number,
  lockMs: number,
): Promise<ClaimedDelivery[]> {
  const lockedUntil = new Date(now.getTime() + lockMs);
  const result = await db.execute(sql`
    update lead_deliveries set locked_until = ${lockedUntil.toISOString()}, attempts = attempts + 1
    where id in (
      select id from lead_deliveries
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
        and (locked_until is null or locked_until <= ${now.toISOString()})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, lead_kind, lead_id, channel, target, format, secret, attempts`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: Number(row.id),
    leadKind: row.lead_kind as LeadKind,
    leadId: String(row.lead_id),
    channel: row.channel as ClaimedDelivery["channel"],
    target: String(row.target),
    format: String(row.format),
    secret: (row.secret as string | null) ?? null,
    attempts: Number(row.attempts),
  }));
}

/** Records a successful send and, when it carried the lead's ADF, that ADF as sent (`sentAdf`). */
export async function recordDelivered(
  db: Database,
  delivery: ClaimedDelivery,
  now: Date,
  durationMs: number,
  sentAdf: string | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(leadDeliveries)
      .set({ status: "delivered", deliveredAt: now, lockedUntil: null, lastError: null, sentAdf })
      .where(eq(leadDeliveries.id, delivery.id));
    await tx.insert(leadDeliveryAttempts).values({ deliveryId: delivery.id, attemptedAt: now, ok: true, durationMs });
    await refreshLeadStatus(tx, delivery.leadKind, delivery.leadId);
  });
}

/** Schedules the next try with backoff, or marks the delivery failed after the last one. */
export async function recordFailure(
  db: Database,
  delivery: ClaimedDelivery,
  now: Date,
  durationMs: number,
  error: string,
): Promise<"retry" | "failed"> {
  const outcome = delivery.attempts >= MAX_ATTEMPTS ? "failed" : "retry";
  const backoff = RETRY_BACKOFF_SECONDS[Math.min(delivery.attempts, RETRY_BACKOFF_SECONDS.length) - 1] ?? 60;
  await db.transaction(async (tx) => {
    await tx
      .update(leadDeliveries)
      .set({
        status: outcome === "failed" ? "failed" : "pending",
        lockedUntil: null,
        lastError: error.slice(0, 1_000),
        nextAttemptAt: new Date(now.getTime() + backoff * 1000),
      })
      .where(eq(leadDeliveries.id, delivery.id));
    await tx
      .insert(leadDeliveryAttempts)
      .values({ deliveryId: delivery.id, attemptedAt: now, ok: false, error: error.slice(0, 1_000), durationMs });
    await refreshLeadStatus(tx, delivery.leadKind, delivery.leadId);
  });
  return outcome;
}

/**
 * Queues a lead's undelivered (or, with `all`, every) delivery again, from the first attempt; with
 * `exceptConfirmation`, not the visitor's confirmation e-mail (staff resend a lead to the dealer, not to the buyer).
 */
export async function resendLead(
  db: Pick<Database, "transaction">,
  leadId: string,
  options: RequeueOptions = {},
): Promise<number> {
  return db.transaction((tx) => requeueDeliveries(tx, leadId, options));
}

type RequeueOptions = { all?: boolean; exceptConfirmation?: boolean };

/**
 * The same, inside the caller's transaction: a moved or cancelled appointment sends the lead as it now is to
 * the dealer's channels and the buyer's confirmation again (the dealer is told, the buyer's calendar updated).
 */
export async function requeueDeliveries(tx: Executor, leadId: string, options: RequeueOptions = {}): Promise<number> {
  const reset = await tx
    .update(leadDeliveries)
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(),
      lockedUntil: null,
      lastError: null,
      deliveredAt: null,
    })
    .where(
      and(
        eq(leadDeliveries.leadId, leadId),
        options.all ? undefined : ne(leadDeliveries.status, "delivered"),
        options.exceptConfirmation ? ne(leadDeliveries.format, "confirmation") : undefined,
        // A lead whose person was erased or whose retention ended is never sent again (core/privacy).
        sql`not exists (select 1 from enquiries e where e.id = ${leadDeliveries.leadId} and e.anonymised_at is not null)`,
        sql`not exists (select 1 from finance_applications f where f.id = ${leadDeliveries.leadId} and f.anonymised_at is not null)`,
      ),
    )
    .returning({ kind: leadDeliveries.leadKind });
  const kind = reset[0]?.kind as LeadKind | undefined;
  if (kind) await refreshLeadStatus(tx, kind, leadId);
  return reset.length;
}

/** A lead's own status: Queued when stored, then Delivered or Failed as its deliveries go. */
export const LEAD_STATUSES = ["Queued", "Delivered", "Failed"] as const;

/** The lead's own status follows its deliveries: Delivered when all are, Failed when any failed, else Queued. */
async function refreshLeadStatus(tx: Executor, kind: LeadKind, leadId: string): Promise<void> {
  const rows = await tx
    .select({ status: leadDeliveries.status })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, leadId));
  const status = rows.some((row) => row.status === "failed")
    ? "Failed"
    : rows.length > 0 && rows.every((row) => row.status === "delivered")
      ? "Delivered"
      : "Queued";
  const table = kind === "enquiry" ? enquiries : financeApplications;
  await tx
    .update(table)
    .set({ status })
    .where(inArray(table.id, [leadId]));
}

/** Where an undelivered lead stands: never tried, tried and due again, or given up. */
export const UNDELIVERED_STATES = ["pending", "retrying", "failed"] as const;

export type UndeliveredRow = {
  channel: string;
  state: (typeof UNDELIVERED_STATES)[number];
  count: number;
  oldestAgeSeconds: number;
};

/** The deliveries not yet made, by channel and state, with the age of the oldest: the metrics' backlog. */
export async function readUndelivered(db: Database): Promise<UndeliveredRow[]> {
  const state = sql<
    UndeliveredRow["state"]
  >`case when ${leadDeliveries.status} = 'failed' then 'failed' when ${leadDeliveries.attempts} > 0 then 'retrying' else 'pending' end`;
  const rows = await db
    .select({
      channel: leadDeliveries.channel,
      state,
      count: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`extract(epoch from now() - min(${leadDeliveries.createdAt}))::float8`,
    })
    .from(leadDeliveries)
    .where(inArray(leadDeliveries.status, ["pending", "failed"]))
    // By position: drizzle writes the columns in the select list unqualified and in GROUP BY qualified, which
    // PostgreSQL would take for different expressions.
    .groupBy(sql`1, 2`);
  return rows.map((row) => ({ ...row, count: Number(row.count), oldestAgeSeconds: Number(row.oldestAgeSeconds) }));
}

/** The dealers' webhooks that receive leads now. */
export async function countEnabledWebhooks(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dealerLeadChannels)
    .where(and(eq(dealerLeadChannels.kind, "webhook"), eq(dealerLeadChannels.enabled, true)));
  return Number(row?.n ?? 0);
}
