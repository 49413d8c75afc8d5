import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, leadWorkStatus } from "../db/schema.ts";
import { FinanceCipher } from "../core/finance/encryption.server.ts";
import { submitFinanceApplication } from "../core/finance/applications.server.ts";
import { submitEnquiry } from "../core/leads/enquiries.server.ts";
import { SALARY, VALID_ID_NUMBER, validFinanceApplication } from "../tests/support/finance-fixture.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * The leads pages over real HTTP with real sessions: who may open what (the role rules answer 404 for another
 * dealer's lead, 403 for a role without leads), CSRF on the forms, the CSV download and the finance page's
 * audit entry and no-store. The browser journey is tests/e2e/staff-leads.spec.ts.
 */
let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
const cipher = FinanceCipher.ephemeral();
const sessions: Record<"sandton" | "menlyn" | "editor", StaffHttpSession> = {} as never;
let sandtonLead: string;
let sandtonFinance: string;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const app = createApp({
    db: database.db,
    logger: capturingLogger("warn").logger,
    financeCipher: cipher,
    ...(await builtSite()),
  });
  server = await serveOverHttp(app);
  const accounts = [
    ["sandton", "dealer_manager", ["honda-sandton"]],
    ["menlyn", "dealer_manager", ["honda-menlyn"]],
    ["editor", "content_editor", []],
  ] as const;
  for (const [name, role, dealerSlugs] of accounts) {
    await createStaffUser(database.db, {
      email: `${name}@pages.example`,
      role,
      dealerSlugs: [...dealerSlugs],
      password: TEST_STAFF_PASSWORD,
    });
    sessions[name] = await signIn(server.baseUrl, `${name}@pages.example`, TEST_STAFF_PASSWORD);
  }
  const enquiry = await submitEnquiry(database.db, {
    form_name: "New Vehicles",
    first_name: "Thandi",
    last_name: "Mokoena",
    email: `pages.${Date.now()}@example.co.za`,
    cell_phone: "082 123 4567",
    contact: true,
    terms: true,
    dealer_slug: "honda-sandton",
    model: "CR-V",
    variant: "1.5T Comfort CVT",
    uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
  });
  if (enquiry.kind !== "stored") throw new Error("enquiry not stored");
  sandtonLead = enquiry.id;
  const finance = await submitFinanceApplication(
    database.db,
    cipher,
    validFinanceApplication({ dealership: "honda-sandton" }),
  );
  if (!finance.ok) throw new Error("finance application not stored");
  sandtonFinance = finance.status.id;
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const get = (path: string, session?: StaffHttpSession) =>
  fetch(`${server.baseUrl}${path}`, { redirect: "manual", headers: session ? { Cookie: session.cookie } : {} });

const post = (path: string, session: StaffHttpSession, fields: Record<string, string>) =>
  fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: session.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams(fields),
  });

describe("who may open the leads pages", () => {
  it("sends a visitor who is not signed in to the sign-in page", async () => {
    const response = await get("/staff/leads");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/staff/login?next=%2Fstaff%2Fleads");
  });

  it("answers a content editor 403 and another dealer's manager 404", async () => {
    expect((await get("/staff/leads", sessions.editor)).status).toBe(403);
    expect((await get(`/staff/leads/${sandtonLead}`, sessions.menlyn)).status).toBe(404);
    expect((await get(`/staff/finance/${sandtonFinance}`, sessions.menlyn)).status).toBe(404);
    expect((await get(`/staff/finance/${sandtonFinance}`, sessions.editor)).status).toBe(403);
    expect((await get("/staff/leads/export.csv", sessions.editor)).status).toBe(403);
    const openings = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sandtonFinance), eq(auditLog.action, "finance_application.open")));
    expect(openings).toEqual([]);
  });

  it("lists the dealer's leads without a finance applicant's identity number, income or bank", async () => {
    const response = await get("/staff/leads", sessions.sandton);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`/staff/leads/${sandtonLead}`);
    expect(html).toContain(`/staff/leads/${sandtonFinance}`);
    for (const secret of [VALID_ID_NUMBER, SALARY, "Capitec"]) expect(html).not.toContain(secret);
    const detail = await (await get(`/staff/leads/${sandtonFinance}`, sessions.sandton)).text();
    for (const secret of [VALID_ID_NUMBER, SALARY, "Capitec"]) expect(detail).not.toContain(secret);
  });

  it("answers a bad filter with 400 naming the field", async () => {
    const page = await get("/staff/leads?work=Won", sessions.sandton);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Choose a work status from the list");
    const csv = await get("/staff/leads/export.csv?from=yesterday", sessions.sandton);
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain("from: Use a date as YYYY-MM-DD");
  });
});

