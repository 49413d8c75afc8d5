import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, blogPosts } from "../../db/schema.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { ReadModels } from "../shared/read-model.server.ts";
import { StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { blogPage, blogPostsModel, publicPost, publicPosts } from "./blog.server.ts";
import {
  createBlogPost,
  getStaffBlogPost,
  listStaffBlogPosts,
  previewBlogPost,
  storeBlogBodyImage,
  updateBlogPost,
} from "./blog-admin.server.ts";
import { toSastDateTime } from "./schedule.ts";

const hero = () => ({
  name: "hero.png",
  bytes: fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/photos/trade-in-side.png")),
});

let database: DatabaseHandle;
let admin: StaffActor;
let editor: StaffActor;
let manager: StaffActor;
let readModels: ReadModels;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  readModels = new ReadModels(database.db);
  admin = (await createStaffUser(database.db, { email: "admin@blog.example", role: "group_admin" })).actor;
  editor = (await createStaffUser(database.db, { email: "editor@blog.example", role: "content_editor" })).actor;
  manager = (
    await createStaffUser(database.db, {
      email: "manager@blog.example",
      role: "dealer_manager",
      dealerSlugs: ["honda-sandton"],
    })
  ).actor;
});
afterAll(() => database.close());

let serial = 0;
function post(overrides: Record<string, string> = {}): Record<string, string> {
  serial += 1;
  return {
    title: `Winter tyre care ${serial}`,
    slug: "",
    author: "Lerato Dlamini",
    description: "How to keep your tyres safe through a Highveld winter.",
    body: "## Check the pressure\n\nOnce a month, when the tyres are cold.\n\n- Front\n- Back\n\n[Book a service](/service)",
    metaTitle: "",
    metaDescription: "",
    keywords: "tyres, winter",
    status: "published",
    publishAt: "",
    ...overrides,
  };
}

async function created(by: StaffActor, overrides: Record<string, string> = {}): Promise<number> {
  const result = await createBlogPost(database.db, by, post(overrides), hero(), new Date());
  if (!result.ok) throw new Error(JSON.stringify(result.violations));
  return result.id;
}

const publicNow = async () => publicPosts(await readModels.read(blogPostsModel), new Date());
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof StaffAccessDenied ? error.kind : error),
  );

describe("writing blog posts in the back office", () => {
  it("publishes a post with a slug made from its title, its Markdown as HTML and a hero image in responsive renditions", async () => {
    const id = await created(editor, { title: "Balloon payments: the fine print!" });
    const [shown] = (await publicNow()).filter((p) => p.id === id);
    expect(shown).toMatchObject({
      slug: "balloon-payments-the-fine-print",
      metaTitle: "Balloon payments: the fine print!",
      metaDescription: post().description,
    });
    expect(shown!.body).toContain("<h2>Check the pressure</h2>");
    expect(shown!.body).toContain("<li>Front</li>");
    expect(shown!.body).toContain('<a href="/service" rel="noopener noreferrer">Book a service</a>');
    expect(shown!.imageUri).toMatch(/^\/media\/images\/[0-9a-f]+\.jpg$/);
    expect(shown!.picture?.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
  });

  it("keeps a draft off the public site, shows it in the staff preview, and publishes it on the next save", async () => {
    const id = await created(editor, { status: "draft" });
    const slug = (await getStaffBlogPost(database.db, editor, id, new Date())).slug;
    expect(publicPost(await readModels.read(blogPostsModel), slug, new Date())).toBeNull();
    expect((await previewBlogPost(database.db, editor, id)).slug).toBe(slug);
    expect((await listStaffBlogPosts(database.db, editor, new Date())).find((p) => p.id === id)?.status).toBe("Draft");
    const values = (await getStaffBlogPost(database.db, editor, id, new Date())).values;
    expect(
      await updateBlogPost(
        database.db,
        editor,
        id,
        { ...values, status: "published", publishAt: "" },
        null,
        new Date(),
      ),
    ).toEqual({ ok: true, id });
    expect(publicPost(await readModels.read(blogPostsModel), slug, new Date())?.id).toBe(id);
  });

  it("schedules a post: it is Scheduled and not public until its time, then public by itself", async () => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    const id = await created(editor, { publishAt: toSastDateTime(inAnHour).slice(0, 16) });
    const posts = await readModels.read(blogPostsModel);
    const slug = posts.find((p) => p.id === id)!.slug;
    expect(publicPost(posts, slug, new Date())).toBeNull();
    expect(blogPage(posts, 1, new Date()).posts.map((p) => p.id)).not.toContain(id);
    expect((await listStaffBlogPosts(database.db, editor, new Date())).find((p) => p.id === id)?.status).toBe(
      "Scheduled",
    );
    const later = new Date(inAnHour.getTime() + 60_000);
    expect(publicPost(posts, slug, later)?.id).toBe(id);
    expect(blogPage(posts, 1, later).posts[0]?.id).toBe(id);
  });

  it("never lets a script, an event handler or a javascript: link through the Markdown", async () => {
    const id = await created(editor, {
      body: '# Title\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src="x" onerror="alert(1)"> <a href="JaVaScRiPt:alert(2)">two</a>',
    });
    const body = (await previewBlogPost(database.db, editor, id)).body;
    expect(body).not.toMatch(/<script|onerror|javascript:/i);
    expect(body).toContain("<h2>Title</h2>");
  });
});

