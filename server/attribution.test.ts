import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { simpleParser } from "mailparser";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { decodeVisit, encodeVisit, VISIT_COOKIE } from "../core/attribution/visit.ts";
import { createMailer } from "../core/delivery/email.server.ts";
import { LeadDeliveryWorker } from "../core/delivery/worker.server.ts";
import { FinanceCipher } from "../core/finance/encryption.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { dealerLeadChannels, dealers, enquiries, financeApplications } from "../db/schema.ts";
import { validFinanceApplication } from "../tests/support/finance-fixture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { dtdViolations, xpath } from "../tests/support/xmllint.ts";
import { createApp } from "./app.ts";
import { createLogger } from "./logger.ts";
import { Metrics } from "./metrics.ts";

/**
 * The visit's source, over real HTTP on a real database: a visit lands from a Facebook ad (utm parameters and a click
 * id), moves through pages (an internal referrer never overwrites its source), then sends an enquiry through a
 * page's form, one through the API and a finance application through the no-script form. The stored rows, the ADF
 * and the JSON body a CRM's webhook receives, the staff lead pages, the inbox's Source filter, its CSV and the
 * Prometheus counter all carry the source and the campaign; a lead sent without a visit shows "Not recorded".
 */
const DEALER = "honda-sandton";
const LANDING =
  "/?utm_source=facebook&utm_medium=cpc&utm_campaign=spring-sale&utm_term=jazz&utm_content=carousel&fbclid=IwAR.click-1";
const ENQUIRY_PAGE = "/new/honda/cr-v/1-5t-comfort-cvt/enquire";
const cipher = FinanceCipher.ephemeral();
/** A browser's User-Agent: Node's fetch says "node", which isbot takes for a crawler (given no visit). */
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
let crm: { server: Server; url: string; received: { type: string; body: string }[] };
let metrics: Metrics;
let outboxDir: string;
let manager: StaffHttpSession;
/** The visit's cookie as the browser holds it (name=value). */
let visitCookie: string;
const leads: { page?: string; api?: string; finance?: string; unrecorded?: string } = {};

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  metrics = new Metrics({ db: database.db }, { processMetrics: false });
  const app = createApp({
    db: database.db,
    logger: createLogger("silent"),
    financeCipher: cipher,
    rateLimiter: new MemoryRateLimiter(10_000, 600_000),
    countLead: metrics.leadCounter(),
    ...(await builtSite()),
  });
  server = await serveOverHttp(app);
  crm = await startCrm();
  const [dealer] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, DEALER));
  await database.db.insert(dealerLeadChannels).values([
    { dealerId: dealer!.id, kind: "webhook", target: `${crm.url}/adf`, format: "adf", leadKind: "all" },
    { dealerId: dealer!.id, kind: "webhook", target: `${crm.url}/json`, format: "json", leadKind: "all" },
  ]);
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "attribution-outbox-"));
  await createStaffUser(database.db, {
    email: "manager@sandton.example",
    role: "dealer_manager",
    dealerSlugs: [DEALER],
    password: TEST_STAFF_PASSWORD,
  });
  manager = await signIn(server.baseUrl, "manager@sandton.example", TEST_STAFF_PASSWORD);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (crm ? crm.server.close(() => resolve()) : resolve()));
  await database?.close();
  if (outboxDir) await fs.rm(outboxDir, { recursive: true, force: true });
});

