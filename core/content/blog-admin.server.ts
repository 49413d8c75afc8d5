import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { saDateOf } from "../appointments/calendar.ts";
import { ImageRejected, type StoredImage, storeImage } from "../media/image-pipeline.server.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMay, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { type WriteResult, writeOrRefuse } from "../staff/staff-write.server.ts";
import { type BlogPost, blogStatusLabel, loadBlogPosts } from "./blog.server.ts";
import { type BlogField, type BlogPostInput, parseBlogPost } from "./blog-schema.ts";
import { toSastDateTime } from "./schedule.ts";
import { blogHtmlFromMarkdown } from "./markdown.ts";

/**
 * Blog posts as the back office writes them: group administrators and content editors (roles
 * area "blog"); everyone else is refused. Every change is one transaction with its audit entry. The public
 * site follows through the blog_posts change notification (decision 034); a scheduled post needs none.
 */

export type StaffBlogPostItem = {
  id: number;
  title: string;
  slug: string;
  author: string;
  status: "Draft" | "Scheduled" | "Published";
  publishedAt: Date;
};

export type BlogFormValues = Partial<Record<BlogField, string>>;

/** An uploaded file: its bytes (empty when none was chosen). */
export type Upload = { name: string; bytes: Buffer };

const SLUG_TAKEN = { propertyPath: "slug", message: "Address (slug) is already used by another post" };

export async function listStaffBlogPosts(db: Database, actor: StaffActor, now: Date): Promise<StaffBlogPostItem[]> {
  assertMay(actor, "blog", null);
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      author: blogPosts.author,
      status: blogPosts.status,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((row) => ({
    ...row,
    status: blogStatusLabel({ status: row.status as BlogPost["status"], publishedAt: row.publishedAt }, now),
  }));
}

/** A post's form values, its status as staff see it and its hero image. Unknown id: StaffAccessDenied('not-found'). */
export async function getStaffBlogPost(db: Database, actor: StaffActor, id: number, now: Date) {
  assertMay(actor, "blog", null);
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw new StaffAccessDenied("not-found", "blog");
  const values: Record<BlogField, string> = {
    title: row.title,
    slug: row.slug,
    author: row.author,
    description: row.description,
    // Posts written before the back office (the seed's) are HTML, which Markdown takes as it is.
    body: row.bodyMarkdown ?? row.body,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    keywords: row.keywords ?? "",
    status: row.status,
    publishAt: toSastDateTime(row.publishedAt).slice(0, 16),
    heroImage: "",
  };
  return {
    id: row.id,
    slug: row.slug,
    values,
    imageUri: row.imageUri,
    status: blogStatusLabel({ status: row.status as BlogPost["status"], publishedAt: row.publishedAt }, now),
    version: row.updatedAt.getTime(),
  };
}

/** The post as a visitor would see it, whatever its status (the staff preview). */
export async function previewBlogPost(db: Database, actor: StaffActor, id: number): Promise<BlogPost> {
  assertMay(actor, "blog", null);
  const [post] = await loadBlogPosts(db, eq(blogPosts.id, id));
  if (!post) throw new StaffAccessDenied("not-found", "blog");
  return post;
}

const CHOOSE_HERO = { propertyPath: "heroImage", message: "Choose a hero image (JPEG, PNG or WebP)" };

export async function createBlogPost(
  db: Database,
  actor: StaffActor,
  values: BlogFormValues,
  hero: Upload | null,
  now: Date,
): Promise<WriteResult> {
  assertMay(actor, "blog", null);
  const parsed = parseBlogPost(values, now);
  // A refused form stores no image: it is read (and stored) only once the fields are right.
  if (!parsed.ok) return { ok: false, violations: hero ? parsed.violations : [...parsed.violations, CHOOSE_HERO] };
  const image = await heroImage(db, hero);
  const violations = image.ok ? [] : image.violations;
  if (image.ok && !image.stored) violations.push(CHOOSE_HERO);
  if (!image.ok || !image.stored || violations.length > 0) return { ok: false, violations };
  const row = { ...columnsOf(parsed.value), ...heroColumns(image.stored) };
  return writeOrRefuse(
    db,
    async (tx) => {
      if (await slugTaken(tx, row.slug, null)) return { ok: false, violations: [SLUG_TAKEN] };
      const [created] = await tx.insert(blogPosts).values(row).returning({ id: blogPosts.id });
      const id = created!.id;
      await recordAudit(tx, {
        actor,
        action: "blog_post.create",
        entity: "blog_post",
        entityId: id,
        changes: changedFields({}, auditable(row)),
      });
      return { ok: true, id };
    },
    { blog_posts_slug_unique: SLUG_TAKEN },
  );
}

