import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { forgetAuditedNotes } from "../../staff/audit.server.ts";
import type { Database } from "../../../db/client.ts";
import {
  dealers,
  financeApplicationIdentifiers,
  financeApplications,
  leadWorkNotes,
  leadWorkStatus,
} from "../../../db/schema.ts";
import type { FinanceCipher } from "../../finance/encryption.server.ts";
import { normaliseSaCell } from "../../leads/phone.ts";
import { identifierKey, type PersonIdentifier } from "../identifiers.ts";
import type { Executor, PersonalRecordKind } from "../kinds.ts";
import { cutoffOf } from "../retention.ts";

/** The identifiers of an application's payload a person may be searched by: its e-mail, cell number and ID number. */
function applicationIdentifiers(payload: Record<string, unknown>): PersonIdentifier[] {
  const found: PersonIdentifier[] = [];
  if (typeof payload.email === "string" && payload.email.trim() !== "")
    found.push({ kind: "email", value: payload.email.trim().toLowerCase() });
  for (const field of ["phone", "workTel", "homeTel"]) {
    const value = payload[field];
    const phone = typeof value === "string" ? normaliseSaCell(value) : null;
    if (phone) found.push({ kind: "phone", value: phone });
  }
  if (typeof payload.idNumber === "string" && payload.idNumber.trim() !== "")
    found.push({ kind: "id_number", value: payload.idNumber.replace(/\s+/g, "") });
  return found;
}

/**
 * Writes an application's blind index (decision 074): the keyed HMAC of each identifier, replacing what it held.
 * Called in the transaction that stores, corrects or anonymises the application.
 */
export async function indexApplication(
  tx: Executor,
  cipher: FinanceCipher,
  applicationId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.delete(financeApplicationIdentifiers).where(eq(financeApplicationIdentifiers.applicationId, applicationId));
  const indexes = [...new Set(applicationIdentifiers(payload).map((id) => cipher.blindIndex(identifierKey(id))))];
  if (indexes.length > 0) {
    await tx
      .insert(financeApplicationIdentifiers)
      .values(indexes.map((blindIndex) => ({ applicationId, blindIndex })))
      .onConflictDoNothing();
  }
  await tx
    .update(financeApplications)
    .set({ identifiersIndexedAt: sql`now()` })
    .where(eq(financeApplications.id, applicationId));
}

/** Applications decrypted per batch by the back-fill: bounded memory, a short transaction each. */
const BACKFILL_BATCH = 200;

/**
 * Indexes the applications stored before the blind index existed (or while another key was configured): run once at
 * start, in batches. Answers how many were indexed; an application this key cannot decrypt is left for an operator.
 */
export async function backfillFinanceIdentifiers(db: Database, cipher: FinanceCipher): Promise<number> {
  let indexed = 0;
  const unreadable = new Set<string>();
  for (;;) {
    const rows = await db
      .select({ id: financeApplications.id, payload: financeApplications.encryptedPayload })
      .from(financeApplications)
      .where(and(isNull(financeApplications.identifiersIndexedAt), isNull(financeApplications.anonymisedAt)))
      .orderBy(asc(financeApplications.createdAt))
      .limit(BACKFILL_BATCH + unreadable.size);
    const readable = rows.filter((row) => !unreadable.has(row.id));
    if (readable.length === 0) return indexed;
    await db.transaction(async (tx) => {
      for (const row of readable) {
        let payload: Record<string, unknown>;
        try {
          payload = cipher.decrypt(row.payload) as Record<string, unknown>;
        } catch {
          unreadable.add(row.id);
          continue;
        }
        await indexApplication(tx, cipher, row.id, payload);
        indexed++;
      }
    });
  }
}

/**
 * Seals an empty payload over the applicant's and drops its blind index and the notes on it; the row, its dealer,
 * dates, vehicle, source and work status stay so that counts add up (an accepted deal keeps its place in the reports).
 */
async function anonymiseApplications(tx: Executor, cipher: FinanceCipher, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const done = await tx
    .update(financeApplications)
    .set({
      encryptedPayload: cipher.encrypt({}),
      idempotencyKey: sql`'erased:' || ${financeApplications.id}`,
      attribution: sql`case when ${financeApplications.attribution} is null then null else jsonb_set(${financeApplications.attribution}, '{clickIds}', '{}'::jsonb) end`,
      anonymisedAt: sql`now()`,
    })
    .where(and(inArray(financeApplications.id, [...ids]), isNull(financeApplications.anonymisedAt)))
    .returning({ id: financeApplications.id });
  await tx.delete(financeApplicationIdentifiers).where(inArray(financeApplicationIdentifiers.applicationId, [...ids]));
  await tx
    .update(leadWorkNotes)
    .set({ note: null })
    .where(inArray(leadWorkNotes.leadId, [...ids]));
  await forgetAuditedNotes(tx, "finance_application", ids);
  return done.map((row) => row.id);
}

