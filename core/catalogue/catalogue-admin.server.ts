import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  makeAliases,
  makeRedirects,
  makes,
  modelRedirects,
  models,
  rangeModels,
  usedVehicles,
} from "../../db/schema.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { assertMay, type StaffActor } from "../staff/roles.ts";
import type { Violation } from "../shared/violations.ts";
import { nameKey, slugOf } from "./make-names.ts";

/**
 * Group administrators tidy the open catalogue: rename a make or model, or merge one into another.
 * A merge moves every vehicle and leaves the old name as an alias and the old slug as a redirect, so feeds
 * that still send the old name and links to the old listing keep working. The new-car range's makes and
 * models are not renamed or merged away (their pages and URLs are the range's). Each change is one
 * transaction with its audit entry; the makes, models and used_vehicles triggers notify the in-memory stock.
 */

export type CatalogueResult = { ok: true } | { ok: false; violations: Violation[] };
export type CatalogueMakeRow = {
  id: number;
  name: string;
  slug: string;
  vehicles: number;
  models: { id: number; name: string; slug: string; vehicles: number; inRange: boolean }[];
};

const NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’()/+&:-]{0,79}$/u;

/** Every make with its models and how many vehicles (any status) each has. */
export async function listCatalogue(db: Database, actor: StaffActor): Promise<CatalogueMakeRow[]> {
  assertMay(actor, "catalogue", null);
  const rows = await db
    .select({
      makeId: makes.id,
      makeName: makes.name,
      makeSlug: makes.slug,
      id: models.id,
      name: models.name,
      slug: models.slug,
      inRange: rangeModels.id,
      vehicles: count(usedVehicles.id),
    })
    .from(makes)
    .leftJoin(models, eq(models.makeId, makes.id))
    .leftJoin(rangeModels, eq(rangeModels.modelId, models.id))
    .leftJoin(usedVehicles, eq(usedVehicles.modelId, models.id))
    .groupBy(makes.id, models.id, rangeModels.id)
    .orderBy(asc(makes.name), asc(models.name));
  const byId = new Map<number, CatalogueMakeRow>();
  for (const row of rows) {
    const make = byId.get(row.makeId) ?? {
      id: row.makeId,
      name: row.makeName,
      slug: row.makeSlug,
      vehicles: 0,
      models: [],
    };
    byId.set(row.makeId, make);
    if (row.id === null) continue;
    make.vehicles += row.vehicles;
    make.models.push({
      id: row.id,
      name: row.name!,
      slug: row.slug!,
      vehicles: row.vehicles,
      inRange: row.inRange !== null,
    });
  }
  return [...byId.values()];
}

const invalid = (propertyPath: string, message: string): CatalogueResult => ({
  ok: false,
  violations: [{ propertyPath, message }],
});

function checkName(raw: unknown): { ok: true; name: string } | { ok: false; result: CatalogueResult } {
  const name = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
  if (name === "") return { ok: false, result: invalid("name", "Name is required") };
  if (!NAME.test(name))
    return { ok: false, result: invalid("name", "Name may have at most 80 letters, digits and simple punctuation") };
  return { ok: true, name };
}

async function makeById(db: Database, id: number) {
  const [make] = await db.select().from(makes).where(eq(makes.id, id));
  return make;
}

async function makeInRange(db: Database, makeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: rangeModels.id })
    .from(rangeModels)
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .where(eq(models.makeId, makeId))
    .limit(1);
  return row !== undefined;
}

export async function renameMake(
  db: Database,
  actor: StaffActor,
  makeId: number,
  rawName: unknown,
): Promise<CatalogueResult> {
  assertMay(actor, "catalogue", null);
  const checked = checkName(rawName);
  if (!checked.ok) return checked.result;
  const name = checked.name;
  return db.transaction(async (tx) => {
    const make = await makeById(tx as unknown as Database, makeId);
    if (!make) return invalid("make", "That make no longer exists; reload the page");
    const others = await tx.select({ name: makes.name, slug: makes.slug }).from(makes).where(ne(makes.id, makeId));
    const clash = others.find((other) => nameKey(other.name) === nameKey(name) || other.slug === slugOf(name));
    if (clash) return invalid("name", `${clash.name} is already a make: merge ${make.name} into it instead`);
    if (make.name === name) return { ok: true };
    const slug = slugOf(name);
    await tx.update(makes).set({ name, slug }).where(eq(makes.id, makeId));
    await rememberMake(tx as unknown as Database, make, makeId);
    await recordAudit(tx, {
      actor,
      action: "catalogue.make_rename",
      entity: "make",
      entityId: makeId,
      dealerId: null,
      changes: { name: { from: make.name, to: name }, slug: { from: make.slug, to: slug } },
    });
    return { ok: true };
  });
}

