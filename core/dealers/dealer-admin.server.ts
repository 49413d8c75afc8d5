import { SLUG_PATTERN } from "../shared/slug.ts";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "../shared/zod.ts";
import type { Database } from "../../db/client.ts";
import { dealerFormerSlugs, dealerLeadChannels, dealers } from "../../db/schema.ts";
import { PROVINCES } from "../inventory/used-query.ts";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import { type Violation, violationsFromZod } from "../shared/violations.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMay, may, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { type Transaction, type WriteResult, writeOrRefuse } from "../staff/staff-write.server.ts";
import { HEAD_OFFICE_SLUG } from "./dealers.server.ts";
import { HOURS_DAYS, linesFromWeek, parseWeek, weekFromLines } from "./business-hours.ts";
import { dealersOfActor, type StaffDealer } from "./staff-dealers.server.ts";

import { WEBHOOK_FORMATS } from "./dealer-fields.ts";

export { DEALER_FIELD_LABELS, type DealerField, WEBHOOK_FORMATS } from "./dealer-fields.ts";

/**
 * Dealers as the back office edits them. Group administrators (area "dealers") do everything,
 * including creating a dealer, its name and slug, and where its leads go; a dealer manager (area
 * "dealer-details") edits the contact details and hours of their own dealers only, and another dealer is
 * not found. Every change is one transaction with its audit entry; the webhook secret is write-only: never
 * shown back, and the audit log says only that it changed. A changed slug keeps the old one as a former
 * slug: its URLs redirect permanently to the new one.
 */

export type DealerFormValues = Partial<Record<string, string>>;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const required = (label: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE),
  );
const phone = (label: string) =>
  required(label, 30).refine(
    (value) => /^\+?[\d ()-]+$/.test(value) && /^\d{10,12}$/.test(value.replace(/\D/g, "")),
    `${label} must be a phone number like 011 555 0100`,
  );
const email = (label: string) =>
  z.preprocess(
    blank,
    z
      .email({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be an e-mail address`),
      })
      .max(200),
  );

/** What a dealer manager may change: contact details (and the hours, read apart). */
const detailsSchema = z.object({
  contactNo: phone("Phone"),
  street: required("Street address", 200),
  city: required("City or town", 80),
  province: z.enum(PROVINCES, { error: `Province must be one of: ${PROVINCES.join(", ")}` }),
  postalCode: z.preprocess(
    blank,
    z.string({ error: "Postal code is required" }).regex(/^\d{4}$/, "Postal code must be 4 digits"),
  ),
  location: required("Map location", 300),
  dpName: required("Dealer principal's name", 120),
  dpEmail: email("Dealer principal's e-mail"),
  dpContactNo: phone("Dealer principal's phone"),
});

/** What only a group administrator changes: the name, the slug and the lead channels. */
const adminSchema = z.object({
  dealerName: required("Dealer name", 120),
  slug: z.preprocess(
    blank,
    z
      .string({ error: "Address (slug) is required" })
      .max(80)
      .regex(SLUG_PATTERN, "Address (slug) may contain only lower-case letters, digits and single hyphens between them")
      // The API's name for the group itself (/api/specials/head-office): a dealer called so could not be reached.
      .refine((slug) => slug !== HEAD_OFFICE_SLUG, `Address (slug) "${HEAD_OFFICE_SLUG}" is the group's own`),
  ),
  crmEmails: z.string().optional(),
  enquiryEmails: z.string().optional(),
  financeEmails: z.string().optional(),
  webhookUrl: z.preprocess(
    blank,
    z
      .url({ protocol: /^https$/, hostname: z.regexes.domain, error: "CRM webhook URL must be an https:// address" })
      .max(500)
      .optional(),
  ),
  webhookFormat: z.preprocess(
    blank,
    z
      .enum(WEBHOOK_FORMATS.map((format) => format.value) as ["adf", "json"], {
        error: "CRM webhook format must be ADF XML or JSON",
      })
      .optional(),
  ),
  webhookSecret: z.preprocess(
    blank,
    z
      .string()
      .min(16, "CRM webhook secret must be at least 16 characters")
      .max(200)
      .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE)
      .optional(),
  ),
});

type Details = z.infer<typeof detailsSchema>;
type AdminFields = z.infer<typeof adminSchema> & { crm: string[]; enquiry: string[]; finance: string[] };

export type StaffDealerForm = {
  id: number;
  slug: string;
  dealerName: string;
  values: Record<string, string>;
  /** True when a webhook secret is stored (the secret itself is never shown). */
  hasWebhookSecret: boolean;
  /** True when the actor may change the name, slug and lead channels (a group administrator). */
  mayEditAll: boolean;
};

