import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, usedVehicles } from "../../db/schema.ts";
import { defineReadModel, type ReadModels } from "../shared/read-model.server.ts";

/** product.md §3: Make with its models, each counted by used and demo vehicles in stock. */
export type MakeView = { name: string; slug: string; models: { name: string; slug: string; count: number }[] };

/** The makes with their models and stock counts (/api/makes), held in memory (decision 040). */
export const makesWithCounts = defineReadModel({
  name: "makes",
  tables: ["makes", "models", "used_vehicles"],
  load: loadMakes,
});

async function loadMakes(db: Database): Promise<MakeView[]> {
  const rows = await db
    .select({
      makeName: makes.name,
      makeSlug: makes.slug,
      modelName: models.name,
      modelSlug: models.slug,
      count: count(usedVehicles.id),
    })
    .from(makes)
    .innerJoin(models, eq(models.makeId, makes.id))
    .leftJoin(usedVehicles, eq(usedVehicles.modelId, models.id))
    .groupBy(makes.id, makes.name, makes.slug, models.id, models.name, models.slug)
    .orderBy(asc(makes.name), asc(models.name));
  const bySlug = new Map<string, MakeView>();
  for (const row of rows) {
    const make = bySlug.get(row.makeSlug) ?? { name: row.makeName, slug: row.makeSlug, models: [] };
    make.models.push({ name: row.modelName, slug: row.modelSlug, count: row.count });
    bySlug.set(row.makeSlug, make);
  }
  return [...bySlug.values()];
}

export function listMakes(readModels: ReadModels): Promise<MakeView[]> {
  return readModels.read(makesWithCounts);
}
