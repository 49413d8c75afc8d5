import { describe, expect, it } from "vitest";
import { CAR_SHAPES, MOTORCYCLE_SHAPES, VEHICLE_SHAPES } from "../../core/media/shapes.ts";
import { BANNERS } from "./banners.ts";
import { BLOG_POSTS } from "./blog-posts.ts";
import { CAR_MODELS, MOTORCYCLE_MODELS } from "./catalogue.ts";
import { DEALS } from "./deals.ts";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX = /^#[0-9a-fA-F]{6}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const DEALER_SLUGS = [
  "honda-sandton",
  "honda-menlyn",
  "honda-cape-town",
  "honda-umhlanga",
  "honda-gqeberha",
  "honda-bloemfontein",
  "honda-kimberley",
  "honda-polokwane",
  "honda-mbombela",
  "honda-wing-midrand",
  "honda-wing-durban",
  "honda-wing-cape-town",
];
const WING_DEALER_SLUGS = DEALER_SLUGS.filter((slug) => slug.startsWith("honda-wing-"));

function expectUniqueKebab(slugs: string[]): void {
  for (const slug of slugs) expect(slug, slug).toMatch(KEBAB);
  expect(new Set(slugs).size).toBe(slugs.length);
}

const ALL_MODELS = [...CAR_MODELS, ...MOTORCYCLE_MODELS];

