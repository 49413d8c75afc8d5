import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, deals } from "../../db/schema.ts";
import { renditionsOf, pictureSources } from "../media/image-pipeline.server.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMay, assertMayUse, dealerScope, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import {
  type ContentWriteResult,
  inContentTransaction,
  largestJpeg,
  resolveDealer,
  storeUpload,
  thumbnailJpeg,
  type Transaction,
  type UploadedFile,
} from "./content-admin.server.ts";
import type { DealField } from "./content-labels.ts";
import { type DealInput, parseDeal } from "./content-schema.ts";
import {
  type DealCardData,
  type DealKind,
  type DealStatus,
  dealVisibility,
  type DealVisibility,
  toDealCard,
} from "./deals.server.ts";
import { endOfSastDay, sastDate, toSastDateTime } from "./schedule.ts";

/**
 * Specials and service deals as the back office sees and changes them. Content editors and group
 * administrators act on every deal, a dealer manager on their dealers' deals only (another dealer's deal is
 * not found; a group-wide one is not theirs either). A deal starts as a draft; publishing puts it on the
 * public site for its schedule (core/content/deals.server.ts `dealVisibility`). Every change is one transaction with
 * its audit entry; the deals table's data_changed trigger tells every instance's read model (decision 034).
 */

export type StaffDealListItem = {
  id: number;
  title: string;
  slug: string;
  kind: DealKind;
  dealerName: string | null;
  status: DealStatus;
  /** What the public sees now: on the site, ended, or not (draft or not started). */
  publicState: DealVisibility;
  startsAt: Date | null;
  endsAt: Date;
};

export type StaffDeal = {
  id: number;
  dealerId: number | null;
  status: DealStatus;
  publicState: DealVisibility;
  publicPath: string;
  values: Record<Exclude<DealField, "image">, string>;
  /** How a visitor would see it (the preview). */
  card: DealCardData;
  updatedAt: Date;
};

const AREA = "deals";

/** Every deal the actor may see, newest change first. */
export async function listStaffDeals(db: Database, actor: StaffActor, now = new Date()): Promise<StaffDealListItem[]> {
  assertMayUse(actor, AREA);
  const scope = dealerScope(actor, AREA);
  const rows = await db
    .select({ deal: deals, dealerName: dealers.dealerName })
    .from(deals)
    .leftJoin(dealers, eq(dealers.id, deals.dealerId))
    .where(scope.kind === "all" ? undefined : inArray(deals.dealerId, [...scope.dealerIds]))
    .orderBy(desc(deals.updatedAt), asc(deals.sortOrder), asc(deals.id));
  return rows.map(({ deal, dealerName }) => ({
    id: deal.id,
    title: deal.title,
    slug: deal.slug,
    kind: deal.kind as DealKind,
    dealerName,
    status: deal.status as DealStatus,
    publicState: dealVisibility({ ...deal, status: deal.status as DealStatus }, now),
    startsAt: deal.startsAt,
    endsAt: deal.endsAt ?? endOfSastDay(deal.validUntil),
  }));
}

/** One deal for the edit form and the preview; another dealer's deal (for a dealer manager) is not found. */
export async function getStaffDeal(db: Database, actor: StaffActor, id: number, now = new Date()): Promise<StaffDeal> {
  const { deal, dealerSlug } = await readDeal(db, actor, id);
  const renditions = deal.imageId ? (await renditionsOf(db, [deal.imageId])).get(deal.imageId) : undefined;
  const status = deal.status as DealStatus;
  const record = {
    ...deal,
    kind: deal.kind as DealKind,
    status,
    dealerSlug,
    picture: renditions?.length ? pictureSources(renditions) : null,
  };
  return {
    id,
    dealerId: deal.dealerId,
    status,
    publicState: dealVisibility(record, now),
    publicPath: deal.kind === "special" ? `/specials/${deal.slug}` : "/service",
    card: toDealCard(record),
    updatedAt: deal.updatedAt,
    values: {
      title: deal.title,
      slug: deal.slug,
      kind: deal.kind,
      dealer: dealerSlug ?? "",
      summary: deal.summary,
      startsAt: deal.startsAt ? toSastDateTime(deal.startsAt) : "",
      endsAt: toSastDateTime(deal.endsAt ?? endOfSastDay(deal.validUntil)),
      sortOrder: String(deal.sortOrder),
    },
  };
}

/** Adds a deal as a draft from the form's fields and its banner image (required). */
export async function createDeal(
  db: Database,
  actor: StaffActor,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  assertMayUse(actor, AREA);
  const parsed = parseDeal(input);
  if (!parsed.ok) return parsed;
  if (!image || image.bytes.length === 0)
    return { ok: false, violations: [{ propertyPath: "image", message: "Choose a banner image (JPEG, PNG or WebP)" }] };
  const dealer = await resolveDealer(db, actor, AREA, parsed.value.dealer);
  if (!dealer.ok) return { ok: false, violations: [dealer.violation] };
  const stored = await storeUpload(db, image, "image");
  if (!stored.ok) return stored;
  const picture = stored.image!;
  return inContentTransaction(
    db,
    async (tx) => {
      const taken = await slugTaken(tx, parsed.value.slug, null);
      if (taken) return { ok: false, violations: [taken] };
      const [created] = await tx
        .insert(deals)
        .values({
          ...dealColumns(parsed.value, dealer.dealerId),
          status: "draft",
          imageId: picture.id,
          image: largestJpeg(picture),
          thumbnail: thumbnailJpeg(picture),
        })
        .returning({ id: deals.id });
      const id = created!.id;
      await recordAudit(tx, {
        actor,
        action: "deal.create",
        entity: "deal",
        entityId: id,
        dealerId: dealer.dealerId,
        changes: changedFields({}, { ...auditedFields(parsed.value), status: "draft", image: picture.id }),
      });
      return { ok: true, id };
    },
    SLUG_UNIQUE,
  );
}

