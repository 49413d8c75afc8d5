import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, banners, dealers, deals, staffUsers } from "../../db/schema.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { ChangeNotifications } from "../shared/change-notifications.ts";
import { ReadModels } from "../shared/read-model.server.ts";
import { StaffAccessDenied, type StaffActor, type StaffRole } from "../staff/roles.ts";
import { readBanners } from "./banners.server.ts";
import { createBanner, getStaffBanner, listStaffBanners, updateBanner } from "./banners-admin.server.ts";
import { dealVisibility, readPublicDeal, readPublicDeals } from "./deals.server.ts";
import { createDeal, getStaffDeal, listStaffDeals, setDealStatus, updateDeal } from "./deals-admin.server.ts";
import { toSastDateTime } from "./schedule.ts";

/**
 * Specials, service deals and banners edited through the back-office services, seen as the public sees them:
 * the read models, the API over HTTP and the sitemap (decision 035).
 */
let server: TestServer;
let admin: StaffActor;
let editor: StaffActor;
let sandtonManager: StaffActor;
let menlynManager: StaffActor;
let image: { name: string; bytes: Buffer };

const db = () => server.database.db;
const models = () => new ReadModels(db());

async function actor(email: string, role: StaffRole, dealerSlugs: string[] = []): Promise<StaffActor> {
  const [user] = await db()
    .insert(staffUsers)
    .values({ email, displayName: email, role })
    .returning({ id: staffUsers.id });
  const ids = await Promise.all(
    dealerSlugs.map(
      async (slug) => (await db().select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug)))[0]!.id,
    ),
  );
  return { id: user!.id, label: email, role, dealerIds: ids };
}

const sast = (offsetMs: number) => toSastDateTime(new Date(Date.now() + offsetMs));
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let serial = 0;
function special(overrides: Record<string, string> = {}): Record<string, string> {
  serial += 1;
  return {
    title: `Weekend special ${serial}`,
    slug: "",
    kind: "special",
    dealer: "",
    summary: "R10 000 off a new Jazz this weekend only. T&Cs apply.",
    startsAt: "",
    endsAt: sast(7 * DAY),
    sortOrder: "0",
    ...overrides,
  };
}

async function createdDeal(
  by: StaffActor,
  fields: Record<string, string> = {},
  { publish = true } = {},
): Promise<{ id: number; slug: string }> {
  const result = await createDeal(db(), by, special(fields), image);
  if (!result.ok) throw new Error(JSON.stringify(result.violations));
  if (publish) await setDealStatus(db(), by, result.id, "published");
  const [row] = await db().select({ slug: deals.slug }).from(deals).where(eq(deals.id, result.id));
  return { id: result.id, slug: row!.slug };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof StaffAccessDenied ? error.kind : error),
  );

const auditOf = (entity: string, id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));

