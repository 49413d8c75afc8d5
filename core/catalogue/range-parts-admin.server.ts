import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rangeColours, rangeGallery, rangeModels, rangeVariants } from "../../db/schema.ts";
import { largestJpeg, storeUpload, type UploadedFile } from "../content/content-admin.server.ts";
import { isHexColour } from "../media/colour.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMayUse, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { type Transaction, type WriteResult, writeOrRefuse } from "../staff/staff-write.server.ts";
import { slugOf } from "./make-names.ts";
import {
  assertLineup,
  type Check,
  drawingOf,
  fault,
  MM_CODE_TAKEN,
  mmCode,
  modelShape,
  oneOf,
  type RangeForm,
  refused,
  sent,
  wholeNumber,
  words,
} from "./range-checks.ts";
import { FUELS } from "./range-fields.ts";

/**
 * The variants, colours and pictures of a range model as the back office changes them (the rules are
 * core/catalogue/range-admin.server.ts's). A variant's price is set when it is added; afterwards it changes on the
 * variant's price page. Pictures go through the one image pipeline (core/media/image-pipeline.server.ts).
 */

const TRANSMISSION_TYPES = ["Automatic", "Manual"] as const;

type VariantInput = {
  name?: string;
  mmCode?: string | null;
  transmission?: string;
  transmissionType?: string;
  fuel?: string;
  engine?: string;
  powerKw?: number;
  torqueNm?: number;
};

function parseVariant(form: RangeForm): { input: VariantInput } & Check {
  const check: Check = { violations: [] };
  const input: VariantInput = {
    name: words(check, form, "name", "Name"),
    mmCode: mmCode(check, form),
    transmission: words(check, form, "transmission", "Transmission"),
    transmissionType: oneOf(check, form, "transmissionType", "Gearbox", TRANSMISSION_TYPES),
    fuel: oneOf(check, form, "fuel", "Fuel", FUELS),
    engine: words(check, form, "engine", "Engine", { required: false }),
    powerKw: wholeNumber(check, form, "powerKw", "Power (kW)", 1, 2000),
    torqueNm: wholeNumber(check, form, "torqueNm", "Torque (Nm)", 1, 5000),
  };
  return { input, ...check };
}

async function modelExists(tx: Transaction | Database, rangeModelId: number) {
  const [model] = await tx.select().from(rangeModels).where(eq(rangeModels.id, rangeModelId));
  if (!model) throw new StaffAccessDenied("not-found", "range");
  return model;
}

/** Adds a variant with its price including VAT (group administrators). */
export async function createRangeVariant(
  db: Database,
  actor: StaffActor,
  rangeModelId: number,
  form: RangeForm,
): Promise<WriteResult> {
  assertMayUse(actor, "range-lineup");
  const required = ["name", "transmission", "transmissionType", "fuel", "powerKw", "torqueNm", "price"];
  const complete = Object.fromEntries(required.map((name) => [name, form[name] ?? ""]));
  const { input, violations } = parseVariant({ ...form, ...complete });
  const price = wholeNumber({ violations }, complete, "price", "Price", 1_000, 50_000_000);
  if (violations.length > 0 || price === undefined) return refused(violations);
  return writeOrRefuse(
    db,
    async (tx) => {
      await modelExists(tx, rangeModelId);
      const values = { ...input, slug: slugOf(input.name!), price, mmCode: input.mmCode ?? null };
      const [created] = await tx
        .insert(rangeVariants)
        .values({ rangeModelId, ...(values as Required<typeof values>) })
        .returning({ id: rangeVariants.id });
      const id = created!.id;
      await recordAudit(tx, {
        actor,
        action: "range_variant.create",
        entity: "range_variant",
        entityId: id,
        changes: changedFields({}, { rangeModelId, ...values }),
      });
      return { ok: true, id };
    },
    MM_CODE_TAKEN,
  );
}

/** Changes a variant's name, gearbox, fuel, engine and outputs; its M&M code only for group administrators. */
export async function updateRangeVariant(
  db: Database,
  actor: StaffActor,
  id: number,
  form: RangeForm,
): Promise<WriteResult> {
  assertMayUse(actor, "range-content");
  const { input, violations } = parseVariant(form);
  if (violations.length > 0) return refused(violations);
  return writeOrRefuse(
    db,
    async (tx) => {
      const [variant] = await tx.select().from(rangeVariants).where(eq(rangeVariants.id, id)).for("update");
      if (!variant) throw new StaffAccessDenied("not-found", "range");
      const changes = changedFields(variant as Record<string, unknown>, input);
      assertLineup(actor, changes, ["mmCode"]);
      if (Object.keys(changes).length === 0) return { ok: true, id };
      const slug = input.name ? slugOf(input.name) : variant.slug;
      await tx
        .update(rangeVariants)
        .set({ ...input, slug })
        .where(eq(rangeVariants.id, id));
      await recordAudit(tx, { actor, action: "range_variant.update", entity: "range_variant", entityId: id, changes });
      return { ok: true, id };
    },
    MM_CODE_TAKEN,
  );
}

// ------------------------------------------------------------------------------------------- colours

function parseColour(form: RangeForm): { input: { name?: string; paintCode?: string; colorCode?: string } } & Check {
  const check: Check = { violations: [] };
  const swatch = form.colorCode?.trim();
  if (swatch !== undefined && !isHexColour(swatch)) fault(check, "colorCode", "Swatch must be a colour like #1f2a45");
  const paintCode = words(check, form, "paintCode", "Paint code", { required: false, max: 20 });
  const colorCode = swatch && isHexColour(swatch) ? `#${swatch.replace("#", "").toUpperCase()}` : undefined;
  return { input: { name: words(check, form, "name", "Name"), paintCode, colorCode }, ...check };
}

