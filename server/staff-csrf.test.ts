import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { STAFF_PAGES_WITHOUT_SESSION } from "../core/staff/open-pages.ts";
import { createMailer } from "../core/delivery/email.server.ts";
import { submitEnquiry } from "../core/leads/enquiries.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, pageRouteTable, serveOverHttp } from "../tests/support/page-server.ts";
import {
  createStaffUser,
  formValues,
  signIn,
  type StaffHttpSession,
  TEST_STAFF_PASSWORD,
} from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";
import { WRITE_METHODS } from "./middleware/request-guard.ts";

/**
 * Every staff write, taken from the route table, refuses a request that is signed in and same-origin but lacks
 * the session's CSRF token: 403 with the refusal's message, the database exactly as it was and the session
 * still signed in. Each write is sent with a session of its own, signed in for it, so that no write's answer depends
 * on what an earlier one did to a shared session. The pages are the built site's staff routes whose module has an
 * action (but for the four that work before there is a session); the API writes are the app's write routes under
 * /api/staff, which a session may call. A route added to either is sent here by itself. Needs `npm run build` first.
 */
let database: DatabaseHandle;
let site: Awaited<ReturnType<typeof serveOverHttp>>;
let app: ReturnType<typeof createApp>;
let outbox: string;
const records: Record<string, string> = {};

const ADMIN_EMAIL = "csrf-admin@example.co.za";
/** What a refused page form says (app/lib/staff.server.ts, CSRF_REFUSAL) and a refused API write's title (server/middleware/staff-auth.ts). */
const PAGE_REFUSAL = "This form has expired or was not sent from this site";
const API_REFUSAL = "Send the session's CSRF token in X-CSRF-Token";

/** Tables a refused request may still touch: each request with a session marks it as seen. */
const TOUCHED_BY_EVERY_REQUEST = new Set(["staff_sessions"]);

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "honda-csrf-outbox-"));
  app = createApp({
    db: database.db,
    logger: capturingLogger("warn").logger,
    mailer: createMailer({ outboxDir: outbox, from: "Back office <staff@example.co.za>" }),
    rateLimiter: new MemoryRateLimiter(1000, 600_000),
    ...(await builtSite()),
  });
  site = await serveOverHttp(app);
  await createStaffUser(database.db, { email: ADMIN_EMAIL, role: "group_admin", password: TEST_STAFF_PASSWORD });
  const other = await createStaffUser(database.db, {
    email: "csrf-editor@example.co.za",
    role: "content_editor",
    password: TEST_STAFF_PASSWORD,
  });
  records.staffUser = String(other.id);
  const lead = await submitEnquiry(database.db, {
    form_name: "New Vehicles",
    first_name: "Lindiwe",
    last_name: "Zulu",
    email: "lindiwe.csrf@example.co.za",
    cell_phone: "082 123 4567",
    contact: true,
    terms: true,
    dealer_slug: "honda-sandton",
    model: "CR-V",
    uri: "/new/honda/cr-v",
  });
  if (lead.kind !== "stored") throw new Error("enquiry not stored");
  records.lead = lead.id;
  for (const table of [
    "used_vehicles",
    "blog_posts",
    "deals",
    "banners",
    "range_models",
    "range_variants",
    "range_colours",
  ])
    records[table] = String(await firstValue(sql`SELECT min(id) AS v FROM ${sql.identifier(table)}`));
  records.dealer = String(await firstValue(sql`SELECT min(slug) AS v FROM dealers`));
});
afterAll(async () => {
  await site?.close();
  await database?.close();
  if (outbox) await fs.rm(outbox, { recursive: true, force: true });
});

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function firstValue(query: ReturnType<typeof sql>): Promise<unknown> {
  const [row] = await rows<{ v: unknown }>(query);
  if (row?.v === null || row?.v === undefined) throw new Error(`the seed has no row for ${query}`);
  return row.v;
}

/** A record of each kind a staff write route's path names, so the write would land if the token were not checked. */
function concretePath(pattern: string): string {
  const byPattern: Record<string, string> = {
    "/staff/leads/:leadId": `/staff/leads/${records.lead}`,
    "/staff/accounts/:id": `/staff/accounts/${records.staffUser}`,
    "/staff/stock/:id": `/staff/stock/${records.used_vehicles}`,
    "/staff/stock/:id/photos": `/staff/stock/${records.used_vehicles}/photos`,
    "/staff/blog/:id": `/staff/blog/${records.blog_posts}`,
    "/staff/specials/:id": `/staff/specials/${records.deals}`,
    "/staff/banners/:id": `/staff/banners/${records.banners}`,
    "/staff/dealers/:slug": `/staff/dealers/${records.dealer}`,
    "/staff/range/:id": `/staff/range/${records.range_models}`,
    "/staff/range/variants/:id": `/staff/range/variants/${records.range_variants}`,
    "/staff/range/variants/:id/prices": `/staff/range/variants/${records.range_variants}/prices`,
    "/staff/range/colours/:id": `/staff/range/colours/${records.range_colours}`,
    "/api/staff/dealers/:slug/stock": `/api/staff/dealers/${records.dealer}/stock`,
  };
  const concrete = byPattern[pattern] ?? pattern;
  if (concrete.includes(":") || concrete.includes("*"))
    throw new Error(`no record for ${pattern}: add one to concretePath`);
  return concrete;
}

