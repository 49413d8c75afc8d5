import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { daysBefore, southAfricanDay } from "../core/shared/days.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, campaignSpend } from "../db/schema.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * /staff/insights over real HTTP with real sessions (decision 057): who may open it and which
 * dealers they see, the period form's refusals, the spend form (CSRF, 422, audit), sorting by GET links and the
 * CSV downloads. The figures themselves are core/insights/insights.test.ts; the browser is
 * tests/e2e/staff-insights.spec.ts.
 */
let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
const sessions: Record<"admin" | "sandton" | "editor", StaffHttpSession> = {} as never;
const today = southAfricanDay(new Date());

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  server = await serveOverHttp(
    createApp({ db: database.db, logger: capturingLogger("warn").logger, ...(await builtSite()) }),
  );
  const accounts = [
    ["admin", "group_admin", []],
    ["sandton", "dealer_manager", ["honda-sandton"]],
    ["editor", "content_editor", []],
  ] as const;
  for (const [name, role, dealerSlugs] of accounts) {
    await createStaffUser(database.db, {
      email: `${name}@insights-pages.example`,
      role,
      dealerSlugs: [...dealerSlugs],
      password: TEST_STAFF_PASSWORD,
    });
    sessions[name] = await signIn(server.baseUrl, `${name}@insights-pages.example`, TEST_STAFF_PASSWORD);
  }
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const get = (path: string, session?: StaffHttpSession) =>
  fetch(`${server.baseUrl}${path}`, { redirect: "manual", headers: session ? { Cookie: session.cookie } : {} });

const post = (session: StaffHttpSession, fields: Record<string, string>) =>
  fetch(`${server.baseUrl}/staff/insights`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: session.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams(fields),
  });

describe("who may open the insights", () => {
  it("sends a visitor who is not signed in to the sign-in page", async () => {
    const response = await get("/staff/insights");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/staff/login?next=%2Fstaff%2Finsights");
  });

  it("answers a content editor 403, for the page and its downloads, and leaves it out of their menu", async () => {
    expect((await get("/staff/insights", sessions.editor)).status).toBe(403);
    expect((await get("/staff/insights/export.csv?table=sources", sessions.editor)).status).toBe(403);
    expect(await (await get("/staff", sessions.editor)).text()).not.toContain('href="/staff/insights"');
  });

  it("shows a group administrator every dealer to choose from, and the link to the first-response report", async () => {
    const response = await get("/staff/insights", sessions.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const html = await response.text();
    expect(html).toContain("<h1");
    expect(html).toContain('<option value="honda-menlyn">Honda Menlyn</option>');
    expect(html).toContain('href="/staff/leads/report"');
    expect(html).toContain(`value="${daysBefore(today, 6)}"`);
    expect(await (await get("/staff", sessions.admin)).text()).toContain('href="/staff/insights"');
  });

  it("shows a dealer manager their own dealer only; another dealer is not found", async () => {
    const html = await (await get("/staff/insights", sessions.sandton)).text();
    expect(html).toContain("Honda Sandton");
    expect(html).not.toContain("Honda Menlyn");
    expect((await get("/staff/insights?dealer=honda-menlyn", sessions.sandton)).status).toBe(404);
    expect((await get("/staff/insights/export.csv?table=funnel&dealer=honda-menlyn", sessions.sandton)).status).toBe(
      404,
    );
  });

  it("answers a period that cannot be read with 400, naming the field", async () => {
    const page = await get(`/staff/insights?from=${today}&to=${daysBefore(today, 3)}`, sessions.admin);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("The end date is before the start date");
    const csv = await get("/staff/insights/export.csv?table=stock&from=yesterday", sessions.admin);
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain("from: Use a date as YYYY-MM-DD");
    expect((await get("/staff/insights/export.csv?table=everything", sessions.admin)).status).toBe(400);
  });
});

describe("the spend form", () => {
  const spend = {
    intent: "add-spend",
    dealer: "honda-sandton",
    source: "facebook",
    medium: "cpc",
    campaign: "spring-sale",
    periodStart: daysBefore(today, 6),
    periodEnd: today,
    amount: "1 240",
  };

  it("refuses a form without the session's CSRF token, storing nothing", async () => {
    expect((await post(sessions.sandton, spend)).status).toBe(403);
    expect(await database.db.select().from(campaignSpend)).toEqual([]);
  });

  it("answers 422 with the fields at fault, and keeps what was typed", async () => {
    const response = await post(sessions.sandton, {
      ...spend,
      csrf: sessions.sandton.csrfToken,
      amount: "a lot",
      dealer: "honda-menlyn",
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("Enter an amount in rand");
    expect(html).toContain("Choose a dealer from the list");
    expect(html).toContain('value="a lot"');
  });

  it("stores the spend with the token, audited, and shows it and the CSV of it", async () => {
    const response = await post(sessions.sandton, { ...spend, csrf: sessions.sandton.csrfToken });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("The spend is saved");
    expect(html).toContain("facebook / cpc / spring-sale");
    const [stored] = await database.db.select().from(campaignSpend);
    expect(stored).toMatchObject({ source: "facebook", amountCents: 124_000 });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "campaign_spend.create"));
    expect(entry).toMatchObject({ actorLabel: "sandton@insights-pages.example", entityId: String(stored!.id) });
    const csv = await get("/staff/insights/export.csv?table=spend", sessions.sandton);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="insights-spend-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "Dealer,Source,Medium,Campaign,From,To,Amount (R),In the period (R)",
      `Honda Sandton,facebook,cpc,spring-sale,${spend.periodStart},${today},1240.00,1240.00`,
    ]);
  });

  it("removes an entry with the token; another manager's is not found", async () => {
    const [stored] = await database.db.select().from(campaignSpend);
    expect(
      (await post(sessions.sandton, { intent: "remove-spend", id: "999999", csrf: sessions.sandton.csrfToken })).status,
    ).toBe(404);
    const response = await post(sessions.sandton, {
      intent: "remove-spend",
      id: String(stored!.id),
      csrf: sessions.sandton.csrfToken,
    });
    expect(response.status).toBe(200);
    expect(await database.db.select().from(campaignSpend)).toEqual([]);
  });
});

describe("the stock table", () => {
  it("sorts by a column with a plain link, and says how it is sorted", async () => {
    const html = await (await get("/staff/insights", sessions.sandton)).text();
    expect(html).toMatch(
      /<th scope="col" aria-sort="descending"[^>]*><a[^>]* href="\/staff\/insights\?[^"]*sort=days&amp;dir=asc"/,
    );
    const sorted = await (await get(`/staff/insights?sort=views&dir=asc`, sessions.sandton)).text();
    expect(sorted).toMatch(/aria-sort="ascending"[^>]*><a[^>]*>Views</);
    const ageing = await get("/staff/insights?stock=over-90", sessions.sandton);
    expect(ageing.status).toBe(200);
    expect(await ageing.text()).toMatch(/aria-current="page"[^>]*>Over 90 days \(\d+\)/);
  });
});
