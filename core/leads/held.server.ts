import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  appointments,
  enquiries,
  leadDeliveries,
  leadWorkNotes,
  leadWorkStatus,
  tradeInPhotos,
  tradeIns,
} from "../../db/schema.ts";
import { mayConfirmTo } from "../delivery/confirmation.server.ts";
import { enqueueLeadDelivery } from "../delivery/outbox.server.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, assertMayUse, dealerScope, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { isUuid } from "../shared/uuid.ts";
import { describeHold, isHoldReason } from "./hold-reasons.ts";
import { deleteSellerPhotos } from "./seller-photo-rows.server.ts";

/**
 * Enquiries held as automated (decision 073): a web form's enquiry that fell into a bot trap (the hidden field
 * filled, sent within MIN_FILL_MS of the page's render, or without its render time) is stored with its reason
 * and no delivery jobs. A member of staff with rights over the dealer's leads releases it (queued for delivery
 * as any lead, the buyer's confirmation included) or discards it; both are audited. Held enquiries are not
 * leads in any report, and are deleted after HELD_LEAD_RETENTION_DAYS by the personal-records retention job (core/privacy).
 */

export const NOT_HELD_MESSAGE = "This enquiry is no longer held: it was released or discarded already.";

type HeldRef = { id: string; dealerId: number; email: string; reason: string };

/** The held enquiry, if the actor may act on its dealer's leads (another dealer's: not found); null when not held. */
async function findHeldFor(db: Database, actor: StaffActor, leadId: string): Promise<HeldRef | null> {
  assertMayUse(actor, "leads");
  if (!isUuid(leadId)) throw new StaffAccessDenied("not-found", "leads");
  const [row] = await db
    .select({
      id: enquiries.id,
      dealerId: enquiries.dealerId,
      email: enquiries.email,
      heldReason: enquiries.heldReason,
      heldFillMs: enquiries.heldFillMs,
    })
    .from(enquiries)
    .where(eq(enquiries.id, leadId.toLowerCase()));
  if (!row) throw new StaffAccessDenied("not-found", "leads");
  assertMay(actor, "leads", row.dealerId);
  if (!isHoldReason(row.heldReason)) return null;
  return { id: row.id, dealerId: row.dealerId, email: row.email, reason: describeHold(row.heldReason, row.heldFillMs) };
}

export type HeldOutcome = { ok: true; deliveries: number } | { ok: false; message: string };

/**
 * Releases a held enquiry: it becomes a lead like any other, queued in the same transaction for its dealer's
 * channels and the buyer's confirmation (within the confirmations' allowance), and audited.
 */
export async function releaseHeldLead(db: Database, actor: StaffActor, leadId: string): Promise<HeldOutcome> {
  const held = await findHeldFor(db, actor, leadId);
  if (!held) return { ok: false, message: NOT_HELD_MESSAGE };
  // Counted before the transaction: the embedded database has one connection, which the transaction holds.
  const confirmTo = (await mayConfirmTo(db, held.email)) ? held.email : null;
  return db.transaction(async (tx) => {
    const released = await tx
      .update(enquiries)
      .set({ heldReason: null, heldFillMs: null, status: "Queued" })
      .where(and(eq(enquiries.id, held.id), isNotNull(enquiries.heldReason)))
      .returning({ id: enquiries.id });
    // Another member of staff released or discarded it first.
    if (released.length === 0) return { ok: false as const, message: NOT_HELD_MESSAGE };
    await enqueueLeadDelivery(tx, { kind: "enquiry", id: held.id, dealerId: held.dealerId, confirmTo });
    const [queued] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, held.id));
    await recordAudit(tx, {
      actor,
      action: "lead.release",
      entity: "enquiry",
      entityId: held.id,
      dealerId: held.dealerId,
      changes: { held: { from: held.reason, to: null } },
    });
    return { ok: true as const, deliveries: Number(queued?.n ?? 0) };
  });
}

/** Discards a held enquiry: deleted with its booking, trade-in and photos; the audit log keeps the reason only. */
export async function discardHeldLead(db: Database, actor: StaffActor, leadId: string): Promise<HeldOutcome> {
  const held = await findHeldFor(db, actor, leadId);
  if (!held) return { ok: false, message: NOT_HELD_MESSAGE };
  return db.transaction(async (tx) => {
    const deleted = await deleteHeld(tx, and(eq(enquiries.id, held.id), isNotNull(enquiries.heldReason)));
    if (deleted === 0) return { ok: false as const, message: NOT_HELD_MESSAGE };
    await recordAudit(tx, {
      actor,
      action: "lead.discard",
      entity: "enquiry",
      entityId: held.id,
      dealerId: held.dealerId,
      changes: { held: { from: held.reason, to: "discarded" } },
    });
    return { ok: true as const, deliveries: 0 };
  });
}

type Executor = Pick<Database, "select" | "delete">;

/**
 * Deletes the held enquiries the condition selects, with everything stored beside them: the booking (its place
 * is free again), the seller's vehicle and photos (stored images and their renditions), notes. Answers how many.
 */
async function deleteHeld(tx: Executor, condition: ReturnType<typeof and>): Promise<number> {
  const rows = await tx.select({ id: enquiries.id }).from(enquiries).where(condition).for("update");
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  await deleteSellerPhotos(tx, inArray(tradeInPhotos.enquiryId, ids));
  await tx.delete(tradeIns).where(inArray(tradeIns.enquiryId, ids));
  await tx.delete(appointments).where(inArray(appointments.enquiryId, ids));
  await tx.delete(leadWorkNotes).where(inArray(leadWorkNotes.leadId, ids));
  await tx.delete(leadWorkStatus).where(inArray(leadWorkStatus.leadId, ids));
  await tx.delete(leadDeliveries).where(inArray(leadDeliveries.leadId, ids));
  await tx.delete(enquiries).where(inArray(enquiries.id, ids));
  return ids.length;
}

/** Deletes, inside the caller's transaction, the enquiries held since before `cutoff` (never released): answers how many. */
export async function deleteHeldBefore(tx: Executor, cutoff: Date): Promise<number> {
  return deleteHeld(tx, and(isNotNull(enquiries.heldReason), lt(enquiries.createdAt, cutoff)));
}

/** How many enquiries the actor may see are held now (the inbox's held view). */
export async function countHeldLeads(db: Database, actor: StaffActor): Promise<number> {
  assertMayUse(actor, "leads");
  const scope = dealerScope(actor, "leads");
  if (scope.kind !== "all" && scope.dealerIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(
      and(
        isNotNull(enquiries.heldReason),
        scope.kind === "all" ? undefined : inArray(enquiries.dealerId, [...scope.dealerIds]),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * How many enquiries received on the period's South African days are held now, for the dealers given (null:
 * the whole group): the insights page's figure beside the leads, which never count them. The caller scopes
 * `dealerIds` to the actor (core/insights/insights.server.ts, insightsScope).
 */
export async function heldInPeriod(
  db: Database,
  dealerIds: readonly number[] | null,
  period: { from: string; to: string },
): Promise<number> {
  if (dealerIds !== null && dealerIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(
      and(
        isNotNull(enquiries.heldReason),
        sql`${enquiries.createdAt} >= ${`${period.from}T00:00:00+02:00`}::timestamptz`,
        sql`${enquiries.createdAt} < (${`${period.to}T00:00:00+02:00`}::timestamptz + interval '1 day')`,
        dealerIds === null ? undefined : inArray(enquiries.dealerId, [...dealerIds]),
      ),
    );
  return Number(row?.n ?? 0);
}
