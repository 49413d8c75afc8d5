import { eq, sql, type SQL } from "drizzle-orm";
import { z } from "../shared/zod.ts";
import type { Database } from "../../db/client.ts";
import {
  dealers,
  enquiries,
  financeApplications,
  type LeadAttribution,
  leadWorkNotes,
  leadWorkStatus,
} from "../../db/schema.ts";
import { deliveryLog } from "../delivery/lead-log.server.ts";
import { FINANCE_LEAD_TYPE } from "../finance/application-schema.ts";
import {
  type LeadCustomer,
  type LeadKind,
  type LeadVehicle,
  leadReference,
  loadLeadForDelivery,
  NOT_RECORDED,
} from "../delivery/lead-source.server.ts";
import { resendLead } from "../delivery/outbox.server.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { writeCsv } from "../shared/csv.ts";
import {
  assertMay,
  assertMayUse,
  dealerScope,
  scopeIncludes,
  StaffAccessDenied,
  type StaffActor,
} from "../staff/roles.ts";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import { violationsFromZod } from "../shared/violations.ts";
import { describeHold, isHoldReason } from "./hold-reasons.ts";
import {
  blankAsAbsent,
  filterQuery,
  type InboxFilter,
  type InboxView,
  SOURCE_NOT_RECORDED,
  WORK_STATUSES,
  type WorkStatus,
} from "./inbox-filter.ts";

export {
  DELIVERY_STATUSES,
  filterQuery,
  type InboxFilter,
  INBOX_VIEWS,
  parseInboxFilter,
  SOURCE_NOT_RECORDED,
  WORK_STATUSES,
  type WorkStatus,
} from "./inbox-filter.ts";

/**
 * The leads inbox: the enquiries and finance applications a member of staff may see, what became of
 * their delivery, and where each stands with the dealer's salespeople. Every function takes the acting user and
 * checks the role rules itself; another dealer's lead is "not found". A finance application is listed with its
 * vehicle only: the applicant's details stay encrypted until someone allowed opens it (core/finance).
 */

export { FINANCE_LEAD_TYPE };
const PAGE_SIZE = 25;
/** The most rows one CSV export holds; narrow the filter for more. */
const EXPORT_LIMIT = 10_000;

export type InboxRow = {
  id: string;
  kind: LeadKind;
  reference: string;
  createdAt: Date;
  dealerName: string;
  dealerSlug: string;
  leadType: string;
  deliveryStatus: string;
  workStatus: WorkStatus;
  firstResponseAt: Date | null;
  /** The visitor's name and contact details; null for a finance application (encrypted, shown only when opened). */
  contact: { name: string; email: string; phone: string; message: string } | null;
  vehicle: string;
  /** Where the visit that sent it came from; null when none was recorded. */
  attribution: LeadAttribution | null;
  /** Why an enquiry is held as automated ("hidden field filled"); null for a lead. */
  heldBecause: string | null;
};

export type InboxPage = { rows: InboxRow[]; total: number; page: number; pageCount: number };

