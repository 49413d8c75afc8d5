import { eq } from "drizzle-orm";
import { z } from "../shared/zod.ts";
import type { Database } from "../../db/client.ts";
import { type LeadAttribution, dealers, financeApplications } from "../../db/schema.ts";
import { findDealerId } from "../dealers/dealers.server.ts";
import { leadReference } from "../delivery/lead-source.server.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { mayConfirmTo } from "../delivery/confirmation.server.ts";
import { enqueueLeadDelivery } from "../delivery/outbox.server.ts";
import { type Violation, violationsFromZod } from "../shared/violations.ts";
import {
  type FinanceApplication,
  financeApplicationSchema,
  INITIAL_STATUS,
  SOURCE_CODE,
} from "./application-schema.ts";
import type { FinanceCipher } from "./encryption.server.ts";
import { financeApplicationKind, indexApplication } from "../privacy/kinds/finance.server.ts";
import { DEFAULT_RETENTION } from "../privacy/retention.ts";

/** What a visitor or API client is told after submitting (product.md §3: the finance response carries a status object). */
export type FinanceApplicationStatus = { "@type": "FinanceApplicationStatus"; id: string; status: string };

export type SubmitResult =
  | { ok: true; created: boolean; status: FinanceApplicationStatus }
  | { ok: false; violations: Violation[] }
  /** The idempotency key already stored a different application: nothing stored (one idempotency rule). */
  | { ok: false; keyReused: true; violations: Violation[] };

const APPLICATION_KEY_REUSED_MESSAGE =
  "This idempotency key was already used for a different application: send a new key with a new application";

/**
 * Validates and stores a finance application once. Only what a dealer needs to route it is kept in clear
 * (dealer, vehicle type, make, model, dates); everything about the person (identity number, contact details,
 * bank, income and expense figures, confirmations) is only in the AES-256-GCM payload.
 * Idempotent: the same idempotency key (one per form render) stores one row; without a key, a keyed
 * fingerprint of the whole application stands in, so an identical double submit is stored once too.
 * `attribution` is where the visit that sent it came from, read from the request by its handler.
 */
export async function submitFinanceApplication(
  db: Database,
  cipher: FinanceCipher,
  input: unknown,
  { attribution = null }: { attribution?: LeadAttribution | null } = {},
): Promise<SubmitResult> {
  const parsed = financeApplicationSchema.safeParse(input);
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const { idempotencyKey, ...application } = parsed.data;
  const dealerId = await findDealerId(db, application.dealership!);
  if (dealerId === null) {
    return { ok: false, violations: [{ propertyPath: "dealership", message: "Choose a dealership from the list" }] };
  }
  const key = idempotencyKey ? `form:${idempotencyKey}` : `fp:${cipher.fingerprint(canonicalJson(application))}`;
  const confirmTo = application.email && (await mayConfirmTo(db, application.email)) ? application.email : null;
  const stored = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(financeApplications)
      .values({
        dealerId,
        sourceCode: SOURCE_CODE,
        status: INITIAL_STATUS,
        vehicleVariant: application.variant!,
        make: application.make ?? null,
        model: application.model ?? null,
        encryptedPayload: cipher.encrypt(sensitivePayload(application)),
        idempotencyKey: key,
        attribution,
      })
      .onConflictDoNothing({ target: financeApplications.idempotencyKey })
      .returning({ id: financeApplications.id, status: financeApplications.status });
    if (created) {
      await indexApplication(tx, cipher, created.id, sensitivePayload(application));
      await enqueueLeadDelivery(tx, { kind: "finance", id: created.id, dealerId, confirmTo });
      return { row: created, created: true };
    }
    const [existing] = await tx
      .select({
        id: financeApplications.id,
        status: financeApplications.status,
        dealerId: financeApplications.dealerId,
        vehicleVariant: financeApplications.vehicleVariant,
        make: financeApplications.make,
        model: financeApplications.model,
        encryptedPayload: financeApplications.encryptedPayload,
      })
      .from(financeApplications)
      .where(eq(financeApplications.idempotencyKey, key))
      .limit(1);
    const same = existing && isSameApplication(cipher, existing, dealerId, application);
    return { row: existing, created: false, keyReused: existing !== undefined && !same };
  });
  const { row } = stored;
  if (!row) throw new Error("finance application neither inserted nor found");
  if (stored.keyReused) {
    return {
      ok: false,
      keyReused: true,
      violations: [{ propertyPath: "idempotencyKey", message: APPLICATION_KEY_REUSED_MESSAGE }],
    };
  }
  return {
    ok: true,
    created: stored.created,
    status: { "@type": "FinanceApplicationStatus", id: row.id, status: row.status },
  };
}

