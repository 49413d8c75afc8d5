import { createHash } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, modelRedirects, models, rangeBrochures, rangeModels, rangeVariants } from "../../db/schema.ts";
import type { UploadedFile } from "../content/content-admin.server.ts";
import { VEHICLE_SHAPES } from "../media/shapes.ts";
import type { Violation } from "../shared/violations.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMayUse, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { type Transaction, type WriteResult, writeOrRefuse } from "../staff/staff-write.server.ts";
import { nameKey, slugOf } from "./make-names.ts";
import {
  assertLineup,
  type Check,
  drawingOf,
  fault,
  oneOf,
  type RangeForm,
  refused,
  SLUG,
  sent,
  wholeNumber,
  words,
} from "./range-checks.ts";
import {
  isModelState,
  LISTED_STATES,
  MAX_BROCHURE_BYTES,
  type ModelState,
  SPECIFICATIONS,
  type Specifications,
} from "./range-fields.ts";
import { VEHICLE_TYPES, type VehicleType } from "./ranges.server.ts";

/**
 * The new range as the back office changes it (/staff/range). Every role reads it; group administrators and
 * content editors change its words, specifications, colours, pictures and brochures; only group
 * administrators change what it offers: new models and variants (with their price), a model's address, kind,
 * place and state, and M&M codes (core/staff/roles.ts). A form leaves out the fields its reader may not change;
 * a field left out is unchanged. Each change is one transaction with its audit entry; the range tables'
 * data_changed triggers refresh every instance's copy (core/catalogue/ranges.server.ts). An existing variant's price
 * is not changed here but on its price page.
 */

export type RangeWriteResult = WriteResult;

// ------------------------------------------------------------------------------------------- models

type ModelInput = {
  name?: string;
  slug?: string;
  type?: VehicleType;
  bodyType?: string;
  headline?: string;
  description?: string;
  state?: ModelState;
  successorId?: number | null;
  sortOrder?: number;
  specifications?: Specifications;
};

const MODEL_LINEUP_FIELDS = ["slug", "type", "state", "successorId", "sortOrder"] as const;

function parseModel(form: RangeForm): { input: ModelInput } & Check {
  const check: Check = { violations: [] };
  const input: ModelInput = {
    name: words(check, form, "name", "Name"),
    slug: form.slug === undefined ? undefined : form.slug.trim().toLowerCase(),
    type: oneOf(check, form, "type", "Kind", VEHICLE_TYPES),
    bodyType: oneOf(check, form, "bodyType", "Body type", VEHICLE_SHAPES),
    headline: words(check, form, "headline", "Headline", { required: false, max: 160 }),
    description: words(check, form, "description", "Description", { max: 2000 }),
    sortOrder: wholeNumber(check, form, "sortOrder", "Place", 0, 999),
  };
  if (input.slug !== undefined && !SLUG.test(input.slug))
    fault(check, "slug", "Address may have lower-case letters, digits and single hyphens only");
  if (form.state !== undefined) {
    if (isModelState(form.state)) input.state = form.state;
    else fault(check, "state", "Choose a state from the list");
  }
  if (form.successor !== undefined) input.successorId = form.successor === "" ? null : Number(form.successor);
  if (SPECIFICATIONS.some(([key]) => form[`spec.${key}`] !== undefined)) {
    input.specifications = {};
    for (const [key, label] of SPECIFICATIONS) {
      const value = words(check, form, `spec.${key}`, label, { required: false, max: 120 });
      if (value) input.specifications[key] = value;
    }
  }
  return { input, ...check };
}

async function readModelRow(db: Database | Transaction, id: number) {
  const [row] = await db
    .select({ range: rangeModels, model: models })
    .from(rangeModels)
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .where(eq(rangeModels.id, id));
  if (!row) throw new StaffAccessDenied("not-found", "range");
  return row;
}

function modelFields(row: Awaited<ReturnType<typeof readModelRow>>): ModelInput {
  return {
    name: row.model.name,
    slug: row.model.slug,
    type: row.range.type as VehicleType,
    bodyType: row.range.bodyType,
    headline: row.range.headline,
    description: row.range.description,
    state: row.range.state as ModelState,
    successorId: row.range.successorId,
    sortOrder: row.range.sortOrder,
    specifications: row.range.specifications,
  };
}