async function sitemapPaths(): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/sitemap-pages.xml`);
  return [...(await response.text()).matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)].map(
    (m) => new URL(m[0].replace(/<\/?loc>/g, "")).pathname,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await actor("admin@content.example", "group_admin");
  editor = await actor("editor@content.example", "content_editor");
  sandtonManager = await actor("sandton@content.example", "dealer_manager", ["honda-sandton"]);
  menlynManager = await actor("menlyn@content.example", "dealer_manager", ["honda-menlyn"]);
  const bytes = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#b0163c" } })
    .png()
    .toBuffer();
  image = { name: "special.png", bytes };
});
afterAll(() => server.close());

describe("a special from the back office", () => {
  it("starts as a draft: not on /api/specials, its address not found, not in the sitemap", async () => {
    const { id, slug } = await createdDeal(editor, { title: "Jazz weekend R10 000 off" }, { publish: false });
    expect(slug).toBe("jazz-weekend-r10-000-off");
    const listed = await server.get("/api/specials");
    expect(listed.body["hydra:member"].map((deal: { slug: string }) => deal.slug)).not.toContain(slug);
    expect((await server.get(`/api/deals/${slug}`)).status).toBe(404);
    expect(await sitemapPaths()).not.toContain(`/specials/${slug}`);
    const audit = await auditOf("deal", id);
    expect(audit.map((entry) => entry.action)).toEqual(["deal.create"]);
    expect(audit[0]!.actorLabel).toBe("editor@content.example");
    expect(audit[0]!.changes).toMatchObject({
      title: { from: null, to: "Jazz weekend R10 000 off" },
      status: { from: null, to: "draft" },
    });
  });

  it("once published is public with the fields of product.md §3, its image as renditions, and in the sitemap; the publishing is audited", async () => {
    const { id, slug } = await createdDeal(editor, { title: "Published special", endsAt: "2027-03-01T00:00" });
    const { status, body } = await server.get(`/api/deals/${slug}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug,
      kind: "special",
      title: "Published special",
      valid_until: "2027-02-28",
      dealer_slug: null,
    });
    expect(body.image).toMatch(/^\/media\/images\/[0-9a-f]+\.jpg$/);
    expect(body).not.toHaveProperty("picture");
    const page = await readPublicDeal(models(), slug);
    expect(page?.visibility).toBe("public");
    expect(page?.deal.picture?.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect((await fetch(`${server.baseUrl}${body.image}`)).status).toBe(200);
    expect(await sitemapPaths()).toContain(`/specials/${slug}`);
    expect((await auditOf("deal", id)).map((entry) => entry.action)).toEqual(["deal.publish", "deal.create"]);
  });

  it("scheduled ahead is not found until its start, then public, without a job", async () => {
    const { slug } = await createdDeal(editor, { startsAt: sast(2 * HOUR) });
    expect(await readPublicDeal(models(), slug)).toBeNull();
    expect((await server.get(`/api/deals/${slug}`)).status).toBe(404);
    const later = new Date(Date.now() + 3 * HOUR);
    expect((await readPublicDeal(models(), slug, later))?.visibility).toBe("public");
    expect(
      (await readPublicDeals(models(), { dealerSlug: null, kind: "special" }, later)).map((deal) => deal.slug),
    ).toContain(slug);
  });

  it("once ended answers 410 in the API, leaves the lists and the sitemap by itself", async () => {
    const { id, slug } = await createdDeal(editor);
    await db()
      .update(deals)
      .set({ startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(deals.id, id));
    const { status, body } = await server.get(`/api/deals/${slug}`);
    expect(status).toBe(410);
    expect(body.title).toBe("Deal ended");
    expect(
      (await server.get("/api/specials")).body["hydra:member"].map((deal: { slug: string }) => deal.slug),
    ).not.toContain(slug);
    expect(await sitemapPaths()).not.toContain(`/specials/${slug}`);
    expect((await readPublicDeal(models(), slug))?.visibility).toBe("gone");
  });

  it("keeps the seed's specials, with their /uploads images, public until the end of their valid_until day (SAST)", async () => {
    const seeded = { status: "published" as const, startsAt: null, endsAt: null, validUntil: "2027-01-31" };
    expect(dealVisibility(seeded, new Date("2027-01-31T21:59:59Z"))).toBe("public");
    expect(dealVisibility(seeded, new Date("2027-01-31T22:00:00Z"))).toBe("gone");
    const { body } = await server.get("/api/deals/cr-v-e-hev-cash-back");
    expect(body.image).toMatch(/^[a-z0-9-]+\.svg$/);
  });
});

describe("a special edited in the back office", () => {
  it("edits are audited with old and new values; taking it back to draft hides it", async () => {
    const { id, slug } = await createdDeal(editor);
    const result = await updateDeal(
      db(),
      admin,
      id,
      special({ title: "Edited special", slug, summary: "New summary for the special." }),
      null,
    );
    expect(result).toEqual({ ok: true, id });
    const [entry] = await auditOf("deal", id);
    expect(entry).toMatchObject({ action: "deal.update", actorLabel: "admin@content.example" });
    expect(entry!.changes).toMatchObject({
      title: { to: "Edited special" },
      summary: { to: "New summary for the special." },
    });
    expect((await server.get(`/api/deals/${slug}`)).body.title).toBe("Edited special");
    await setDealStatus(db(), admin, id, "draft");
    expect((await server.get(`/api/deals/${slug}`)).status).toBe(404);
    expect((await auditOf("deal", id))[0]!.action).toBe("deal.unpublish");
  });

  it("refuses bad input naming each field, and stores nothing", async () => {
    const before = (await db().select({ id: deals.id }).from(deals)).length;
    const result = await createDeal(
      db(),
      editor,
      {
        title: "",
        kind: "boat",
        summary: "x\u0000",
        dealer: "honda\u0000",
        startsAt: "tomorrow",
        endsAt: "2026-02-31T10:00",
      },
      null,
    );
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.violations.map((v) => v.propertyPath);
    expect(fields).toEqual(expect.arrayContaining(["title", "kind", "summary", "dealer", "startsAt", "endsAt"]));
    const yearZero = await createDeal(db(), editor, special({ endsAt: "0000-12-31T10:00" }), image);
    expect(yearZero.ok ? [] : yearZero.violations.map((v) => v.propertyPath)).toEqual(["endsAt"]);
    const noImage = await createDeal(db(), editor, special(), null);
    expect(noImage.ok ? [] : noImage.violations.map((v) => v.propertyPath)).toEqual(["image"]);
    const notAnImage = await createDeal(db(), editor, special(), {
      name: "notes.png",
      bytes: Buffer.from("not a picture"),
    });
    expect(notAnImage.ok ? [] : notAnImage.violations).toEqual([
      { propertyPath: "image", message: "notes.png: This file is not a photo we can read" },
    ]);
    const backwards = await createDeal(db(), editor, special({ startsAt: sast(2 * DAY), endsAt: sast(DAY) }), image);
    expect(backwards.ok ? [] : backwards.violations.map((v) => v.propertyPath)).toEqual(["endsAt"]);
    const taken = await createDeal(db(), editor, special({ slug: "cr-v-e-hev-cash-back" }), image);
    expect(taken.ok ? [] : taken.violations.map((v) => v.propertyPath)).toEqual(["slug"]);
    expect((await db().select({ id: deals.id }).from(deals)).length).toBe(before);
  });
});

