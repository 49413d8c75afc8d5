import { Hono } from "hono";
import { ReadModels } from "../core/shared/read-model.server.ts";
import {
  catalogueUrls,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  urlSetXml,
  usedVehicleCount,
  usedVehicleUrls,
} from "../core/seo/sitemap.server.ts";
import type { Database } from "../db/client.ts";

/** Cache-Control comes from the one caching rule (server/middleware/caching.ts). */
const XML = { "Content-Type": "application/xml; charset=utf-8" };

/**
 * /robots.txt and the sitemaps: /sitemap.xml is an index of /sitemap-pages.xml (pages, models, specials,
 * dealers, posts) and /sitemap-used-N.xml (used vehicles, 50 000 a file).
 */
export function seoRoutes(
  db: Database,
  siteUrl: string,
  urlsPerFile = SITEMAP_MAX_URLS,
  readModels = new ReadModels(db),
): Hono {
  return new Hono()
    .get("/robots.txt", (c) =>
      c.text(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /staff\nDisallow: /go/\nDisallow: /*/thank-you\nDisallow: /*/enquire\n\nSitemap: ${new URL("/sitemap.xml", siteUrl)}\n`,
      ),
    )
    .get("/sitemap.xml", async (c) => {
      const usedFiles = Math.max(1, Math.ceil((await usedVehicleCount(db)) / urlsPerFile));
      const paths = [
        "/sitemap-pages.xml",
        ...Array.from({ length: usedFiles }, (_, i) => `/sitemap-used-${i + 1}.xml`),
      ];
      return c.body(sitemapIndexXml(siteUrl, paths), 200, XML);
    })
    .get("/sitemap-pages.xml", async (c) => c.body(urlSetXml(siteUrl, await catalogueUrls(db, readModels)), 200, XML))
    .get("/:file{sitemap-used-[0-9]+\\.xml}", async (c) => {
      const page = Number(/(\d+)/.exec(c.req.param("file"))![1]);
      const urls = page >= 1 ? await usedVehicleUrls(db, page, urlsPerFile) : [];
      if (urls.length === 0 && page !== 1) return c.notFound();
      return c.body(urlSetXml(siteUrl, urls), 200, XML);
    });
}
