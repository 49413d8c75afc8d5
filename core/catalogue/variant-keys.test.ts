import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { CAR_MODELS, MOTORCYCLE_MODELS } from "../../seed/content/catalogue.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { ReadModels } from "../shared/read-model.server.ts";
import { MAX_COMPARED, parseCompareSelection } from "../inventory/compare-selection.ts";
import { findRangeVariants, listRangeVariants } from "./ranges.server.ts";
import { isVariantKey, parseVariantKeys, variantKey } from "./variant-keys.ts";

/** New variants on /compare, named in its URL as make.model.variant. */
const selection = (query: string) => parseCompareSelection(new URLSearchParams(query));

describe("the compare URL", () => {
  it("reads variants separated by commas or repeated (a form's checkboxes), each once, in order", () => {
    expect(parseVariantKeys(["honda.amaze.1-2-trend,honda.wr-v.1-2-trend", "honda.amaze.1-2-trend"], 3)).toEqual({
      ok: true,
      value: [
        { makeSlug: "honda", modelSlug: "amaze", variantSlug: "1-2-trend" },
        { makeSlug: "honda", modelSlug: "wr-v", variantSlug: "1-2-trend" },
      ],
    });
    expect(parseVariantKeys([], 3)).toEqual({ ok: true, value: [] });
    expect(parseVariantKeys([""], 3)).toEqual({ ok: true, value: [] });
  });

  it("refuses a malformed key, naming the variants parameter", () => {
    for (const bad of [
      "honda.amaze",
      "honda/amaze/1-2-trend",
      "Honda.Amaze.1-2-Trend",
      "honda.amaze.1-2-trend.x",
      "honda..x",
      "honda.amaze.-x",
      "<script>.a.b",
    ]) {
      const parsed = parseVariantKeys([bad], 3);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.violations[0]!.propertyPath).toBe("variants");
    }
  });

  it("takes used ids and variants together, at most three of them in all", () => {
    expect(selection("ids=12,7&variants=honda.amaze.1-2-trend")).toEqual({
      ok: true,
      value: { ids: [12, 7], variants: [{ makeSlug: "honda", modelSlug: "amaze", variantSlug: "1-2-trend" }] },
    });
    expect(selection("")).toEqual({ ok: true, value: { ids: [], variants: [] } });
    const tooMany = selection("ids=1,2&variants=honda.amaze.1-2-trend,honda.amaze.1-2-comfort");
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.violations[0]!.message).toContain(`at most ${MAX_COMPARED}`);
    expect(selection("variants=a.b.c,a.b.d,a.b.e,a.b.f").ok).toBe(false);
    const badIds = selection("ids=x&variants=honda.amaze.1-2-trend");
    expect(badIds.ok).toBe(false);
    if (!badIds.ok) expect(badIds.violations[0]!.propertyPath).toBe("ids");
  });

  it("can name every variant of the catalogue", () => {
    for (const model of [...CAR_MODELS, ...MOTORCYCLE_MODELS]) {
      for (const variant of model.variants)
        expect(isVariantKey(`honda.${model.slug}.${variant.slug}`), `${model.slug} ${variant.slug}`).toBe(true);
    }
  });
});

describe("findRangeVariants, on the seeded database", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await cloneTemplate(inject("databaseTemplate"));
  });
  afterAll(() => database.close());

  it("finds cars and motorcycles by key, in the order asked, and leaves out keys naming nothing", async () => {
    const [car] = await listRangeVariants(new ReadModels(database.db), { type: "car" });
    const [bike] = await listRangeVariants(new ReadModels(database.db), { type: "motorcycle" });
    const keys = [bike!, car!].map(variantKey);
    const parsed = parseVariantKeys(
      [`${keys.join(",")},honda.no-such-model.x,${car!.make_slug}.${car!.model_slug}.no-such-variant`],
      4,
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.violations));
    const found = await findRangeVariants(new ReadModels(database.db), parsed.value);
    expect(found.map((v) => [v.model, v.variant, v.modelPrice, v.type])).toEqual([
      [bike!.model, bike!.variant, bike!.modelPrice, "motorcycle"],
      [car!.model, car!.variant, car!.modelPrice, "car"],
    ]);
  });
});
