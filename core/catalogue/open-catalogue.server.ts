import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makeAliases, makes, models } from "../../db/schema.ts";
import { canonicalMakeName, nameKey, newCatalogueName, slugOf } from "./make-names.ts";

/**
 * The open used-vehicle catalogue (docs/decisions/052-open-used-catalogue.md): any make and model
 * can be listed. A name is found by its key (case, spaces, punctuation and accents aside), a make also by its
 * aliases (built-in, and the names of makes renamed or merged away); one not found is created on first use
 * with a tidied name and its slug. Creation is idempotent under concurrency (ON CONFLICT on the slugs), and
 * the makes and models tables notify the one change notification, so the used stock and read models follow.
 */

export type CatalogueModel = { id: number; name: string; slug: string };
export type CatalogueMake = { id: number; name: string; slug: string; models: Map<string, CatalogueModel> };

/** The catalogue as one transaction sees it, by name key; what a feed or form resolves names against. */
export class CatalogueNames {
  private constructor(
    private readonly byKey: Map<string, CatalogueMake>,
    private readonly bySlug: Map<string, CatalogueMake>,
  ) {}

  static async load(db: Database): Promise<CatalogueNames> {
    const rows = await db
      .select({
        makeId: makes.id,
        makeName: makes.name,
        makeSlug: makes.slug,
        modelId: models.id,
        modelName: models.name,
        modelSlug: models.slug,
      })
      .from(makes)
      .leftJoin(models, eq(models.makeId, makes.id));
    const byKey = new Map<string, CatalogueMake>();
    const bySlug = new Map<string, CatalogueMake>();
    const byId = new Map<number, CatalogueMake>();
    for (const row of rows) {
      let make = byId.get(row.makeId);
      if (!make) {
        make = { id: row.makeId, name: row.makeName, slug: row.makeSlug, models: new Map() };
        byId.set(make.id, make);
        byKey.set(nameKey(make.name), make);
        bySlug.set(make.slug, make);
      }
      if (row.modelId !== null) addModel(make, { id: row.modelId, name: row.modelName!, slug: row.modelSlug! });
    }
    for (const alias of await db.select().from(makeAliases)) {
      const make = byId.get(alias.makeId);
      if (make && !byKey.has(alias.nameKey)) byKey.set(alias.nameKey, make);
    }
    return new CatalogueNames(byKey, bySlug);
  }

  /** The make a name means: its own name, a built-in alias (VW), a saved alias (a merged make's name), or its slug. */
  make(name: string): CatalogueMake | undefined {
    return (
      this.byKey.get(nameKey(name)) ?? this.byKey.get(nameKey(canonicalMakeName(name))) ?? this.bySlug.get(slugOf(name))
    );
  }

  model(make: CatalogueMake, name: string): CatalogueModel | undefined {
    return make.models.get(nameKey(name)) ?? make.models.get(slugOf(name));
  }

  /**
   * Creates the makes and models among these names that the catalogue lacks (two statements for all the new
   * makes, two for all the new models), and answers each pair's ids. Run inside the write's transaction.
   */
  async ensure(
    tx: Database,
    pairs: readonly { make: string; model: string }[],
    { dryRun = false } = {},
  ): Promise<{ makes: string[]; models: string[] }> {
    const created = { makes: [] as string[], models: [] as string[] };
    if (dryRun) return this.missing(pairs);
    const newMakes = new Map<string, { name: string; slug: string }>();
    for (const { make } of pairs) {
      if (this.make(make)) continue;
      const name = newCatalogueName(canonicalMakeName(make));
      newMakes.set(nameKey(name), { name, slug: slugOf(name) });
    }
    if (newMakes.size > 0) {
      const values = [...newMakes.values()];
      const inserted = await tx
        .insert(makes)
        .values(values)
        .onConflictDoNothing({ target: makes.slug })
        .returning({ id: makes.id, name: makes.name, slug: makes.slug });
      created.makes.push(...inserted.map((make) => make.name));
      // A make another request created meanwhile (its slug taken) is read back.
      const all = await tx
        .select({ id: makes.id, name: makes.name, slug: makes.slug })
        .from(makes)
        .where(
          inArray(
            makes.slug,
            values.map((v) => v.slug),
          ),
        );
      for (const row of all) this.remember(row);
      for (const [key, wanted] of newMakes) {
        const make = this.bySlug.get(wanted.slug);
        if (make && !this.byKey.has(key)) this.byKey.set(key, make);
      }
    }
    const newModels = new Map<string, { make: CatalogueMake; name: string; slug: string }>();
    for (const pair of pairs) {
      const make = this.make(pair.make)!;
      if (this.model(make, pair.model)) continue;
      const name = newCatalogueName(pair.model);
      newModels.set(`${make.id}/${nameKey(name)}`, { make, name, slug: slugOf(name) });
    }
    if (newModels.size > 0) {
      const values = [...newModels.values()];
      const inserted = await tx
        .insert(models)
        .values(values.map((v) => ({ makeId: v.make.id, name: v.name, slug: v.slug })))
        .onConflictDoNothing({ target: [models.makeId, models.slug] })
        .returning({ name: models.name, makeId: models.makeId });
      created.models.push(
        ...inserted.map((model) => `${values.find((v) => v.make.id === model.makeId)!.make.name} ${model.name}`),
      );
      const all = await tx
        .select({ id: models.id, name: models.name, slug: models.slug, makeId: models.makeId })
        .from(models)
        .where(
          sql`(${models.makeId}, ${models.slug}) in (${sql.join(
            values.map((v) => sql`(${v.make.id}::int, ${v.slug}::text)`),
            sql`, `,
          )})`,
        );
      for (const row of all) {
        const make = values.find((v) => v.make.id === row.makeId)!.make;
        addModel(make, row);
      }
    }
    return created;
  }

  /** The makes and models `ensure` would create, by the names they would get. */
  missing(pairs: readonly { make: string; model: string }[]): { makes: string[]; models: string[] } {
    const makesWanted = new Map<string, string>();
    const modelsWanted = new Map<string, string>();
    for (const pair of pairs) {
      const make = this.make(pair.make);
      const makeName = make?.name ?? newCatalogueName(canonicalMakeName(pair.make));
      if (!make) makesWanted.set(nameKey(makeName), makeName);
      if (!make || !this.model(make, pair.model))
        modelsWanted.set(`${nameKey(makeName)}/${nameKey(pair.model)}`, `${makeName} ${newCatalogueName(pair.model)}`);
    }
    return { makes: [...makesWanted.values()], models: [...modelsWanted.values()] };
  }

  private remember(row: { id: number; name: string; slug: string }): void {
    const make = this.bySlug.get(row.slug) ?? { ...row, models: new Map() };
    this.bySlug.set(row.slug, make);
    this.byKey.set(nameKey(row.name), make);
  }
}

function addModel(make: CatalogueMake, model: CatalogueModel): void {
  make.models.set(nameKey(model.name), model);
  if (!make.models.has(model.slug)) make.models.set(model.slug, model);
}

/** The make and model a pair of names means, after `ensure` (undefined only for a name never ensured). */
export function resolved(
  catalogue: CatalogueNames,
  make: string,
  model: string,
): { make: CatalogueMake; model: CatalogueModel } | undefined {
  const m = catalogue.make(make);
  const mo = m ? catalogue.model(m, model) : undefined;
  return m && mo ? { make: m, model: mo } : undefined;
}