describe("checking and auditing blog posts in the back office", () => {
  it("refuses a slug another post has, naming the field, and stores nothing", async () => {
    const id = await created(editor, { slug: "unique-slug-test" });
    const before = await database.db.select().from(blogPosts);
    const result = await createBlogPost(database.db, editor, post({ slug: "unique-slug-test" }), hero(), new Date());
    expect(result).toEqual({
      ok: false,
      violations: [{ propertyPath: "slug", message: "Address (slug) is already used by another post" }],
    });
    const other = await created(editor);
    const values = (await getStaffBlogPost(database.db, editor, other, new Date())).values;
    expect(
      await updateBlogPost(database.db, editor, other, { ...values, slug: "unique-slug-test" }, null, new Date()),
    ).toMatchObject({ ok: false, violations: [{ propertyPath: "slug" }] });
    expect((await database.db.select().from(blogPosts)).length).toBe(before.length + 1);
    expect(id).toBeGreaterThan(0);
  });

  it("answers bad input with every field at fault", async () => {
    const result = await createBlogPost(
      database.db,
      editor,
      post({ title: "", author: "", body: "", slug: "Not A Slug", status: "live", publishAt: "tomorrow" }),
      null,
      new Date(),
    );
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.violations.map((v) => v.propertyPath).sort();
    expect(fields).toEqual(["author", "body", "heroImage", "publishAt", "slug", "status", "title"]);
    const notAnImage = await createBlogPost(
      database.db,
      editor,
      post(),
      { name: "notes.png", bytes: Buffer.from("not an image") },
      new Date(),
    );
    expect(notAnImage).toMatchObject({ ok: false, violations: [{ propertyPath: "heroImage" }] });
  });

  it("audits each change with the fields before and after", async () => {
    const id = await created(editor);
    const values = (await getStaffBlogPost(database.db, editor, id, new Date())).values;
    await updateBlogPost(database.db, admin, id, { ...values, title: "A new title" }, null, new Date());
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "blog_post"), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
    expect(entries.map((e) => [e.action, e.actorLabel])).toEqual([
      ["blog_post.update", "admin@blog.example"],
      ["blog_post.create", "editor@blog.example"],
    ]);
    expect(entries[0]!.changes).toEqual({ title: { from: values.title, to: "A new title" } });
  });

  it("gives an uploaded body image as Markdown that shows it, and audits the upload", async () => {
    const result = await storeBlogBodyImage(database.db, editor, hero(), "A tyre [close up]");
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.markdown).toMatch(/^!\[A tyre {2}close up\]\(\/media\/images\/[0-9a-f]+\.jpg\)$/);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "blog_post.body_image"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorLabel: "editor@blog.example", entity: "stored_image" });
  });
});

describe("who may write blog posts", () => {
  it("refuses a dealer manager (403: no part in the blog) and answers not found for an unknown post", async () => {
    expect(await refusal(listStaffBlogPosts(database.db, manager, new Date()))).toBe("forbidden");
    expect(await refusal(createBlogPost(database.db, manager, post(), hero(), new Date()))).toBe("forbidden");
    const id = await created(admin);
    expect(await refusal(updateBlogPost(database.db, manager, id, post(), null, new Date()))).toBe("forbidden");
    expect(await refusal(previewBlogPost(database.db, manager, id))).toBe("forbidden");
    expect(await refusal(getStaffBlogPost(database.db, editor, 99_999_999, new Date()))).toBe("not-found");
  });
});