/** The leads the actor may see that match the filter, newest first, one page of PAGE_SIZE. */
export async function listInbox(db: Database, actor: StaffActor, filter: InboxFilter): Promise<InboxPage> {
  assertMayUse(actor, "leads");
  const offset = (filter.page - 1) * PAGE_SIZE;
  const rows = await selectInbox(db, actor, filter, PAGE_SIZE, offset);
  const total = rows[0]?.total ?? (filter.page > 1 ? await countInbox(db, actor, filter) : 0);
  return {
    rows: rows.map((row) => row.lead),
    total,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

const CSV_COLUMNS = [
  "Reference",
  "Received",
  "Dealer",
  "Lead type",
  "Delivery",
  "Work status",
  "First response",
  "Name",
  "E-mail",
  "Phone",
  "Vehicle",
  "Message",
  "Source",
  "Medium",
  "Campaign",
] as const;

/**
 * The filtered list as CSV (every page, up to EXPORT_LIMIT rows), for a spreadsheet. A cell that a spreadsheet
 * would read as a formula (= + - @, tab, carriage return first) gets a leading apostrophe: a visitor's name must
 * never run as a formula on a salesperson's computer. Finance applications carry no personal details here.
 */
export async function exportInboxCsv(db: Database, actor: StaffActor, filter: InboxFilter): Promise<string> {
  assertMayUse(actor, "leads");
  const rows = await selectInbox(db, actor, filter, EXPORT_LIMIT, 0);
  const records = rows.map(({ lead }) => [
    lead.reference,
    lead.createdAt.toISOString(),
    lead.dealerName,
    lead.leadType,
    lead.deliveryStatus,
    lead.workStatus,
    lead.firstResponseAt?.toISOString() ?? "",
    lead.contact?.name ?? "",
    lead.contact?.email ?? "",
    lead.contact?.phone ?? "",
    lead.vehicle,
    lead.contact?.message ?? "",
    lead.attribution?.source ?? NOT_RECORDED,
    lead.attribution?.medium ?? "",
    lead.attribution?.campaign ?? "",
  ]);
  // Personal details of many people leave the system in one file: who took them, and which, is on record.
  await recordAudit(db, {
    actor,
    action: "lead.export",
    entity: "lead_export",
    entityId: filterQuery(filter) || "all",
    changes: { rows: { from: null, to: records.length } },
  });
  return writeCsv([[...CSV_COLUMNS], ...records], { record_delimiter: "windows" });
}

/** `dealer_id` limited to what the actor may see in the area (SQL false when nothing): the lead queries' scope. */
export function scopeCondition(actor: StaffActor, area: "leads" | "finance-applications"): SQL {
  const scope = dealerScope(actor, area);
  if (scope.kind === "all") return sql`true`;
  if (scope.dealerIds.length === 0) return sql`false`;
  return sql`dealer_id in (${sql.join(
    scope.dealerIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

function filterConditions(filter: InboxFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.dealer) conditions.push(sql`d.slug = ${filter.dealer}`);
  if (filter.type) conditions.push(sql`l.lead_type = ${filter.type}`);
  if (filter.delivery) conditions.push(sql`l.status = ${filter.delivery}`);
  if (filter.work) conditions.push(sql`coalesce(w.status, 'New') = ${filter.work}`);
  if (filter.source === SOURCE_NOT_RECORDED) conditions.push(sql`l.attribution is null`);
  else if (filter.source) conditions.push(sql`l.attribution->>'source' = ${filter.source}`);
  // Whole days in South African time (SAST, UTC+2, no daylight saving): the dates staff think in.
  if (filter.from) conditions.push(sql`l.created_at >= ${`${filter.from}T00:00:00+02:00`}::timestamptz`);
  if (filter.to)
    conditions.push(sql`l.created_at < (${`${filter.to}T00:00:00+02:00`}::timestamptz + interval '1 day')`);
  return sql.join(conditions, sql` and `);
}

/** The actor's leads or, in the held view, the actor's enquiries held as automated (never a finance application). */
function inboxSource(actor: StaffActor, view?: InboxView): SQL {
  const held = view === "held";
  return sql`(
    select id, 'enquiry' as kind, lead_type, status, created_at, dealer_id, first_name, last_name, email, cell_phone, message,
      concat_ws(' ', make, model, variant) as vehicle, attribution, held_reason, held_fill_ms
    from enquiries where ${scopeCondition(actor, "leads")} and held_reason is ${held ? sql`not null` : sql`null`}
    union all
    select id, 'finance' as kind, ${FINANCE_LEAD_TYPE} as lead_type, status, created_at, dealer_id, null::text, null::text, null::text, null::text, null::text,
      concat_ws(' ', make, model, '(' || vehicle_variant || ')') as vehicle, attribution, null::text, null::int
    from finance_applications where ${held ? sql`false` : sql`true`} and ${scopeCondition(actor, "finance-applications")} and ${scopeCondition(actor, "leads")}
  ) l join dealers d on d.id = l.dealer_id left join lead_work_status w on w.lead_id = l.id`;
}

async function selectInbox(db: Database, actor: StaffActor, filter: InboxFilter, limit: number, offset: number) {
  const result = await db.execute(sql`
    select l.id, l.kind, l.lead_type, l.status, l.created_at, d.dealer_name, d.slug, l.first_name, l.last_name, l.email,
      l.cell_phone, l.message, l.vehicle, l.attribution, l.held_reason, l.held_fill_ms, coalesce(w.status, 'New') as work_status,
      w.first_response_at, count(*) over () as total
    from ${inboxSource(actor, filter.view)}
    where ${filterConditions(filter)}
    order by l.created_at desc, l.id desc
    limit ${limit} offset ${offset}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    total: Number(row.total),
    lead: toInboxRow(row),
  }));
}

/** How many of the actor's leads match the filter (its page ignored): the staff home's "new today". */
export async function countLeads(db: Database, actor: StaffActor, filter: InboxFilter): Promise<number> {
  assertMayUse(actor, "leads");
  return countInbox(db, actor, filter);
}

