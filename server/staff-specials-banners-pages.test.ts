import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, dealers, deals } from "../db/schema.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * The specials and banners pages over real HTTP with real sessions: who may open what (404 for another
 * dealer's special, 403 for banners to a dealer manager), CSRF, the multipart forms with their image (422
 * naming the fields), and the public side: a draft or not-started special is not found, an ended one answers
 * 410 with a link to the current specials, for its page and its enquiry form alike. The browser journey is
 * tests/e2e/staff-specials-banners.spec.ts.
 */
let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
const sessions: Record<"admin" | "editor" | "sandton" | "menlyn", StaffHttpSession> = {} as never;
let png: Blob;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const app = createApp({ db: database.db, logger: capturingLogger("warn").logger, ...(await builtSite()) });
  server = await serveOverHttp(app);
  const accounts = [
    ["admin", "group_admin", []],
    ["editor", "content_editor", []],
    ["sandton", "dealer_manager", ["honda-sandton"]],
    ["menlyn", "dealer_manager", ["honda-menlyn"]],
  ] as const;
  for (const [name, role, dealerSlugs] of accounts) {
    await createStaffUser(database.db, {
      email: `${name}@content-pages.example`,
      role,
      dealerSlugs: [...dealerSlugs],
      password: TEST_STAFF_PASSWORD,
    });
    sessions[name] = await signIn(server.baseUrl, `${name}@content-pages.example`, TEST_STAFF_PASSWORD);
  }
  png = new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 320, channels: 3, background: "#3d6a7f" } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: "image/png" },
  );
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const get = (path: string, session?: StaffHttpSession) =>
  fetch(`${server.baseUrl}${path}`, { redirect: "manual", headers: session ? { Cookie: session.cookie } : {} });

function post(path: string, session: StaffHttpSession | null, fields: Record<string, string>, image?: Blob) {
  const body = new FormData();
  if (session) body.set("csrf", session.csrfToken);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (image) body.set("image", image, "picture.png");
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseUrl, ...(session ? { Cookie: session.cookie } : {}) },
    body,
  });
}

const sast = (moment: Date) => new Date(moment.getTime() + 2 * 60 * 60 * 1000).toISOString().slice(0, 16);
const special = (fields: Record<string, string> = {}) => ({
  title: `Page special ${Math.random().toString(36).slice(2, 8)}`,
  kind: "special",
  dealer: "",
  summary: "R5 000 towards your deposit on a new WR-V. T&Cs apply.",
  endsAt: sast(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)),
  ...fields,
});

async function createdSpecial(
  session: StaffHttpSession,
  fields: Record<string, string> = {},
): Promise<{ id: number; slug: string }> {
  const response = await post("/staff/specials/new", session, special(fields), png);
  expect(response.status).toBe(302);
  const id = Number(/\/staff\/specials\/(\d+)\?done=created$/.exec(response.headers.get("location") ?? "")![1]);
  const [row] = await database.db.select({ slug: deals.slug }).from(deals).where(eq(deals.id, id));
  return { id, slug: row!.slug };
}