describe("the finance page", () => {
  it("decrypts the application for its dealer's manager, writes who opened it, and may not be stored", async () => {
    const response = await get(`/staff/finance/${sandtonFinance}`, sessions.sandton);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(await response.text()).toContain(VALID_ID_NUMBER);
    const openings = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sandtonFinance), eq(auditLog.action, "finance_application.open")));
    expect(openings.map((entry) => entry.actorLabel)).toEqual(["sandton@pages.example"]);
  });
});

describe("an enquiry held as automated", () => {
  let held: string;
  beforeAll(async () => {
    const outcome = await submitEnquiry(
      database.db,
      {
        form_name: "New Vehicles",
        first_name: "Bongani",
        last_name: "Mthembu",
        email: `held.pages.${Date.now()}@example.co.za`,
        cell_phone: "082 123 4567",
        contact: true,
        terms: true,
        dealer_slug: "honda-sandton",
        model: "CR-V",
        variant: "1.5T Comfort CVT",
        uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
      },
      { webForm: { website: "bongani@example.co.za", renderedAt: String(Date.now() - 60_000) } },
    );
    if (outcome.kind !== "held") throw new Error("enquiry not held");
    held = outcome.id;
  });

  it("is in the held view with its reason, for its dealer's manager only", async () => {
    const view = await (await get("/staff/leads?view=held", sessions.sandton)).text();
    expect(view).toContain(`/staff/leads/${held}`);
    expect(view).toContain("hidden field filled");
    expect(await (await get("/staff/leads", sessions.sandton)).text()).not.toContain(`/staff/leads/${held}`);
    expect(await (await get("/staff/leads?view=held", sessions.menlyn)).text()).not.toContain(`/staff/leads/${held}`);
    expect((await get(`/staff/leads/${held}`, sessions.menlyn)).status).toBe(404);
    const page = await (await get(`/staff/leads/${held}`, sessions.sandton)).text();
    expect(page).toContain("Held as automated");
    expect(page).toContain("hidden field filled");
  });

  it("is discarded only with the token and by its dealer's manager, then gone, audited", async () => {
    const fields = { intent: "discard" };
    expect((await post(`/staff/leads/${held}`, sessions.sandton, fields)).status).toBe(403);
    const other = await post(`/staff/leads/${held}`, sessions.menlyn, { ...fields, csrf: sessions.menlyn.csrfToken });
    expect(other.status).toBe(404);
    expect((await get(`/staff/leads/${held}`, sessions.sandton)).status).toBe(200);
    const discarded = await post(`/staff/leads/${held}`, sessions.sandton, {
      ...fields,
      csrf: sessions.sandton.csrfToken,
    });
    expect(discarded.status).toBe(302);
    expect(discarded.headers.get("location")).toBe("/staff/leads?view=held&done=discarded");
    expect(await (await get("/staff/leads?view=held&done=discarded", sessions.sandton)).text()).toContain(
      "The held enquiry is discarded.",
    );
    expect((await get(`/staff/leads/${held}`, sessions.sandton)).status).toBe(404);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, held));
    expect(audit.map((entry) => [entry.action, entry.actorLabel])).toEqual([["lead.discard", "sandton@pages.example"]]);
  });
});

describe("the lead's forms", () => {
  it("refuses a form without the session's CSRF token, and another dealer's manager, changing nothing", async () => {
    expect(
      (await post(`/staff/leads/${sandtonLead}`, sessions.sandton, { intent: "work", status: "Sold" })).status,
    ).toBe(403);
    expect(
      (
        await post(`/staff/leads/${sandtonLead}`, sessions.menlyn, {
          csrf: sessions.menlyn.csrfToken,
          intent: "work",
          status: "Sold",
        })
      ).status,
    ).toBe(404);
    expect(await database.db.select().from(leadWorkStatus).where(eq(leadWorkStatus.leadId, sandtonLead))).toEqual([]);
  });

  it("sets the work status with the token, and answers 422 with the field for a bad one", async () => {
    const bad = await post(`/staff/leads/${sandtonLead}`, sessions.sandton, {
      csrf: sessions.sandton.csrfToken,
      intent: "work",
      status: "Won",
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Choose a status from the list");
    const good = await post(`/staff/leads/${sandtonLead}`, sessions.sandton, {
      csrf: sessions.sandton.csrfToken,
      intent: "work",
      status: "Sold",
      note: "Signed today",
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain("Saved. The lead is Sold.");
    const [state] = await database.db.select().from(leadWorkStatus).where(eq(leadWorkStatus.leadId, sandtonLead));
    expect(state).toMatchObject({ status: "Sold", updatedByLabel: "sandton@pages.example" });
  });

  it("downloads the filtered list as CSV", async () => {
    const response = await get("/staff/leads/export.csv?work=Sold", sessions.sandton);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",Sold,");
  });
});
