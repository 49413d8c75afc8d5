import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_RETENTION } from "../core/privacy/retention.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { enquiries } from "../db/schema.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { storeTestEnquiry } from "../tests/support/leads.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * /staff/privacy, its hand-over files and the processing register over real HTTP with real sessions: who may open
 * them, each step a POST with the session's CSRF token (the searched value never in an address), the answers to bad
 * input, a dealer manager kept to their own dealer's records, and the privacy policy and the register stating the
 * retention settings the server was given. What the services find, export and erase is core/privacy's tests; the
 * phone journey is tests/e2e/staff-privacy.spec.ts.
 */
let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
let outboxDir: string;
const sessions: Record<"admin" | "menlyn" | "editor", StaffHttpSession> = {} as never;
/** A lead at Honda Sandton, by a cell number no other test uses. */
const BUYER = {
  firstName: "Ayanda",
  lastName: "Privacypages",
  email: "ayanda.pages@example.co.za",
  cell: "+27835550147",
};

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-privacy-pages-"));
  const retention = { ...DEFAULT_RETENTION, leadMonths: 18, sellerPhotoDays: 45 };
  server = await serveOverHttp(
    createApp({
      db: database.db,
      logger: capturingLogger("warn").logger,
      privacy: { retention, outboxDir },
      ...(await builtSite()),
    }),
  );
  const accounts = [
    ["admin", "group_admin", []],
    ["menlyn", "dealer_manager", ["honda-menlyn"]],
    ["editor", "content_editor", []],
  ] as const;
  for (const [name, role, dealerSlugs] of accounts) {
    await createStaffUser(database.db, {
      email: `${name}@privacy-pages.example`,
      role,
      dealerSlugs: [...dealerSlugs],
      password: TEST_STAFF_PASSWORD,
    });
    sessions[name] = await signIn(server.baseUrl, `${name}@privacy-pages.example`, TEST_STAFF_PASSWORD);
  }
  await storeTestEnquiry(database.db, {
    dealerSlug: "honda-sandton",
    firstName: BUYER.firstName,
    lastName: BUYER.lastName,
    email: BUYER.email,
    cellPhone: BUYER.cell,
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  if (outboxDir) await fs.rm(outboxDir, { recursive: true, force: true });
});

const get = (page: string, session?: StaffHttpSession) =>
  fetch(`${server.baseUrl}${page}`, { redirect: "manual", headers: session ? { Cookie: session.cookie } : {} });

