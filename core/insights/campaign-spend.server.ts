import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { campaignSpend, dealers } from "../../db/schema.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, assertMayUse, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import type { WriteResult } from "../staff/staff-write.server.ts";
import { daysInclusive } from "../shared/days.ts";
import type { Violation } from "../shared/violations.ts";
import { z } from "../shared/zod.ts";

/**
 * What a campaign cost over a period, entered on the insights page so that it can show a cost per
 * lead. A group administrator enters the group's spend (no dealer) or a dealer's; a dealer manager their own
 * dealers'. Each entry and each removal is in the audit log.
 */

/** R 10 million: more than any one campaign costs, and within the column's range. */
const MAX_SPEND_CENTS = 1_000_000_000;

const text = (label: string) =>
  z.string().trim().min(1, `Enter the ${label}`).max(200, `The ${label} is at most 200 characters`);
const isoDate = z.iso.date("Use a date as YYYY-MM-DD");

const spendSchema = z.object({
  dealer: z.string().trim().max(100).default(""),
  source: text("source").transform((value) => value.toLowerCase()),
  medium: text("medium").transform((value) => value.toLowerCase()),
  campaign: z.string().trim().max(200, "The campaign is at most 200 characters").default(""),
  periodStart: isoDate,
  periodEnd: isoDate,
  amount: z.string().trim().min(1, "Enter the amount in rand"),
});

export type CampaignSpendInput = {
  dealerId: number | null;
  source: string;
  medium: string;
  campaign: string;
  periodStart: string;
  periodEnd: string;
  amountCents: number;
};

/** Rand as people write them ("4500", "R 4 500,50", "4,500.50"), in cents; null when it is not an amount. */
export function randToCents(written: string): number | null {
  let digits = written.replace(/^R/i, "").replace(/[\s\u00a0]/g, "");
  // "4,500.50" and "4,500": the comma groups thousands; "4500,50": it is the decimal comma (South African style).
  if (digits.includes(".") || /^\d{1,3}(?:,\d{3})+$/.test(digits)) digits = digits.replace(/,(?=\d{3}(?:\D|$))/g, "");
  else digits = digits.replace(",", ".");
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(digits)) return null;
  return Math.round(Number(digits) * 100);
}

/** The form's fields as an entry, or the fields at fault; the dealer is named by slug ("" for the group's own spend). */
async function parseCampaignSpend(
  db: Database,
  actor: StaffActor,
  form: Record<string, unknown>,
): Promise<{ ok: true; value: CampaignSpendInput } | { ok: false; violations: Violation[] }> {
  const parsed = spendSchema.safeParse(form);
  const violations: Violation[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ propertyPath: issue.path.map(String).join("."), message: issue.message }));
  if (!parsed.success) return { ok: false, violations };
  const { dealer, amount, ...fields } = parsed.data;
  const amountCents = randToCents(amount);
  if (amountCents === null || amountCents <= 0 || amountCents > MAX_SPEND_CENTS) {
    violations.push({
      propertyPath: "amount",
      message: "Enter an amount in rand above R 0 and up to R 10 000 000, such as 4500 or 4500,50",
    });
  }
  if (fields.periodEnd < fields.periodStart)
    violations.push({ propertyPath: "periodEnd", message: "The end date is before the start date" });
  else if (daysInclusive(fields.periodStart, fields.periodEnd) > 366)
    violations.push({ propertyPath: "periodEnd", message: "Enter a period of at most a year" });
  let dealerId: number | null = null;
  if (dealer) {
    const [row] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, dealer)).limit(1);
    if (!row || !actorMaySpendFor(actor, row.id))
      violations.push({ propertyPath: "dealer", message: "Choose a dealer from the list" });
    else dealerId = row.id;
  } else if (!actorMaySpendFor(actor, null)) {
    violations.push({ propertyPath: "dealer", message: "Choose the dealer the campaign was for" });
  }
  if (violations.length > 0) return { ok: false, violations };
  return { ok: true, value: { dealerId, ...fields, amountCents: amountCents! } };
}

function actorMaySpendFor(actor: StaffActor, dealerId: number | null): boolean {
  try {
    assertMay(actor, "insights", dealerId);
    return true;
  } catch {
    return false;
  }
}

/** Stores a campaign's spend and its audit entry in one transaction. */
export async function addCampaignSpend(
  db: Database,
  actor: StaffActor,
  form: Record<string, unknown>,
): Promise<WriteResult> {
  assertMayUse(actor, "insights");
  const parsed = await parseCampaignSpend(db, actor, form);
  if (!parsed.ok) return parsed;
  const entry = parsed.value;
  assertMay(actor, "insights", entry.dealerId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaignSpend)
      .values({ ...entry, createdBy: actor.id })
      .returning({ id: campaignSpend.id });
    const changes = Object.fromEntries(
      Object.entries(entry).map(([field, value]) => [field, { from: null, to: value }]),
    );
    await recordAudit(tx, {
      actor,
      action: "campaign_spend.create",
      entity: "campaign_spend",
      entityId: row!.id,
      dealerId: entry.dealerId,
      changes,
    });
    return row!.id;
  });
  return { ok: true, id };
}

/** Removes an entry the actor may see (another dealer's, or one that does not exist: not found), with its audit entry. */
export async function removeCampaignSpend(db: Database, actor: StaffActor, id: number): Promise<void> {
  assertMayUse(actor, "insights");
  const [entry] =
    Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
      ? await db.select().from(campaignSpend).where(eq(campaignSpend.id, id)).limit(1)
      : [];
  if (!entry) throw new StaffAccessDenied("not-found", "insights");
  assertMay(actor, "insights", entry.dealerId);
  await db.transaction(async (tx) => {
    await tx.delete(campaignSpend).where(eq(campaignSpend.id, id));
    const { source, medium, campaign, periodStart, periodEnd, amountCents } = entry;
    const before = { source, medium, campaign, periodStart, periodEnd, amountCents };
    const changes = Object.fromEntries(
      Object.entries(before).map(([field, value]) => [field, { from: value, to: null }]),
    );
    await recordAudit(tx, {
      actor,
      action: "campaign_spend.delete",
      entity: "campaign_spend",
      entityId: id,
      dealerId: entry.dealerId,
      changes,
    });
  });
}