/** Checks a model's new name, address and successor against the rest of the range; adds violations. */
async function checkModelAgainstRange(
  tx: Transaction,
  row: Awaited<ReturnType<typeof readModelRow>>,
  input: ModelInput,
) {
  const check: Check = { violations: [] };
  const others = await tx
    .select({ id: models.id, name: models.name, slug: models.slug })
    .from(models)
    .where(and(eq(models.makeId, row.model.makeId), ne(models.id, row.model.id)));
  if (input.name !== undefined && others.some((other) => nameKey(other.name) === nameKey(input.name!)))
    fault(check, "name", "Another model of the make has this name");
  if (input.slug !== undefined && others.some((other) => other.slug === input.slug))
    fault(check, "slug", "Another model of the make has this address");
  if (input.successorId !== undefined && input.successorId !== null) {
    const [successor] = await tx.select().from(rangeModels).where(eq(rangeModels.id, input.successorId));
    if (!successor || successor.id === row.range.id || successor.state === "retired" || successor.state === "draft")
      fault(check, "successor", "Choose a model on sale as the successor");
  }
  if (input.state && input.state !== row.range.state && LISTED_STATES.includes(input.state)) {
    const variants = await tx
      .select({ id: rangeVariants.id })
      .from(rangeVariants)
      .where(eq(rangeVariants.rangeModelId, row.range.id))
      .limit(1);
    if (variants.length === 0) fault(check, "state", "Add a variant before putting the model on sale");
  }
  return check.violations;
}

/**
 * Changes a model: what the form sends (words, specifications, and for group administrators its address,
 * kind, place, state and successor) and, when one is sent, its brochure. A changed address leaves the old one
 * answering 301 (model_redirects, as the used catalogue's renamed models do).
 */
export async function updateRangeModel(
  db: Database,
  actor: StaffActor,
  id: number,
  form: RangeForm,
  brochure: UploadedFile | null,
): Promise<RangeWriteResult> {
  assertMayUse(actor, "range-content");
  const parsed = parseModel(form);
  const pdf = checkBrochure(brochure);
  if (parsed.violations.length > 0 || !pdf.ok)
    return refused([...parsed.violations, ...(pdf.ok ? [] : [pdf.violation])]);
  return writeOrRefuse(db, async (tx) => {
    const row = await readModelRow(tx, id);
    const before = modelFields(row);
    const changes = changedFields(before as Record<string, unknown>, parsed.input);
    assertLineup(actor, changes, MODEL_LINEUP_FIELDS);
    const violations = await checkModelAgainstRange(tx, row, parsed.input);
    if (violations.length > 0) return refused(violations);
    if (pdf.bytes) changes.brochure = { from: row.range.brochureId, to: await storeBrochure(tx, pdf.bytes) };
    if (Object.keys(changes).length === 0) return { ok: true, id };
    await writeModel(tx, row, { ...before, ...sent(parsed.input) }, changes.brochure?.to as string | undefined);
    await recordAudit(tx, { actor, action: "range_model.update", entity: "range_model", entityId: id, changes });
    return { ok: true, id };
  });
}

async function writeModel(
  tx: Transaction,
  row: Awaited<ReturnType<typeof readModelRow>>,
  after: ModelInput,
  brochureId: string | undefined,
) {
  await tx.update(models).set({ name: after.name, slug: after.slug }).where(eq(models.id, row.model.id));
  if (after.slug !== row.model.slug) {
    const makeId = row.model.makeId;
    await tx
      .insert(modelRedirects)
      .values({ makeId, slug: row.model.slug, modelId: row.model.id })
      .onConflictDoUpdate({ target: [modelRedirects.makeId, modelRedirects.slug], set: { modelId: row.model.id } });
    await tx.delete(modelRedirects).where(and(eq(modelRedirects.makeId, makeId), eq(modelRedirects.slug, after.slug!)));
  }
  await tx
    .update(rangeModels)
    .set({
      type: after.type,
      bodyType: after.bodyType,
      headline: after.headline,
      description: after.description,
      state: after.state,
      successorId: after.state === "retired" ? after.successorId : null,
      sortOrder: after.sortOrder,
      specifications: after.specifications,
      ...(brochureId ? { brochureId, brochure: brochureAddress(brochureId) } : {}),
    })
    .where(eq(rangeModels.id, row.range.id));
}

