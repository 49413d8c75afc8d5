import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, blogPosts } from "../db/schema.ts";
import { toSastDateTime } from "../core/content/schedule.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import {
  createStaffUser,
  formValues,
  signIn,
  type StaffHttpSession,
  TEST_STAFF_PASSWORD,
} from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * The blog and dealer pages of the back office over real HTTP with real sessions: who may open
 * what, CSRF, 422 with the fields at fault, and what the public site, the API and the sitemap show after an
 * edit: a scheduled post stays out until its time, a renamed dealer's old addresses redirect permanently.
 * The browser journeys are tests/e2e/staff-blog-dealers.spec.ts.
 */
let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
const sessions: Record<"admin" | "editor" | "sandton" | "menlyn", StaffHttpSession> = {} as never;

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
      email: `${name}@content.example`,
      role,
      dealerSlugs: [...dealerSlugs],
      password: TEST_STAFF_PASSWORD,
    });
    sessions[name] = await signIn(server.baseUrl, `${name}@content.example`, TEST_STAFF_PASSWORD);
  }
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const get = (url: string, session?: StaffHttpSession) =>
  fetch(`${server.baseUrl}${url}`, { redirect: "manual", headers: session ? { Cookie: session.cookie } : {} });

function post(
  url: string,
  session: StaffHttpSession,
  fields: Record<string, string>,
  files: Record<string, { name: string; bytes: Buffer }> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files))
    body.append(name, new Blob([new Uint8Array(file.bytes)], { type: "image/png" }), file.name);
  return fetch(`${server.baseUrl}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: session.cookie, Origin: server.baseUrl },
    body,
  });
}

const hero = () => ({
  name: "hero.png",
  bytes: fs.readFileSync(path.join(import.meta.dirname, "../tests/fixtures/photos/trade-in-side.png")),
});

/** A dealer's form as its page fills it in. */
async function dealerForm(slug: string, session: StaffHttpSession): Promise<Record<string, string>> {
  return formValues(await (await get(`/staff/dealers/${slug}`, session)).text());
}

describe("who may open the blog and dealer pages", () => {
  it("lets editors and administrators into the blog, refuses dealer managers (403)", async () => {
    expect((await get("/staff/blog", sessions.editor)).status).toBe(200);
    expect((await get("/staff/blog/new", sessions.admin)).status).toBe(200);
    expect((await get("/staff/blog", sessions.sandton)).status).toBe(403);
    expect((await get("/staff/blog/new", sessions.sandton)).status).toBe(403);
    const [first] = await database.db.select({ id: blogPosts.id }).from(blogPosts).limit(1);
    expect((await get(`/staff/blog/${first!.id}`, sessions.sandton)).status).toBe(403);
    expect((await get(`/staff/blog/${first!.id}/preview`, sessions.sandton)).status).toBe(403);
    expect((await get("/staff/blog/99999999", sessions.editor)).status).toBe(404);
  });

  it("lets a dealer manager open only their own dealer (404 for another), refuses editors (403), and only administrators add dealers", async () => {
    expect((await get("/staff/dealers/honda-sandton", sessions.sandton)).status).toBe(200);
    expect((await get("/staff/dealers/honda-menlyn", sessions.sandton)).status).toBe(404);
    expect((await get("/staff/dealers/honda-sandton", sessions.editor)).status).toBe(403);
    expect((await get("/staff/dealers", sessions.editor)).status).toBe(403);
    expect((await get("/staff/dealers/new", sessions.sandton)).status).toBe(403);
    expect((await get("/staff/dealers/new", sessions.admin)).status).toBe(200);
    const list = await (await get("/staff/dealers", sessions.sandton)).text();
    expect(list).toContain("/staff/dealers/honda-sandton");
    expect(list).not.toContain("/staff/dealers/honda-menlyn");
  });
});

describe("a dealer manager's hours", () => {
  it("refuses a form without the CSRF token, answers 422 naming the field, and shows saved Saturday hours on /contact and in its JSON-LD", async () => {
    const form = await dealerForm("honda-sandton", sessions.sandton);
    expect(form).toMatchObject({ opens_saturday: "08:00", closes_saturday: "13:00", province: "Gauteng" });
    // A dealer manager is not shown where leads go.
    expect(form).not.toHaveProperty("webhookSecret");
    expect(form).not.toHaveProperty("enquiryEmails");
    expect((await post("/staff/dealers/honda-sandton", sessions.sandton, { ...form, csrf: "" })).status).toBe(403);
    const bad = await post("/staff/dealers/honda-sandton", sessions.sandton, { ...form, closes_saturday: "07:00" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Saturday: closing time must be after the opening time");
    const saved = await post("/staff/dealers/honda-sandton", sessions.sandton, {
      ...form,
      opens_saturday: "08:15",
      closes_saturday: "12:45",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/staff/dealers/honda-sandton?done=saved");
    const contact = await (await get("/contact")).text();
    expect(contact).toMatch(/Saturday<\/dt><dd[^>]*>08:15 – 12:45/);
    expect(contact).toContain('"opens":"08:15","closes":"12:45"');
    expect(contact).toContain('"dayOfWeek":["https://schema.org/Monday"');
    expect((await post("/staff/dealers/honda-menlyn", sessions.sandton, { ...form })).status).toBe(404);
  });
});

describe("a renamed dealer", () => {
  it("answers its old page and API addresses with a permanent redirect to the new slug", async () => {
    const form = await dealerForm("honda-mbombela", sessions.admin);
    expect(form.webhookSecret).toBe("");
    // Where leads go: the CRM's ADF address apart from people's, and a dealer is never left without one.
    expect(form).toMatchObject({
      crmEmails: "crm@honda-mbombela.example.co.za",
      enquiryEmails: "leads@honda-mbombela.example.co.za",
    });
    const withoutCrm = await post("/staff/dealers/honda-mbombela", sessions.admin, { ...form, crmEmails: "" });
    expect(withoutCrm.status).toBe(422);
    expect(await withoutCrm.text()).toContain("CRM lead addresses: at least one is required");
    const renamed = await post("/staff/dealers/honda-mbombela", sessions.admin, { ...form, slug: "honda-nelspruit" });
    expect(renamed.status).toBe(302);
    expect(renamed.headers.get("location")).toBe("/staff/dealers/honda-nelspruit?done=saved");
    const page = await get("/dealer/honda-mbombela/used?sort=price");
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("/dealer/honda-nelspruit/used?sort=price");
    const home = await get("/dealer/honda-mbombela");
    expect([home.status, home.headers.get("location")]).toEqual([301, "/dealer/honda-nelspruit"]);
    expect((await get("/dealer/honda-nelspruit")).status).toBe(200);
    const api = await get("/api/dealers/honda-mbombela");
    expect([api.status, api.headers.get("location")]).toEqual([308, "/api/dealers/honda-nelspruit"]);
    const vehicles = await get("/api/dealers/honda-mbombela/vehicles?page=2");
    expect([vehicles.status, vehicles.headers.get("location")]).toEqual([
      308,
      "/api/dealers/honda-nelspruit/vehicles?page=2",
    ]);
    // However the old slug is spelled (case, %-escapes), it is first redirected to its one spelling (the request
    // guard), and that to the new slug, never to itself.
    const spelled = await get("/Dealer/honda-%6Dbombela/used");
    expect([spelled.status, spelled.headers.get("location")]).toEqual([301, "/dealer/honda-mbombela/used"]);
    const canonical = await get("/dealer/honda-mbombela/used");
    expect([canonical.status, canonical.headers.get("location")]).toEqual([301, "/dealer/honda-nelspruit/used"]);
    // The API refuses another spelling with 400 naming the one to ask for (server/request-path.ts).
    const escaped = await get("/api/dealers/honda-%6Dbombela/vehicles");
    expect(escaped.status).toBe(400);
    // A visitor who chose the dealer before it was renamed keeps it: the remembered old slug finds the new one.
    const specialsFor = async (cookie: string) =>
      (await (await fetch(`${server.baseUrl}/specials`, { headers: { Cookie: cookie } })).text()).replace(
        /nonce="[^"]*"/g,
        "",
      );
    const [byOldSlug, byNewSlug, byNone] = await Promise.all([
      specialsFor("dealer_slug=honda-mbombela"),
      specialsFor("dealer_slug=honda-nelspruit"),
      specialsFor(""),
    ]);
    expect(byNewSlug).not.toBe(byNone);
    expect(byOldSlug).toBe(byNewSlug);
    expect((await get("/dealer/never-a-dealer")).status).toBe(404);
    expect((await get("/dealer/constructor")).status).toBe(404);
    expect((await get("/api/dealers/constructor")).status).toBe(404);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "dealer"),
          eq(auditLog.action, "dealer.update"),
          eq(auditLog.actorLabel, "admin@content.example"),
        ),
      );
    expect(entry!.changes).toMatchObject({ slug: { from: "honda-mbombela", to: "honda-nelspruit" } });
  });
});

describe("a scheduled blog post", () => {
  it("is saved by an editor, previewed by staff only, and stays off /blog, the API and the sitemap until its time", async () => {
    const later = toSastDateTime(new Date(Date.now() + 3 * 3_600_000)).slice(0, 16);
    const fields = {
      csrf: sessions.editor.csrfToken,
      title: "Festive season service hours",
      slug: "",
      author: "Lerato Dlamini",
      description: "When our workshops are open over the holidays.",
      body: "## Before you go\n\nBook a check.\n\n<script>alert(1)</script>[x](javascript:alert(1))",
      status: "published",
      publishAt: later,
      metaTitle: "",
      metaDescription: "",
      keywords: "",
    };
    const refused = await post("/staff/blog/new", sessions.editor, { ...fields, title: "" }, {});
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Title is required");
    expect(refusedHtml).toContain("Choose a hero image");
    const saved = await post("/staff/blog/new", sessions.editor, fields, { heroImage: hero() });
    expect(saved.status).toBe(302);
    const editPath = saved.headers.get("location")!.replace(/\?.*$/, "");
    expect(editPath).toMatch(/^\/staff\/blog\/\d+$/);
    expect(await (await get(editPath, sessions.editor)).text()).toContain("Scheduled");
    const preview = await get(`${editPath}/preview`, sessions.editor);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toMatch(/no-store/);
    expect(preview.headers.get("x-robots-tag")).toMatch(/noindex/);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("<h2>Before you go</h2>");
    expect(previewHtml).not.toMatch(/<script>alert|href="javascript:/i);
    expect(previewHtml).toMatch(/<source type="image\/avif" srcSet="\/media\/images\//);
    expect((await get("/blog/festive-season-service-hours")).status).toBe(404);
    expect(await (await get("/blog")).text()).not.toContain("Festive season service hours");
    expect((await get("/api/blog/festive-season-service-hours")).status).toBe(404);
    expect(await (await get("/sitemap-pages.xml")).text()).not.toContain("/blog/festive-season-service-hours");
    // Published now instead: the same pages show it at once.
    const values = { ...fields, csrf: sessions.editor.csrfToken, publishAt: "" };
    expect((await post(editPath, sessions.editor, values)).status).toBe(302);
    expect((await get("/blog/festive-season-service-hours")).status).toBe(200);
    expect(await (await get("/blog")).text()).toContain("Festive season service hours");
    expect((await get("/api/blog/festive-season-service-hours")).status).toBe(200);
    expect(await (await get("/sitemap-pages.xml")).text()).toContain("/blog/festive-season-service-hours");
  });
});
