import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("GET /api/vehicle_range/{type}", () => {
  it("lists every car model once, with its variants and lowest price", async () => {
    const { status, body } = await server.get("/api/vehicle_range/car");
    expect(status).toBe(200);
    const models = body["hydra:member"];
    expect(models.length).toBeGreaterThanOrEqual(10);
    expect(new Set(models.map((m: { model_slug: string }) => m.model_slug)).size).toBe(models.length);
    for (const model of models) {
      expect(model.type).toBe("car");
      expect(model.make).toBe("Honda");
      expect(model.minPrice).toBe(Math.min(...model.variants.map((v: { modelPrice: number }) => v.modelPrice)));
      expect(model.brochure).toMatch(/\.pdf$/);
      expect(model.color.length).toBeGreaterThanOrEqual(2);
      expect(model.color[0]).toEqual({
        name: expect.any(String),
        colorCode: expect.stringMatching(/^#[0-9a-fA-F]{6}$/),
        image: expect.any(String),
      });
    }
  });

  it("lists at least 8 motorcycle models without brochures", async () => {
    const { body } = await server.get("/api/vehicle_range/motorcycle");
    expect(body["hydra:totalItems"]).toBeGreaterThanOrEqual(8);
    for (const model of body["hydra:member"]) {
      expect(model.type).toBe("motorcycle");
      expect(model.brochure).toBeNull();
    }
  });

  it("answers 404 for another type", async () => {
    expect((await server.get("/api/vehicle_range/boat")).status).toBe(404);
  });
});

describe("GET /api/renault_ranges", () => {
  it("answers the variants of a model by model_slug and type, with the spec's fields", async () => {
    const { status, body } = await server.get("/api/renault_ranges?page=1&model_slug=cr-v&type=car");
    expect(status).toBe(200);
    expect(body["hydra:totalItems"]).toBeGreaterThanOrEqual(1);
    for (const variant of body["hydra:member"]) {
      expect(variant).toMatchObject({
        make: "Honda",
        make_slug: "honda",
        model: "CR-V",
        model_slug: "cr-v",
        variant: expect.any(String),
        variant_slug: expect.any(String),
        type: "car",
        mainImage: expect.stringMatching(/^\/media\/vehicles\//),
        minPrice: expect.any(Number),
        modelPrice: expect.any(Number),
        term: 72,
        interest: 12,
        power: expect.any(Number),
        torque: expect.any(Number),
        transmission: expect.any(String),
        transmission_type: expect.stringMatching(/^(Automatic|Manual)$/),
        description: expect.any(String),
        gallery: expect.any(Array),
        color: expect.any(Array),
      });
    }
  });

  it("narrows to one variant by variant_slug, or by model and variant names", async () => {
    const all = (await server.get("/api/renault_ranges?model_slug=cr-v")).body["hydra:member"];
    const last = all[all.length - 1];
    const bySlug = (await server.get(`/api/renault_ranges?model_slug=cr-v&variant_slug=${last.variant_slug}`)).body;
    expect(bySlug["hydra:member"].map((v: { variant: string }) => v.variant)).toEqual([last.variant]);
    const byName = (
      await server.get(
        `/api/renault_ranges?model=${encodeURIComponent("CR-V")}&variant=${encodeURIComponent(last.variant)}`,
      )
    ).body;
    expect(byName["hydra:member"].map((v: { variant_slug: string }) => v.variant_slug)).toEqual([last.variant_slug]);
  });

  it("answers an empty collection for an unknown model, 400 for a bad type or page", async () => {
    expect((await server.get("/api/renault_ranges?model_slug=nsx")).body["hydra:totalItems"]).toBe(0);
    expect((await server.get("/api/renault_ranges?type=boat")).status).toBe(400);
    expect((await server.get("/api/renault_ranges?page=0")).status).toBe(400);
  });
});