export async function listStaffDealers(db: Database, actor: StaffActor): Promise<StaffDealer[]> {
  const list = await dealersOfActor(db, actor);
  if (list.length === 0 && !may(actor, "dealers", null)) assertMay(actor, "dealer-details", -1);
  return list;
}

/** A dealer's form values. Another dealer (for a dealer manager) or an unknown slug: StaffAccessDenied('not-found'). */
export async function getStaffDealer(db: Database, actor: StaffActor, slug: string): Promise<StaffDealerForm> {
  const [row] = await db.select().from(dealers).where(eq(dealers.slug, slug));
  assertMay(actor, "dealer-details", row?.id ?? -1);
  if (!row) throw new StaffAccessDenied("not-found", "dealer-details");
  const mayEditAll = may(actor, "dealers", row.id);
  const channels = mayEditAll
    ? await db
        .select()
        .from(dealerLeadChannels)
        .where(eq(dealerLeadChannels.dealerId, row.id))
        .orderBy(dealerLeadChannels.id)
    : [];
  const emails = (format: "adf" | "readable", kind = "all") =>
    channels
      .filter(
        (c) =>
          c.kind === "email" &&
          c.enabled &&
          c.format === format &&
          (kind === "all" || c.leadKind === kind || c.leadKind === "all"),
      )
      .map((c) => c.target)
      .join("\n");
  const webhook = channels.find((c) => c.kind === "webhook" && c.enabled);
  const week = weekFromLines(row.businessHours);
  const hours = Object.fromEntries(
    HOURS_DAYS.flatMap((day) => [
      [`opens_${day}`, week[day]?.opens ?? ""],
      [`closes_${day}`, week[day]?.closes ?? ""],
    ]),
  );
  return {
    id: row.id,
    slug: row.slug,
    dealerName: row.dealerName,
    values: {
      dealerName: row.dealerName,
      slug: row.slug,
      contactNo: row.contactNo,
      street: row.street ?? "",
      city: row.city,
      province: row.province,
      postalCode: row.postalCode ?? "",
      location: row.location,
      dpName: row.dpName,
      dpEmail: row.dpEmail,
      dpContactNo: row.dpContactNo,
      // The lead routing (and the webhook URL, which may carry a token) only for those who may change it.
      crmEmails: mayEditAll ? emails("adf") : "",
      enquiryEmails: mayEditAll ? emails("readable", "enquiry") : "",
      financeEmails: mayEditAll ? emails("readable", "finance") : "",
      webhookUrl: mayEditAll ? (webhook?.target ?? "") : "",
      webhookSecret: "",
      webhookFormat: mayEditAll ? (webhook?.format ?? "adf") : "",
      ...hours,
    },
    hasWebhookSecret: mayEditAll && Boolean(webhook?.secret),
    mayEditAll,
  };
}

export async function updateDealer(
  db: Database,
  actor: StaffActor,
  slug: string,
  values: DealerFormValues,
): Promise<WriteResult<{ slug: string }>> {
  const [current] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug));
  assertMay(actor, "dealer-details", current?.id ?? -1);
  if (!current) throw new StaffAccessDenied("not-found", "dealer-details");
  const admin = may(actor, "dealers", current.id);
  const parsed = parseDealer(values, admin);
  if (!parsed.ok) return parsed;
  return writeOrRefuse(db, (tx) => saveDealer(tx, actor, current.id, parsed.details, parsed.admin), UNIQUE_SLUG);
}

export async function createDealer(
  db: Database,
  actor: StaffActor,
  values: DealerFormValues,
): Promise<WriteResult<{ slug: string }>> {
  assertMay(actor, "dealers", null);
  const parsed = parseDealer(values, true);
  if (!parsed.ok) return parsed;
  return writeOrRefuse(db, (tx) => saveDealer(tx, actor, null, parsed.details, parsed.admin), UNIQUE_SLUG);
}

const SLUG_TAKEN: Violation = {
  propertyPath: "slug",
  message: "Address (slug) is already used by another dealer, now or before",
};
const UNIQUE_SLUG = { dealers_slug_unique: SLUG_TAKEN, dealer_former_slugs_pkey: SLUG_TAKEN };

type ParsedDealer =
  | { ok: true; details: Details & { businessHours: ReturnType<typeof linesFromWeek> }; admin: AdminFields | null }
  | { ok: false; violations: Violation[] };

