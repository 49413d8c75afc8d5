import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  models,
  rangeColours,
  rangeGallery,
  rangeModels,
  rangeVariants,
  staffUsers,
} from "../../db/schema.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { ReadModels } from "../shared/read-model.server.ts";
import { StaffAccessDenied, type StaffActor, type StaffRole } from "../staff/roles.ts";
import { createRangeModel, updateRangeModel } from "./range-admin.server.ts";
import {
  addRangePicture,
  createRangeVariant,
  saveRangeColour,
  updateRangeVariant,
} from "./range-parts-admin.server.ts";
import { getStaffRangeModel, listStaffRange } from "./range-staff-read.server.ts";
import { findRangeModel, listRangeModels } from "./ranges.server.ts";

/** The range changed through the back-office services, by each role, and seen as the public sees it. */
let server: TestServer;
let admin: StaffActor;
let editor: StaffActor;
let manager: StaffActor;
let photo: { name: string; bytes: Buffer };

const db = () => server.database.db;
const readModels = () => new ReadModels(db());

async function actor(email: string, role: StaffRole): Promise<StaffActor> {
  const [user] = await db()
    .insert(staffUsers)
    .values({ email, displayName: email, role })
    .returning({ id: staffUsers.id });
  return { id: user!.id, label: email, role, dealerIds: [] };
}

async function rangeModelId(slug: string): Promise<number> {
  const [row] = await db()
    .select({ id: rangeModels.id })
    .from(rangeModels)
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .where(eq(models.slug, slug));
  return row!.id;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof StaffAccessDenied ? error.kind : error),
  );

