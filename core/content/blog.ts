import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { sanitizeBlogHtml } from "./sanitize-html.ts";

export const BLOG_PAGE_SIZE = 6;

/** SPEC section 3: Blog post. */
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

const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  description: blogPosts.description,
  publishDate: blogPosts.publishDate,
  imageUri: blogPosts.imageUri,
  author: blogPosts.author,
  metaTitle: blogPosts.metaTitle,
  metaDescription: blogPosts.metaDescription,
  keywords: blogPosts.keywords,
};

export async function listBlogPosts(db: Database, page: number): Promise<{ posts: BlogPostView[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .orderBy(desc(blogPosts.publishDate), desc(blogPosts.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    db.select({ total: count() }).from(blogPosts),
  ]);
  return { posts: rows.map(toSummary), total: totals?.total ?? 0 };
}

export async function findBlogPost(db: Database, slug: string): Promise<BlogPostDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns, body: blogPosts.body })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  return row ? { ...toSummary(row), body: sanitizeBlogHtml(row.body) } : null;
}

function toSummary(row: {
  slug: string;
  title: string;
  description: string;
  publishDate: string;
  imageUri: string;
  author: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string | null;
}): BlogPostView {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    publish_date: row.publishDate,
    image: { uri: row.imageUri },
    author: row.author,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    keywords: row.keywords,
  };
}
