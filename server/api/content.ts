import { type Context, Hono } from "hono";
import { HEAD_OFFICE_SLUG, resolveDealerScope } from "../../core/dealers/dealers.ts";
import { bannerTypeFor, listBanners } from "../../core/content/banners.ts";
import { BLOG_PAGE_SIZE, findBlogPost, listBlogPosts } from "../../core/content/blog.ts";
import { type DealKind, findDeal, listDeals } from "../../core/content/deals.ts";
import { parsePage, type Violation } from "../../core/shared/violations.ts";
import type { Database } from "../../db/client.ts";
import { apiError, hydraCollection, jsonLd, notFound, withLdType } from "./responses.ts";

export function contentRoutes(db: Database): Hono {
  const dealsFor = async (c: Context, dealerSlug: string, kind?: DealKind) => {
    const scope = await resolveDealerScope(db, dealerSlug);
    if (!scope) return notFound(c, "Dealer");
    const deals = await listDeals(db, { dealerId: scope.dealerId, kind, slug: c.req.query("deal") || undefined });
    return hydraCollection(c, "Deal", deals, deals.length);
  };

  return new Hono()
    .get("/banners", async (c) => {
      const type = bannerTypeFor(c.req.query("type") ?? null);
      if (type === null) {
        return apiError(c, 400, "Invalid query parameters", [
          { propertyPath: "type", message: "must be Car, Motorcycle, new, honda-wing or empty" },
        ]);
      }
      const banners = await listBanners(db, type);
      return hydraCollection(c, "Banner", banners, banners.length);
    })
    .get("/special-deals/:name", (c) => dealsFor(c, c.req.param("name"), "special"))
    .get("/service-deals/:name", (c) => dealsFor(c, c.req.param("name"), "service"))
    .get("/specials", (c) => dealsFor(c, HEAD_OFFICE_SLUG))
    .get("/specials/:dealerSlug", (c) => dealsFor(c, c.req.param("dealerSlug")))
    .get("/deals/:slug", async (c) => {
      const deal = await findDeal(db, c.req.param("slug"));
      return deal ? jsonLd(c, withLdType(deal, "Deal", `/api/deals/${deal.slug}`)) : notFound(c, "Deal");
    })
    .get("/blog", async (c) => {
      const violations: Violation[] = [];
      const page = parsePage(c.req.query("page") ?? null, violations);
      if (violations.length > 0) return apiError(c, 400, "Invalid query parameters", violations);
      const { posts, total } = await listBlogPosts(db, page);
      const members = posts.map((post) => withLdType(post, "BlogPost", `/api/blog/${post.slug}`));
      return hydraCollection(c, "BlogPost", members, total, { blogs: members, total, pageSize: BLOG_PAGE_SIZE });
    })
    .get("/blog/:slug", async (c) => {
      const post = await findBlogPost(db, c.req.param("slug"));
      return post ? jsonLd(c, withLdType(post, "BlogPost", `/api/blog/${post.slug}`)) : notFound(c, "Blog post");
    });
}
