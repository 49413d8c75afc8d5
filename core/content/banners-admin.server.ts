import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { banners, dealers } from "../../db/schema.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMay, assertMayUse, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { type BannerType, isBannerShown } from "./banners.server.ts";
import {
  type ContentWriteResult,
  inContentTransaction,
  largestJpeg,
  resolveDealer,
  storeUpload,
  type Transaction,
  type UploadedFile,
} from "./content-admin.server.ts";
import type { BannerField } from "./content-labels.ts";
import { type BannerInput, parseBanner } from "./content-schema.ts";
import { toSastDateTime } from "./schedule.ts";

/**
 * Banners of the home, new-car and Honda Wing pages as the back office changes them: group
 * administrators and content editors only (a dealer manager is refused, 403). Each is group-wide or one
 * dealer's (shown on that dealer's pages with the group's), with an optional schedule. Every change is one
 * transaction with its audit entry; the banners table's data_changed trigger tells every instance.
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
export async function createBanner(
  db: Database,
  actor: StaffActor,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  assertMayUse(actor, AREA);
  const parsed = parseBanner(input);
  if (!parsed.ok) return parsed;
  if (!image || image.bytes.length === 0)
    return { ok: false, violations: [{ propertyPath: "image", message: "Choose an image (JPEG, PNG or WebP)" }] };
  const dealer = await resolveDealer(db, actor, AREA, parsed.value.dealer);
  if (!dealer.ok) return { ok: false, violations: [dealer.violation] };
  const stored = await storeUpload(db, image, "image");
  if (!stored.ok) return stored;
  const picture = stored.image!;
  return inContentTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(banners)
      .values({ ...bannerColumns(parsed.value, dealer.dealerId), imageId: picture.id, imageUri: largestJpeg(picture) })
      .returning({ id: banners.id });
    const id = created!.id;
    await recordAudit(tx, {
      actor,
      action: "banner.create",
      entity: "banner",
      entityId: id,
      dealerId: dealer.dealerId,
      changes: changedFields({}, { ...auditedFields(parsed.value), image: picture.id }),
    });
    return { ok: true, id };
  });
}

/** Changes a banner's fields and, when one is sent, its image. */
export async function updateBanner(
  db: Database,
  actor: StaffActor,
  id: number,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  await readBanner(db, actor, id);
  const parsed = parseBanner(input);
  if (!parsed.ok) return parsed;
  const dealer = await resolveDealer(db, actor, AREA, parsed.value.dealer);
  if (!dealer.ok) return { ok: false, violations: [dealer.violation] };
  const stored = await storeUpload(db, image, "image");
  if (!stored.ok) return stored;
  return inContentTransaction(db, async (tx) => {
    const { banner: current, dealerSlug } = await readBanner(tx, actor, id, { forUpdate: true });
    const before = { ...auditedFields(currentInput(current, dealerSlug)), image: current.imageId ?? current.imageUri };
    const after = { ...auditedFields(parsed.value), image: stored.image?.id ?? before.image };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length === 0) return { ok: true, id };
    const picture = stored.image ? { imageId: stored.image.id, imageUri: largestJpeg(stored.image) } : {};
    await tx
      .update(banners)
      .set({ ...bannerColumns(parsed.value, dealer.dealerId), ...picture })
      .where(eq(banners.id, id));
    // Under the dealer it belonged to, and under the one it moved to (as deals are), so each dealer's log shows it.
    await recordAudit(tx, {
      actor,
      action: "banner.update",
      entity: "banner",
      entityId: id,
      dealerId: current.dealerId,
      changes,
    });
    if (dealer.dealerId !== current.dealerId && dealer.dealerId !== null) {
      await recordAudit(tx, {
        actor,
        action: "banner.update",
        entity: "banner",
        entityId: id,
        dealerId: dealer.dealerId,
        changes,
      });
    }
    return { ok: true, id };
  });
}

// --- inside ---

async function readBanner(db: Database | Transaction, actor: StaffActor, id: number, { forUpdate = false } = {}) {
  assertMayUse(actor, AREA);
  const query = db
    .select({ banner: banners, dealerSlug: dealers.slug })
    .from(banners)
    .leftJoin(dealers, eq(dealers.id, banners.dealerId))
    .where(eq(banners.id, id));
  const [row] = await (forUpdate ? query.for("update", { of: banners }) : query);
  if (!row) throw new StaffAccessDenied("not-found", AREA);
  assertMay(actor, AREA, row.banner.dealerId);
  return row;
}

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