function parseDealer(values: DealerFormValues, admin: boolean): ParsedDealer {
  const field = (name: string) => values[name] ?? "";
  const details = detailsSchema.safeParse(values);
  const week = parseWeek(field);
  const adminFields = admin ? adminSchema.safeParse(values) : null;
  const violations = [
    ...(details.success ? [] : violationsFromZod(details.error)),
    ...(week.ok ? [] : week.violations),
  ];
  if (adminFields && !adminFields.success) violations.push(...violationsFromZod(adminFields.error));
  const crm = admin ? crmAddresses(field, violations) : [];
  const enquiry = admin ? emailList(field("enquiryEmails"), "enquiryEmails", violations) : [];
  const finance = admin ? emailList(field("financeEmails"), "financeEmails", violations) : [];
  if (!details.success || !week.ok || (adminFields && !adminFields.success) || violations.length > 0)
    return { ok: false, violations };
  return {
    ok: true,
    details: { ...details.data, businessHours: linesFromWeek(week.week) },
    admin: adminFields?.success ? { ...adminFields.data, crm, enquiry, finance } : null,
  };
}

/**
 * The dealer's CRM lead addresses (decision 015): every lead's ADF goes there, so at least one is required and
 * none may also be a people's address (it would get the ADF or the readable copy, not both).
 */
function crmAddresses(field: (name: string) => string, violations: Violation[]): string[] {
  const crm = emailList(field("crmEmails"), "crmEmails", violations);
  const people = new Set(
    `${field("enquiryEmails")} ${field("financeEmails")}`.split(/[\s,;]+/).map((a) => a.trim().toLowerCase()),
  );
  const shared = crm.filter((address) => people.has(address));
  if (field("crmEmails").trim() === "") {
    violations.push({
      propertyPath: "crmEmails",
      message: "CRM lead addresses: at least one is required, so that the dealer's CRM imports every lead",
    });
  } else if (shared.length > 0) {
    violations.push({
      propertyPath: "crmEmails",
      message: `${shared.slice(0, 3).join(", ")} cannot be both a CRM lead address and a people's address`,
    });
  }
  return crm;
}

/** One address a line (or separated by commas); each must be an e-mail address. */
function emailList(text: string, field: string, violations: Violation[]): string[] {
  const addresses = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const wrong = addresses.filter((address) => !z.email().safeParse(address).success);
  if (wrong.length > 0)
    violations.push({
      propertyPath: field,
      message: `${wrong.slice(0, 3).join(", ")} ${wrong.length === 1 ? "is not an e-mail address" : "are not e-mail addresses"}`,
    });
  if (addresses.length > 20) violations.push({ propertyPath: field, message: "At most 20 addresses" });
  return addresses;
}

async function saveDealer(
  tx: Transaction,
  actor: StaffActor,
  id: number | null,
  details: Details & { businessHours: ReturnType<typeof linesFromWeek> },
  admin: AdminFields | null,
): Promise<WriteResult<{ slug: string }>> {
  const columns = {
    ...details,
    address: `${details.street}, ${details.city}, ${details.postalCode}`,
    ...(admin ? { dealerName: admin.dealerName, slug: admin.slug } : {}),
  };
  if (admin && (await slugTakenByAnother(tx, admin.slug, id))) return { ok: false, violations: [SLUG_TAKEN] };
  if (admin?.webhookUrl && !admin.webhookSecret && !(id !== null && (await hasWebhookSecret(tx, id)))) {
    return {
      ok: false,
      violations: [
        {
          propertyPath: "webhookSecret",
          message: "CRM webhook secret is required: the CRM checks each lead's signature with it",
        },
      ],
    };
  }
  let dealerId: number;
  let changes: Record<string, { from: unknown; to: unknown }>;
  let before: typeof dealers.$inferSelect | undefined;
  if (id === null) {
    const created = await tx
      .insert(dealers)
      .values({ ...columns, dealerName: admin!.dealerName, slug: admin!.slug })
      .returning();
    dealerId = created[0]!.id;
    changes = changedFields({}, columns);
  } else {
    [before] = await tx.select().from(dealers).where(eq(dealers.id, id)).for("update");
    dealerId = id;
    changes = changedFields(before!, columns);
    if (Object.keys(changes).length > 0) await tx.update(dealers).set(columns).where(eq(dealers.id, id));
    if (admin && before!.slug !== admin.slug) await retireSlug(tx, id, before!.slug, admin.slug);
  }
  if (admin) Object.assign(changes, await saveLeadChannels(tx, dealerId, admin));
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, {
      actor,
      action: id === null ? "dealer.create" : "dealer.update",
      entity: "dealer",
      entityId: dealerId,
      dealerId,
      changes,
    });
  }
  return { ok: true, slug: admin?.slug ?? before!.slug };
}