/** Whether a stored application is this one again: the same dealer and vehicle in clear, the same person's details sealed. */
function isSameApplication(
  cipher: FinanceCipher,
  stored: {
    dealerId: number;
    vehicleVariant: string;
    make: string | null;
    model: string | null;
    encryptedPayload: string;
  },
  dealerId: number,
  application: Omit<FinanceApplication, "idempotencyKey">,
): boolean {
  const clear = [stored.dealerId, stored.vehicleVariant, stored.make, stored.model];
  const sameClear =
    JSON.stringify(clear) ===
    JSON.stringify([dealerId, application.variant, application.make ?? null, application.model ?? null]);
  // Through JSON as it was sealed: a field left out is absent in both, not undefined in one.
  const sealedNow = JSON.parse(JSON.stringify(sensitivePayload(application))) as Record<string, unknown>;
  return (
    sameClear &&
    canonicalJson(cipher.decrypt(stored.encryptedPayload) as Record<string, unknown>) === canonicalJson(sealedNow)
  );
}

/** Everything of the application except what is kept in clear columns. */
function sensitivePayload(application: Omit<FinanceApplication, "idempotencyKey">) {
  const { dealership: _dealership, variant: _variant, make: _make, model: _model, ...personal } = application;
  return { sourceCode: SOURCE_CODE, ...personal };
}

function canonicalJson(value: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]]),
  );
}

/**
 * POPIA retention of finance applications, as the daily personal-records retention job does it (core/privacy):
 * applications received more than `retentionDays` ago are anonymised in place (the applicant's details sealed empty,
 * the row kept so counts add up). Answers how many were anonymised now. `npm run finance:purge` runs it by hand.
 */
export async function purgeExpiredApplications(
  db: Database,
  cipher: FinanceCipher,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const settings = { ...DEFAULT_RETENTION, financeDays: retentionDays };
  const expired = await db.transaction((tx) =>
    financeApplicationKind.expire(tx, now, settings, { cipher, outboxDir: null }),
  );
  return expired.count;
}

/** A finance application as opened in the back office: decrypted for this one request. */
export type OpenedFinanceApplication = {
  id: string;
  reference: string;
  createdAt: Date;
  dealer: { name: string; slug: string };
  status: string;
  vehicle: { variant: string; make: string | null; model: string | null };
  /** Where the visit that sent it came from (kept in clear: it says nothing about the applicant); null when not recorded. */
  attribution: LeadAttribution | null;
  /** Everything the applicant sent that is kept encrypted (identity number, contact, employment, income, bank). */
  application: Record<string, unknown>;
};

/**
 * Opens one finance application for a member of staff (POPIA): only staff of the chosen dealer and group
 * administrators may; another dealer's application is "not found". Every opening is written to the audit log
 * ('finance_application.open', who and when) before the decrypted application is handed back, and nothing of
 * it is kept: the caller renders it into one response (with Cache-Control: no-store).
 */
export async function openFinanceApplication(
  db: Database,
  cipher: FinanceCipher,
  actor: StaffActor,
  applicationId: string,
): Promise<OpenedFinanceApplication> {
  if (!z.uuid().safeParse(applicationId).success) throw new StaffAccessDenied("not-found", "finance-applications");
  const [row] = await db
    .select({ application: financeApplications, dealer: { name: dealers.dealerName, slug: dealers.slug } })
    .from(financeApplications)
    .innerJoin(dealers, eq(dealers.id, financeApplications.dealerId))
    .where(eq(financeApplications.id, applicationId));
  if (!row) throw new StaffAccessDenied("not-found", "finance-applications");
  const { application } = row;
  assertMay(actor, "finance-applications", application.dealerId);
  await recordAudit(db, {
    actor,
    action: "finance_application.open",
    entity: "finance_application",
    entityId: application.id,
    dealerId: application.dealerId,
  });
  return {
    id: application.id,
    reference: leadReference(application.id),
    createdAt: application.createdAt,
    dealer: row.dealer,
    status: application.status,
    vehicle: { variant: application.vehicleVariant, make: application.make, model: application.model },
    attribution: application.attribution,
    application: cipher.decrypt(application.encryptedPayload) as Record<string, unknown>,
  };
}
