import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type BusinessHours,
  type LeadAttribution,
  dealers,
  deals,
  enquiries,
  financeApplications,
  makes,
  models,
  rangeModels,
  rangeVariants,
  tradeIns,
  usedVehicles,
} from "../../db/schema.ts";
import { CLICK_ID_PARAMETERS, type ClickIdParameter } from "../attribution/visit.ts";
import type { FinanceCipher } from "../finance/encryption.server.ts";
import { appointmentOfEnquiry } from "../appointments/appointments.server.ts";
import type { VehicleCondition } from "../leads/enquiry-schema.ts";
import { FORM_PRESETS } from "../leads/presets.ts";
import { PHOTO_LINK_DAYS, photoPositions } from "./lead-photos.server.ts";
import { type AppointmentKind, describeSlotStart, saTimeOf } from "../appointments/calendar.ts";

export type LeadKind = "enquiry" | "finance";

export type DeliveryDealer = {
  slug: string;
  dealerName: string;
  dpName: string;
  dpEmail: string;
  contactNo: string;
  address: string;
  street: string | null;
  city: string;
  province: string;
  postalCode: string | null;
  businessHours: BusinessHours[];
};

export type LeadCustomer = {
  firstName: string;
  lastName: string;
  email: string | null;
  cellPhone: string | null;
  message: string | null;
  /** Consent to be contacted about offers; null when the form does not ask. */
  contactAllowed: boolean | null;
};

export type LeadVehicle = {
  interest: "buy" | "test-drive" | "trade-in";
  condition: "new" | "used";
  /** The model year (new), the listing's year (used), the visitor's own vehicle's (service, parts); null if unknown. */
  year: number | null;
  make: string;
  model: string;
  vin?: string;
  /** The dealer's stock number. */
  stock?: string;
  trim?: string;
  odometerKm?: number;
  price?: { type: "asking" | "msrp"; zar: number };
  /** A seller's own rating of their vehicle (ADF condition). */
  rating?: VehicleCondition;
};

/**
 * What a dealer's inbox or CRM is told about a lead, for every kind of lead. A finance application carries the
 * applicant's name and contact details and the vehicle, never the identity number, income, expenses or bank.
 */
export type LeadForDelivery = {
  kind: LeadKind;
  id: string;
  /** The short reference the buyer is given. */
  reference: string;
  createdAt: Date;
  status: string;
  formName: string;
  leadType: string;
  source: string | null;
  uri: string | null;
  /** The site path of the vehicle or special the lead is about, when it has a page. */
  vehiclePath: string | null;
  dealer: DeliveryDealer;
  customer: LeadCustomer;
  vehicle: LeadVehicle;
  /** Finance applications: the buyer wants finance; the amount is given only when the application states it. */
  finance: { method: "finance"; amountZar?: number } | null;
  /** When the buyer wants to come in: a booked appointment's slot. */
  timeframe: { description: string; earliest?: Date; latest?: Date } | null;
  /** Test drives and services: the slot booked with the lead, as it is now (moved or cancelled since, perhaps). */
  appointment?: LeadAppointment | null;
  /** Free text for the salesperson, e.g. a part number or the special. */
  notes: string[];
  /** Where the visit that sent it came from; null when no visit was recorded (an API client's lead). */
  attribution: LeadAttribution | null;
  /** Sell your car traded in towards a car on this site: that car (ADF's second vehicle, interest buy). */
  wantedVehicle?: LeadVehicle | null;
  /** Sell your car: signed, expiring links to the seller's photos (decision 026), when the loader was given a signer. */
  photoLinks?: string[];
};

export type LeadAppointment = {
  id: string;
  kind: AppointmentKind;
  start: Date;
  end: Date;
  status: "booked" | "cancelled";
  /** 1 when booked; each move or cancellation adds one. */
  version: number;
};

const KIND_NAMES: Record<AppointmentKind, string> = { "test-drive": "Test drive", service: "Service" };