async function hasWebhookSecret(tx: Transaction, dealerId: number): Promise<boolean> {
  const [webhook] = await tx
    .select({ secret: dealerLeadChannels.secret })
    .from(dealerLeadChannels)
    .where(
      and(
        eq(dealerLeadChannels.dealerId, dealerId),
        eq(dealerLeadChannels.kind, "webhook"),
        eq(dealerLeadChannels.enabled, true),
      ),
    );
  return Boolean(webhook?.secret);
}

async function slugTakenByAnother(tx: Transaction, slug: string, id: number | null): Promise<boolean> {
  const [current] = await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug));
  if (current && current.id !== id) return true;
  const [former] = await tx
    .select({ dealerId: dealerFormerSlugs.dealerId })
    .from(dealerFormerSlugs)
    .where(eq(dealerFormerSlugs.slug, slug));
  return former !== undefined && former.dealerId !== id;
}

/** The old slug becomes a former one (its URLs redirect); a dealer taking back a former slug of its own frees it. */
async function retireSlug(tx: Transaction, id: number, oldSlug: string, newSlug: string): Promise<void> {
  await tx
    .delete(dealerFormerSlugs)
    .where(and(eq(dealerFormerSlugs.dealerId, id), eq(dealerFormerSlugs.slug, newSlug)));
  await tx.insert(dealerFormerSlugs).values({ slug: oldSlug, dealerId: id }).onConflictDoNothing();
}

/**
 * The dealer's e-mail channels and its CRM webhook, as the form gives them: CRM lead addresses get every
 * lead's ADF (format 'adf', decision 015), people's addresses the readable copy per lead type. A blank secret
 * keeps the stored one. Answers the audit changes: addresses and URL, and only the fact that the secret changed.
 */
async function saveLeadChannels(
  tx: Transaction,
  dealerId: number,
  admin: AdminFields,
): Promise<Record<string, { from: unknown; to: unknown }>> {
  const existing = await tx.select().from(dealerLeadChannels).where(eq(dealerLeadChannels.dealerId, dealerId));
  const emails = existing.filter((c) => c.kind === "email" && c.enabled);
  const webhook = existing.find((c) => c.kind === "webhook" && c.enabled);
  const listOf = (format: string, kind: string) =>
    emails
      .filter((c) => c.format === format && (kind === "all" || c.leadKind === kind || c.leadKind === "all"))
      .map((c) => c.target.toLowerCase())
      .sort();
  const people = new Map<string, string>();
  for (const address of admin.enquiry) people.set(address, "enquiry");
  for (const address of admin.finance) people.set(address, people.has(address) ? "all" : "finance");
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const before = {
    crmEmails: listOf("adf", "all"),
    enquiryEmails: listOf("readable", "enquiry"),
    financeEmails: listOf("readable", "finance"),
  };
  const after = {
    crmEmails: [...admin.crm].sort(),
    enquiryEmails: [...admin.enquiry].sort(),
    financeEmails: [...admin.finance].sort(),
  };
  Object.assign(changes, changedFields(before, after));
  if (changes.crmEmails || changes.enquiryEmails || changes.financeEmails) {
    if (emails.length > 0)
      await tx.delete(dealerLeadChannels).where(
        inArray(
          dealerLeadChannels.id,
          emails.map((c) => c.id),
        ),
      );
    await tx
      .insert(dealerLeadChannels)
      .values([
        ...admin.crm.map((target) => ({ dealerId, kind: "email", target, leadKind: "all", format: "adf" })),
        ...[...people].map(([target, leadKind]) => ({ dealerId, kind: "email", target, leadKind, format: "readable" })),
      ]);
  }
  const url = admin.webhookUrl ?? null;
  // A webhook keeps its format unless the form names another; a new one takes the form's (JSON when none is sent).
  const format = admin.webhookFormat ?? webhook?.format ?? "json";
  if ((webhook?.target ?? null) !== url) changes.webhookUrl = { from: webhook?.target ?? null, to: url };
  if (url && webhook && webhook.format !== format) changes.webhookFormat = { from: webhook.format, to: format };
  if (url && admin.webhookSecret) changes.secret = { from: null, to: null };
  if (!url && webhook) {
    await tx.delete(dealerLeadChannels).where(eq(dealerLeadChannels.id, webhook.id));
  } else if (url && webhook) {
    await tx
      .update(dealerLeadChannels)
      .set({ target: url, format, ...(admin.webhookSecret ? { secret: admin.webhookSecret } : {}) })
      .where(eq(dealerLeadChannels.id, webhook.id));
  } else if (url) {
    await tx.insert(dealerLeadChannels).values({
      dealerId,
      kind: "webhook",
      target: url,
      leadKind: "enquiry",
      format,
      secret: admin.webhookSecret ?? null,
    });
  }
  return changes;
}
