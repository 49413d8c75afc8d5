import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, deals, enquiries, PUBLIC_STOCK_CONDITION, usedVehicles } from "../../db/schema.ts";
import { isWingDealerName } from "../dealers/dealers.ts";
import { mayConfirmTo } from "../delivery/confirmation.ts";
import { enqueueLeadDelivery } from "../delivery/outbox.ts";
import type { Violation } from "../shared/violations.ts";
import { type CompletedEnquiry, parseEnquiry } from "./enquiry-schema.ts";
import { dealerTakesLead } from "./presets.ts";

/** Posts sooner than this after the form was rendered are from bots: accepted silently, never stored. */
export const MIN_FILL_MS = 2_000;
/** The same person, enquiry and dealer again within this time is the same lead. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

export type EnquiryOutcome =
  | { kind: "invalid"; violations: Violation[] }
  /** Stored now (created) or found already stored (duplicate: same idempotency key, or same lead within 10 minutes). */
  | { kind: "stored"; created: boolean; id: string; status: string }
  /** A bot (honeypot filled, or posted too fast): answer as if accepted, store nothing. */
  | { kind: "dropped"; reason: "honeypot" | "too-fast" | "no-render-time"; id: string; status: string };

export type SubmitOptions = {
  /** Pages always send the render time; API clients may. */
  requireRenderTime?: boolean;
  now?: () => number;
  /** Told about dropped bot posts (never the visitor's details). */
  onDropped?: (details: { reason: string; form: string; dealer: string }) => void;
};

/**
 * Validates an enquiry and stores it exactly once (SPEC sections 3 and 5): the schema, then the dealer
 * (exists and takes this kind of lead), the special and the vehicle, then the bot checks, then the insert
 * guarded by the idempotency key and the 10-minute dedupe key (both unique in the database).
 */
export async function submitEnquiry(db: Database, raw: unknown, options: SubmitOptions = {}): Promise<EnquiryOutcome> {
  const now = options.now ?? Date.now;
  const parsed = parseEnquiry(raw);
  if (!parsed.ok) return { kind: "invalid", violations: parsed.violations };
  const enquiry = parsed.value;
  const checked = await checkReferences(db, enquiry);
  if (!checked.ok) return { kind: "invalid", violations: checked.violations };

  const dropReason = botReason(enquiry, now(), options.requireRenderTime ?? false);
  if (dropReason) {
    options.onDropped?.({ reason: dropReason, form: enquiry.payload.form_name, dealer: enquiry.payload.dealer_slug });
    return { kind: "dropped", reason: dropReason, id: randomUUID(), status: enquiry.payload.status };
  }
  return store(db, enquiry, checked.dealerId, now());
}

function botReason(enquiry: CompletedEnquiry, now: number, requireRenderTime: boolean) {
  if (enquiry.honeypot !== "") return "honeypot" as const;
  if (enquiry.renderedAt === null) return requireRenderTime ? ("no-render-time" as const) : null;
  if (now - enquiry.renderedAt < MIN_FILL_MS) return "too-fast" as const;
  return null;
}

async function checkReferences(
  db: Database,
  { preset, payload }: CompletedEnquiry,
): Promise<{ ok: true; dealerId: number } | { ok: false; violations: Violation[] }> {
  const violations: Violation[] = [];
  const [dealerRow] = await db
    .select({ id: dealers.id, dealerName: dealers.dealerName })
    .from(dealers)
    .where(eq(dealers.slug, payload.dealer_slug))
    .limit(1);
  if (!dealerRow) {
    violations.push({ propertyPath: "dealer_slug", message: "Please choose a dealership from the list" });
  } else if (!dealerTakesLead(preset, isWingDealerName(dealerRow.dealerName))) {
    violations.push({
      propertyPath: "dealer_slug",
      message:
        preset === "wing"
          ? `${dealerRow.dealerName} does not sell Honda Wing motorcycles; please choose a Honda Wing dealer`
          : `${dealerRow.dealerName} sells motorcycles only; please choose a Honda car dealer`,
    });
  }
  if (payload.special_slug !== null) {
    const [special] = await db
      .select({ dealerId: deals.dealerId })
      .from(deals)
      .where(and(eq(deals.slug, payload.special_slug), eq(deals.kind, "special")))
      .limit(1);
    if (!special) violations.push({ propertyPath: "special_slug", message: "This special is not available" });
    else if (special.dealerId !== null && dealerRow && special.dealerId !== dealerRow.id) {
      violations.push({ propertyPath: "dealer_slug", message: "This special is offered by another dealership" });
    }
  }
  if (payload.vehicle_id !== null) {
    const [vehicle] = await db
      .select({ dealerId: usedVehicles.dealerId })
      .from(usedVehicles)
      .where(and(eq(usedVehicles.id, payload.vehicle_id), PUBLIC_STOCK_CONDITION))
      .limit(1);
    if (!vehicle) violations.push({ propertyPath: "vehicle_id", message: "This vehicle is no longer available" });
    else if (dealerRow && vehicle.dealerId !== dealerRow.id) {
      violations.push({ propertyPath: "dealer_slug", message: "This vehicle is sold by another dealership" });
    }
  }
  if (violations.length > 0 || !dealerRow) return { ok: false, violations: firstPerField(violations) };
  return { ok: true, dealerId: dealerRow.id };
}

