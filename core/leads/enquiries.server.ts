import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type LeadAttribution,
  dealers,
  deals,
  enquiries,
  PUBLIC_STOCK_CONDITION,
  tradeInPhotos,
  tradeIns,
  usedVehicles,
} from "../../db/schema.ts";
import { isWingDealerName } from "../dealers/dealers.server.ts";
import { mayConfirmTo } from "../delivery/confirmation.server.ts";
import { enqueueLeadDelivery } from "../delivery/outbox.server.ts";
import type { Violation } from "../shared/violations.ts";
import { type CompletedEnquiry, parseEnquiry, type TradeInDetails } from "./enquiry-schema.ts";
import { type Hold, HELD_KEY_PREFIX, HELD_STATUS, type HoldReason, isHoldReason } from "./hold-reasons.ts";
import { APPOINTMENT_KIND_OF, dealerTakesLead, presetKeyForFormName } from "./presets.ts";
import { isUuid } from "../shared/uuid.ts";
import {
  insertAppointment,
  dealerCalendar,
  reserveSlot,
  SlotTaken,
  slotProblem,
} from "../appointments/appointments.server.ts";

/**
 * Web form posts sooner than this after the form was rendered look automated: held for staff, never delivered unseen.
 * The default of FORM_MIN_FILL_MS (server/env.ts), which the site passes as SubmitOptions.minFillMs.
 */
export const MIN_FILL_MS = 2_000;

/**
 * The web form's bot traps, as posted (they belong to the HTML form, never to the API): a hidden field people
 * never see (`website`) and the time the form was rendered (`rendered_at`, ms since 1970).
 */
export type WebFormTraps = { website: string | undefined; renderedAt: string | undefined };
/** The same person, enquiry and dealer again within this time is the same lead. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

export type EnquiryOutcome =
  | { kind: "invalid"; violations: Violation[] }
  /** Stored now (created) or found already stored (duplicate: same idempotency key, or same lead within 10 minutes). */
  | { kind: "stored"; created: boolean; id: string; status: string; leadType: string }
  /**
   * A web form's enquiry that looks automated (hidden field filled, posted too fast or without its render time):
   * stored as held (core/leads/held.server.ts), delivered only once staff release it; answered as if accepted.
   */
  | { kind: "held"; created: boolean; reason: HoldReason; id: string; status: string }
  /** The chosen slot filled up before this booking: nothing stored; answered 409 with SLOT_TAKEN_MESSAGE. */
  | { kind: "slot-taken"; message: string }
  /** The idempotency key already stored a different enquiry: nothing stored, answered 409 (one idempotency rule). */
  | { kind: "key-reused"; message: string };

const KEY_REUSED_MESSAGE =
  "This idempotency key was already used for a different enquiry: send a new key with a new enquiry";

export type SubmitOptions = {
  /** A page's form: its bot traps, checked once the enquiry is valid. API clients have none, and are never held. */
  webForm?: WebFormTraps;
  /** The web form's minimum fill time (FORM_MIN_FILL_MS); default MIN_FILL_MS. */
  minFillMs?: number;
  /** Sell your car: the seller's photos, already stored as private images (core/media), in order. */
  photoImageIds?: readonly string[];
  /** Pages of forms that book a slot (test drive, service) require one; API clients may leave it out. */
  requireAppointment?: boolean;
  now?: () => number;
  /**
   * Where the visit that sent it came from: the page action or API handler reads it from the request's
   * visit cookie (`attributionOfRequest`); null or absent when the request carried no live visit.
   */
  attribution?: LeadAttribution | null;
  /** Told about enquiries held as automated (never the visitor's details). */
  onHeld?: (details: { reason: HoldReason; form: string; dealer: string }) => void;
};

/**
 * Validates an enquiry and stores it exactly once (product.md §3 and §5): the schema, then the dealer
 * (exists and takes this kind of lead), the special and the vehicle, then the bot checks, then the insert
 * guarded by the idempotency key and the 10-minute dedupe key (both unique in the database).
 */
export async function submitEnquiry(db: Database, raw: unknown, options: SubmitOptions = {}): Promise<EnquiryOutcome> {
  const now = options.now ?? Date.now;
  const parsed = parseEnquiry(raw);
  if (!parsed.ok)
    return {
      kind: "invalid",
      violations: [...parsed.violations, ...missingAppointment(raw, parsed.violations, options)],
    };
  const enquiry = parsed.value;
  const checked = await checkReferences(db, enquiry);
  if (!checked.ok) return { kind: "invalid", violations: checked.violations };
  const appointmentProblem = await checkAppointment(db, enquiry, new Date(now()), options.requireAppointment ?? false);
  if (appointmentProblem) return { kind: "invalid", violations: [appointmentProblem] };

  const hold = options.webForm ? holdOf(options.webForm, now(), options.minFillMs ?? MIN_FILL_MS) : null;
  if (hold)
    options.onHeld?.({ reason: hold.reason, form: enquiry.payload.form_name, dealer: enquiry.payload.dealer_slug });
  return store(db, enquiry, checked.dealerId, now(), {
    photoImageIds: options.photoImageIds ?? [],
    attribution: options.attribution ?? null,
    hold,
  });
}