describe("who may change specials and deals", () => {
  it("a dealer manager works on their own dealer's deals, not another dealer's (404) nor the group's", async () => {
    const own = await createdDeal(sandtonManager, { dealer: "honda-sandton" });
    expect((await getStaffDeal(db(), sandtonManager, own.id)).values.dealer).toBe("honda-sandton");
    expect(await refusal(getStaffDeal(db(), menlynManager, own.id))).toBe("not-found");
    expect(await refusal(setDealStatus(db(), menlynManager, own.id, "draft"))).toBe("not-found");
    expect(await refusal(updateDeal(db(), menlynManager, own.id, special({ dealer: "honda-menlyn" }), null))).toBe(
      "not-found",
    );
    const groupWide = await createdDeal(editor);
    expect(await refusal(getStaffDeal(db(), sandtonManager, groupWide.id))).toBe("not-found");
    const asGroup = await createDeal(db(), sandtonManager, special({ dealer: "" }), image);
    expect(asGroup.ok ? [] : asGroup.violations).toEqual([
      { propertyPath: "dealer", message: "Choose one of your dealers" },
    ]);
    const elsewhere = await createDeal(db(), sandtonManager, special({ dealer: "honda-menlyn" }), image);
    expect(elsewhere.ok ? [] : elsewhere.violations.map((v) => v.propertyPath)).toEqual(["dealer"]);
    const listed = await listStaffDeals(db(), sandtonManager);
    expect(listed.map((deal) => deal.id)).toContain(own.id);
    expect(listed.every((deal) => deal.dealerName === "Honda Sandton")).toBe(true);
    const audit = await auditOf("deal", own.id);
    expect(audit.every((entry) => entry.actorLabel === "sandton@content.example")).toBe(true);
  });

  it("content editors and group administrators see and change every deal", async () => {
    const own = await createdDeal(sandtonManager, { dealer: "honda-sandton" });
    expect((await getStaffDeal(db(), editor, own.id)).id).toBe(own.id);
    expect((await setDealStatus(db(), admin, own.id, "draft")).ok).toBe(true);
    expect((await listStaffDeals(db(), editor)).map((deal) => deal.id)).toContain(own.id);
  });

  it("a dealer's special is public under that dealer and not under another", async () => {
    const own = await createdDeal(sandtonManager, { dealer: "honda-sandton" });
    expect(
      (await server.get("/api/specials/honda-sandton")).body["hydra:member"].map((deal: { slug: string }) => deal.slug),
    ).toContain(own.slug);
    expect(
      (await server.get("/api/specials/honda-menlyn")).body["hydra:member"].map((deal: { slug: string }) => deal.slug),
    ).not.toContain(own.slug);
  });
});

function banner(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: "Summer on a Honda",
    type: "",
    buttonText: "",
    buttonUrl: "/specials",
    dealer: "",
    sortOrder: "0",
    startsAt: "",
    endsAt: "",
    ...overrides,
  };
}