/** The make's old name as an alias and its old slug as a redirect, both to `toMakeId`. */
async function rememberMake(tx: Database, old: { name: string; slug: string }, toMakeId: number): Promise<void> {
  await tx
    .insert(makeAliases)
    .values({ nameKey: nameKey(old.name), makeId: toMakeId })
    .onConflictDoUpdate({ target: makeAliases.nameKey, set: { makeId: toMakeId } });
  await tx
    .insert(makeRedirects)
    .values({ slug: old.slug, makeId: toMakeId })
    .onConflictDoUpdate({ target: makeRedirects.slug, set: { makeId: toMakeId } });
  // A make that takes its old slug back is no longer a redirect.
  const [current] = await tx.select({ slug: makes.slug }).from(makes).where(eq(makes.id, toMakeId));
  if (current) await tx.delete(makeRedirects).where(eq(makeRedirects.slug, current.slug));
}

/** Moves every model and vehicle of one make into another; the first make is gone, its name and slug lead to the second. */
export async function mergeMakes(
  db: Database,
  actor: StaffActor,
  fromId: number,
  intoId: number,
): Promise<CatalogueResult> {
  assertMay(actor, "catalogue", null);
  if (fromId === intoId) return invalid("into", "Choose another make to merge into");
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [from, into] = [await makeById(tx, fromId), await makeById(tx, intoId)];
    if (!from || !into) return invalid("into", "That make no longer exists; reload the page");
    if (await makeInRange(tx, fromId))
      return invalid("into", `${from.name} has new-car ranges; merge the other make into ${from.name} instead`);
    const fromModels = await tx.select().from(models).where(eq(models.makeId, fromId));
    const intoModels = await tx.select().from(models).where(eq(models.makeId, intoId));
    let moved = 0;
    for (const model of fromModels) {
      const target =
        intoModels.find((m) => nameKey(m.name) === nameKey(model.name) || m.slug === model.slug) ??
        (await copyModel(tx, intoId, model));
      if (!intoModels.includes(target)) intoModels.push(target);
      moved += await moveVehicles(tx, model.id, intoId, target.id);
      if (target.slug !== model.slug)
        await tx
          .insert(modelRedirects)
          .values({ makeId: intoId, slug: model.slug, modelId: target.id })
          .onConflictDoNothing();
      await tx
        .update(modelRedirects)
        .set({ modelId: target.id, makeId: intoId })
        .where(eq(modelRedirects.modelId, model.id));
    }
    await tx.update(makeAliases).set({ makeId: intoId }).where(eq(makeAliases.makeId, fromId));
    await tx.update(makeRedirects).set({ makeId: intoId }).where(eq(makeRedirects.makeId, fromId));
    await tx.delete(modelRedirects).where(eq(modelRedirects.makeId, fromId));
    if (fromModels.length > 0)
      await tx.delete(models).where(
        inArray(
          models.id,
          fromModels.map((m) => m.id),
        ),
      );
    await tx.delete(makes).where(eq(makes.id, fromId));
    await rememberMake(tx, from, intoId);
    await recordAudit(txRaw, {
      actor,
      action: "catalogue.make_merge",
      entity: "make",
      entityId: intoId,
      dealerId: null,
      changes: { make: { from: from.name, to: into.name }, vehicles: { from: moved, to: moved } },
    });
    return { ok: true };
  });
}

async function copyModel(tx: Database, makeId: number, model: { name: string; slug: string }) {
  const [copy] = await tx.insert(models).values({ makeId, name: model.name, slug: model.slug }).returning();
  return copy!;
}

async function moveVehicles(tx: Database, fromModelId: number, makeId: number, modelId: number): Promise<number> {
  const moved = await tx
    .update(usedVehicles)
    .set({ makeId, modelId, updatedAt: new Date() })
    .where(eq(usedVehicles.modelId, fromModelId))
    .returning({ id: usedVehicles.id });
  return moved.length;
}