describe("the specials pages in the back office", () => {
  it("a content editor adds a special with its image, previews it and publishes it; each change is audited", async () => {
    const { id, slug } = await createdSpecial(sessions.editor);
    expect((await get(`/specials/${slug}`)).status).toBe(404);
    const preview = await get(`/staff/specials/${id}/preview`, sessions.editor);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toMatch(/no-store/);
    expect(preview.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(await preview.text()).toMatch(/<source type="image\/avif" srcSet="\/media\/images\/\w+\.avif 320w/);
    const published = await post(`/staff/specials/${id}`, sessions.editor, { intent: "publish" });
    expect(published.status).toBe(302);
    const page = await get(`/specials/${slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Enquire about this special");
    const actions = await database.db
      .select({ action: auditLog.action, actor: auditLog.actorLabel })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "deal"), eq(auditLog.entityId, String(id))));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "deal.create", actor: "editor@content-pages.example" },
        { action: "deal.publish", actor: "editor@content-pages.example" },
      ]),
    );
  });

  it("answers a form without its CSRF token 403, and bad fields 422 naming them, storing nothing", async () => {
    const before = (await database.db.select({ id: deals.id }).from(deals)).length;
    expect((await post("/staff/specials/new", null, special(), png)).status).toBe(302);
    const noToken = await fetch(`${server.baseUrl}/staff/specials/new`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: sessions.editor.cookie, Origin: server.baseUrl },
      body: (() => {
        const form = new FormData();
        for (const [name, value] of Object.entries(special())) form.set(name, value);
        return form;
      })(),
    });
    expect(noToken.status).toBe(403);
    const bad = await post(
      "/staff/specials/new",
      sessions.editor,
      special({ title: "", endsAt: "next week", slug: "Not A Slug" }),
      new Blob(["not an image"], { type: "image/png" }),
    );
    expect(bad.status).toBe(422);
    const html = await bad.text();
    for (const message of [
      "Title is required",
      "Valid until must be a date and time",
      "Address may hold only small letters",
    ])
      expect(html).toContain(message);
    expect((await database.db.select({ id: deals.id }).from(deals)).length).toBe(before);
  });

  it("gives a dealer manager their dealer's specials only: another dealer's is 404", async () => {
    const own = await createdSpecial(sessions.sandton, { dealer: "honda-sandton" });
    expect((await get(`/staff/specials/${own.id}`, sessions.sandton)).status).toBe(200);
    expect((await get(`/staff/specials/${own.id}`, sessions.menlyn)).status).toBe(404);
    expect((await get(`/staff/specials/${own.id}/preview`, sessions.menlyn)).status).toBe(404);
    expect((await post(`/staff/specials/${own.id}`, sessions.menlyn, { intent: "publish" })).status).toBe(404);
    const list = await (await get("/staff/specials", sessions.menlyn)).text();
    expect(list).not.toContain(`/staff/specials/${own.id}"`);
    expect((await get(`/staff/specials/${own.id}`, sessions.admin)).status).toBe(200);
  });
});

describe("the banners pages", () => {
  it("answers a dealer manager 403 and lets an editor add a banner that is then on the home page", async () => {
    expect((await get("/staff/banners", sessions.sandton)).status).toBe(403);
    expect((await get("/staff/banners/new", sessions.sandton)).status).toBe(403);
    expect(
      (await post("/staff/banners/new", sessions.sandton, { title: "No", type: "", buttonUrl: "/" }, png)).status,
    ).toBe(403);
    const bad = await post(
      "/staff/banners/new",
      sessions.editor,
      { title: "Bad link", type: "", buttonUrl: "javascript:alert(1)" },
      png,
    );
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Link must be a path on this site");
    const added = await post(
      "/staff/banners/new",
      sessions.editor,
      { title: "Winter service clinic", type: "", buttonUrl: "/service", sortOrder: "0" },
      png,
    );
    expect(added.status).toBe(302);
    const home = await (await get("/")).text();
    expect(home).toContain("Winter service clinic");
    expect(home).toContain("Explore more");
  });

  it("shows a dealer's banner on that dealer's home page with the group's, not on the group's or another dealer's", async () => {
    const added = await post(
      "/staff/banners/new",
      sessions.admin,
      { title: "Sandton open day", type: "", buttonUrl: "/new", dealer: "honda-sandton" },
      png,
    );
    expect(added.status).toBe(302);
    const sandton = await (await get("/dealer/honda-sandton")).text();
    expect(sandton).toContain("Sandton open day");
    expect(sandton).toContain('href="/dealer/honda-sandton/new"');
    expect(sandton).toContain("Winter service clinic");
    expect(await (await get("/dealer/honda-menlyn")).text()).not.toContain("Sandton open day");
    expect(await (await get("/")).text()).not.toContain("Sandton open day");
  });
});

describe("a special's public address", () => {
  it("is not found before its start; once ended it answers 410 with a link to the current specials, page and enquiry form alike", async () => {
    const { id, slug } = await createdSpecial(sessions.admin, {
      startsAt: sast(new Date(Date.now() + 60 * 60 * 1000)),
    });
    await post(`/staff/specials/${id}`, sessions.admin, { intent: "publish" });
    expect((await get(`/specials/${slug}`)).status).toBe(404);
    await database.db
      .update(deals)
      .set({ startsAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000), endsAt: new Date(Date.now() - 1000) })
      .where(eq(deals.id, id));
    const gone = await get(`/specials/${slug}`);
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain("This special has ended");
    expect(html).toMatch(/href="\/specials"[^>]*>See our current specials/);
    const [sandton] = await database.db
      .select({ slug: dealers.slug })
      .from(dealers)
      .where(eq(dealers.slug, "honda-sandton"));
    expect((await get(`/dealer/${sandton!.slug}/specials/${slug}`)).status).toBe(410);
    const enquiry = await fetch(`${server.baseUrl}/specials/${slug}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body: new URLSearchParams({
        first_name: "Thandi",
        last_name: "Mokoena",
        email: "thandi@example.co.za",
        cell_phone: "082 123 4567",
      }),
    });
    expect(enquiry.status).toBe(410);
    expect(await (await get("/specials")).text()).not.toContain(`/specials/${slug}"`);
  });
});
