import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usedVehicles } from "../../db/schema.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

let server: TestServer;
let id: number;
beforeAll(async () => {
  server = await startTestServer({ siteUrl: "https://www.honda-group.example" });
  const [row] = await server.database.db
    .select({ id: usedVehicles.id })
    .from(usedVehicles)
    .orderBy(sql`id desc`)
    .limit(1);
  id = row!.id;
});
afterAll(() => server.close());

const setStatus = (status: string) =>
  server.database.db.update(usedVehicles).set({ status }).where(eq(usedVehicles.id, id));
const listedIds = async () =>
  ((await server.get("/api/vehicles?itemsPerPage=24")).body["hydra:member"] as { id: number }[]).map((v) => v.id);
const sitemapLocs = async () => (await server.get("/sitemap-used-1.xml")).body as string;

describe("the API and the sitemap show only Available and Reserved vehicles", () => {
  it("show a Reserved vehicle with its status", async () => {
    await setStatus("Reserved");
    const { status, body } = await server.get(`/api/vehicles/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, status: "Reserved" });
    expect(await listedIds()).toContain(id);
    expect(await sitemapLocs()).toContain(`/${id}</loc>`);
  });

  it("answer 410 Gone for a sold vehicle and leave it out of the list and the sitemap", async () => {
    await setStatus("Sold");
    const { status, body } = await server.get(`/api/vehicles/${id}`);
    expect(status).toBe(410);
    expect(body).toMatchObject({ status: 410, title: "Vehicle sold" });
    expect(await listedIds()).not.toContain(id);
    expect(await sitemapLocs()).not.toContain(`/${id}</loc>`);
  });

  it("answer 404 for a draft, as for no vehicle at all", async () => {
    await setStatus("Draft");
    expect((await server.get(`/api/vehicles/${id}`)).status).toBe(404);
    expect(await listedIds()).not.toContain(id);
    expect(await sitemapLocs()).not.toContain(`/${id}</loc>`);
  });

  it("refuse an enquiry about a vehicle that is not public", async () => {
    await setStatus("Sold");
    const dealer = await server.database.db.execute(
      sql`select d.slug from dealers d join used_vehicles v on v.dealer_id = d.id where v.id = ${id}`,
    );
    const response = await fetch(`${server.baseUrl}/api/customer_enquiries`, {
      method: "POST",
      headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json" },
      body: JSON.stringify({
        form_name: "Used Vehicles",
        first_name: "Thandi",
        last_name: "Mokoena",
        email: "thandi.sold@example.co.za",
        cell_phone: "072 815 9130",
        make: "Honda",
        model: "CR-V",
        variant: "1.5T Comfort CVT",
        message: "Is it still available?",
        contact: true,
        terms: true,
        dealer_slug: (dealer as unknown as { rows: { slug: string }[] }).rows[0]!.slug,
        vehicle_id: id,
        uri: "/used",
      }),
    });
    const body = await response.json();
    expect(response.status).toBe(422);
    expect(body.violations).toContainEqual(
      expect.objectContaining({ propertyPath: "vehicle_id", message: "This vehicle is no longer available" }),
    );
  });
});
