import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HEAD_OFFICE_SLUG, resolveDealerScope } from "../../core/dealers/dealers.server.ts";
import { type BannerType, bannerTypeFor, readBanners, toBannerView } from "../../core/content/banners.server.ts";
import {
  BLOG_PAGE_SIZE,
  blogPage,
  blogPostsModel,
  publicPost,
  toBlogPostDetail,
  toBlogPostView,
} from "../../core/content/blog.server.ts";
import { type DealKind, dealApiView, readPublicDeal, readPublicDeals } from "../../core/content/deals.server.ts";
import type { ReadModels } from "../../core/shared/read-model.server.ts";
import { answers, apiRouter, goneAnswer, notFoundAnswer, operation } from "./operation.ts";
import { apiError, hydraCollection, ldResource, notFound, withLdType } from "./responses.ts";
import {
  bannerSchema,
  blogPostDetailSchema,
  blogPostSchema,
  dealSchema,
  hydraCollectionSchema,
  pageQuery,
} from "./schemas.ts";

const pathText = (name: string, example: string, description?: string) =>
  z.string().openapi({ param: { name, in: "path", description }, example });

const bannerQuery = z.object({
  type: z
    .string()
    .openapi({
      enum: ["Car", "Motorcycle", "new", "honda-wing", ""],
      description: "'new' gives Car and 'honda-wing' Motorcycle; empty for the home page",
    })
    .optional()
    .transform((raw, ctx): BannerType => {
      const type = bannerTypeFor(raw ?? null);
      if (type !== null) return type;
      ctx.addIssue({ code: "custom", message: "must be Car, Motorcycle, new, honda-wing or empty" });
      return z.NEVER;
    }),
});

const dealQuery = z.object({
  deal: z.string().optional().openapi({ description: "Only the deal with this slug", example: "cr-v-e-hev-cash-back" }),
});
const dealCollection = hydraCollectionSchema(dealSchema);
const blogCollection = hydraCollectionSchema(
  blogPostSchema,
  {
    blogs: z.array(blogPostSchema).openapi({ description: "The same posts as hydra:member (the SPEC's blogs)" }),
    total: z.number().int(),
    pageSize: z.number().int().openapi({ example: BLOG_PAGE_SIZE }),
  },
  { paged: true },
);

const listBannersRoute = createRoute({
  method: "get",
  operationId: "listBanners",
  path: "/banners",
  tags: ["Content"],
  summary: "The banners of the home page (empty type), the new-car pages or the Honda Wing pages",
  request: { query: bannerQuery },
  responses: answers({
    200: { description: "The banners in display order", schema: hydraCollectionSchema(bannerSchema) },
  }),
});

const getDealRoute = createRoute({
  method: "get",
  operationId: "getDeal",
  path: "/deals/{slug}",
  tags: ["Deals"],
  summary: "One deal",
  description:
    "A published deal within its schedule. A deal whose schedule has ended is gone (410); a draft or one not started yet is not found.",
  request: { params: z.object({ slug: pathText("slug", "cr-v-e-hev-cash-back") }) },
  responses: answers({
    200: { description: "The deal", schema: dealSchema },
    404: notFoundAnswer("deal"),
    410: goneAnswer("The deal has ended"),
  }),
});

const listBlogPostsRoute = createRoute({
  method: "get",
  operationId: "listBlogPosts",
  path: "/blog",
  tags: ["Content"],
  summary: "The blog, newest first, 6 posts a page",
  request: { query: z.object({ page: pageQuery }) },
  responses: answers({ 200: { description: "One page of posts (without their bodies)", schema: blogCollection } }),
});

const getBlogPostRoute = createRoute({
  method: "get",
  operationId: "getBlogPost",
  path: "/blog/{slug}",
  tags: ["Content"],
  summary: "One blog post with its HTML body",
  request: { params: z.object({ slug: pathText("slug", "balloon-payments-explained") }) },
  responses: answers({
    200: { description: "The post", schema: blogPostDetailSchema },
    404: notFoundAnswer("blog post"),
  }),
});

