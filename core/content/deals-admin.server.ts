import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, deals } from "../../db/schema.ts";
import { renditionsOf, pictureSources } from "../media/image-pipeline.server.ts";
import { assertMayUse, dealerScope, type StaffActor } from "../staff/roles.ts";
import {
  type ContentWriteResult,
  largestJpeg,
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
import {
  createContent,
  readContent,
  type ScheduledContentKind,
  setContentStatus,
  updateContent,
} from "./scheduled-content.server.ts";

/**
 * Specials and service deals as the back office sees and changes them. Content editors and group
 * administrators act on every deal, a dealer manager on their dealers' deals only (another dealer's deal is
 * not found; a group-wide one is not theirs either). A deal starts as a draft; publishing puts it on the
 * public site for its schedule (core/content/deals.server.ts `dealVisibility`). Every change goes through the
 * scheduled-content lifecycle (core/content/scheduled-content.server.ts), as banners' do.
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
export function createDeal(
  db: Database,
  actor: StaffActor,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  return createContent(DEAL, db, actor, input, image);
}

/** Changes a deal's fields (all of them, as the form sends them) and, when one is sent, its image. */
export function updateDeal(
  db: Database,
  actor: StaffActor,
  id: number,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  return updateContent(DEAL, db, actor, id, input, image);
}

/** Publishes a deal (public for its schedule) or takes it back to draft. */
export function setDealStatus(
  db: Database,
  actor: StaffActor,
  id: number,
  status: string,
): Promise<ContentWriteResult> {
  return setContentStatus(DEAL, db, actor, id, status);
}

// --- inside ---

const SLUG_UNIQUE = {
  deals_slug_unique: { propertyPath: "slug", message: "Another special or deal has this address; choose another" },
};

function readDeal(db: Database, actor: StaffActor, id: number) {
  return readContent(DEAL, db, actor, id).then(({ row, dealerSlug }) => ({ deal: row, dealerSlug }));
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

type DealRow = typeof deals.$inferSelect;

/** Specials and service deals in the scheduled-content lifecycle: a draft first, published for their schedule. */
const DEAL: ScheduledContentKind<DealRow, DealInput> = {
  area: AREA,
  entity: "deal",
  parse: parseDeal,
  imageMissing: "Choose a banner image (JPEG, PNG or WebP)",
  async select(db, id, forUpdate) {
    const query = db
      .select({ row: deals, dealerSlug: dealers.slug })
      .from(deals)
      .leftJoin(dealers, eq(dealers.id, deals.dealerId))
      .where(eq(deals.id, id));
    const [found] = await (forUpdate ? query.for("update", { of: deals }) : query);
    return found;
  },
  async insert(tx, input, dealerId, image) {
    const [created] = await tx
      .insert(deals)
      .values({
        ...dealColumns(input, dealerId),
        status: "draft",
        imageId: image.id,
        image: largestJpeg(image),
        thumbnail: thumbnailJpeg(image),
      })
      .returning({ id: deals.id });
    return created!.id;
  },
  async update(tx, id, input, dealerId, image) {
    const picture = image ? { imageId: image.id, image: largestJpeg(image), thumbnail: thumbnailJpeg(image) } : {};
    await tx
      .update(deals)
      .set({ ...dealColumns(input, dealerId), ...picture, updatedAt: sql`now()` })
      .where(eq(deals.id, id));
  },
  stored: ({ row, dealerSlug }) => currentInput(row, dealerSlug),
  audited: auditedFields,
  imageOf: (row) => row.imageId ?? row.image,
  initial: { status: "draft" },
  taken: (tx, input, id) => slugTaken(tx, input.slug, id),
  unique: SLUG_UNIQUE,
  async writeStatus(tx, id, status) {
    await tx.update(deals).set({ status, updatedAt: sql`now()` }).where(eq(deals.id, id));
  },
};

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