function firstPerField(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((violation) => !seen.has(violation.propertyPath) && seen.add(violation.propertyPath));
}

/**
 * What makes two enquiries the same lead: the person (email and cell number), the form, the dealer and
 * everything the enquiry is about, including the message (a changed message is new information and is kept).
 */
export function leadFingerprint({ payload }: CompletedEnquiry): string {
  const text = (value: string | number | null) =>
    String(value ?? "")
      .trim()
      .replace(/\s+/g, " ")
      .toLowerCase();
  const parts = [
    payload.email,
    payload.cell_phone,
    payload.form_name,
    payload.dealer_slug,
    payload.make,
    payload.model,
    payload.variant,
    payload.vehicle_id,
    payload.special_slug,
    payload.partNo,
    payload.vinNo,
    payload.message,
  ].map(text);
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

async function store(db: Database, enquiry: CompletedEnquiry, dealerId: number, now: number): Promise<EnquiryOutcome> {
  const { payload } = enquiry;
  const fingerprint = leadFingerprint(enquiry);
  const window = Math.floor(now / DUPLICATE_WINDOW_MS);
  const dedupeKey = `${fingerprint}:${window}`;
  const idempotencyKey = enquiry.idempotencyKey ?? randomUUID();

  // The same lead from the previous window, less than 10 minutes ago (the unique key covers this window).
  const earlier = await findExisting(db, idempotencyKey, [dedupeKey, `${fingerprint}:${window - 1}`], now);
  if (earlier) return { kind: "stored", created: false, ...earlier };
  const confirmTo = (await mayConfirmTo(db, payload.email)) ? payload.email : null;

  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({
        dealerId,
        formName: payload.form_name,
        leadType: payload.lead_type,
        source: payload.source,
        status: payload.status,
        firstName: payload.first_name,
        lastName: payload.last_name,
        email: payload.email,
        cellPhone: payload.cell_phone,
        make: payload.make,
        model: payload.model,
        variant: payload.variant,
        vinNo: payload.vinNo,
        partNo: payload.partNo,
        message: payload.message,
        contact: payload.contact,
        terms: payload.terms,
        consent: payload.consent,
        isUsed: payload.is_used,
        uri: payload.uri,
        specialSlug: payload.special_slug,
        usedVehicleId: payload.vehicle_id,
        vehicleYear: payload.year,
        idempotencyKey,
        dedupeKey,
        createdAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ id: enquiries.id, status: enquiries.status });
    // Queued for delivery in the same transaction: no lead is stored without its delivery jobs.
    if (row) await enqueueLeadDelivery(tx, { kind: "enquiry", id: row.id, dealerId, confirmTo });
    return row;
  });
  if (inserted) return { kind: "stored", created: true, ...inserted };

  // Lost a race with an identical submission: answer with the lead that won.
  const winner = await findExisting(db, idempotencyKey, [dedupeKey], null);
  if (!winner) throw new Error("enquiry conflicted but no matching lead was found");
  return { kind: "stored", created: false, ...winner };
}

async function findExisting(db: Database, idempotencyKey: string, dedupeKeys: string[], now: number | null) {
  const sameLead =
    now === null
      ? inArray(enquiries.dedupeKey, dedupeKeys)
      : and(inArray(enquiries.dedupeKey, dedupeKeys), gt(enquiries.createdAt, new Date(now - DUPLICATE_WINDOW_MS)));
  const [row] = await db
    .select({ id: enquiries.id, status: enquiries.status })
    .from(enquiries)
    .where(or(eq(enquiries.idempotencyKey, idempotencyKey), sameLead))
    .limit(1);
  return row ?? null;
}
