import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, enquiries, financeApplications, makes, models, usedVehicles } from "../../db/schema.ts";

export type LeadKind = "enquiry" | "finance";

export type DeliveryDealer = {
  slug: string;
  dealerName: string;
  dpName: string;
  dpEmail: string;
  contactNo: string;
  address: string;
};

/** What a dealer's inbox or CRM is told about a lead. Finance leads carry no personal details at all. */
export type LeadForDelivery = {
  kind: LeadKind;
  id: string;
  createdAt: Date;
  status: string;
  formName: string;
  leadType: string;
  source: string | null;
  uri: string | null;
  dealer: DeliveryDealer;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    cellPhone: string;
    message: string | null;
    contactAllowed: boolean;
  } | null;
  vehicle: {
    interest: "buy" | "test-drive";
    condition: "new" | "used";
    year?: number;
    make: string;
    model?: string;
    trim?: string;
    stock?: string;
    odometerKm?: number;
    priceZar?: number;
  } | null;
  /** Free text for the salesperson, e.g. a part number or VIN. */
  notes: string[];
};

const dealerColumns = {
  slug: dealers.slug,
  dealerName: dealers.dealerName,
  dpName: dealers.dpName,
  dpEmail: dealers.dpEmail,
  contactNo: dealers.contactNo,
  address: dealers.address,
};

export async function loadLeadForDelivery(db: Database, kind: LeadKind, id: string): Promise<LeadForDelivery | null> {
  return kind === "enquiry" ? loadEnquiry(db, id) : loadFinanceApplication(db, id);
}

async function loadEnquiry(db: Database, id: string): Promise<LeadForDelivery | null> {
  const [row] = await db
    .select({ enquiry: enquiries, dealer: dealerColumns })
    .from(enquiries)
    .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
    .where(eq(enquiries.id, id))
    .limit(1);
  if (!row) return null;
  const { enquiry } = row;
  const used = enquiry.usedVehicleId === null ? null : await loadUsedVehicle(db, enquiry.usedVehicleId);
  const notes = [
    enquiry.partNo ? `Part number: ${enquiry.partNo}` : null,
    enquiry.vinNo ? `VIN: ${enquiry.vinNo}` : null,
    enquiry.specialSlug ? `Special: ${enquiry.specialSlug}` : null,
  ].filter((note): note is string => note !== null);
  return {
    kind: "enquiry",
    id: enquiry.id,
    createdAt: enquiry.createdAt,
    status: enquiry.status,
    formName: enquiry.formName,
    leadType: enquiry.leadType,
    source: enquiry.source,
    uri: enquiry.uri,
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
      condition: enquiry.isUsed === 1 && used ? "used" : /used/i.test(enquiry.leadType) ? "used" : "new",
      make: used?.make ?? enquiry.make,
      model: used?.model ?? enquiry.model ?? undefined,
      trim: used?.variant ?? enquiry.variant ?? undefined,
      year: used?.year,
      stock: used ? String(used.id) : undefined,
      odometerKm: used?.mileageKm,
      priceZar: used?.price,
    },
    notes,
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

async function loadFinanceApplication(db: Database, id: string): Promise<LeadForDelivery | null> {
  const [row] = await db
    .select({ application: financeApplications, dealer: dealerColumns })
    .from(financeApplications)
    .innerJoin(dealers, eq(dealers.id, financeApplications.dealerId))
    .where(eq(financeApplications.id, id))
    .limit(1);
  if (!row) return null;
  const { application } = row;
  return {
    kind: "finance",
    id: application.id,
    createdAt: application.createdAt,
    status: application.status,
    formName: "Online Finance Application",
    leadType: "Finance Application",
    source: application.sourceCode,
    uri: "/finance",
    dealer: row.dealer,
    customer: null,
    vehicle: null,
    notes: [],
  };
}