async function countInbox(db: Database, actor: StaffActor, filter: InboxFilter): Promise<number> {
  const result = await db.execute(
    sql`select count(*) as n from ${inboxSource(actor, filter.view)} where ${filterConditions(filter)}`,
  );
  return Number((result as unknown as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
}

function toInboxRow(row: Record<string, unknown>): InboxRow {
  const id = String(row.id);
  const kind = row.kind as LeadKind;
  const timestamp = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string | Date);
  return {
    id,
    kind,
    reference: leadReference(id),
    createdAt: timestamp(row.created_at)!,
    dealerName: String(row.dealer_name),
    dealerSlug: String(row.slug),
    leadType: String(row.lead_type),
    deliveryStatus: String(row.status),
    workStatus: row.work_status as WorkStatus,
    firstResponseAt: timestamp(row.first_response_at),
    contact:
      kind === "enquiry"
        ? {
            name: `${row.first_name} ${row.last_name}`,
            email: String(row.email),
            phone: String(row.cell_phone),
            message: String(row.message ?? ""),
          }
        : null,
    vehicle: String(row.vehicle ?? ""),
    attribution: attributionOf(row.attribution),
    heldBecause: isHoldReason(row.held_reason)
      ? describeHold(row.held_reason, row.held_fill_ms === null ? null : Number(row.held_fill_ms))
      : null,
  };
}

/** The jsonb column as the driver hands it: parsed by node-postgres and PGlite alike, text only if a driver does not. */
function attributionOf(value: unknown): LeadAttribution | null {
  if (value === null || value === undefined) return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as LeadAttribution;
}

/**
 * The visit sources the actor's leads came from, most leads first, for the Source filter's choices (the
 * "not recorded" choice is the page's own).
 */
export async function inboxSources(db: Database, actor: StaffActor): Promise<string[]> {
  assertMayUse(actor, "leads");
  const result = await db.execute(sql`
    select l.attribution->>'source' as source, count(*) as n
    from ${inboxSource(actor)}
    where l.attribution is not null
    group by 1 order by n desc, source
    limit 200`);
  return (result as unknown as { rows: { source: unknown }[] }).rows.map((row) => String(row.source));
}

/** The lead types that exist, for the filter's choices. */
export async function inboxLeadTypes(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ type: enquiries.leadType }).from(enquiries).orderBy(enquiries.leadType);
  return [...rows.map((row) => row.type), FINANCE_LEAD_TYPE];
}

/** The dealers the actor may filter by. */
export async function inboxDealers(db: Database, actor: StaffActor): Promise<{ slug: string; name: string }[]> {
  assertMayUse(actor, "leads");
  const scope = dealerScope(actor, "leads");
  const rows = await db
    .select({ id: dealers.id, slug: dealers.slug, name: dealers.dealerName })
    .from(dealers)
    .orderBy(dealers.dealerName);
  return rows.filter((row) => scopeIncludes(scope, row.id)).map(({ slug, name }) => ({ slug, name }));
}

type LeadRef = { kind: LeadKind; id: string; dealerId: number; createdAt: Date; heldBecause: string | null };

/** Finds a lead and checks the actor may see it; throws StaffAccessDenied ("not-found" for another dealer's). */
async function findLeadFor(db: Pick<Database, "select">, actor: StaffActor, leadId: string): Promise<LeadRef> {
  assertMayUse(actor, "leads");
  if (!z.uuid().safeParse(leadId).success) throw new StaffAccessDenied("not-found", "leads");
  const [enquiry] = await db
    .select({
      id: enquiries.id,
      dealerId: enquiries.dealerId,
      createdAt: enquiries.createdAt,
      heldReason: enquiries.heldReason,
      heldFillMs: enquiries.heldFillMs,
    })
    .from(enquiries)
    .where(eq(enquiries.id, leadId));
  if (enquiry) {
    assertMay(actor, "leads", enquiry.dealerId);
    const { heldReason, heldFillMs, ...ref } = enquiry;
    const heldBecause = isHoldReason(heldReason) ? describeHold(heldReason, heldFillMs) : null;
    return { kind: "enquiry", ...ref, heldBecause };
  }
  const [application] = await db
    .select({
      id: financeApplications.id,
      dealerId: financeApplications.dealerId,
      createdAt: financeApplications.createdAt,
    })
    .from(financeApplications)
    .where(eq(financeApplications.id, leadId));
  if (!application) throw new StaffAccessDenied("not-found", "leads");
  assertMay(actor, "leads", application.dealerId);
  assertMay(actor, "finance-applications", application.dealerId);
  return { kind: "finance", ...application, heldBecause: null };
}