/** Adds a model to the range (group administrators): a draft, shown by a drawing until pictures are uploaded. */
export async function createRangeModel(db: Database, actor: StaffActor, form: RangeForm): Promise<RangeWriteResult> {
  assertMayUse(actor, "range-lineup");
  const check: Check = { violations: [] };
  const name = words(check, form, "name", "Name") ?? "";
  const type = oneOf(check, form, "type", "Kind", VEHICLE_TYPES);
  const bodyType = oneOf(check, form, "bodyType", "Body type", VEHICLE_SHAPES);
  const description = words(check, form, "description", "Description", { max: 2000 }) ?? "";
  if (form.name === undefined) fault(check, "name", "Name is required");
  if (check.violations.length > 0 || !type || !bodyType) return refused(check.violations);
  return writeOrRefuse(db, async (tx) => {
    const [make] = await tx
      .select({ id: makes.id })
      .from(rangeModels)
      .innerJoin(models, eq(models.id, rangeModels.modelId))
      .innerJoin(makes, eq(makes.id, models.makeId))
      .limit(1);
    if (!make) return refused([{ propertyPath: "name", message: "The range has no make to add a model to" }]);
    const slug = slugOf(name);
    const clash = await tx
      .select({ id: models.id })
      .from(models)
      .where(and(eq(models.makeId, make.id), eq(models.slug, slug)));
    if (clash.length > 0)
      return refused([{ propertyPath: "name", message: "The make already has a model of this name" }]);
    const [model] = await tx.insert(models).values({ makeId: make.id, name, slug }).returning({ id: models.id });
    const [created] = await tx
      .insert(rangeModels)
      .values({
        modelId: model!.id,
        type,
        bodyType,
        description,
        state: "draft",
        mainImage: drawingOf(bodyType, "#b5b8bb"),
        sortOrder: 999,
      })
      .returning({ id: rangeModels.id });
    const id = created!.id;
    const changes = changedFields({}, { name, slug, type, bodyType, description, state: "draft" });
    await recordAudit(tx, { actor, action: "range_model.create", entity: "range_model", entityId: id, changes });
    return { ok: true, id };
  });
}

// ------------------------------------------------------------------------------------------- brochures

type BrochureCheck = { ok: true; bytes: Buffer | null } | { ok: false; violation: Violation };

/** A PDF by its content: the %PDF- header and an end-of-file marker near the end; at most MAX_BROCHURE_BYTES. */
function checkBrochure(file: UploadedFile | null): BrochureCheck {
  if (!file || file.bytes.length === 0) return { ok: true, bytes: null };
  const named = file.name ? `${file.name}: ` : "";
  if (file.bytes.length > MAX_BROCHURE_BYTES)
    return {
      ok: false,
      violation: {
        propertyPath: "brochure",
        message: `${named}The brochure is larger than ${MAX_BROCHURE_BYTES / 1024 / 1024} MB`,
      },
    };
  const head = file.bytes.subarray(0, 1024).toString("latin1");
  const tail = file.bytes.subarray(-1024).toString("latin1");
  if (!head.includes("%PDF-") || !tail.includes("%%EOF"))
    return { ok: false, violation: { propertyPath: "brochure", message: `${named}The brochure must be a PDF file` } };
  return { ok: true, bytes: file.bytes };
}

async function storeBrochure(tx: Transaction, bytes: Buffer): Promise<string> {
  const id = createHash("sha256").update(bytes).digest("hex");
  await tx.insert(rangeBrochures).values({ id, bytes, byteSize: bytes.length }).onConflictDoNothing();
  return id;
}

/** The public address of an uploaded brochure: immutable, named by its bytes. */
const brochureAddress = (id: string) => `/media/brochure-files/${id}.pdf`;

/** An uploaded brochure's bytes, or null. */
export async function readBrochure(db: Database, id: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  const [row] = await db.select({ bytes: rangeBrochures.bytes }).from(rangeBrochures).where(eq(rangeBrochures.id, id));
  return row?.bytes ?? null;
}