describe("catalogue", () => {
  it("has unique kebab-case model slugs", () => {
    expectUniqueKebab(ALL_MODELS.map((m) => m.slug));
  });

  it("has enough cars and motorcycles", () => {
    expect(CAR_MODELS.length).toBeGreaterThanOrEqual(10);
    expect(MOTORCYCLE_MODELS.length).toBeGreaterThanOrEqual(8);
    expect(CAR_MODELS.every((m) => m.type === "car")).toBe(true);
    expect(MOTORCYCLE_MODELS.every((m) => m.type === "motorcycle")).toBe(true);
  });

  it.each(ALL_MODELS.map((m) => [m.slug, m] as const))("%s has valid variants and colours", (_slug, model) => {
    expect(model.variants.length).toBeGreaterThanOrEqual(1);
    expectUniqueKebab(model.variants.map((v) => v.slug));
    for (const v of model.variants) {
      for (const n of [v.price, v.powerKw, v.torqueNm]) {
        expect(Number.isInteger(n), v.slug).toBe(true);
        expect(n).toBeGreaterThan(0);
      }
      expect(v.transmission.length).toBeGreaterThan(0);
    }
    expect(model.colours.length).toBeGreaterThanOrEqual(2);
    for (const c of model.colours) expect(c.colorCode, c.name).toMatch(HEX);
    expect(model.galleryCount).toBeGreaterThanOrEqual(0);
    expect(model.description.length).toBeGreaterThan(40);
  });

  it("gives every variant an eight-digit M&M code of its own", () => {
    const codes = ALL_MODELS.flatMap((model) => model.variants.map((variant) => variant.mmCode));
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("gives every car a brochure and no motorcycle one", () => {
    expect(CAR_MODELS.every((m) => m.hasBrochure)).toBe(true);
    expect(MOTORCYCLE_MODELS.some((m) => m.hasBrochure)).toBe(false);
  });

  it("draws cars and motorcycles with the right shapes", () => {
    const carShapes: readonly string[] = CAR_SHAPES;
    const bikeShapes: readonly string[] = MOTORCYCLE_SHAPES;
    expect(CAR_MODELS.every((m) => carShapes.includes(m.shape))).toBe(true);
    expect(MOTORCYCLE_MODELS.every((m) => bikeShapes.includes(m.shape))).toBe(true);
  });
});

describe("banners", () => {
  it("has three banners of each type with valid colours and site paths", () => {
    for (const type of ["", "Car", "Motorcycle"] as const) {
      expect(BANNERS.filter((b) => b.type === type)).toHaveLength(3);
    }
    for (const b of BANNERS) {
      expect(b.colorCode).toMatch(HEX);
      expect(b.buttonUrl.startsWith("/")).toBe(true);
      expect((VEHICLE_SHAPES as readonly string[]).includes(b.shape)).toBe(true);
    }
  });

  it("links to models that exist", () => {
    const carSlugs = new Set(CAR_MODELS.map((m) => m.slug));
    const bikeSlugs = new Set(MOTORCYCLE_MODELS.map((m) => m.slug));
    for (const b of BANNERS) {
      const car = /^\/new\/honda\/([^/]+)$/.exec(b.buttonUrl);
      if (car?.[1]) expect(carSlugs.has(car[1]), b.buttonUrl).toBe(true);
      const bike = /^\/honda-wing\/honda\/([^/]+)$/.exec(b.buttonUrl);
      if (bike?.[1]) expect(bikeSlugs.has(bike[1]), b.buttonUrl).toBe(true);
    }
  });
});

describe("deals", () => {
  it("has unique kebab-case slugs", () => {
    expectUniqueKebab(DEALS.map((d) => d.slug));
  });

  it("has specials and service deals, some group-wide and some per dealer", () => {
    expect(DEALS.filter((d) => d.kind === "special").length).toBeGreaterThanOrEqual(10);
    expect(DEALS.filter((d) => d.kind === "service").length).toBeGreaterThanOrEqual(4);
    expect(DEALS.some((d) => d.dealerSlug === null)).toBe(true);
    expect(DEALS.some((d) => d.dealerSlug !== null)).toBe(true);
  });

  it("only names known dealers", () => {
    for (const d of DEALS) {
      if (d.dealerSlug !== null) expect(DEALER_SLUGS, d.slug).toContain(d.dealerSlug);
    }
  });

  it("gives motorcycle-only dealers motorcycle deals", () => {
    const bikeShapes: readonly string[] = MOTORCYCLE_SHAPES;
    for (const d of DEALS) {
      if (d.dealerSlug !== null && WING_DEALER_SLUGS.includes(d.dealerSlug)) {
        expect(bikeShapes.includes(d.shape), d.slug).toBe(true);
      }
    }
  });

  it("has valid colours and 2027 expiry dates", () => {
    for (const d of DEALS) {
      expect(d.colorCode).toMatch(HEX);
      expect(d.validUntil).toMatch(ISO_DATE);
      expect(d.validUntil.startsWith("2027-")).toBe(true);
    }
  });
});

describe("blog posts", () => {
  it("has unique kebab-case slugs", () => {
    expectUniqueKebab(BLOG_POSTS.map((p) => p.slug));
  });

  it("has at least 14 posts with unique publish dates", () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(14);
    const dates = BLOG_POSTS.map((p) => p.publishDate);
    for (const date of dates) expect(date).toMatch(ISO_DATE);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it.each(BLOG_POSTS.map((p) => [p.slug, p] as const))("%s has meta text of the right length", (_slug, post) => {
    expect(post.metaTitle.length).toBeGreaterThan(0);
    expect(post.metaTitle.length).toBeLessThanOrEqual(60);
    expect(post.metaDescription.length).toBeGreaterThanOrEqual(120);
    expect(post.metaDescription.length).toBeLessThanOrEqual(160);
  });

  it.each(BLOG_POSTS.map((p) => [p.slug, p] as const))("%s has a safe body of 350 to 700 words", (_slug, post) => {
    expect(post.body).not.toMatch(/<script/i);
    expect(post.body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(post.body).not.toMatch(/javascript:/i);
    for (const [, href] of post.body.matchAll(/href="([^"]*)"/g)) {
      expect(href, href).toMatch(/^\/[a-z0-9/-]*$/);
    }
    const words = post.body
      .replace(/<[^>]+>/g, " ")
      .split(/\s+/)
      .filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(350);
    expect(words).toBeLessThanOrEqual(700);
  });
});