/** Every row of every table (but those any request touches), as a count and a hash per table. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables.filter((table) => !TOUCHED_BY_EVERY_REQUEST.has(table.name))) {
    const [summary] = await rows<{ n: number; h: string }>(
      sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${sql.identifier(name)} t`,
    );
    fingerprint[name] = `${summary!.n} ${summary!.h}`;
  }
  return fingerprint;
}

type Forged = { path: string; refusal: string; send: () => Promise<Response> };

/** The page's form as the signed-in administrator gets it, posted back without the "csrf" field (and with its first intent). */
async function forgedPageWrite(pathname: string, session: StaffHttpSession): Promise<Forged> {
  const page = await fetch(site.baseUrl + pathname, { headers: { Cookie: session.cookie } });
  expect(page.status, `GET ${pathname}`).toBe(200);
  const html = await page.text();
  const { csrf, ...fields } = formValues(html);
  expect(csrf, `${pathname} has a form with the session's token`).toBe(session.csrfToken);
  const intent = /<button[^>]*\bname="intent"[^>]*\bvalue="([^"]*)"/.exec(html)?.[1];
  if (intent) fields.intent = intent;
  const multipart = /enctype="multipart\/form-data"/i.test(html);
  const body = multipart ? new FormData() : new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers: Record<string, string> = { Cookie: session.cookie, Origin: site.baseUrl };
  if (!multipart) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return {
    path: `POST ${pathname}`,
    refusal: PAGE_REFUSAL,
    send: () => fetch(site.baseUrl + pathname, { method: "POST", redirect: "manual", headers, body }),
  };
}

/** An API write with the session's cookie but no X-CSRF-Token: an empty stock feed, which would withdraw the dealer's stock. */
function forgedApiWrite(method: string, pathname: string, session: StaffHttpSession): Forged {
  const headers = { Cookie: session.cookie, Origin: site.baseUrl, "Content-Type": "application/json" };
  return {
    path: `${method} ${pathname}`,
    refusal: API_REFUSAL,
    send: () =>
      fetch(site.baseUrl + pathname, { method, redirect: "manual", headers, body: JSON.stringify({ vehicles: [] }) }),
  };
}

/** What a client sees of a forged write, and what it did: the status, whether the answer says why, the tables it changed, the session after it. */
type Outcome = { status: number; saysWhy: boolean; changedTables: string[]; stillSignedIn: boolean };

async function sendForged(write: Forged, session: StaffHttpSession): Promise<Outcome> {
  const before = await databaseFingerprint();
  const response = await write.send();
  const text = await response.text();
  const after = await databaseFingerprint();
  const changedTables = Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .sort();
  const me = await fetch(`${site.baseUrl}/api/staff/me`, { headers: { Cookie: session.cookie } });
  await me.body?.cancel();
  return {
    status: response.status,
    saysWhy: text.includes(write.refusal),
    changedTables,
    stillSignedIn: me.status === 200,
  };
}

describe("every staff write without its CSRF token", () => {
  it("is refused with 403 and the reason, stores nothing and signs no one out, page forms and API writes alike, each from a fresh session", async () => {
    const staffWrites = (await pageRouteTable()).filter(
      (route) =>
        route.pattern.startsWith("/staff") &&
        route.methods.includes("POST") &&
        !STAFF_PAGES_WITHOUT_SESSION.includes(route.pattern),
    );
    // Hono lists a route once per handler that it chains (a middleware and the operation): each write once.
    const apiWrites = [
      ...new Map(
        app.routes
          .filter((route) => route.path.startsWith("/api/staff/") && WRITE_METHODS.includes(route.method))
          .map((route) => [`${route.method} ${route.path}`, route]),
      ).values(),
    ];
    // The route table as it stands: a new staff write joins this test by itself.
    expect(staffWrites.length).toBeGreaterThanOrEqual(16);
    expect(apiWrites.map((route) => `${route.method} ${route.path}`)).toContain("PUT /api/staff/dealers/:slug/stock");

    const outcomes: Record<string, Outcome> = {};
    const refused: Record<string, Outcome> = {};
    const fresh = () => signIn(site.baseUrl, ADMIN_EMAIL, TEST_STAFF_PASSWORD);
    const record = (write: Forged, outcome: Outcome) => {
      outcomes[write.path] = outcome;
      refused[write.path] = { status: 403, saysWhy: true, changedTables: [], stillSignedIn: true };
    };
    for (const route of staffWrites) {
      const session = await fresh();
      const write = await forgedPageWrite(concretePath(route.pattern), session);
      record(write, await sendForged(write, session));
    }
    for (const route of apiWrites) {
      const session = await fresh();
      const write = forgedApiWrite(route.method, concretePath(route.path), session);
      record(write, await sendForged(write, session));
    }
    expect(Object.keys(outcomes)).toHaveLength(staffWrites.length + apiWrites.length);
    expect(outcomes).toEqual(refused);
  });
});