/** Deals, banners and blog posts come from the public read models, under the same rules as the pages (decisions 035, 039). */
export function contentRoutes(readModels: ReadModels): OpenAPIHono {
  const dealsFor = async (c: Context, dealerSlug: string, deal: string | undefined, kind?: DealKind) => {
    const scope = await resolveDealerScope(readModels, dealerSlug);
    if (!scope) return notFound(c, "Dealer");
    const scopeSlug = scope.dealerId === null ? null : dealerSlug;
    const deals = (await readPublicDeals(readModels, { dealerSlug: scopeSlug, kind, slug: deal || undefined })).map(
      dealApiView,
    );
    return hydraCollection(c, "Deal", deals, deals.length);
  };
  const dealsRoute = <P extends z.ZodObject<{ [name: string]: z.ZodString }>>(
    operationId: string,
    path: string,
    summary: string,
    params?: P,
  ) =>
    createRoute({
      method: "get",
      operationId,
      path,
      tags: ["Deals"],
      summary,
      request: { ...(params ? { params } : {}), query: dealQuery },
      responses: answers({ 200: { description: "The deals", schema: dealCollection }, 404: notFoundAnswer("dealer") }),
    });
  const dealerName = z.object({
    name: pathText("name", "honda-sandton", "A dealer slug, or head-office for the group's own"),
  });

  const app = apiRouter();
  operation(app, listBannersRoute, async (c, { query }) => {
    const banners = (await readBanners(readModels, query.type, null)).map(toBannerView);
    return hydraCollection(c, "Banner", banners, banners.length);
  });
  operation(
    app,
    dealsRoute("listSpecialDeals", "/special-deals/{name}", "A dealer's special deals and the group's", dealerName),
    (c, { params, query }) => dealsFor(c, params.name, query.deal, "special"),
  );
  operation(
    app,
    dealsRoute("listServiceDeals", "/service-deals/{name}", "A dealer's service deals and the group's", dealerName),
    (c, { params, query }) => dealsFor(c, params.name, query.deal, "service"),
  );
  operation(app, dealsRoute("listGroupSpecials", "/specials", "The group's own offers (head office)"), (c, { query }) =>
    dealsFor(c, HEAD_OFFICE_SLUG, query.deal),
  );
  operation(
    app,
    dealsRoute(
      "listDealerSpecials",
      "/specials/{dealerSlug}",
      "A dealer's offers and the group's",
      z.object({ dealerSlug: pathText("dealerSlug", "honda-umhlanga") }),
    ),
    (c, { params, query }) => dealsFor(c, params.dealerSlug, query.deal),
  );
  operation(app, getDealRoute, async (c, { params }) => {
    const found = await readPublicDeal(readModels, params.slug);
    if (!found) return notFound(c, "Deal");
    if (found.visibility === "gone") return apiError(c, 410, "Deal ended");
    const deal = dealApiView(found.deal);
    return ldResource(c, deal, "Deal", `/api/deals/${deal.slug}`);
  });
  operation(app, listBlogPostsRoute, async (c, { query }) => {
    const { posts, total } = blogPage(await readModels.read(blogPostsModel), query.page, new Date());
    const members = posts.map((post) => withLdType(toBlogPostView(post), "BlogPost", `/api/blog/${post.slug}`));
    const paging = { page: query.page, pageSize: BLOG_PAGE_SIZE };
    return hydraCollection(c, "BlogPost", members, total, { blogs: members, total, pageSize: BLOG_PAGE_SIZE }, paging);
  });
  operation(app, getBlogPostRoute, async (c, { params }) => {
    const post = publicPost(await readModels.read(blogPostsModel), params.slug, new Date());
    return post
      ? ldResource(c, toBlogPostDetail(post), "BlogPost", `/api/blog/${post.slug}`)
      : notFound(c, "Blog post");
  });
  return app;
}
