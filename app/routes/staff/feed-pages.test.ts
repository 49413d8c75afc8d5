import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, dealerFeedKeys, dealers, usedVehicles } from "../../../db/schema.ts";
import { builtSite } from "../../../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../../../tests/support/staff.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { MemoryRateLimiter } from "../../../core/shared/rate-limiter.ts";
import { takeDemoStockOffFeed } from "../../../tests/support/demo-stock.ts";

/**
 * The stock-feed pages over real HTTP, with the built site: who may open them, and that the upload page's
 * import is held to the person's dealers (the roles are checked by the core services, not only the pages).
 */

let server: TestServer;
const sessions: Record<"admin" | "manager" | "editor", StaffHttpSession> = {} as never;

beforeAll(async () => {
  server = await startTestServer({ ...(await builtSite()), rateLimiter: new MemoryRateLimiter(10_000, 600_000) });
  const db = server.database.db;
  await takeDemoStockOffFeed(db, ["honda-menlyn", "honda-sandton"]);
  await createStaffUser(db, { email: "admin@feeds.example", role: "group_admin", password: TEST_STAFF_PASSWORD });
  await createStaffUser(db, {
    email: "manager@feeds.example",
    role: "dealer_manager",
    dealerSlugs: ["honda-menlyn"],
    password: TEST_STAFF_PASSWORD,
  });
  await createStaffUser(db, { email: "editor@feeds.example", role: "content_editor", password: TEST_STAFF_PASSWORD });
  sessions.admin = await signIn(server.baseUrl, "admin@feeds.example", TEST_STAFF_PASSWORD);
  sessions.manager = await signIn(server.baseUrl, "manager@feeds.example", TEST_STAFF_PASSWORD);
  sessions.editor = await signIn(server.baseUrl, "editor@feeds.example", TEST_STAFF_PASSWORD);
});
afterAll(() => server.close());

const page = (path: string, who: keyof typeof sessions) =>
  fetch(`${server.baseUrl}${path}`, { headers: { Cookie: sessions[who].cookie } });

function importForm(
  who: keyof typeof sessions,
  dealer: string,
  csv: string,
  { csrf = sessions[who].csrfToken, dryRun = false } = {},
) {
  const form = new FormData();
  form.set("csrf", csrf);
  form.set("dealer", dealer);
  form.set("feed", new Blob([csv], { type: "text/csv" }), "stock.csv");
  if (dryRun) form.set("dryRun", "on");
  return fetch(`${server.baseUrl}/staff/stock/import`, {
    method: "POST",
    headers: { Cookie: sessions[who].cookie },
    body: form,
  });
}

const CSV = [
  "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition",
  "MNL-P1,Honda,Jazz,1.5 Comfort,2020,61000,219900,Manual,Petrol,Silver,Used",
].join("\n");

async function feedVehicles(slug: string) {
  return server.database.db
    .select({ stockNumber: usedVehicles.stockNumber })
    .from(usedVehicles)
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .where(and(eq(dealers.slug, slug), sql`${usedVehicles.stockNumber} is not null`));
}

describe("the stock feed pages", () => {
  it("/staff/feeds is for group administrators only", async () => {
    const admin = await page("/staff/feeds", "admin");
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Create key");
    expect((await page("/staff/feeds", "manager")).status).toBe(403);
    expect((await page("/staff/feeds", "editor")).status).toBe(403);
  });

  it("/staff/stock/import offers a dealer manager only their dealers, and refuses content editors", async () => {
    const manager = await page("/staff/stock/import", "manager");
    expect(manager.status).toBe(200);
    const html = await manager.text();
    // Their one dealer, already chosen.
    expect(html).toMatch(/<option value="honda-menlyn" selected="">Honda Menlyn<\/option>/);
    expect(html).not.toContain('value="honda-sandton"');
    expect((await page("/staff/stock/import", "editor")).status).toBe(403);
  });

  it("imports for the manager's dealer, audited under their name, and answers 404 for another dealer's", async () => {
    const refused = await importForm("manager", "honda-sandton", CSV.replace("MNL-P1", "SND-P1"));
    expect(refused.status).toBe(404);
    expect(await feedVehicles("honda-sandton")).toEqual([]);

    const dry = await importForm("manager", "honda-menlyn", CSV, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(await dry.text()).toContain("Dry run: what this feed would change (nothing was changed)");
    expect(await feedVehicles("honda-menlyn")).toEqual([]);

    const done = await importForm("manager", "honda-menlyn", CSV);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Import report");
    expect(await feedVehicles("honda-menlyn")).toEqual([{ stockNumber: "MNL-P1" }]);
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "used_vehicle.create"));
    expect(entry).toMatchObject({ actorLabel: "manager@feeds.example", entity: "used_vehicle" });
  });

  it("refuses an upload without the session's CSRF token, and a file that is not a readable feed changes nothing", async () => {
    expect(
      (await importForm("manager", "honda-menlyn", CSV.replace("MNL-P1", "MNL-P2"), { csrf: "forged" })).status,
    ).toBe(403);
    const unreadable = await importForm("manager", "honda-menlyn", "this is not,a stock feed\n1,2");
    // A layout the site cannot place is offered for mapping, and nothing is imported until it is mapped.
    expect(unreadable.status).toBe(200);
    const page = await unreadable.text();
    expect(page).toContain("Match the file&#x27;s columns to the site&#x27;s fields");
    expect(page).toContain("The header row lacks required columns");
    expect(await feedVehicles("honda-menlyn")).toEqual([{ stockNumber: "MNL-P1" }]);
  });

  it("answers 404, not an error, for a key or dealer that is not a number", async () => {
    const attempts: Record<string, string>[] = [
      { intent: "revoke-key", key: "abc" },
      { intent: "remove-host", dealer: "x", host: "a.example" },
    ];
    for (const fields of attempts) {
      const response = await fetch(`${server.baseUrl}/staff/feeds`, {
        method: "POST",
        headers: { Cookie: sessions.admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: sessions.admin.csrfToken, ...fields }),
      });
      expect(response.status, fields.intent).toBe(404);
    }
  });

  it("creates a feed key only with a dealer and a sensible name, and shows it once", async () => {
    const create = (name: string, dealerId: string) =>
      fetch(`${server.baseUrl}/staff/feeds`, {
        method: "POST",
        headers: { Cookie: sessions.admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: sessions.admin.csrfToken, intent: "create-key", dealer: dealerId, name }),
      });
    const bad = await create("", "");
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Choose the dealer the key is for");
    expect(badHtml).toContain("Name is required");
    expect(await server.database.db.$count(dealerFeedKeys)).toBe(0);

    const good = await create("Menlyn DMS", "2");
    expect(good.status).toBe(200);
    const key = /value="(hdf_[A-Za-z0-9_-]+)"/.exec(await good.text())?.[1];
    expect(key).toBeDefined();
    const later = await (await page("/staff/feeds", "admin")).text();
    expect(later).toContain(key!.slice(0, 12));
    expect(later).not.toContain(key!);
  });
});
