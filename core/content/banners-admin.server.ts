import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { banners, dealers } from "../../db/schema.ts";
import { assertMayUse, type StaffActor } from "../staff/roles.ts";
import { type BannerType, isBannerShown } from "./banners.server.ts";
import { type ContentWriteResult, largestJpeg, type UploadedFile } from "./content-admin.server.ts";
import type { BannerField } from "./content-labels.ts";
import { type BannerInput, parseBanner } from "./content-schema.ts";
import { toSastDateTime } from "./schedule.ts";
import { createContent, readContent, type ScheduledContentKind, updateContent } from "./scheduled-content.server.ts";

/**
 * Banners of the home, new-car and Honda Wing pages as the back office changes them: group
 * administrators and content editors only (a dealer manager is refused, 403). Each is group-wide or one
 * dealer's (shown on that dealer's pages with the group's), with an optional schedule. Every change goes
 * through the scheduled-content lifecycle (core/content/scheduled-content.server.ts), as specials' do.
 */

export type StaffBannerListItem = {
  id: number;
  title: string;
  type: BannerType;
  dealerName: string | null;
  sortOrder: number;
  shownNow: boolean;
  imageUri: string;
};

export type StaffBanner = {
  id: number;
  imageUri: string;
  shownNow: boolean;
  values: Record<Exclude<BannerField, "image">, string>;
};

const AREA = "banners";

export async function listStaffBanners(
  db: Database,
  actor: StaffActor,
  now = new Date(),
): Promise<StaffBannerListItem[]> {
  assertMayUse(actor, AREA);
  const rows = await db
    .select({ banner: banners, dealerName: dealers.dealerName })
    .from(banners)
    .leftJoin(dealers, eq(dealers.id, banners.dealerId))
    .orderBy(asc(banners.type), asc(banners.sortOrder), asc(banners.id));
  return rows.map(({ banner, dealerName }) => ({
    id: banner.id,
    title: banner.title,
    type: banner.type as BannerType,
    dealerName,
    sortOrder: banner.sortOrder,
    shownNow: isBannerShown(banner, now),
    imageUri: banner.imageUri,
  }));
}

export async function getStaffBanner(
  db: Database,
  actor: StaffActor,
  id: number,
  now = new Date(),
): Promise<StaffBanner> {
  const { banner, dealerSlug } = await readBanner(db, actor, id);
  return {
    id,
    imageUri: banner.imageUri,
    shownNow: isBannerShown(banner, now),
    values: {
      title: banner.title,
      type: banner.type,
      buttonText: banner.buttonText,
      buttonUrl: banner.buttonUrl,
      dealer: dealerSlug ?? "",
      sortOrder: String(banner.sortOrder),
      startsAt: banner.startsAt ? toSastDateTime(banner.startsAt) : "",
      endsAt: banner.endsAt ? toSastDateTime(banner.endsAt) : "",
    },
  };
}

/** Adds a banner from the form's fields and its image (required). */
export function createBanner(
  db: Database,
  actor: StaffActor,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  return createContent(BANNER, db, actor, input, image);
}

/** Changes a banner's fields and, when one is sent, its image. */
export function updateBanner(
  db: Database,
  actor: StaffActor,
  id: number,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  return updateContent(BANNER, db, actor, id, input, image);
}

// --- inside ---

function readBanner(db: Database, actor: StaffActor, id: number) {
  return readContent(BANNER, db, actor, id).then(({ row, dealerSlug }) => ({ banner: row, dealerSlug }));
}

type BannerRow = typeof banners.$inferSelect;

/** Banners in the scheduled-content lifecycle: no drafts, shown within their schedule. */
const BANNER: ScheduledContentKind<BannerRow, BannerInput> = {
  area: AREA,
  entity: "banner",
  parse: parseBanner,
  imageMissing: "Choose an image (JPEG, PNG or WebP)",
  async select(db, id, forUpdate) {
    const query = db
      .select({ row: banners, dealerSlug: dealers.slug })
      .from(banners)
      .leftJoin(dealers, eq(dealers.id, banners.dealerId))
      .where(eq(banners.id, id));
    const [found] = await (forUpdate ? query.for("update", { of: banners }) : query);
    return found;
  },
  async insert(tx, input, dealerId, image) {
    const [created] = await tx
      .insert(banners)
      .values({ ...bannerColumns(input, dealerId), imageId: image.id, imageUri: largestJpeg(image) })
      .returning({ id: banners.id });
    return created!.id;
  },
  async update(tx, id, input, dealerId, image) {
    const picture = image ? { imageId: image.id, imageUri: largestJpeg(image) } : {};
    await tx
      .update(banners)
      .set({ ...bannerColumns(input, dealerId), ...picture })
      .where(eq(banners.id, id));
  },
  stored: ({ row, dealerSlug }) => currentInput(row, dealerSlug),
  audited: auditedFields,
  imageOf: (row) => row.imageId ?? row.imageUri,
};

function bannerColumns(input: BannerInput, dealerId: number | null) {
  return {
    title: input.title,
    type: input.type,
    buttonText: input.buttonText,
    buttonUrl: input.buttonUrl,
    dealerId,
    sortOrder: input.sortOrder,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
  };
}

function currentInput(banner: typeof banners.$inferSelect, dealerSlug: string | null): BannerInput {
  return {
    title: banner.title,
    type: banner.type as BannerType,
    buttonText: banner.buttonText,
    buttonUrl: banner.buttonUrl,
    dealer: dealerSlug ?? undefined,
    sortOrder: banner.sortOrder,
    startsAt: banner.startsAt ?? undefined,
    endsAt: banner.endsAt ?? undefined,
  };
}

function auditedFields(input: BannerInput): Record<string, unknown> {
  return {
    title: input.title,
    type: input.type,
    buttonText: input.buttonText,
    buttonUrl: input.buttonUrl,
    dealer: input.dealer ?? null,
    sortOrder: input.sortOrder,
    startsAt: input.startsAt?.toISOString() ?? null,
    endsAt: input.endsAt?.toISOString() ?? null,
  };
}