export async function updateBlogPost(
  db: Database,
  actor: StaffActor,
  id: number,
  values: BlogFormValues,
  hero: Upload | null,
  now: Date,
): Promise<WriteResult> {
  assertMay(actor, "blog", null);
  const parsed = parseBlogPost(values, now);
  if (!parsed.ok) return parsed;
  const image = await heroImage(db, hero);
  if (!image.ok) return { ok: false, violations: image.violations };
  const row = { ...columnsOf(parsed.value), ...(image.stored ? heroColumns(image.stored) : {}) };
  return writeOrRefuse(
    db,
    async (tx) => {
      const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
      if (!before) throw new StaffAccessDenied("not-found", "blog");
      if (await slugTaken(tx, row.slug, id)) return { ok: false, violations: [SLUG_TAKEN] };
      const changes = changedFields(auditable(before), auditable(row));
      if (Object.keys(changes).length === 0) return { ok: true, id };
      await tx
        .update(blogPosts)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(blogPosts.id, id));
      await recordAudit(tx, { actor, action: "blog_post.update", entity: "blog_post", entityId: id, changes });
      return { ok: true, id };
    },
    { blog_posts_slug_unique: SLUG_TAKEN },
  );
}

/** An image for a post's body: stored through the image pipeline; answers the Markdown that shows it. */
export async function storeBlogBodyImage(
  db: Database,
  actor: StaffActor,
  upload: Upload,
  alt: string,
): Promise<WriteResult<{ markdown: string }>> {
  assertMay(actor, "blog", null);
  const image = await heroImage(db, upload);
  if (!image.ok) return { ok: false, violations: image.violations.map((v) => ({ ...v, propertyPath: "bodyImage" })) };
  if (!image.stored)
    return { ok: false, violations: [{ propertyPath: "bodyImage", message: "Choose an image to upload" }] };
  const description = alt
    .replace(/[[\]\r\n]/g, " ")
    .trim()
    .slice(0, 200);
  const imageId = image.stored.id;
  await recordAudit(db, {
    actor,
    action: "blog_post.body_image",
    entity: "stored_image",
    entityId: imageId,
    changes: { image: { from: null, to: imageId } },
  });
  return { ok: true, markdown: `![${description}](${largestJpeg(image.stored)})` };
}

type Columns = Omit<typeof blogPosts.$inferInsert, "id" | "imageUri">;

function columnsOf(post: BlogPostInput): Columns & { slug: string } {
  return {
    slug: post.slug,
    title: post.title,
    author: post.author,
    description: post.description,
    bodyMarkdown: post.body,
    body: blogHtmlFromMarkdown(post.body),
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    keywords: post.keywords,
    status: post.status,
    publishedAt: post.publishedAt,
    publishDate: saDateOf(post.publishedAt),
  };
}

const heroColumns = (image: StoredImage) => ({ imageId: image.id, imageUri: largestJpeg(image) });

function largestJpeg(image: StoredImage): string {
  return image.renditions.filter((r) => r.format === "jpeg").at(-1)?.url ?? "";
}

/** What the audit log keeps of a post: its fields, the body as written (the HTML follows from it). */
function auditable(row: Partial<Columns>): Record<string, unknown> {
  const { body: _html, publishedAt, ...rest } = row;
  return { ...rest, ...(publishedAt ? { publishedAt: new Date(publishedAt).toISOString() } : {}) };
}

async function slugTaken(tx: Pick<Database, "select">, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  return row !== undefined && row.id !== exceptId;
}

/** An upload through the image pipeline; no file chosen is no image (stored: null). */
async function heroImage(
  db: Database,
  upload: Upload | null,
): Promise<
  { ok: true; stored: StoredImage | null } | { ok: false; violations: { propertyPath: string; message: string }[] }
> {
  if (!upload || upload.bytes.length === 0) return { ok: true, stored: null };
  try {
    return { ok: true, stored: await storeImage(db, upload.bytes) };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    return {
      ok: false,
      violations: [{ propertyPath: "heroImage", message: `${upload.name ? `${upload.name}: ` : ""}${error.message}` }],
    };
  }
}