/**
 * A stored lead's delivery status, by its id (what POST /api/customer_enquiries answered); null for no such lead.
 * An enquiry held as automated is no lead until released (its id was never given out): null too.
 */
export async function enquiryStatus(db: Database, id: string): Promise<{ id: string; status: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: enquiries.id, status: enquiries.status })
    .from(enquiries)
    .where(and(eq(enquiries.id, id.toLowerCase()), isNull(enquiries.heldReason)))
    .limit(1);
  return row ?? null;
}

/** A page's empty form is told about the missing time with every other field's message. */
function missingAppointment(raw: unknown, found: Violation[], options: SubmitOptions): Violation[] {
  if (!options.requireAppointment || typeof raw !== "object" || raw === null) return [];
  const { form_name: formName, appointment_start: start } = raw as Record<string, unknown>;
  const key = typeof formName === "string" ? presetKeyForFormName(formName) : null;
  if (
    !key ||
    !APPOINTMENT_KIND_OF[key] ||
    (typeof start === "string" && start !== "") ||
    found.some((v) => v.propertyPath === "appointment_start")
  )
    return [];
  return [{ propertyPath: "appointment_start", message: "Please choose a date and time" }];
}

/** The slot must be one the dealer offers (open, not past nor within the hour, within the booking window). */
async function checkAppointment(
  db: Database,
  { preset, payload }: CompletedEnquiry,
  now: Date,
  required: boolean,
): Promise<Violation | null> {
  if (!APPOINTMENT_KIND_OF[preset]) return null;
  if (!payload.appointment_start) {
    return required ? { propertyPath: "appointment_start", message: "Please choose a date and time" } : null;
  }
  const calendar = await dealerCalendar(db, payload.dealer_slug);
  const problem = calendar && slotProblem(calendar, payload.appointment_start, now);
  return problem ? { propertyPath: "appointment_start", message: problem } : null;
}