export const financeApplicationKind: PersonalRecordKind = {
  id: "finance_application",
  label: "Finance applications",
  category: "Identity number, contact details, employment, income, expenses and bank details",
  collected:
    "Everything the finance form asks: ID number, contact details, address, next of kin, employer, income, expenses and bank account (encrypted)",
  purpose: "To apply for vehicle finance with a bank or finance house on the person's behalf",
  recipients:
    "The dealer it was sent to (its people's e-mail addresses and its CRM's lead address), and the banks it applies to",
  erasure: "anonymised",
  retention: (settings) => ({ amount: settings.financeDays, unit: "days", after: "the application was received" }),
  tables: ["finance_applications", "finance_application_identifiers"],
  async find({ db, financeIds }) {
    if (financeIds.length === 0) return [];
    const rows = await db
      .select({
        id: financeApplications.id,
        dealerId: financeApplications.dealerId,
        dealerName: dealers.dealerName,
        createdAt: financeApplications.createdAt,
        vehicleVariant: financeApplications.vehicleVariant,
        make: financeApplications.make,
        model: financeApplications.model,
      })
      .from(financeApplications)
      .innerJoin(dealers, eq(dealers.id, financeApplications.dealerId))
      .where(and(inArray(financeApplications.id, [...financeIds]), isNull(financeApplications.anonymisedAt)))
      .orderBy(asc(financeApplications.createdAt));
    return rows.map((row) => ({
      kind: "finance_application",
      recordId: row.id,
      dealerId: row.dealerId,
      dealerName: row.dealerName,
      date: row.createdAt,
      summary: `Finance application: ${[row.vehicleVariant, row.make, row.model].filter(Boolean).join(" ")}`,
    }));
  },
  async export({ db, deps }, records) {
    const ids = records.map((record) => record.recordId);
    const rows = await db.select().from(financeApplications).where(inArray(financeApplications.id, ids));
    const notes = await db.select().from(leadWorkNotes).where(inArray(leadWorkNotes.leadId, ids));
    const statuses = await db.select().from(leadWorkStatus).where(inArray(leadWorkStatus.leadId, ids));
    const dealerOf = new Map(records.map((record) => [record.recordId, record.dealerName]));
    return rows.map((row) => ({
      id: row.id,
      dealer: dealerOf.get(row.id) ?? null,
      receivedAt: row.createdAt,
      status: row.status,
      vehicle: { variant: row.vehicleVariant, make: row.make, model: row.model },
      attribution: row.attribution,
      application: deps.cipher.decrypt(row.encryptedPayload),
      workStatus: statuses.find((status) => status.leadId === row.id)?.status ?? "New",
      notes: notes
        .filter((note) => note.leadId === row.id)
        .map((note) => ({ at: note.at, status: note.status, note: note.note })),
    }));
  },
  async correct(tx, { deps }, records, correction) {
    let changed = 0;
    for (const record of records) {
      const [row] = await tx
        .select({ payload: financeApplications.encryptedPayload })
        .from(financeApplications)
        .where(eq(financeApplications.id, record.recordId));
      if (!row) continue;
      const payload = deps.cipher.decrypt(row.payload) as Record<string, unknown>;
      if (correction.firstName !== undefined) payload.firstName = correction.firstName;
      if (correction.lastName !== undefined) payload.surname = correction.lastName;
      if (correction.email !== undefined) payload.email = correction.email;
      if (correction.phone !== undefined) payload.phone = correction.phone;
      await tx
        .update(financeApplications)
        .set({ encryptedPayload: deps.cipher.encrypt(payload) })
        .where(eq(financeApplications.id, record.recordId));
      await indexApplication(tx, deps.cipher, record.recordId, payload);
      changed++;
    }
    return changed;
  },
  async erase(tx, { deps }, records) {
    const done = await anonymiseApplications(
      tx,
      deps.cipher,
      records.map((record) => record.recordId),
    );
    return { count: done.length, files: [] };
  },
  async expire(tx, now, settings, deps) {
    const cutoff = cutoffOf(this.retention(settings), now);
    const rows = await tx
      .select({ id: financeApplications.id })
      .from(financeApplications)
      .where(
        and(
          isNull(financeApplications.anonymisedAt),
          sql`${financeApplications.createdAt} < ${cutoff.toISOString()}::timestamptz`,
        ),
      );
    const done = await anonymiseApplications(
      tx,
      deps.cipher,
      rows.map((row) => row.id),
    );
    return { count: done.length, files: [] };
  },
};
