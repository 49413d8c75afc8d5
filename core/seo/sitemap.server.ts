import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { makes, models, PUBLIC_STOCK_CONDITION, rangeModels, usedVehicles } from "../../db/schema.ts";
import { blogPostsModel, publicPosts } from "../content/blog.server.ts";
import { dealsModel, dealVisibility } from "../content/deals.server.ts";
import { rangeModelPriceChanges } from "../catalogue/ranges.server.ts";
import { dealerDirectoryModel } from "../dealers/dealers.server.ts";
import { ReadModels } from "../shared/read-model.server.ts";

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapUrl = { path: string; lastModified?: string };

const STATIC_PATHS = [
  "/",
  "/new",
  "/honda-wing",
  "/used",
  "/specials",
  "/service",
  "/parts",
  "/sell-your-car",
  "/finance",
  "/dealer",
  "/blog",
  "/contact",
  "/popia",
  "/terms",
  "/cookie",
  "/policy",
];

/** Everything but the used vehicles themselves: pages, makes, models, used listings, specials, dealers and blog posts. */
export async function catalogueUrls(
  db: Database,
  readModels = new ReadModels(db),
  now = new Date(),
): Promise<SitemapUrl[]> {
  const [rangeRows, usedRows, dealRows, directory, posts, priceChanges] = await Promise.all([
    db
      .select({ type: rangeModels.type, make: makes.slug, model: models.slug })
      .from(rangeModels)
      .innerJoin(models, eq(models.id, rangeModels.modelId))
      .innerJoin(makes, eq(makes.id, models.makeId))
      .orderBy(asc(rangeModels.sortOrder)),
    db
      .selectDistinct({ make: makes.slug, model: models.slug })
      .from(usedVehicles)
      .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
      .innerJoin(models, eq(models.id, usedVehicles.modelId))
      .where(PUBLIC_STOCK_CONDITION)
      .orderBy(asc(makes.slug), asc(models.slug)),
    readModels.read(dealsModel),
    readModels.read(dealerDirectoryModel),
    readModels.read(blogPostsModel),
    rangeModelPriceChanges(readModels, now),
  ]);
  const carMakes = new Set(rangeRows.filter((row) => row.type === "car").map((row) => row.make));
  const usedMakes = new Set(usedRows.map((row) => row.make));
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...[...carMakes].map((make) => ({ path: `/new/${make}` })),
    // A model page changes when a price change takes effect: that instant is its lastmod.
    ...rangeRows.map((row) => ({
      path: `/${row.type === "car" ? "new" : "honda-wing"}/${row.make}/${row.model}`,
      lastModified: priceChanges.get(`${row.make}/${row.model}`)?.toISOString(),
    })),
    ...[...usedMakes].map((make) => ({ path: `/used/${make}` })),
    ...usedRows.map((row) => ({ path: `/used/${row.make}/${row.model}` })),
    // The specials public now: an ended one leaves the sitemap by itself (decision 035).
    ...dealRows
      .filter((deal) => deal.kind === "special" && dealVisibility(deal, now) === "public")
      .map((deal) => ({ path: `/specials/${deal.slug}` })),
    ...directory.dealers.map((dealer) => ({ path: `/dealer/${dealer.slug}` })),
    // Only posts published by now, oldest first (a scheduled post joins when its time comes).
    ...publicPosts(posts, now)
      .reverse()
      .map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.publishDate })),
  ];
}

/** How many used vehicles the public site shows (Available and Reserved): a draft or a sold one has no URL. */
export async function usedVehicleCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(usedVehicles).where(PUBLIC_STOCK_CONDITION);
  return row?.n ?? 0;
}

/** One page (1-based) of public used-vehicle URLs, by id so that pages are stable; lastmod is the vehicle's last change. */
export async function usedVehicleUrls(db: Database, page: number, perPage = SITEMAP_MAX_URLS): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: usedVehicles.id, make: makes.slug, model: models.slug, updatedAt: usedVehicles.updatedAt })
    .from(usedVehicles)
    .innerJoin(makes, eq(makes.id, usedVehicles.makeId))
    .innerJoin(models, eq(models.id, usedVehicles.modelId))
    .where(PUBLIC_STOCK_CONDITION)
    .orderBy(asc(usedVehicles.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows.map((row) => ({
    path: `/used/${row.make}/${row.model}/${row.id}`,
    lastModified: row.updatedAt.toISOString(),
  }));
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function urlSetXml(siteUrl: string, urls: SitemapUrl[]): string {
  const entries = urls.map(
    (url) =>
      `<url><loc>${escapeXml(new URL(url.path, siteUrl).toString())}</loc>${url.lastModified ? `<lastmod>${url.lastModified}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(siteUrl: string, sitemapPaths: string[]): string {
  const entries = sitemapPaths.map(
    (path) => `<sitemap><loc>${escapeXml(new URL(path, siteUrl).toString())}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}
