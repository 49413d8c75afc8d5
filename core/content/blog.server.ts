import { desc, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { pictureSources, renditionsOf } from "../media/image-pipeline.server.ts";
import { defineReadModel } from "../shared/read-model.server.ts";
import { sanitizeBlogHtml } from "./sanitize-html.ts";

export const BLOG_PAGE_SIZE = 6;

/** product.md §3: Blog post. */
export type BlogPostView = {
  slug: string;
  title: string;
  description: string;
  /** ISO date, YYYY-MM-DD. */
  publish_date: string;
  image: { uri: string };
  author: string;
  meta_title: string;
  meta_description: string;
  keywords: string | null;
};

export type BlogPostDetail = BlogPostView & { body: string };

const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export type PictureSources = ReturnType<typeof pictureSources>;

/** A post as the public site holds it: every post, its body already sanitised, its hero image's renditions. */
export type BlogPost = {
  id: number;
  slug: string;
  title: string;
  description: string;
  publishDate: string;
  publishedAt: Date;
  status: BlogStatus;
  author: string;
  /** Sanitised HTML. */
  body: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string | null;
  imageUri: string;
  /** An uploaded hero image's responsive renditions; absent for the seed's drawn images. */
  picture?: PictureSources;
};

/**
 * Every blog post, newest publish time first. Whether a post is public is decided when it is read
 * (`isPublicPost`), so a scheduled post appears by itself when its time passes.
 */
export const blogPostsModel = defineReadModel<BlogPost[]>({
  name: "blog-posts",
  tables: ["blog_posts"],
  load: (db) => loadBlogPosts(db),
});

export async function loadBlogPosts(db: Database, where?: SQL): Promise<BlogPost[]> {
  const rows = await db.select().from(blogPosts).where(where).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  const renditions = await renditionsOf(
    db,
    rows.flatMap((row) => (row.imageId ? [row.imageId] : [])),
  );
  return rows.map((row) => {
    const stored = row.imageId ? renditions.get(row.imageId) : undefined;
    const picture = stored?.some((r) => r.format === "jpeg") ? pictureSources(stored) : undefined;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      publishDate: row.publishDate,
      publishedAt: row.publishedAt,
      status: row.status as BlogStatus,
      author: row.author,
      body: sanitizeBlogHtml(row.body),
      metaTitle: row.metaTitle,
      metaDescription: row.metaDescription,
      keywords: row.keywords,
      imageUri: row.imageUri,
      ...(picture ? { picture } : {}),
    };
  });
}

/** The one rule for pages, the API and the sitemap: a post is public once published and its time has come. */
function isPublicPost(post: Pick<BlogPost, "status" | "publishedAt">, now: Date): boolean {
  return post.status === "published" && post.publishedAt.getTime() <= now.getTime();
}

/** Draft, Scheduled (published with a time still to come) or Published, as the back office names them. */
export function blogStatusLabel(
  post: Pick<BlogPost, "status" | "publishedAt">,
  now: Date,
): "Draft" | "Scheduled" | "Published" {
  if (post.status === "draft") return "Draft";
  return isPublicPost(post, now) ? "Published" : "Scheduled";
}

export function publicPosts(posts: readonly BlogPost[], now: Date): BlogPost[] {
  return posts.filter((post) => isPublicPost(post, now));
}

/** One page of the public blog, newest first. */
export function blogPage(posts: readonly BlogPost[], page: number, now: Date): { posts: BlogPost[]; total: number } {
  const visible = publicPosts(posts, now);
  return { posts: visible.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE), total: visible.length };
}

/** A public post by slug; null for an unknown, draft or scheduled one. */
export function publicPost(posts: readonly BlogPost[], slug: string, now: Date): BlogPost | null {
  return posts.find((post) => post.slug === slug && isPublicPost(post, now)) ?? null;
}

/** The API's and JSON-LD's shape of a post (product.md §3). */
export function toBlogPostView(post: BlogPost): BlogPostView {
  return {
    slug: post.slug,
    title: post.title,
    description: post.description,
    publish_date: post.publishDate,
    image: { uri: post.imageUri },
    author: post.author,
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
    keywords: post.keywords,
  };
}

export function toBlogPostDetail(post: BlogPost): BlogPostDetail {
  return { ...toBlogPostView(post), body: post.body };
}