export type LeadDelivery = {
  channel: string;
  target: string;
  format: string;
  status: string;
  attempts: { at: Date; ok: boolean; error: string | null }[];
  /** The ADF exactly as the last send carried it; null for a finance application's (kept encrypted) or none sent. */
  sentAdf: string | null;
};

export type LeadWorkEntry = { at: Date; by: string; status: string | null; note: string | null };

export type LeadDetail = {
  id: string;
  kind: LeadKind;
  reference: string;
  createdAt: Date;
  dealer: { name: string; slug: string };
  leadType: string;
  formName: string;
  deliveryStatus: string;
  /** Why the enquiry is held as automated (release or discard it, core/leads/held.server.ts); null for a lead. */
  heldBecause: string | null;
  /** The page the visitor sent it from, on this site. */
  sentFrom: string | null;
  /** The vehicle's or special's public page, when it has one. */
  vehiclePath: string | null;
  /** What the visitor sent; null for a finance application (open it to read, which is audited). */
  customer: LeadCustomer | null;
  vehicle: Pick<LeadVehicle, "condition" | "year" | "make" | "model" | "trim" | "vin">;
  notes: string[];
  /** Where the visit that sent it came from; null when none was recorded. */
  attribution: LeadAttribution | null;
  deliveries: LeadDelivery[];
  workStatus: WorkStatus;
  work: LeadWorkEntry[];
};

/** One lead with what the visitor sent, its vehicle, its delivery attempts and its work history. */
export async function getLead(db: Database, actor: StaffActor, leadId: string): Promise<LeadDetail> {
  const ref = await findLeadFor(db, actor, leadId);
  const [base, deliveries, state, work] = await Promise.all([
    ref.kind === "enquiry" ? loadLeadForDelivery(db, "enquiry", ref.id) : financeLeadBase(db, ref.id),
    deliveryLog(db, ref.id),
    db.select({ status: leadWorkStatus.status }).from(leadWorkStatus).where(eq(leadWorkStatus.leadId, ref.id)),
    db.select().from(leadWorkNotes).where(eq(leadWorkNotes.leadId, ref.id)).orderBy(leadWorkNotes.at, leadWorkNotes.id),
  ]);
  if (!base) throw new StaffAccessDenied("not-found", "leads");
  return {
    id: ref.id,
    kind: ref.kind,
    reference: leadReference(ref.id),
    createdAt: base.createdAt,
    dealer: "dealerName" in base.dealer ? { name: base.dealer.dealerName, slug: base.dealer.slug } : base.dealer,
    leadType: base.leadType,
    formName: base.formName,
    deliveryStatus: base.status,
    heldBecause: ref.heldBecause,
    sentFrom: sitePathOnly(base.uri),
    vehiclePath: sitePathOnly(base.vehiclePath),
    customer: base.customer,
    vehicle: base.vehicle,
    notes: base.notes,
    attribution: base.attribution,
    deliveries: deliveries
      .filter((delivery) => delivery.format !== "confirmation")
      .map((delivery) => ({
        channel: delivery.channel,
        target: delivery.target,
        format: delivery.format,
        status: delivery.status,
        attempts: delivery.history.map((attempt) => ({
          at: attempt.attemptedAt,
          ok: attempt.ok,
          error: attempt.error,
        })),
        sentAdf: delivery.sentAdf && !delivery.sentAdf.encrypted ? delivery.sentAdf.text : null,
      })),
    workStatus: (state[0]?.status as WorkStatus | undefined) ?? "New",
    work: work.map((entry) => ({ at: entry.at, by: entry.actorLabel, status: entry.status, note: entry.note })),
  };
}

/** A finance application as the inbox shows it without opening it: vehicle and dealer, no applicant. */
async function financeLeadBase(db: Database, id: string) {
  const [row] = await db
    .select({ application: financeApplications, dealer: { name: dealers.dealerName, slug: dealers.slug } })
    .from(financeApplications)
    .innerJoin(dealers, eq(dealers.id, financeApplications.dealerId))
    .where(eq(financeApplications.id, id));
  if (!row) return null;
  const { application } = row;
  return {
    createdAt: application.createdAt,
    dealer: row.dealer,
    leadType: FINANCE_LEAD_TYPE,
    formName: "Online Finance Application",
    status: application.status,
    uri: "/finance",
    vehiclePath: null,
    customer: null,
    vehicle: {
      condition: application.vehicleVariant === "used" ? ("used" as const) : ("new" as const),
      year: null,
      make: application.make ?? "Honda",
      model: application.model ?? "",
    },
    notes: [],
    attribution: application.attribution,
  };
}