/** Why a web form's post looks automated, or null for a person's. */
function holdOf({ website, renderedAt }: WebFormTraps, now: number, minFillMs: number): Hold | null {
  if (website !== undefined && website.trim() !== "") return { reason: "honeypot", fillMs: null };
  if (renderedAt === undefined || !/^\d{1,15}$/.test(renderedAt.trim()))
    return { reason: "no-render-time", fillMs: null };
  const fillMs = now - Number(renderedAt);
  // A render time in the future (another instance's clock, or a made-up one) counts as sent at once.
  if (fillMs < minFillMs) return { reason: "too-fast", fillMs: Math.max(0, fillMs) };
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
  const towards = payload.trade_in?.towards_vehicle_id ?? null;
  if (towards !== null) {
    const [vehicle] = await db
      .select({ dealerId: usedVehicles.dealerId })
      .from(usedVehicles)
      .where(eq(usedVehicles.id, towards))
      .limit(1);
    if (!vehicle)
      violations.push({
        propertyPath: "towards_vehicle_id",
        message: "The car you wanted to trade in towards is no longer available",
      });
    else if (dealerRow && vehicle.dealerId !== dealerRow.id) {
      violations.push({ propertyPath: "dealer_slug", message: "That car is sold by another dealership" });
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
 * Not the appointment's time: a booking sent again with another time within the window is the same lead,
 * whose first time stands (the confirmation's link moves it).
 */
function leadFingerprint({ payload }: CompletedEnquiry): string {
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

type StoredAlongside = { photoImageIds: readonly string[]; attribution: LeadAttribution | null; hold: Hold | null };

async function store(
  db: Database,
  enquiry: CompletedEnquiry,
  dealerId: number,
  now: number,
  alongside: StoredAlongside,
): Promise<EnquiryOutcome> {
  const { payload } = enquiry;
  const fingerprint = leadFingerprint(enquiry);
  const window = Math.floor(now / DUPLICATE_WINDOW_MS);
  // Held enquiries are deduplicated among themselves only: a person's send is never taken for a held one's repeat.
  const keyOf = (w: number) => `${alongside.hold ? HELD_KEY_PREFIX : ""}${fingerprint}:${w}`;
  const dedupeKey = keyOf(window);
  const idempotencyKey = enquiry.idempotencyKey ?? randomUUID();

  // The same lead from the previous window, less than 10 minutes ago (the unique key covers this window).
  const earlier = await findExisting(db, idempotencyKey, [dedupeKey, keyOf(window - 1)], now);
  const leadType = payload.lead_type;
  if (earlier) return answerForExisting(earlier, idempotencyKey, fingerprint, leadType);
  // A held enquiry's confirmation waits for its release: no e-mail goes to an address a bot may have typed.
  const confirmTo = !alongside.hold && (await mayConfirmTo(db, payload.email)) ? payload.email : null;

  const appointmentKind = APPOINTMENT_KIND_OF[enquiry.preset];
  const booking =
    appointmentKind && payload.appointment_start ? { kind: appointmentKind, start: payload.appointment_start } : null;
  let inserted: Awaited<ReturnType<typeof storeInTransaction>>;
  try {
    inserted = await storeInTransaction(db, enquiry, {
      dealerId,
      now,
      idempotencyKey,
      dedupeKey,
      confirmTo,
      booking,
      ...alongside,
    });
  } catch (error) {
    if (error instanceof SlotTaken) return { kind: "slot-taken", message: error.message };
    throw error;
  }
  if (inserted && alongside.hold) return { kind: "held", created: true, reason: alongside.hold.reason, ...inserted };
  if (inserted) return { kind: "stored", created: true, leadType, ...inserted };

  // Lost a race with an identical submission: answer with the lead that won.
  const winner = await findExisting(db, idempotencyKey, [dedupeKey], null);
  if (!winner) throw new Error("enquiry conflicted but no matching lead was found");
  return answerForExisting(winner, idempotencyKey, fingerprint, leadType);
}

/** A lead already stored under this key is this one again, unless the key stored a different lead (another fingerprint). */
function answerForExisting(
  existing: ExistingLead,
  idempotencyKey: string,
  fingerprint: string,
  leadType: string,
): EnquiryOutcome {
  if (
    existing.idempotencyKey === idempotencyKey &&
    !existing.dedupeKey.replace(HELD_KEY_PREFIX, "").startsWith(`${fingerprint}:`)
  ) {
    return { kind: "key-reused", message: KEY_REUSED_MESSAGE };
  }
  const { id, status } = existing;
  if (isHoldReason(existing.heldReason))
    return { kind: "held", created: false, reason: existing.heldReason, id, status };
  return { kind: "stored", created: false, leadType, id, status };
}

type StoreKeys = {
  dealerId: number;
  now: number;
  idempotencyKey: string;
  dedupeKey: string;
  confirmTo: string | null;
  booking: { kind: "test-drive" | "service"; start: Date } | null;
} & StoredAlongside;

/**
 * The enquiry, its appointment and its delivery jobs in one transaction: a full slot (SlotTaken) stores
 * nothing. The slot is reserved first (locking the dealer's row), then the enquiry is inserted.
 */
async function storeInTransaction(db: Database, enquiry: CompletedEnquiry, keys: StoreKeys) {
  const { payload } = enquiry;
  const { dealerId, now, idempotencyKey, dedupeKey, confirmTo, booking, photoImageIds, attribution, hold } = keys;
  return db.transaction(async (tx) => {
    if (booking) await reserveSlot(tx, { dealerId, ...booking });
    const [row] = await tx
      .insert(enquiries)
      .values({
        dealerId,
        formName: payload.form_name,
        leadType: payload.lead_type,
        source: payload.source,
        status: hold ? HELD_STATUS : payload.status,
        heldReason: hold?.reason ?? null,
        heldFillMs: hold?.fillMs ?? null,
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
        attribution,
        createdAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ id: enquiries.id, status: enquiries.status });
    if (row && booking) await insertAppointment(tx, { dealerId, ...booking, enquiryId: row.id });
    if (row && payload.trade_in) await insertTradeIn(tx, row.id, payload.trade_in, photoImageIds);
    // Queued for delivery in the same transaction: no lead is stored without its delivery jobs. A held one is
    // queued by its release (core/leads/held.server.ts), in the transaction that releases it.
    if (row && !hold) await enqueueLeadDelivery(tx, { kind: "enquiry", id: row.id, dealerId, confirmTo });
    return row;
  });
}

type ExistingLead = {
  id: string;
  status: string;
  idempotencyKey: string;
  dedupeKey: string;
  heldReason: string | null;
};

async function findExisting(
  db: Database,
  idempotencyKey: string,
  dedupeKeys: string[],
  now: number | null,
): Promise<ExistingLead | null> {
  const sameLead =
    now === null
      ? inArray(enquiries.dedupeKey, dedupeKeys)
      : and(inArray(enquiries.dedupeKey, dedupeKeys), gt(enquiries.createdAt, new Date(now - DUPLICATE_WINDOW_MS)));
  const [row] = await db
    .select({
      id: enquiries.id,
      status: enquiries.status,
      idempotencyKey: enquiries.idempotencyKey,
      dedupeKey: enquiries.dedupeKey,
      heldReason: enquiries.heldReason,
    })
    .from(enquiries)
    .where(or(eq(enquiries.idempotencyKey, idempotencyKey), sameLead))
    .limit(1);
  return row ?? null;
}

/** The seller's vehicle details and photos, in the transaction that stores their lead. */
async function insertTradeIn(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  enquiryId: string,
  details: TradeInDetails,
  photoImageIds: readonly string[],
) {
  await tx.insert(tradeIns).values({
    enquiryId,
    mileageKm: details.mileage_km,
    condition: details.condition,
    outstandingFinance: details.outstanding_finance,
    tradeIn: details.trade_in || details.towards_vehicle_id !== null,
    towardsUsedVehicleId: details.towards_vehicle_id,
  });
  if (photoImageIds.length > 0) {
    await tx
      .insert(tradeInPhotos)
      .values(photoImageIds.map((imageId, index) => ({ enquiryId, position: index + 1, imageId })));
  }
}