describe("banners from the back office", () => {
  it("a new banner shows on its pages and in the API, with the default button text; audited", async () => {
    const result = await createBanner(db(), editor, banner({ title: "The new HR-V is here", sortOrder: "0" }), image);
    if (!result.ok) throw new Error(JSON.stringify(result.violations));
    const home = await readBanners(models(), "", null);
    const shown = home.find((item) => item.id === result.id);
    expect(shown).toMatchObject({ title: "The new HR-V is here", button: { url: "/specials", text: "Explore more" } });
    expect(shown?.picture?.img.src).toMatch(/^\/media\/images\//);
    const api = await server.get("/api/banners");
    expect(api.body["hydra:member"].map((item: { id: number }) => item.id)).toContain(result.id);
    const [entry] = await auditOf("banner", result.id);
    expect(entry).toMatchObject({ action: "banner.create", actorLabel: "editor@content.example" });
  });

  it("a dealer's banner shows on that dealer's pages with the group's, not on the group's or another dealer's", async () => {
    const result = await createBanner(
      db(),
      admin,
      banner({ title: "Sandton open day", type: "Car", dealer: "honda-sandton" }),
      image,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.violations));
    const sandton = await readBanners(models(), "Car", "honda-sandton");
    expect(sandton.map((item) => item.id)).toContain(result.id);
    expect(sandton.length).toBeGreaterThan(1);
    expect((await readBanners(models(), "Car", null)).map((item) => item.id)).not.toContain(result.id);
    expect((await readBanners(models(), "Car", "honda-menlyn")).map((item) => item.id)).not.toContain(result.id);
    expect(
      (await server.get("/api/banners?type=Car")).body["hydra:member"].map((item: { id: number }) => item.id),
    ).not.toContain(result.id);
  });

  it("a scheduled banner shows only within its schedule; an edit is audited", async () => {
    const result = await createBanner(
      db(),
      editor,
      banner({ title: "Coming soon", startsAt: sast(HOUR), endsAt: sast(DAY) }),
      image,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.violations));
    expect((await readBanners(models(), "", null)).map((item) => item.id)).not.toContain(result.id);
    expect((await readBanners(models(), "", null, new Date(Date.now() + 2 * HOUR))).map((item) => item.id)).toContain(
      result.id,
    );
    expect(
      (await readBanners(models(), "", null, new Date(Date.now() + 2 * DAY))).map((item) => item.id),
    ).not.toContain(result.id);
    const values = (await getStaffBanner(db(), editor, result.id)).values;
    expect((await updateBanner(db(), admin, result.id, { ...values, startsAt: "" }, null)).ok).toBe(true);
    expect((await readBanners(models(), "", null)).map((item) => item.id)).toContain(result.id);
    const [entry] = await auditOf("banner", result.id);
    expect(entry).toMatchObject({ action: "banner.update", actorLabel: "admin@content.example" });
    expect(entry!.changes).toHaveProperty("startsAt");
  });

  it("refuses a link that is neither a site path nor https, and other bad input, naming the fields", async () => {
    for (const link of ["javascript:alert(1)", "//evil.example/x", "http://example.com", "ftp://example.com/x"]) {
      const result = await createBanner(db(), editor, banner({ buttonUrl: link }), image);
      expect(result.ok ? [] : result.violations.map((v) => v.propertyPath)).toEqual(["buttonUrl"]);
    }
    expect((await createBanner(db(), editor, banner({ buttonUrl: "https://www.honda.co.za/" }), image)).ok).toBe(true);
    const bad = await createBanner(
      db(),
      editor,
      banner({ title: "", type: "Boat", sortOrder: "first", endsAt: "soon" }),
      null,
    );
    expect(bad.ok ? [] : bad.violations.map((v) => v.propertyPath)).toEqual(
      expect.arrayContaining(["title", "type", "sortOrder", "endsAt"]),
    );
  });

  it("a dealer manager may not use banners at all (403)", async () => {
    const [any] = await db().select({ id: banners.id }).from(banners).limit(1);
    expect(await refusal(listStaffBanners(db(), sandtonManager))).toBe("forbidden");
    expect(await refusal(getStaffBanner(db(), sandtonManager, any!.id))).toBe("forbidden");
    expect(await refusal(createBanner(db(), sandtonManager, banner({ dealer: "honda-sandton" }), image))).toBe(
      "forbidden",
    );
    expect(await refusal(updateBanner(db(), sandtonManager, any!.id, banner(), null))).toBe("forbidden");
  });
});

describe("with change notifications", () => {
  it("an edit through the staff service reaches a read model kept in memory within seconds", async () => {
    const changes = new ChangeNotifications();
    await changes.start(server.database);
    const inMemory = new ReadModels(db(), { changes });
    try {
      const { id, slug } = await createdDeal(editor, { title: "Before the edit" });
      expect((await readPublicDeal(inMemory, slug))?.deal.title).toBe("Before the edit");
      await vi.waitFor(() => expect(inMemory.states().deals).toBe("current"), { timeout: 10_000, interval: 20 });
      await updateDeal(db(), editor, id, special({ title: "After the edit", slug }), null);
      await vi.waitFor(async () => expect((await readPublicDeal(inMemory, slug))?.deal.title).toBe("After the edit"), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await inMemory.stop();
      await changes.stop();
    }
  });
});