/** A path on this site, or null: a visitor's stored address never becomes a link elsewhere (//host, https:). */
function sitePathOnly(path: string | null | undefined): string | null {
  return path && /^\/(?![/\\])/.test(path) ? path : null;
}

const workChangeSchema = z
  .object({
    status: z.preprocess(blankAsAbsent, z.enum(WORK_STATUSES, "Choose a status from the list").optional()),
    note: z.preprocess(
      (value) => (typeof value === "string" ? blankAsAbsent(value.trim()) : value),
      z
        .string()
        .max(2_000, "Keep the note to 2 000 characters")
        .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE)
        .optional(),
    ),
  })
  .refine((change) => change.status !== undefined || change.note !== undefined, {
    message: "Choose a status or write a note",
    path: ["note"],
  });

export const HELD_WORK_MESSAGE = "This enquiry is held as automated: release it to work it as a lead";

export type WorkChangeResult =
  | { ok: true; workStatus: WorkStatus }
  | { ok: false; violations: { propertyPath: string; message: string }[] };

/**
 * Sets the lead's work status and/or adds a note, with who and when, audited in the same transaction. The first
 * status change is the lead's first response (the report's measure); a note alone does not count as one.
 */
export async function changeLeadWork(
  db: Database,
  actor: StaffActor,
  leadId: string,
  input: unknown,
): Promise<WorkChangeResult> {
  const ref = await findLeadFor(db, actor, leadId);
  if (ref.heldBecause) return { ok: false, violations: [{ propertyPath: "status", message: HELD_WORK_MESSAGE }] };
  const parsed = workChangeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const { note } = parsed.data;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: leadWorkStatus.status })
      .from(leadWorkStatus)
      .where(eq(leadWorkStatus.leadId, ref.id))
      .for("update");
    const before = (current?.status as WorkStatus | undefined) ?? "New";
    const status = parsed.data.status !== undefined && parsed.data.status !== before ? parsed.data.status : undefined;
    if (status === undefined && note === undefined) {
      return {
        ok: false as const,
        violations: [
          { propertyPath: "status", message: `The lead is already ${before}; choose another status or write a note` },
        ],
      };
    }
    if (status !== undefined) {
      const by = { status, updatedAt: new Date(), updatedById: actor.id, updatedByLabel: actor.label };
      await tx
        .insert(leadWorkStatus)
        .values({ leadId: ref.id, leadKind: ref.kind, dealerId: ref.dealerId, ...by })
        .onConflictDoUpdate({ target: leadWorkStatus.leadId, set: by });
    }
    await tx.insert(leadWorkNotes).values({
      leadId: ref.id,
      status: status ?? null,
      note: note ?? null,
      actorId: actor.id,
      actorLabel: actor.label,
    });
    await recordAudit(tx, {
      actor,
      action: status !== undefined ? "lead.work_status" : "lead.note",
      entity: leadEntity(ref.kind),
      entityId: ref.id,
      dealerId: ref.dealerId,
      changes: {
        ...(status !== undefined ? { workStatus: { from: before, to: status } } : {}),
        ...(note !== undefined ? { note: { from: null, to: note } } : {}),
      },
    });
    return { ok: true as const, workStatus: status ?? before };
  });
}

/**
 * Sends the lead to its dealer's channels again (every e-mail address and CRM webhook, delivered or not; not the
 * visitor's confirmation), through the one delivery outbox; audited. Answers how many deliveries were queued.
 */
export async function resendLeadToDealer(db: Database, actor: StaffActor, leadId: string): Promise<number> {
  const ref = await findLeadFor(db, actor, leadId);
  // A held enquiry has no deliveries: releasing it (core/leads/held.server.ts) is what sends it.
  if (ref.heldBecause) return 0;
  return db.transaction(async (tx) => {
    const queued = await resendLead(tx, ref.id, { all: true, exceptConfirmation: true });
    await recordAudit(tx, {
      actor,
      action: "lead.resend",
      entity: leadEntity(ref.kind),
      entityId: ref.id,
      dealerId: ref.dealerId,
      changes: { deliveriesQueued: { from: null, to: queued } },
    });
    return queued;
  });
}

function leadEntity(kind: LeadKind) {
  return kind === "enquiry" ? "enquiry" : "finance_application";
}
