import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("GET /api/banners", () => {
  it.each([
    ["type=Car", "Car"],
    ["type=new", "Car"],
    ["type=Motorcycle", "Motorcycle"],
    ["type=honda-wing", "Motorcycle"],
    ["type=", ""],
    ["", ""],
  ])("answers the banners for %s", async (query, type) => {
    const { status, body } = await server.get(`/api/banners?${query}`);
    expect(status).toBe(200);
    expect(body["hydra:totalItems"]).toBeGreaterThan(0);
    for (const banner of body["hydra:member"]) {
      expect(banner).toMatchObject({ type, title: expect.any(String), image: { uri: expect.any(String) } });
      expect(banner.button.url).toMatch(/^\//);
      expect(banner.button.text.length).toBeGreaterThan(0);
    }
  });

  it.each(["boat", "constructor", "toString", "__proto__", " ", "car", " new"])(
    "answers 400 for the unknown type %s",
    async (type) => {
      const { status, body } = await server.get(`/api/banners?type=${encodeURIComponent(type)}`);
      expect(status).toBe(400);
      expect(body.violations[0].propertyPath).toBe("type");
    },
  );
});

describe("specials and deals", () => {
  it("lists the head office's specials by default", async () => {
    const { status, body } = await server.get("/api/specials");
    expect(status).toBe(200);
    expect(body["hydra:totalItems"]).toBeGreaterThan(0);
    for (const deal of body["hydra:member"]) expect(deal.dealer_slug).toBeNull();
  });

  it("gives a dealer its own specials and the group's", async () => {
    const group = (await server.get("/api/specials/head-office")).body["hydra:totalItems"];
    const all = (await server.get("/api/dealers")).body["hydra:member"];
    let sawOwnDeal = false;
    for (const dealer of all) {
      const { body } = await server.get(`/api/specials/${dealer.slug}`);
      const own = body["hydra:member"].filter((deal: { dealer_slug: string | null }) => deal.dealer_slug !== null);
      for (const deal of own) expect(deal.dealer_slug).toBe(dealer.slug);
      expect(body["hydra:totalItems"]).toBe(group + own.length);
      sawOwnDeal ||= own.length > 0;
    }
    expect(sawOwnDeal).toBe(true);
  });

  it("splits special deals from service deals and narrows by deal", async () => {
    const specials = (await server.get("/api/special-deals/head-office")).body["hydra:member"];
    const service = (await server.get("/api/service-deals/head-office")).body["hydra:member"];
    for (const deal of specials) expect(deal.kind).toBe("special");
    for (const deal of service) expect(deal.kind).toBe("service");
    const [first] = specials;
    const one = (await server.get(`/api/special-deals/head-office?deal=${first.slug}`)).body;
    expect(one["hydra:member"].map((d: { slug: string }) => d.slug)).toEqual([first.slug]);
  });

  it("answers one deal by slug with its image under /uploads/, and 404s", async () => {
    const [first] = (await server.get("/api/specials")).body["hydra:member"];
    const { status, body } = await server.get(`/api/deals/${first.slug}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ "@id": `/api/deals/${first.slug}`, slug: first.slug, title: first.title });
    expect(body.thumbnail).toBe(`/uploads/${body.image}`);
    expect((await server.get("/api/deals/no-such-deal")).status).toBe(404);
    expect((await server.get("/api/specials/no-such-dealer")).status).toBe(404);
    expect((await server.get("/api/service-deals/no-such-dealer")).status).toBe(404);
  });
});

describe("GET /api/blog", () => {
  it("answers 6 posts a page, newest first, as blogs/total and hydra", async () => {
    const { status, body } = await server.get("/api/blog");
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(14);
    expect(body["hydra:totalItems"]).toBe(body.total);
    expect(body.blogs).toHaveLength(6);
    expect(body["hydra:member"]).toEqual(body.blogs);
    const dates = body.blogs.map((post: { publish_date: string }) => post.publish_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.blogs[0]).toMatchObject({
      slug: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      publish_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      image: { uri: expect.stringMatching(/^\/media\/blog\//) },
      author: expect.any(String),
      meta_title: expect.any(String),
      meta_description: expect.any(String),
    });
    expect(body.blogs[0].body).toBeUndefined();
  });

  it("pages through every post once; the third page exists", async () => {
    const first = (await server.get("/api/blog?page=1")).body;
    const pages = Math.ceil(first.total / 6);
    expect(pages).toBeGreaterThanOrEqual(3);
    const slugs: string[] = [];
    for (let page = 1; page <= pages; page++) {
      slugs.push(...(await server.get(`/api/blog?page=${page}`)).body.blogs.map((p: { slug: string }) => p.slug));
    }
    expect(new Set(slugs).size).toBe(first.total);
    expect((await server.get(`/api/blog?page=${pages + 1}`)).body.blogs).toEqual([]);
  });

  it("answers 400 for a bad page", async () => {
    expect((await server.get("/api/blog?page=zero")).status).toBe(400);
  });

  it("answers one post with its HTML body, and 404 for an unknown slug", async () => {
    const [latest] = (await server.get("/api/blog")).body.blogs;
    const { status, body } = await server.get(`/api/blog/${latest.slug}`);
    expect(status).toBe(200);
    expect(body.body).toContain("<p>");
    expect((await server.get("/api/blog/no-such-post")).status).toBe(404);
  });
});