/** Changes a deal's fields (all of them, as the form sends them) and, when one is sent, its image. */
export async function updateDeal(
  db: Database,
  actor: StaffActor,
  id: number,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  await readDeal(db, actor, id);
  const parsed = parseDeal(input);
  if (!parsed.ok) return parsed;
  const dealer = await resolveDealer(db, actor, AREA, parsed.value.dealer);
  if (!dealer.ok) return { ok: false, violations: [dealer.violation] };
  const stored = await storeUpload(db, image, "image");
  if (!stored.ok) return stored;
  return inContentTransaction(
    db,
    async (tx) => {
      const { deal: current, dealerSlug } = await readDeal(tx, actor, id, { forUpdate: true });
      const taken = await slugTaken(tx, parsed.value.slug, id);
      if (taken) return { ok: false, violations: [taken] };
      const before = { ...auditedFields(currentInput(current, dealerSlug)), image: current.imageId ?? current.image };
      const after = { ...auditedFields(parsed.value), image: stored.image?.id ?? before.image };
      const changes = changedFields(before, after);
      if (Object.keys(changes).length === 0) return { ok: true, id };
      const picture = stored.image
        ? { imageId: stored.image.id, image: largestJpeg(stored.image), thumbnail: thumbnailJpeg(stored.image) }
        : {};
      await tx
        .update(deals)
        .set({ ...dealColumns(parsed.value, dealer.dealerId), ...picture, updatedAt: sql`now()` })
        .where(eq(deals.id, id));
      await recordAudit(tx, {
        actor,
        action: "deal.update",
        entity: "deal",
        entityId: id,
        dealerId: current.dealerId,
        changes,
      });
      if (dealer.dealerId !== current.dealerId && dealer.dealerId !== null) {
        await recordAudit(tx, {
          actor,
          action: "deal.update",
          entity: "deal",
          entityId: id,
          dealerId: dealer.dealerId,
          changes,
        });
      }
      return { ok: true, id };
    },
    SLUG_UNIQUE,
  );
}

/** Publishes a deal (public for its schedule) or takes it back to draft. */
export async function setDealStatus(
  db: Database,
  actor: StaffActor,
  id: number,
  status: string,
): Promise<ContentWriteResult> {
  await readDeal(db, actor, id);
  if (status !== "draft" && status !== "published")
    return { ok: false, violations: [{ propertyPath: "status", message: "Status must be draft or published" }] };
  return inContentTransaction(db, async (tx) => {
    const { deal } = await readDeal(tx, actor, id, { forUpdate: true });
    if (deal.status === status) return { ok: true, id };
    await tx.update(deals).set({ status, updatedAt: sql`now()` }).where(eq(deals.id, id));
    await recordAudit(tx, {
      actor,
      action: status === "published" ? "deal.publish" : "deal.unpublish",
      entity: "deal",
      entityId: id,
      dealerId: deal.dealerId,
      changes: { status: { from: deal.status, to: status } },
    });
    return { ok: true, id };
  });
}

// --- inside ---

const SLUG_UNIQUE = {
  deals_slug_unique: { propertyPath: "slug", message: "Another special or deal has this address; choose another" },
};

async function readDeal(db: Database | Transaction, actor: StaffActor, id: number, { forUpdate = false } = {}) {
  assertMayUse(actor, AREA);
  const query = db
    .select({ deal: deals, dealerSlug: dealers.slug })
    .from(deals)
    .leftJoin(dealers, eq(dealers.id, deals.dealerId))
    .where(eq(deals.id, id));
  const [row] = await (forUpdate ? query.for("update", { of: deals }) : query);
  if (!row) throw new StaffAccessDenied("not-found", AREA);
  assertMay(actor, AREA, row.deal.dealerId);
  return row;
}

async function slugTaken(tx: Transaction, slug: string, id: number | null) {
  const where: SQL[] = [eq(deals.slug, slug)];
  if (id !== null) where.push(ne(deals.id, id));
  const [taken] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(...where));
  return taken ? SLUG_UNIQUE.deals_slug_unique : null;
}

function dealColumns(input: DealInput, dealerId: number | null) {
  return {
    slug: input.slug,
    kind: input.kind,
    dealerId,
    title: input.title,
    summary: input.summary,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt,
    // The API's valid_until: the last South African day the deal is on (an end at midnight is the day before's).
    validUntil: sastDate(input.endsAt, { endExclusive: true }),
    sortOrder: input.sortOrder,
  };
}

/** The stored deal as the form's input, to compare with what was sent. */
function currentInput(deal: typeof deals.$inferSelect, dealerSlug: string | null): DealInput {
  return {
    title: deal.title,
    slug: deal.slug,
    kind: deal.kind as DealKind,
    dealer: dealerSlug ?? undefined,
    summary: deal.summary,
    startsAt: deal.startsAt ?? undefined,
    endsAt: deal.endsAt ?? endOfSastDay(deal.validUntil),
    sortOrder: deal.sortOrder,
  };
}

function auditedFields(input: DealInput): Record<string, unknown> {
  return {
    title: input.title,
    slug: input.slug,
    kind: input.kind,
    dealer: input.dealer ?? null,
    summary: input.summary,
    startsAt: input.startsAt?.toISOString() ?? null,
    endsAt: input.endsAt.toISOString(),
    sortOrder: input.sortOrder,
  };
}