const auditOf = (entity: string, id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

beforeAll(async () => {
  server = await startTestServer();
  admin = await actor("admin@range.example", "group_admin");
  editor = await actor("editor@range.example", "content_editor");
  manager = await actor("manager@range.example", "dealer_manager");
  const bytes = await sharp({ create: { width: 1200, height: 750, channels: 3, background: "#1f2a45" } })
    .jpeg()
    .toBuffer();
  photo = { name: "obsidian-blue.jpg", bytes };
});
afterAll(() => server.close());

describe("the range's role matrix", () => {
  it("every role reads the whole range, drafts included", async () => {
    for (const who of [admin, editor, manager]) {
      const range = await listStaffRange(db(), who);
      expect(range.map((model) => model.slug)).toContain("hr-v");
    }
  });

  it("a dealer manager changes nothing", async () => {
    const id = await rangeModelId("amaze");
    expect(await refusal(updateRangeModel(db(), manager, id, { headline: "Mine" }, null))).toBe("forbidden");
    expect(await refusal(createRangeVariant(db(), manager, id, {}))).toBe("forbidden");
    expect(await refusal(saveRangeColour(db(), manager, { rangeModelId: id }, { name: "Red" }, null))).toBe(
      "forbidden",
    );
    expect(await refusal(createRangeModel(db(), manager, { name: "Prelude" }))).toBe("forbidden");
  });

  it("a content editor changes words and specifications, not the state, address or M&M code", async () => {
    const id = await rangeModelId("amaze");
    const saved = await updateRangeModel(
      db(),
      editor,
      id,
      { headline: "The sedan with the big boot", "spec.boot": "416 litres", "spec.seats": "5" },
      null,
    );
    expect(saved).toEqual({ ok: true, id });
    const model = await getStaffRangeModel(db(), editor, id);
    expect(model?.headline).toBe("The sedan with the big boot");
    expect(model?.specifications).toEqual({ boot: "416 litres", seats: "5" });
    expect((await auditOf("range_model", id))[0]).toMatchObject({
      action: "range_model.update",
      actorLabel: "editor@range.example",
      changes: { headline: { from: "", to: "The sedan with the big boot" } },
    });
    expect(await refusal(updateRangeModel(db(), editor, id, { state: "run_out" }, null))).toBe("forbidden");
    expect(await refusal(updateRangeModel(db(), editor, id, { slug: "amaze-sedan" }, null))).toBe("forbidden");
    const variant = model!.variants[0]!;
    expect(await refusal(updateRangeVariant(db(), editor, variant.id, { mmCode: "99999999" }))).toBe("forbidden");
    expect(await refusal(createRangeVariant(db(), editor, id, { name: "1.2 S" }))).toBe("forbidden");
  });
});

describe("a model's state and address", () => {
  it("a draft and a retired model leave the public lists; a run-out model stays, marked", async () => {
    const brio = await rangeModelId("br-v");
    expect(await updateRangeModel(db(), admin, brio, { state: "run_out" }, null)).toEqual({ ok: true, id: brio });
    const listed = await listRangeModels(readModels(), { type: "car" });
    expect(listed.find((model) => model.model_slug === "br-v")?.state).toBe("run_out");
    expect(await updateRangeModel(db(), admin, brio, { state: "draft" }, null)).toEqual({ ok: true, id: brio });
    expect((await listRangeModels(readModels(), { type: "car" })).map((m) => m.model_slug)).not.toContain("br-v");
    expect(
      (await server.get("/api/vehicle_range/car")).body["hydra:member"].map(
        (m: { model_slug: string }) => m.model_slug,
      ),
    ).not.toContain("br-v");
    expect((await findRangeModel(readModels(), "honda", "br-v", "car", { anyState: true }))?.state).toBe("draft");
  });

  it("a retired model names its successor; a draft cannot succeed it", async () => {
    const wrv = await rangeModelId("wr-v");
    const hrv = await rangeModelId("hr-v");
    const draft = await rangeModelId("br-v");
    expect(await updateRangeModel(db(), admin, wrv, { state: "retired", successor: String(draft) }, null)).toEqual({
      ok: false,
      violations: [{ propertyPath: "successor", message: "Choose a model on sale as the successor" }],
    });
    expect(await updateRangeModel(db(), admin, wrv, { state: "retired", successor: String(hrv) }, null)).toEqual({
      ok: true,
      id: wrv,
    });
    const retired = await findRangeModel(readModels(), "honda", "wr-v", "car", { anyState: true });
    expect(retired?.successor).toEqual({ make_slug: "honda", model_slug: "hr-v", type: "car" });
  });

  it("a changed address leaves the old one pointing at the model", async () => {
    const id = await rangeModelId("city-hatch");
    expect(await updateRangeModel(db(), admin, id, { slug: "city-hatchback" }, null)).toEqual({ ok: true, id });
    expect(await updateRangeModel(db(), admin, id, { slug: "hr-v" }, null)).toEqual({
      ok: false,
      violations: [{ propertyPath: "slug", message: "Another model of the make has this address" }],
    });
    const { movedListingPath } = await import("./catalogue-admin.server.ts");
    expect(await movedListingPath(db(), "honda", "city-hatch")).toEqual({
      makeSlug: "honda",
      modelSlug: "city-hatchback",
    });
  });

  it("a new model starts as a draft and needs a variant before it goes on sale", async () => {
    const created = await createRangeModel(db(), admin, {
      name: "Prelude",
      type: "car",
      bodyType: "hot-hatch",
      description: "A two-door hybrid coupé.",
    });
    if (!created.ok) throw new Error(JSON.stringify(created.violations));
    expect(await updateRangeModel(db(), admin, created.id, { state: "on_sale" }, null)).toEqual({
      ok: false,
      violations: [{ propertyPath: "state", message: "Add a variant before putting the model on sale" }],
    });
    const variant = await createRangeVariant(db(), admin, created.id, {
      name: "2.0 e:HEV",
      mmCode: "22099011",
      transmission: "e-CVT",
      transmissionType: "Automatic",
      fuel: "Hybrid",
      engine: "2.0-litre hybrid",
      powerKw: "147",
      torqueNm: "315",
      price: "R 1 099 900",
    });
    expect(variant.ok).toBe(true);
    expect(await updateRangeModel(db(), admin, created.id, { state: "on_sale" }, null)).toEqual({
      ok: true,
      id: created.id,
    });
    const prelude = await findRangeModel(readModels(), "honda", "prelude", "car");
    expect(prelude?.variants.map((v) => [v.variant, v.modelPrice, v.fuel])).toEqual([
      ["2.0 e:HEV", 1_099_900, "Hybrid"],
    ]);
    expect(prelude?.mainImage).toBe("/media/vehicles/hot-hatch/b5b8bb/studio.svg");
  });
});

describe("bad input is refused on its field, nothing half-stored", () => {
  it("a duplicate M&M code", async () => {
    const id = await rangeModelId("amaze");
    const [taken] = await db().select().from(rangeVariants).where(eq(rangeVariants.mmCode, "22013011"));
    const before = await db().select().from(rangeVariants).where(eq(rangeVariants.rangeModelId, id));
    const result = await createRangeVariant(db(), admin, id, {
      name: "1.2 Sport",
      mmCode: taken!.mmCode!,
      transmission: "CVT",
      transmissionType: "Automatic",
      fuel: "Petrol",
      powerKw: "66",
      torqueNm: "110",
      price: "349900",
    });
    expect(result).toEqual({
      ok: false,
      violations: [{ propertyPath: "mmCode", message: "Another variant of the range has this M&M code" }],
    });
    expect(await db().select().from(rangeVariants).where(eq(rangeVariants.rangeModelId, id))).toHaveLength(
      before.length,
    );
    const other = before.find((v) => v.id !== taken!.id)!;
    expect(await updateRangeVariant(db(), admin, other.id, { mmCode: "2201301" })).toEqual({
      ok: false,
      violations: [{ propertyPath: "mmCode", message: "M&M code must be eight digits" }],
    });
  });

  it("a brochure that is not a PDF, and a PDF brochure served at its own address", async () => {
    const id = await rangeModelId("fit");
    const notPdf = { name: "brochure.pdf", bytes: Buffer.from("<html>not a pdf</html>") };
    expect(await updateRangeModel(db(), editor, id, { headline: "Changed" }, notPdf)).toEqual({
      ok: false,
      violations: [{ propertyPath: "brochure", message: "brochure.pdf: The brochure must be a PDF file" }],
    });
    expect((await getStaffRangeModel(db(), admin, id))?.headline).toBe("");
    expect(await updateRangeModel(db(), editor, id, {}, { name: "jazz.pdf", bytes: PDF })).toEqual({ ok: true, id });
    const model = await findRangeModel(readModels(), "honda", "fit", "car");
    expect(model?.brochure).toMatch(/^\/media\/brochure-files\/[0-9a-f]{64}\.pdf$/);
    const served = await fetch(server.baseUrl + model!.brochure);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("a colour picture that does not decode; then a real one replaces the drawing", async () => {
    const id = await rangeModelId("fit");
    const colour = (await getStaffRangeModel(db(), editor, id))!.colours[0]!;
    expect(colour.hasPicture).toBe(false);
    const broken = { name: "blue.jpg", bytes: photo.bytes.subarray(0, photo.bytes.length / 2) };
    const refused = await saveRangeColour(db(), editor, { colourId: colour.id }, { paintCode: "B-593M" }, broken);
    expect(refused).toEqual({
      ok: false,
      violations: [
        { propertyPath: "picture", message: "blue.jpg: This photo could not be read; please take it again" },
      ],
    });
    const [unchanged] = await db().select().from(rangeColours).where(eq(rangeColours.id, colour.id));
    expect([unchanged!.paintCode, unchanged!.imageId]).toEqual(["", null]);
    const saved = await saveRangeColour(db(), editor, { colourId: colour.id }, { paintCode: "B-593M" }, photo);
    expect(saved).toEqual({ ok: true, id: colour.id });
    const shown = (await findRangeModel(readModels(), "honda", "fit", "car"))!.color.find(
      (c) => c.name === colour.name,
    );
    expect(shown?.image).toMatch(/^\/media\/images\/[0-9a-f]+\.jpg$/);
    expect((await auditOf("range_colour", colour.id))[0]?.changes).toMatchObject({
      paintCode: { from: "", to: "B-593M" },
    });
  });

  it("a gallery picture needs a description and a picture", async () => {
    const id = await rangeModelId("fit");
    expect(await addRangePicture(db(), editor, id, { alt: "" }, null)).toEqual({
      ok: false,
      violations: [
        { propertyPath: "alt", message: "Description of the picture is required" },
        { propertyPath: "picture", message: "Choose a picture (JPEG, PNG or WebP)" },
      ],
    });
    const added = await addRangePicture(db(), editor, id, { alt: "The Jazz's Magic Seats folded flat" }, photo);
    if (!added.ok) throw new Error(JSON.stringify(added.violations));
    const [row] = await db().select().from(rangeGallery).where(eq(rangeGallery.id, added.id));
    expect(row?.alt).toBe("The Jazz's Magic Seats folded flat");
    const gallery = (await findRangeModel(readModels(), "honda", "fit", "car"))!.gallery;
    expect(gallery.at(-1)).toEqual({ image: row!.image, alt: "The Jazz's Magic Seats folded flat" });
  });
});