/** "Test drive on Saturday 28 November 2026 at 09:30 (cancelled)" */
export function describeAppointment(appointment: LeadAppointment): string {
  const when = `${KIND_NAMES[appointment.kind]} on ${describeSlotStart(appointment.start)} to ${saTimeOf(appointment.end)}`;
  return appointment.status === "cancelled" ? `${when} (cancelled by the buyer)` : when;
}

/** A lead's reference for people: the first 8 characters of its id, in capitals (HDG-1A2B3C4D). */
export function leadReference(id: string): string {
  return `HDG-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

const dealerColumns = {
  slug: dealers.slug,
  dealerName: dealers.dealerName,
  dpName: dealers.dpName,
  dpEmail: dealers.dpEmail,
  contactNo: dealers.contactNo,
  address: dealers.address,
  street: dealers.street,
  city: dealers.city,
  province: dealers.province,
  postalCode: dealers.postalCode,
  businessHours: dealers.businessHours,
};

export type LoadOptions = {
  /** Needed for finance applications: their applicant's name and contact details are encrypted. */
  financeCipher?: FinanceCipher;
  /** The absolute, signed link to a seller's photo at a position (the worker gives it; lead tools need not). */
  photoLink?: (enquiryId: string, position: number) => string;
};

export async function loadLeadForDelivery(
  db: Database,
  kind: LeadKind,
  id: string,
  options: LoadOptions = {},
): Promise<LeadForDelivery | null> {
  return kind === "enquiry" ? loadEnquiry(db, id, options) : loadFinanceApplication(db, id, options.financeCipher);
}

/** The path of the vehicle or special an enquiry was sent from: the page itself, without its /enquire form. */
function vehiclePathOf(uri: string | null): string | null {
  if (!uri) return null;
  if (uri.endsWith("/enquire")) return uri.slice(0, -"/enquire".length);
  return /^(\/dealer\/[^/]+)?\/specials\/[^/]+$/.test(uri) ? uri : null;
}

async function loadEnquiry(db: Database, id: string, options: LoadOptions): Promise<LeadForDelivery | null> {
  const [row] = await db
    .select({ enquiry: enquiries, dealer: dealerColumns })
    .from(enquiries)
    .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
    .where(eq(enquiries.id, id))
    .limit(1);
  if (!row) return null;
  const { enquiry } = row;
  const used = enquiry.usedVehicleId === null ? null : await loadUsedVehicle(db, enquiry.usedVehicleId);
  const special = enquiry.specialSlug ? await loadSpecialTitle(db, enquiry.specialSlug) : null;
  // product.md §3: is_used is 1 for used vehicles and for parts and service (the visitor's own vehicle).
  const isNew = enquiry.isUsed === 0;
  const newPrice =
    isNew && enquiry.model && enquiry.variant ? await loadNewVariantPrice(db, enquiry.model, enquiry.variant) : null;
  const appointment = await appointmentOfEnquiry(db, enquiry.id);
  const notes = [
    enquiry.partNo ? `Part number: ${enquiry.partNo}` : null,
    special ? `Special: ${special}` : null,
  ].filter((note): note is string => note !== null);
  const base: LeadForDelivery = {
    kind: "enquiry",
    id: enquiry.id,
    reference: leadReference(enquiry.id),
    createdAt: enquiry.createdAt,
    status: enquiry.status,
    formName: enquiry.formName,
    leadType: enquiry.leadType,
    source: enquiry.source,
    uri: enquiry.uri,
    vehiclePath: vehiclePathOf(enquiry.uri),
    dealer: row.dealer,
    customer: {
      firstName: enquiry.firstName,
      lastName: enquiry.lastName,
      email: enquiry.email,
      cellPhone: enquiry.cellPhone,
      message: enquiry.message,
      contactAllowed: enquiry.contact,
    },
    vehicle: {
      interest: /test drive/i.test(enquiry.leadType) ? "test-drive" : "buy",
      condition: isNew ? "new" : "used",
      // A new vehicle is this year's model; parts and service name the visitor's own vehicle's year.
      year: used?.year ?? enquiry.vehicleYear ?? (isNew ? enquiry.createdAt.getUTCFullYear() : null),
      make: used?.make ?? enquiry.make,
      model: used?.model ?? enquiry.model ?? special ?? "",
      vin: enquiry.vinNo ?? undefined,
      stock: used ? String(used.id) : undefined,
      trim: used?.variant ?? enquiry.variant ?? undefined,
      odometerKm: used?.mileageKm,
      price: used
        ? { type: "asking", zar: used.price }
        : newPrice === null
          ? undefined
          : { type: "msrp", zar: newPrice },
    },
    finance: null,
    timeframe: appointment
      ? { description: describeAppointment(appointment), earliest: appointment.start, latest: appointment.end }
      : null,
    appointment,
    notes,
    attribution: enquiry.attribution,
  };
  return enquiry.formName === FORM_PRESETS.sellCar.formName
    ? withTradeIn(db, base, enquiry.vehicleYear, options)
    : base;
}

/**
 * A 'Sell Your Car' lead: the seller's vehicle is the lead's vehicle (ADF interest trade-in, status used),
 * with its mileage and condition; the car it is traded in towards, if any, follows as the one they want.
 */
async function withTradeIn(
  db: Database,
  lead: LeadForDelivery,
  year: number | null,
  options: LoadOptions,
): Promise<LeadForDelivery> {
  const [details] = await db.select().from(tradeIns).where(eq(tradeIns.enquiryId, lead.id)).limit(1);
  if (!details) return lead;
  const towards =
    details.towardsUsedVehicleId === null ? null : await loadUsedVehicle(db, details.towardsUsedVehicleId);
  const positions = await photoPositions(db, lead.id);
  const photoLinks = options.photoLink ? positions.map((position) => options.photoLink!(lead.id, position)) : [];
  return {
    ...lead,
    vehicle: {
      interest: "trade-in",
      condition: "used",
      year,
      make: lead.vehicle.make,
      model: lead.vehicle.model,
      odometerKm: details.mileageKm,
      rating: details.condition as VehicleCondition,
    },
    wantedVehicle: towards
      ? {
          interest: "buy",
          condition: "used",
          year: towards.year,
          make: towards.make,
          model: towards.model,
          trim: towards.variant ?? undefined,
          stock: String(towards.id),
          odometerKm: towards.mileageKm,
          price: { type: "asking", zar: towards.price },
        }
      : null,
    vehiclePath: null,
    notes: [
      ...lead.notes,
      `Outstanding finance: ${details.outstandingFinance ? "yes" : "no"}`,
      details.tradeIn
        ? `Trade-in towards ${towards ? `the ${towards.year} ${towards.make} ${towards.model} (stock no. ${towards.id})` : "a car on this site"}`
        : "Selling outright (not a trade-in)",
      positions.length === 0
        ? "No photos sent"
        : `Photos: ${positions.length}${photoLinks.length ? ` (links valid ${PHOTO_LINK_DAYS} days)` : ""}`,
    ],
    photoLinks,
  };
}

async function loadUsedVehicle(db: Database, id: number) {
  const [vehicle] = await db
    .select({
      id: usedVehicles.id,
      year: usedVehicles.year,
      mileageKm: usedVehicles.mileageKm,
      price: usedVehicles.price,
      variant: usedVehicles.variant,
      make: makes.name,
      model: models.name,
    })
    .from(usedVehicles)
    .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
    .innerJoin(models, eq(models.id, usedVehicles.modelId))
    .where(eq(usedVehicles.id, id))
    .limit(1);
  return vehicle ?? null;
}

async function loadSpecialTitle(db: Database, slug: string): Promise<string | null> {
  const [deal] = await db.select({ title: deals.title }).from(deals).where(eq(deals.slug, slug)).limit(1);
  return deal?.title ?? null;
}

/** The list price of a new model's variant, by the names the enquiry stored. */
async function loadNewVariantPrice(db: Database, model: string, variant: string): Promise<number | null> {
  const [row] = await db
    .select({ price: rangeVariants.price })
    .from(rangeVariants)
    .innerJoin(rangeModels, eq(rangeModels.id, rangeVariants.rangeModelId))
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .where(and(eq(models.name, model), eq(rangeVariants.name, variant)))
    .limit(1);
  return row?.price ?? null;
}

/** The only parts of a finance application's encrypted payload that a lead carries. */
type ApplicantContact = { firstName?: string; surname?: string; email?: string; phone?: string };

async function loadFinanceApplication(
  db: Database,
  id: string,
  cipher: FinanceCipher | undefined,
): Promise<LeadForDelivery | null> {
  const [row] = await db
    .select({ application: financeApplications, dealer: dealerColumns })
    .from(financeApplications)
    .innerJoin(dealers, eq(dealers.id, financeApplications.dealerId))
    .where(eq(financeApplications.id, id))
    .limit(1);
  if (!row) return null;
  if (!cipher) throw new Error("a finance application's lead needs the finance encryption key");
  const { application } = row;
  const applicant = cipher.decrypt(application.encryptedPayload) as ApplicantContact;
  const isNew = application.vehicleVariant === "new";
  return {
    kind: "finance",
    id: application.id,
    reference: leadReference(application.id),
    createdAt: application.createdAt,
    status: application.status,
    formName: "Online Finance Application",
    leadType: "Finance Application",
    source: application.sourceCode,
    uri: "/finance",
    vehiclePath: null,
    dealer: row.dealer,
    customer: {
      firstName: applicant.firstName ?? "",
      lastName: applicant.surname ?? "",
      email: applicant.email ?? null,
      cellPhone: applicant.phone ?? null,
      message: null,
      contactAllowed: null,
    },
    vehicle: {
      interest: "buy",
      condition: isNew ? "new" : "used",
      year: isNew ? application.createdAt.getUTCFullYear() : null,
      make: application.make ?? "Honda",
      model: application.model ?? "",
    },
    finance: { method: "finance" },
    timeframe: null,
    notes: [],
    attribution: application.attribution,
  };
}

/** What a lead without a recorded visit shows wherever its source is asked for. */
export const NOT_RECORDED = "Not recorded";

const CLICK_ID_NAMES: Record<ClickIdParameter, string> = {
  gclid: "Google Ads click id (gclid)",
  fbclid: "Facebook click id (fbclid)",
  ttclid: "TikTok click id (ttclid)",
};

/**
 * The source of the lead's visit as labelled lines, for the places that have no field of their own for it: the
 * ADF's comments and the dealer's readable e-mail; none for a lead without a recorded visit.
 */
export function visitSourceLines(attribution: LeadAttribution | null, siteUrl: string): [string, string][] {
  if (!attribution) return [];
  const lines: [string, string | null][] = [
    ["Visit source", attribution.source],
    ["Visit medium", attribution.medium],
    ["Campaign", attribution.campaign],
    ["Campaign term", attribution.term],
    ["Campaign content", attribution.content],
    ["Referring site", attribution.referrerHost],
    ["Landing page", siteLink(attribution.landingPath, siteUrl)],
    ...CLICK_ID_PARAMETERS.map((parameter): [string, string | null] => [
      CLICK_ID_NAMES[parameter],
      attribution.clickIds[parameter] ?? null,
    ]),
  ];
  return lines.filter((line): line is [string, string] => line[1] !== null && line[1] !== "");
}

/**
 * The absolute address of a path on this site, or null when the path would lead elsewhere: a visitor's `uri`
 * such as `//other.example/x` must never become a link in a dealer's e-mail or a CRM record.
 */
export function siteLink(sitePath: string | null | undefined, siteUrl: string): string | null {
  if (!sitePath) return null;
  const link = new URL(sitePath, siteUrl);
  return link.origin === new URL(siteUrl).origin ? link.toString() : null;
}