/** A form of the page as the browser sends it, with the session's CSRF token unless `csrf` says otherwise. */
const post = (session: StaffHttpSession, fields: Record<string, string>, page = "/staff/privacy") =>
  fetch(`${server.baseUrl}${page}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: session.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams({ csrf: session.csrfToken, ...fields }),
  });

const buyerLeads = () => database.db.select().from(enquiries).where(eq(enquiries.cellPhone, BUYER.cell));

describe("who may open the privacy pages", () => {
  it("sends a visitor who is not signed in to the sign-in page", async () => {
    const response = await get("/staff/privacy");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/staff/login?next=%2Fstaff%2Fprivacy");
  });

  it("answers a content editor 403 for the page, its steps, the hand-over and the register, and leaves it out of their menu", async () => {
    expect((await get("/staff/privacy", sessions.editor)).status).toBe(403);
    expect((await get("/staff/privacy/register", sessions.editor)).status).toBe(403);
    expect((await post(sessions.editor, { intent: "search", person: BUYER.cell })).status).toBe(403);
    const handOver = await post(sessions.editor, { format: "json", person: BUYER.cell }, "/staff/privacy/hand-over");
    expect(handOver.status).toBe(403);
    expect(await (await get("/staff", sessions.editor)).text()).not.toContain('href="/staff/privacy"');
  });

  it("shows an administrator the page, uncached, and the link in their menu", async () => {
    const response = await get("/staff/privacy", sessions.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(await response.text()).toContain('name="person"');
    expect(await (await get("/staff", sessions.admin)).text()).toContain('href="/staff/privacy"');
  });

  it("shows a dealer manager the page and the link, but not another dealer's records", async () => {
    expect((await get("/staff/privacy", sessions.menlyn)).status).toBe(200);
    expect(await (await get("/staff", sessions.menlyn)).text()).toContain('href="/staff/privacy"');
    const html = await (await post(sessions.menlyn, { intent: "search", person: BUYER.email })).text();
    expect(html).toContain(`Nothing is held under the e-mail address ${BUYER.email}`);
    expect(html).not.toContain("Honda Sandton");
  });
});

describe("the search", () => {
  it("refuses a search without the session's CSRF token", async () => {
    const response = await post(sessions.admin, { intent: "search", person: BUYER.cell, csrf: "" });
    expect(response.status).toBe(403);
  });

  it("answers a one-letter search 422 with the field's message", async () => {
    const response = await post(sessions.admin, { intent: "search", person: "a" });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("That is too short to find anyone");
  });

  it("finds the lead by the cell number in another spelling, with its dealer", async () => {
    const response = await post(sessions.admin, { intent: "search", person: "083 555 0147" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/\d+ records? holds? the phone number \+27835550147/);
    expect(html).toContain("Enquiries (leads) (1)");
    expect(html).toContain("Honda Sandton");
  });

  it("answers a search that finds no one with nothing held", async () => {
    const html = await (await post(sessions.admin, { intent: "search", person: "nobody@example.co.za" })).text();
    expect(html).toContain("Nothing is held under the e-mail address nobody@example.co.za");
  });
});

describe("the hand-over files", () => {
  it("answers the JSON as an attachment no cache may keep, holding the lead", async () => {
    const response = await post(sessions.admin, { format: "json", person: BUYER.cell }, "/staff/privacy/hand-over");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")?.split(/,\s*/)).toContain("no-store");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="personal-information-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(JSON.stringify(await response.json())).toContain(BUYER.email);
  });

  it("answers the file to read as text, holding the lead", async () => {
    const response = await post(sessions.admin, { format: "text", person: BUYER.cell }, "/staff/privacy/hand-over");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toContain(BUYER.lastName);
  });

  it("refuses a hand-over without the session's CSRF token", async () => {
    const fields = { format: "json", person: BUYER.cell, csrf: "" };
    expect((await post(sessions.admin, fields, "/staff/privacy/hand-over")).status).toBe(403);
  });
});

describe("correcting and erasing", () => {
  it("answers a correction it cannot take 422 in the form's error summary, changing nothing", async () => {
    const response = await post(sessions.admin, { intent: "correct", person: BUYER.cell, email: "not an address" });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Please correct the following:");
    expect((await buyerLeads()).map((lead) => lead.email)).toEqual([BUYER.email]);
  });

  it("corrects the name on the lead", async () => {
    const html = await (
      await post(sessions.admin, { intent: "correct", person: BUYER.cell, name: "Ayanda Mokoena" })
    ).text();
    expect(html).toContain("Corrected on every record");
    expect((await buyerLeads()).map((lead) => lead.lastName)).toEqual(["Mokoena"]);
  });

  it("names what an erasure will take before it deletes anything", async () => {
    const html = await (await post(sessions.admin, { intent: "erase-check", person: BUYER.cell })).text();
    expect(html).toContain("Enquiries (leads): 1");
    expect(await buyerLeads()).toHaveLength(1);
  });

  it("erases the person's records, and a second erasure says nothing was found", async () => {
    const first = await (await post(sessions.admin, { intent: "erase", person: BUYER.cell })).text();
    expect(first).toContain("Erased what was held under the phone number +27835550147");
    expect(await buyerLeads()).toEqual([]);
    const second = await (await post(sessions.admin, { intent: "erase", person: BUYER.cell })).text();
    expect(second).toContain("Nothing is held about this person that you may erase");
  });
});

describe("objecting to marketing", () => {
  it("puts an address no record holds on the do-not-contact list, and says so once it is there", async () => {
    const person = "no.marketing@example.co.za";
    const first = await (await post(sessions.admin, { intent: "object", person })).text();
    expect(first).toContain(`The e-mail address ${person} is now on the do-not-contact list`);
    const second = await (await post(sessions.admin, { intent: "object", person })).text();
    expect(second).toContain(`The e-mail address ${person} was already on the do-not-contact list`);
  });
});

describe("the retention the site states", () => {
  it("states the server's retention settings on the public privacy policy", async () => {
    const html = await (await get("/policy")).text();
    expect(html).toContain("18 months after the lead&#x27;s last activity");
  });

  it("states them in the processing register, for an administrator and a dealer manager", async () => {
    for (const session of [sessions.admin, sessions.menlyn]) {
      const response = await get("/staff/privacy/register", session);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("45 days after");
    }
  });
});