export async function renameModel(
  db: Database,
  actor: StaffActor,
  modelId: number,
  rawName: unknown,
): Promise<CatalogueResult> {
  assertMay(actor, "catalogue", null);
  const checked = checkName(rawName);
  if (!checked.ok) return checked.result;
  const name = checked.name;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [model] = await tx.select().from(models).where(eq(models.id, modelId));
    if (!model) return invalid("model", "That model no longer exists; reload the page");
    const [inRange] = await tx.select({ id: rangeModels.id }).from(rangeModels).where(eq(rangeModels.modelId, modelId));
    if (inRange) return invalid("name", `${model.name} is a new-car range; its name is the range's`);
    const others = await tx
      .select({ name: models.name, slug: models.slug })
      .from(models)
      .where(and(eq(models.makeId, model.makeId), ne(models.id, modelId)));
    const clash = others.find((other) => nameKey(other.name) === nameKey(name) || other.slug === slugOf(name));
    if (clash)
      return invalid("name", `${clash.name} is already a model of this make: merge ${model.name} into it instead`);
    if (model.name === name) return { ok: true };
    const slug = slugOf(name);
    await tx.update(models).set({ name, slug }).where(eq(models.id, modelId));
    if (slug !== model.slug) {
      await tx
        .insert(modelRedirects)
        .values({ makeId: model.makeId, slug: model.slug, modelId })
        .onConflictDoUpdate({ target: [modelRedirects.makeId, modelRedirects.slug], set: { modelId } });
      await tx
        .delete(modelRedirects)
        .where(and(eq(modelRedirects.makeId, model.makeId), eq(modelRedirects.slug, slug)));
    }
    await recordAudit(txRaw, {
      actor,
      action: "catalogue.model_rename",
      entity: "model",
      entityId: modelId,
      dealerId: null,
      changes: { name: { from: model.name, to: name } },
    });
    return { ok: true };
  });
}

/** Moves every vehicle of one model to another model of the same make; the first model is gone, its slug redirects. */
export async function mergeModels(
  db: Database,
  actor: StaffActor,
  fromId: number,
  intoId: number,
): Promise<CatalogueResult> {
  assertMay(actor, "catalogue", null);
  if (fromId === intoId) return invalid("into", "Choose another model to merge into");
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [from] = await tx.select().from(models).where(eq(models.id, fromId));
    const [into] = await tx.select().from(models).where(eq(models.id, intoId));
    if (!from || !into || from.makeId !== into.makeId) return invalid("into", "Choose a model of the same make");
    const [inRange] = await tx.select({ id: rangeModels.id }).from(rangeModels).where(eq(rangeModels.modelId, fromId));
    if (inRange) return invalid("into", `${from.name} is a new-car range; merge the other model into it instead`);
    const moved = await moveVehicles(tx, fromId, into.makeId, intoId);
    await tx.update(modelRedirects).set({ modelId: intoId }).where(eq(modelRedirects.modelId, fromId));
    await tx.delete(models).where(eq(models.id, fromId));
    await tx
      .insert(modelRedirects)
      .values({ makeId: from.makeId, slug: from.slug, modelId: intoId })
      .onConflictDoUpdate({ target: [modelRedirects.makeId, modelRedirects.slug], set: { modelId: intoId } });
    await recordAudit(txRaw, {
      actor,
      action: "catalogue.model_merge",
      entity: "model",
      entityId: intoId,
      dealerId: null,
      changes: { model: { from: from.name, to: into.name }, vehicles: { from: moved, to: moved } },
    });
    return { ok: true };
  });
}

/**
 * Where an old listing address now is: /used/{make}[/{model}] of a make or model renamed or merged, or null
 * when the slugs name nothing that moved. The caller answers 301 to it.
 */
export async function movedListingPath(
  db: Database,
  makeSlug: string,
  modelSlug?: string,
): Promise<{ makeSlug: string; modelSlug?: string } | null> {
  const [current] = await db.select({ id: makes.id, slug: makes.slug }).from(makes).where(eq(makes.slug, makeSlug));
  const [redirect] = current
    ? []
    : await db
        .select({ id: makes.id, slug: makes.slug })
        .from(makeRedirects)
        .innerJoin(makes, eq(makes.id, makeRedirects.makeId))
        .where(eq(makeRedirects.slug, makeSlug));
  const make = current ?? redirect;
  if (!make) return null;
  if (modelSlug === undefined) return redirect ? { makeSlug: make.slug } : null;
  const [model] = await db
    .select({ slug: models.slug })
    .from(models)
    .where(and(eq(models.makeId, make.id), eq(models.slug, modelSlug)));
  if (model) return redirect ? { makeSlug: make.slug, modelSlug } : null;
  const [movedModel] = await db
    .select({ slug: models.slug })
    .from(modelRedirects)
    .innerJoin(models, eq(models.id, modelRedirects.modelId))
    .where(and(eq(modelRedirects.makeId, make.id), eq(modelRedirects.slug, modelSlug)));
  return movedModel ? { makeSlug: make.slug, modelSlug: movedModel.slug } : null;
}