/**
 * Adds a colour to a model, or changes one, with its picture when one is sent (through the image pipeline);
 * until a picture is uploaded the colour is shown by a drawing in its swatch colour.
 */
export async function saveRangeColour(
  db: Database,
  actor: StaffActor,
  target: { rangeModelId: number } | { colourId: number },
  form: RangeForm,
  picture: UploadedFile | null,
): Promise<WriteResult> {
  assertMayUse(actor, "range-content");
  const adding = "rangeModelId" in target;
  const parsed = parseColour(adding ? { name: "", colorCode: "", ...form } : form);
  if (parsed.violations.length > 0) return refused(parsed.violations);
  const stored = await storeUpload(db, picture, "picture");
  if (!stored.ok) return stored;
  return writeOrRefuse(db, async (tx) => {
    const current = adding ? null : await readColour(tx, target.colourId);
    const model = await modelExists(tx, current?.rangeModelId ?? (target as { rangeModelId: number }).rangeModelId);
    const after = { ...current, ...sent(parsed.input) } as { name: string; paintCode?: string; colorCode: string };
    const image = stored.image
      ? { image: largestJpeg(stored.image), imageId: stored.image.id }
      : current?.imageId
        ? {}
        : { image: drawingOf(modelShape(model.bodyType, model.mainImage), after.colorCode) };
    const changes = changedFields(current ?? {}, { ...parsed.input, ...image });
    if (Object.keys(changes).length === 0) return { ok: true, id: current!.id };
    if (current)
      await tx
        .update(rangeColours)
        .set({ ...parsed.input, ...image })
        .where(eq(rangeColours.id, current.id));
    const id = current?.id ?? (await insertColour(tx, model.id, after, image as { image: string }));
    const action = adding ? "range_colour.create" : "range_colour.update";
    await recordAudit(tx, { actor, action, entity: "range_colour", entityId: id, changes });
    return { ok: true, id };
  });
}

async function readColour(tx: Transaction, id: number) {
  const [colour] = await tx.select().from(rangeColours).where(eq(rangeColours.id, id)).for("update");
  if (!colour) throw new StaffAccessDenied("not-found", "range");
  return colour;
}

async function insertColour(
  tx: Transaction,
  rangeModelId: number,
  colour: { name: string; paintCode?: string; colorCode: string },
  image: { image: string; imageId?: string },
): Promise<number> {
  const [created] = await tx
    .insert(rangeColours)
    .values({
      rangeModelId,
      name: colour.name,
      paintCode: colour.paintCode ?? "",
      colorCode: colour.colorCode,
      ...image,
      sortOrder: 99,
    })
    .returning({ id: rangeColours.id });
  return created!.id;
}

// ------------------------------------------------------------------------------------------- gallery

/** Adds a gallery picture to a model, or to one of its colours, through the image pipeline. */
export async function addRangePicture(
  db: Database,
  actor: StaffActor,
  rangeModelId: number,
  form: RangeForm,
  picture: UploadedFile | null,
): Promise<WriteResult> {
  assertMayUse(actor, "range-content");
  const check: Check = { violations: [] };
  const alt = words(check, { alt: form.alt ?? "" }, "alt", "Description of the picture", { max: 160 });
  if (!picture) fault(check, "picture", "Choose a picture (JPEG, PNG or WebP)");
  if (check.violations.length > 0) return refused(check.violations);
  const stored = await storeUpload(db, picture, "picture");
  if (!stored.ok) return stored;
  return writeOrRefuse(db, async (tx) => {
    await modelExists(tx, rangeModelId);
    const colourId = form.colour ? Number(form.colour) : null;
    if (colourId !== null) {
      const [colour] = await tx
        .select({ id: rangeColours.id })
        .from(rangeColours)
        .where(and(eq(rangeColours.id, colourId), eq(rangeColours.rangeModelId, rangeModelId)));
      if (!colour) return refused([{ propertyPath: "colour", message: "Choose one of this model's colours" }]);
    }
    const image = { image: largestJpeg(stored.image!), imageId: stored.image!.id, alt: alt!, colourId };
    const [created] = await tx
      .insert(rangeGallery)
      .values({ rangeModelId, ...image, sortOrder: 99 })
      .returning({ id: rangeGallery.id });
    const id = created!.id;
    await recordAudit(tx, {
      actor,
      action: "range_picture.create",
      entity: "range_picture",
      entityId: id,
      changes: changedFields({}, { rangeModelId, ...image }),
    });
    return { ok: true, id };
  });
}

/** Takes a picture out of a model's gallery (its stored image stays for any other use). */
export async function removeRangePicture(db: Database, actor: StaffActor, pictureId: number): Promise<WriteResult> {
  assertMayUse(actor, "range-content");
  return writeOrRefuse(db, async (tx) => {
    const [removed] = await tx.delete(rangeGallery).where(eq(rangeGallery.id, pictureId)).returning();
    if (!removed) throw new StaffAccessDenied("not-found", "range");
    const changes = { image: { from: removed.imageId ?? removed.image, to: null } };
    await recordAudit(tx, {
      actor,
      action: "range_picture.delete",
      entity: "range_picture",
      entityId: pictureId,
      changes,
    });
    return { ok: true, id: removed.rangeModelId };
  });
}
