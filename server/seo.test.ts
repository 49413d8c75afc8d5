import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

let server: TestServer;
let usedCount: number;
beforeAll(async () => {
  server = await startTestServer({ siteUrl: "https://www.honda-group.example", sitemapUrlsPerFile: 100 });
  const result = await server.database.db.execute(sql`select count(*)::int as n from used_vehicles`);
  usedCount = (result as unknown as { rows: [{ n: number }] }).rows[0].n;
});
afterAll(() => server.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("robots.txt", () => {
  it("allows the site, keeps crawlers out of the API, the back office and forms, and names the sitemap", async () => {
    const { status, body } = await server.get("/robots.txt");
    expect(status).toBe(200);
    expect(body).toContain("User-agent: *");
    expect(body).toContain("Disallow: /api/");
    expect(body).toContain("Disallow: /staff\n");
    expect(body).toContain("Sitemap: https://www.honda-group.example/sitemap.xml");
  });
});

describe("sitemaps", () => {
  it("index the pages sitemap and one used-vehicle sitemap per 100 vehicles (50 000 in production)", async () => {
    const { status, headers, body } = await server.get("/sitemap.xml");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/xml");
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const files = Math.ceil(usedCount / 100);
    expect(locs(body)).toEqual([
      "https://www.honda-group.example/sitemap-pages.xml",
      ...Array.from({ length: files }, (_, i) => `https://www.honda-group.example/sitemap-used-${i + 1}.xml`),
    ]);
  });

  it("list every model, special, dealer and post", async () => {
    const urls = locs((await server.get("/sitemap-pages.xml")).body);
    const cars = (await server.get("/api/vehicle_range/car")).body["hydra:member"];
    const bikes = (await server.get("/api/vehicle_range/motorcycle")).body["hydra:member"];
    const dealers = (await server.get("/api/dealers")).body["hydra:member"];
    const posts = (await server.get("/api/blog")).body.total;
    for (const car of cars)
      expect(urls).toContain(`https://www.honda-group.example/new/${car.make_slug}/${car.model_slug}`);
    for (const bike of bikes)
      expect(urls).toContain(`https://www.honda-group.example/honda-wing/${bike.make_slug}/${bike.model_slug}`);
    for (const dealer of dealers) expect(urls).toContain(`https://www.honda-group.example${dealer.uri}`);
    expect(urls.filter((url) => url.includes("/blog/"))).toHaveLength(posts);
    expect(urls.filter((url) => url.includes("/specials/")).length).toBeGreaterThan(0);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("list every used vehicle exactly once across the used sitemaps", async () => {
    const files = Math.ceil(usedCount / 100);
    const urls: string[] = [];
    for (let i = 1; i <= files; i++) urls.push(...locs((await server.get(`/sitemap-used-${i}.xml`)).body));
    expect(urls).toHaveLength(usedCount);
    expect(new Set(urls).size).toBe(usedCount);
    expect(urls[0]).toMatch(/^https:\/\/www\.honda-group\.example\/used\/[a-z0-9-]+\/[a-z0-9-]+\/\d+$/);
    expect((await server.get(`/sitemap-used-${files + 1}.xml`)).status).toBe(404);
  });

  it("list the used listing of every make and every model in stock, and the new-car page of every make", async () => {
    const pages = new Set(locs((await server.get("/sitemap-pages.xml")).body));
    const vehicles = locs((await server.get("/sitemap-used-1.xml")).body);
    for (const vehicle of vehicles) {
      const model = vehicle.replace(/\/\d+$/, "");
      expect(pages).toContain(model);
      expect(pages).toContain(model.replace(/\/[^/]+$/, ""));
    }
    const cars = (await server.get("/api/vehicle_range/car")).body["hydra:member"];
    for (const car of cars) expect(pages).toContain(`https://www.honda-group.example/new/${car.make_slug}`);
  });
});