/** A dealer's CRM: takes every webhook POST and answers 200. */
async function startCrm(): Promise<typeof crm> {
  const received: { type: string; body: string }[] = [];
  const peer = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ type: req.url === "/json" ? "json" : "adf", body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
  return { server: peer, url: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`, received };
}

const now = () => Math.floor(Date.now() / 1000);
const visitOf = (setCookie: string) => decodeVisit(setCookie.split(";")[0]!.slice(VISIT_COOKIE.length + 1), now());

/** A page read as a browser makes it during the visit: the visit's cookie, and the page it came from as Referer. */
function browse(
  pathname: string,
  {
    referrer,
    cookie = visitCookie,
    userAgent = BROWSER,
  }: { referrer?: string; cookie?: string; userAgent?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (referrer) headers.Referer = referrer;
  headers["User-Agent"] = userAgent;
  return fetch(server.baseUrl + pathname, { headers, redirect: "manual" }).then(async (response) => {
    await response.arrayBuffer();
    return {
      status: response.status,
      cookies: response.headers.getSetCookie(),
      cacheControl: response.headers.get("Cache-Control"),
    };
  });
}

const postForm = (pathname: string, fields: Record<string, string>, cookie: string | null = visitCookie) =>
  fetch(server.baseUrl + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.baseUrl,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

const postApiEnquiry = (email: string, cookie: string | null) =>
  fetch(`${server.baseUrl}/api/customer_enquiries`, {
    method: "POST",
    headers: {
      "Content-Type": "application/ld+json",
      Accept: "application/ld+json",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({
      form_name: "Parts Enquiry",
      first_name: "Sipho",
      last_name: "Dlamini",
      email,
      cell_phone: "072 815 9130",
      make: "Honda",
      model: "Jazz",
      year: 2016,
      partNo: "08P01-T5A-100",
      contact: true,
      terms: true,
      dealer_slug: DEALER,
      uri: "/parts",
    }),
  });

const staffPage = async (pathname: string) => {
  const response = await fetch(server.baseUrl + pathname, { headers: { Cookie: manager.cookie } });
  expect(response.status, pathname).toBe(200);
  return response.text();
};

describe("a visit from a Facebook ad", () => {
  it("is recorded by the first page's answer: the source, campaign and click id, in an HttpOnly cookie no cache keeps", async () => {
    const landing = await browse(LANDING, { cookie: "", referrer: "https://l.facebook.com/" });
    expect(landing.status).toBe(200);
    expect(landing.cookies).toHaveLength(1);
    expect(landing.cookies[0]).toMatch(
      new RegExp(`^${VISIT_COOKIE}=[\\w-]+; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax$`),
    );
    expect(landing.cacheControl).toBe("private, no-store");
    expect(visitOf(landing.cookies[0]!)?.source).toEqual({
      source: "facebook",
      medium: "cpc",
      campaign: "spring-sale",
      term: "jazz",
      content: "carousel",
      referrerHost: "l.facebook.com",
      landingPath: "/",
      clickIds: { fbclid: "IwAR.click-1" },
    });
    visitCookie = landing.cookies[0]!.split(";")[0]!;
  });

  it("carries on through the site's pages: an internal referrer never overwrites it, even when the cookie is written again", async () => {
    const site = `${server.baseUrl}/`;
    for (const pathname of ["/used", "/new", "/finance", ENQUIRY_PAGE]) {
      const page = await browse(pathname, { referrer: site });
      expect([pathname, page.status, page.cookies]).toEqual([pathname, 200, []]);
    }
    // Six minutes later the cookie is due to be written again (its idle time runs): the source stays the ad's.
    const earlier = decodeVisit(visitCookie.slice(VISIT_COOKIE.length + 1), now())!;
    const sixMinutesAgo = { ...earlier, startedAt: earlier.startedAt - 360, lastSeenAt: earlier.lastSeenAt - 360 };
    const stale = `${VISIT_COOKIE}=${encodeVisit(sixMinutesAgo)}`;
    for (const pathname of ["/used", "/used.data"]) {
      const page = await browse(pathname, { referrer: `${server.baseUrl}/new`, cookie: stale });
      expect(page.cookies, pathname).toHaveLength(1);
      const refreshed = visitOf(page.cookies[0]!)!;
      expect(refreshed.source).toEqual(earlier.source);
      expect(refreshed.startedAt).toBe(sixMinutesAgo.startedAt);
      expect(refreshed.lastSeenAt).toBeGreaterThan(sixMinutesAgo.lastSeenAt);
    }
  });

  it("is Secure when the site is reached over HTTPS (behind a TLS proxy that says so)", async () => {
    const behindProxy = await serveOverHttp(
      createApp({ db: database.db, logger: createLogger("silent"), trustProxy: true, ...(await builtSite()) }),
    );
    try {
      const response = await fetch(`${behindProxy.baseUrl}/used?utm_source=facebook`, {
        headers: { "User-Agent": BROWSER, "X-Forwarded-Proto": "https" },
      });
      await response.arrayBuffer();
      expect(response.headers.getSetCookie()[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await behindProxy.close();
    }
  });

  it("is not set on the API, redirects, the back office or a crawler's read", async () => {
    for (const pathname of ["/api/dealers", "/used/", "/staff/login"]) {
      expect(
        (await browse(pathname, { cookie: "" })).cookies.filter((cookie) => cookie.startsWith(VISIT_COOKIE)),
        pathname,
      ).toEqual([]);
    }
    const crawler = await browse("/used", {
      cookie: "",
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    expect(crawler.cookies).toEqual([]);
    expect(crawler.cacheControl).toBe("private, no-cache");
  });
});

/** The visit's leads: an enquiry by the page's form, one by the API and a finance application, and one by the API
 * without a visit; their ids in `leads`. */
async function sendTheVisitsLeads() {
  const enquiryForm = {
    first_name: "Lerato",
    last_name: "Mokoena",
    email: "lerato.visit@example.co.za",
    cell_phone: "082 555 0199",
    dealer_slug: DEALER,
    message: "Is the CR-V in white?",
    contact: "on",
    terms: "on",
    website: "",
    idempotency_key: crypto.randomUUID(),
    rendered_at: String(Date.now() - 60_000),
  };
  expect((await postForm(ENQUIRY_PAGE, enquiryForm)).status).toBe(303);
  const api = await postApiEnquiry("sipho.visit@example.co.za", visitCookie);
  expect(api.status).toBe(201);
  const financeKey = crypto.randomUUID();
  const finance = Object.fromEntries(
    Object.entries(validFinanceApplication({ dealership: DEALER, idempotencyKey: financeKey })).map(([name, value]) => [
      name,
      String(value),
    ]),
  );
  const financeAnswer = await postForm("/finance", finance);
  expect([financeAnswer.status, financeAnswer.headers.get("Location")]).toEqual([303, "/finance/thank-you"]);
  const unrecorded = await postApiEnquiry("no.visit@example.co.za", null);
  expect(unrecorded.status).toBe(201);
  const idOf = async (email: string) =>
    (await database.db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.email, email)))[0]!.id;
  leads.page = await idOf("lerato.visit@example.co.za");
  leads.api = await idOf("sipho.visit@example.co.za");
  leads.unrecorded = await idOf("no.visit@example.co.za");
  const [application] = await database.db
    .select({ id: financeApplications.id })
    .from(financeApplications)
    .where(eq(financeApplications.idempotencyKey, `form:${financeKey}`));
  leads.finance = application!.id;
}

/** Delivers every queued lead; answers what the dealer's CRM received of a lead, by e-mail (ADF) and by webhook. */
async function deliverToTheCrm() {
  const worker = new LeadDeliveryWorker({
    db: database.db,
    logger: createLogger("silent"),
    mailer: createMailer({ outboxDir, from: "Leads <leads@group.example>" }),
    siteUrl: "https://www.honda-group.example",
    financeCipher: cipher,
    now: () => new Date(Date.now() + 5_000),
  });
  while ((await worker.runOnce()) > 0);
  // Enquiries go to the CRM's webhooks; a finance application only by e-mail (its CRM address takes the ADF as the body).
  const mails = await Promise.all(
    (await fs.readdir(outboxDir))
      .filter((name) => name.endsWith(".eml"))
      .map(async (name) => simpleParser(await fs.readFile(path.join(outboxDir, name)))),
  );
  const crmMail = (id: string) =>
    mails.find((mail) => (mail.text ?? "").startsWith("<?xml") && (mail.text ?? "").includes(`>${id}</id>`))?.text;
  const adfOf = (id: string) =>
    crm.received.find((request) => request.type === "adf" && request.body.includes(`>${id}</id>`))?.body;
  const jsonOf = (id: string) =>
    crm.received
      .map((request) => (request.type === "json" ? JSON.parse(request.body) : null))
      .find((body) => body?.id === id);
  return { crmMail, adfOf, jsonOf };
}

describe("the leads the visit sends", () => {
  beforeAll(sendTheVisitsLeads);

  it("are stored with the visit's source, whatever form or client sent them; a lead without a visit has none", async () => {
    const expected = {
      source: "facebook",
      medium: "cpc",
      campaign: "spring-sale",
      term: "jazz",
      clickIds: { fbclid: "IwAR.click-1" },
    };
    const stored = async (id: string) =>
      (await database.db.select({ attribution: enquiries.attribution }).from(enquiries).where(eq(enquiries.id, id)))[0]!
        .attribution;
    expect(await stored(leads.page!)).toMatchObject(expected);
    expect(await stored(leads.api!)).toMatchObject(expected);
    expect(await stored(leads.unrecorded!)).toBeNull();
    const [finance] = await database.db
      .select({ attribution: financeApplications.attribution })
      .from(financeApplications)
      .where(eq(financeApplications.id, leads.finance!));
    expect(finance!.attribution).toMatchObject(expected);
  });

  it("reach the dealer's CRM with it: the ADF (valid against the DTD) by webhook and e-mail, and the JSON webhook", async () => {
    const { crmMail, adfOf, jsonOf } = await deliverToTheCrm();
    for (const [id, adf] of [
      [leads.page!, adfOf(leads.page!)],
      [leads.api!, adfOf(leads.api!)],
      [leads.finance!, crmMail(leads.finance!)],
    ] as const) {
      expect(adf, `ADF of ${id}`).toBeDefined();
      expect(await dtdViolations(adf!)).toBe("");
      expect(await xpath(adf!, "string(//provider/name)")).toBe("Honda Dealer Group Website\n");
      expect((await xpath(adf!, "string(//provider/service)")).trim()).toMatch(/ from facebook \/ cpc \/ spring-sale$/);
      const comments = (await xpath(adf!, "string(//customer/comments)")).split("\n");
      for (const line of [
        "Visit source: facebook",
        "Visit medium: cpc",
        "Campaign: spring-sale",
        "Campaign term: jazz",
        "Campaign content: carousel",
        "Facebook click id (fbclid): IwAR.click-1",
      ]) {
        expect(comments, id).toContain(line);
      }
    }
    for (const id of [leads.page!, leads.api!]) {
      expect(jsonOf(id)?.attribution).toMatchObject({
        source: "facebook",
        medium: "cpc",
        campaign: "spring-sale",
        term: "jazz",
        clickIds: { fbclid: "IwAR.click-1" },
      });
    }
    // Without a visit: the form alone in the service, nothing in the comments, null in the JSON.
    const unrecorded = adfOf(leads.unrecorded!)!;
    expect(await dtdViolations(unrecorded)).toBe("");
    expect((await xpath(unrecorded, "string(//provider/service)")).trim()).toBe(
      "Parts Enquiry (Dealer Website Honda-Online Parts)",
    );
    expect(await xpath(unrecorded, "string(//customer/comments)")).not.toContain("Visit source");
    expect(jsonOf(leads.unrecorded!)).toMatchObject({ attribution: null });
  });
});

describe("the leads the visit sent, in the back office and the metrics", () => {
  it("show it on the staff lead pages, and 'Not recorded' for a lead without a visit", async () => {
    for (const id of [leads.page!, leads.api!, leads.finance!]) {
      const html = await staffPage(`/staff/leads/${id}`);
      expect(html).toContain("Where the visit came from");
      expect(html).toMatch(/<dt[^>]*>Source<\/dt><dd>facebook<\/dd>/);
      expect(html).toMatch(/<dt[^>]*>Campaign<\/dt><dd>spring-sale<\/dd>/);
    }
    expect(await staffPage(`/staff/finance/${leads.finance}`)).toMatch(/<dt[^>]*>Campaign<\/dt><dd>spring-sale<\/dd>/);
    expect(await staffPage(`/staff/leads/${leads.unrecorded}`)).toMatch(/<strong>Source:<\/strong> Not recorded/);
  });

  it("filter the inbox by source, and are in its CSV with their source, medium and campaign", async () => {
    const facebook = await staffPage("/staff/leads?source=facebook");
    expect(facebook).toMatch(/<option value="facebook" selected="">facebook<\/option>/);
    for (const id of [leads.page, leads.api, leads.finance]) expect(facebook).toContain(`/staff/leads/${id}`);
    expect(facebook).not.toContain(`/staff/leads/${leads.unrecorded}`);
    const notRecorded = await staffPage(`/staff/leads?source=${encodeURIComponent("(not recorded)")}`);
    expect(notRecorded).toContain(`/staff/leads/${leads.unrecorded}`);
    expect(notRecorded).not.toContain(`/staff/leads/${leads.page}`);

    const rows = parse((await staffPage("/staff/leads/export.csv")).replace(/^\uFEFF/, ""), {
      columns: true,
    }) as Record<string, string>[];
    const byEmail = (email: string) => rows.find((row) => row["E-mail"] === email);
    expect(byEmail("lerato.visit@example.co.za")).toMatchObject({
      Source: "facebook",
      Medium: "cpc",
      Campaign: "spring-sale",
    });
    expect(byEmail("no.visit@example.co.za")).toMatchObject({ Source: "Not recorded", Medium: "", Campaign: "" });
    expect(rows.find((row) => row["Lead type"] === "Finance Application" && row.Source === "facebook")).toBeDefined();
  });

  it("are counted by type and source in Prometheus, each once", async () => {
    // A form sent twice (a double click) is one lead, counted once.
    await postApiEnquiry("sipho.visit@example.co.za", visitCookie);
    const body = (await metrics.exposition()).body;
    const value = (labels: string) =>
      Number(new RegExp(`^honda_leads_total\\{${labels}\\} (\\S+)$`, "m").exec(body)?.[1] ?? 0);
    expect(value('type="New Vehicles",source="facebook",medium="cpc"')).toBe(1);
    expect(value('type="Parts Enquiry",source="facebook",medium="cpc"')).toBe(1);
    expect(value('type="Finance Application",source="facebook",medium="cpc"')).toBe(1);
    expect(value('type="Parts Enquiry",source="not_recorded",medium="not_recorded"')).toBe(1);
  });
});
