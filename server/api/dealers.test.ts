import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("GET /api/dealers", () => {
  it("answers a hydra collection of every dealer as JSON-LD", async () => {
    const { status, headers, body } = await server.get("/api/dealers");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/ld+json");
    expect(body["@type"]).toBe("hydra:Collection");
    expect(body["hydra:totalItems"]).toBe(body["hydra:member"].length);
    expect(body["hydra:totalItems"]).toBeGreaterThanOrEqual(8);
    const provinces = new Set(body["hydra:member"].map((d: { province: string }) => d.province));
    expect(provinces.size).toBeGreaterThanOrEqual(5);
    const wing = body["hydra:member"].filter((d: { dealerName: string }) => /wing/i.test(d.dealerName));
    expect(wing.length).toBeGreaterThanOrEqual(2);
  });

  it("gives each dealer the spec's fields, its page and its API resource", async () => {
    const { body } = await server.get("/api/dealers");
    const sandton = body["hydra:member"].find((d: { slug: string }) => d.slug === "honda-sandton");
    expect(sandton).toMatchObject({
      "@type": "Dealer",
      dealerName: "Honda Sandton",
      uri: "/dealer/honda-sandton",
      apiUri: "/api/dealers/honda-sandton",
      dealer_contact_no: expect.any(String),
      address: expect.stringContaining("Sandton"),
      location: expect.any(String),
      dp_name: expect.any(String),
      dp_email: expect.stringContaining("@"),
      dp_contact_no: expect.any(String),
      is_wing: false,
    });
  });

  it("keeps Kimberley's own hours: 07:15-17:15 on weekdays, closed on Saturdays", async () => {
    const { body } = await server.get("/api/dealers/honda-kimberley");
    expect(body.business_hours).toEqual([
      { days: "Monday to Friday", opens: "07:15", closes: "17:15" },
      { days: "Saturday and public holidays", opens: null, closes: null },
      { days: "Sunday", opens: null, closes: null },
    ]);
  });
});

describe("GET /api/dealers/{slug}", () => {
  it("answers one dealer with its @id", async () => {
    const { status, body } = await server.get("/api/dealers/honda-wing-durban");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      "@id": "/api/dealers/honda-wing-durban",
      dealerName: "Honda Wing Durban",
      is_wing: true,
    });
  });

  it("answers 404 JSON for an unknown dealer", async () => {
    const { status, body } = await server.get("/api/dealers/honda-atlantis");
    expect(status).toBe(404);
    expect(body.title).toBe("Dealer not found");
  });
});

describe("GET /api/dealer-list/{name}", () => {
  it("lists the dealers whose name contains the text, case-insensitively", async () => {
    const { status, body } = await server.get("/api/dealer-list/WING");
    expect(status).toBe(200);
    const names = body["hydra:member"].map((d: { dealerName: string }) => d.dealerName);
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) expect(name).toMatch(/wing/i);
  });

  it("answers an empty collection when no dealer matches, and treats % literally", async () => {
    for (const name of ["nowhere", "%25"]) {
      const { status, body } = await server.get(`/api/dealer-list/${name}`);
      expect(status).toBe(200);
      expect(body["hydra:totalItems"]).toBe(0);
    }
  });
});

describe("the API's unknown paths", () => {
  it("answers 404 JSON, not a page", async () => {
    const { status, headers, body } = await server.get("/api/no-such-thing");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toContain("json");
    expect(body.status).toBe(404);
  });
});

describe("GET /api/dealers/{slug}/slots", () => {
  const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:(00|30):00\+02:00$/;

  it("answers the free test-drive slots of the next 14 days as a hydra collection, in +02:00 time with places left", async () => {
    const { status, headers, body } = await server.get("/api/dealers/honda-sandton/slots?type=test-drive");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/ld+json");
    expect(body["@type"]).toBe("hydra:Collection");
    const slots: { "@type": string; start: string; end: string; placesLeft: number }[] = body["hydra:member"];
    expect(slots.length).toBeGreaterThan(50);
    expect(body["hydra:totalItems"]).toBe(slots.length);
    for (const slot of slots) {
      expect(slot["@type"]).toBe("AppointmentSlot");
      expect(slot.start).toMatch(OFFSET_TIME);
      expect(new Date(slot.end).getTime() - new Date(slot.start).getTime()).toBe(30 * 60_000);
      expect(slot.placesLeft).toBe(2);
      // Never a Sunday, never within the next hour.
      expect(new Date(slot.start.slice(0, 10)).getUTCDay()).not.toBe(0);
      expect(new Date(slot.start).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    }
  });

  it("gives services their own capacity and starts at `from`", async () => {
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    const { status, body } = await server.get(`/api/dealers/honda-kimberley/slots?type=service&from=${later}`);
    expect(status).toBe(200);
    const slots: { start: string; placesLeft: number }[] = body["hydra:member"];
    expect(slots.every((slot) => slot.start.slice(0, 10) >= later && slot.placesLeft === 4)).toBe(true);
    // Kimberley opens 07:15 on weekdays and never on Saturdays.
    expect(slots.some((slot) => slot.start.slice(11, 16) === "07:15")).toBe(true);
    expect(slots.some((slot) => new Date(slot.start.slice(0, 10)).getUTCDay() === 6)).toBe(false);
  });

  it("refuses a bad type or date with 400 naming the parameter, and an unknown dealer with 404", async () => {
    const noType = await server.get("/api/dealers/honda-sandton/slots");
    expect(noType.status).toBe(400);
    expect(noType.body.violations).toEqual([expect.objectContaining({ propertyPath: "type" })]);
    const badDate = await server.get("/api/dealers/honda-sandton/slots?type=service&from=2026-02-30");
    expect(badDate.status).toBe(400);
    expect(badDate.body.violations).toEqual([expect.objectContaining({ propertyPath: "from" })]);
    const farAhead = await server.get("/api/dealers/honda-sandton/slots?type=service&from=2099-01-01");
    expect(farAhead.status).toBe(400);
    expect((await server.get("/api/dealers/honda-nowhere/slots?type=service")).status).toBe(404);
  });
});
