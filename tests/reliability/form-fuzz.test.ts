import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { createMailer } from "../../core/delivery/email.server.ts";
import {
  appointments,
  banners,
  blogPosts,
  deals,
  enquiries,
  financeApplications,
  leadDeliveries,
  savedSearches,
  staffUsers,
  tradeIns,
  usedVehicles,
} from "../../db/schema.ts";
import { seedDatabase } from "../../seed/seed.ts";
import { createApp } from "../../server/app.ts";
import { ROUTE_BODY_LIMITS } from "../../server/body-limits.ts";
import { goPingGuardRule } from "../../server/go-links.ts";
import { vitalsGuardRule } from "../../server/vitals.ts";
import { MAX_BODY_BYTES } from "../../server/middleware/request-guard.ts";
import { projectRoot } from "../../server/pages.ts";
import { validFinanceApplication } from "../support/finance-fixture.ts";
import { capturingLogger } from "../support/log-capture.ts";
import { builtSite, pageRouteTable, serveOverHttp } from "../support/page-server.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";
import { createStaffUser, signIn, TEST_STAFF_PASSWORD } from "../support/staff.ts";

/**
 * Property-based fuzzing (fast-check) of the built site over real HTTP, on the embedded PGlite and on
 * PostgreSQL (a scratch database on the machine's server): every form action posted as a browser without
 * JavaScript posts it; every route of the route table (React Router's build and the routes Hono registers:
 * API, /api/staff, media, SEO files, health) once per class of mistake; and then any request over the route
 * table (random methods, malformed escapes, long segments, content types, body sizes, origins and field
 * values). No 5xx, no stack trace or server file in any answer, the documented status for each class of
 * mistake, no error-level log, and nothing stored, queued for delivery or mailed for a refused request (4xx).
 * Back-office routes are sent with a signed-in administrator's session cookie (but never its CSRF token), so
 * that the guard and the forms are reached rather than the sign-in redirect. Fixed seed; fast-check prints
 * seed and path on failure.
 * (The JSON endpoints and the read API are fuzzed in server/api/fuzz.test.ts.)
 */
const SEED = 20_261_125;
const FORM_RUNS = 15;
const REQUEST_RUNS = 300;

type Site = {
  baseUrl: string;
  database: DatabaseHandle;
  /** The routes Hono registered (API, media, SEO, health), as `app.routes` lists them. */
  honoRoutes: { method: string; path: string }[];
  /** The Cookie header of a signed-in group administrator. */
  staffCookie: string;
  /** Messages the site's mail channel wrote to its outbox. */
  mailed: () => number;
  /** Error-level lines (a defect of ours), and warn lines with a stack trace (a client's mistake is logged without one). */
  errorLogs: () => string[];
  close(): Promise<void>;
};

async function startSite(kind: "pglite" | "postgres"): Promise<Site> {
  const scratch = kind === "postgres" ? await createScratchDatabase("fuzz") : null;
  const database = scratch
    ? await openDatabase({ databaseUrl: scratch.url })
    : await openDatabase({ pglite: await PGlite.create() });
  await database.migrate();
  await seedDatabase(database.db);
  const { logger, lines } = capturingLogger("warn");
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "honda-fuzz-outbox-"));
  const mailer = createMailer({ outboxDir, from: "fuzz@example.co.za" });
  const app = createApp({
    db: database.db,
    health: database,
    logger,
    mailer,
    ...(await builtSite()),
    rateLimiter: new MemoryRateLimiter(1e9, 600_000),
  });
  const server = await serveOverHttp(app);
  await createStaffUser(database.db, {
    email: "fuzz-admin@example.co.za",
    role: "group_admin",
    password: TEST_STAFF_PASSWORD,
  });
  const { cookie } = await signIn(server.baseUrl, "fuzz-admin@example.co.za", TEST_STAFF_PASSWORD);
  return {
    baseUrl: server.baseUrl,
    database,
    honoRoutes: app.routes.map(({ method, path }) => ({ method, path })),
    staffCookie: cookie,
    mailed: () => fs.readdirSync(outboxDir).length,
    errorLogs: () => lines.filter((line) => JSON.parse(line).level >= 50 || /"stack"/.test(line)),
    async close() {
      await server.close();
      await database.close();
      await scratch?.drop();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "on",
    "off",
    "0",
    "-1",
    "99999999999999999999",
    "honda-umhlanga",
    "no-such-dealer",
    "<img src=x onerror=alert(1)>",
    "'; drop table enquiries; --",
    "\u0000",
    "%E0%A4",
    "a".repeat(3_000),
  ),
);

function validEnquiryForm(dealerSlug: string): Record<string, string> {
  return {
    first_name: "Ayanda",
    last_name: "Khumalo",
    email: "ayanda.khumalo@example.co.za",
    cell_phone: "083 444 1212",
    make: "Honda",
    model: "Jazz",
    year: "2016",
    partNo: "08P01-T5A-100",
    vinNo: "",
    message: "Please phone me after five.",
    dealer_slug: dealerSlug,
    contact: "on",
    terms: "on",
    website: "",
    rendered_at: String(Date.now() - 120_000),
  };
}

function validFinanceForm(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(validFinanceApplication()).map(([name, value]) => [name, value === true ? "on" : String(value)]),
  );
}

/** The first time Honda Sandton takes a booking of this kind: service and test-drive forms name their time. */
async function firstFreeSlot(site: Site, type: "service" | "test-drive"): Promise<Record<string, string>> {
  const slots = (await (await fetch(`${site.baseUrl}/api/dealers/honda-sandton/slots?type=${type}`)).json()) as {
    "hydra:member": { start: string }[];
  };
  const start = slots["hydra:member"][0]!.start;
  return { appointment_date: start.slice(0, 10), appointment_time: start.slice(11, 16) };
}

function formBodies(valid: Record<string, string>): fc.Arbitrary<string> {
  const fields = Object.keys(valid);
  const replaced = fc
    .tuple(fc.constantFrom(...fields), hostileText)
    .map(([field, value]) => ({ ...valid, [field]: value }));
  const removed = fc
    .constantFrom(...fields)
    .map((field) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)));
  const added = fc
    .tuple(fc.string({ maxLength: 20 }), hostileText)
    .map(([field, value]) => ({ ...valid, [field]: value }));
  const arbitrary = fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })), hostileText, {
    maxKeys: 8,
  });
  return fc.oneof(
    fc.oneof(replaced, removed, added, arbitrary).map((form) => new URLSearchParams(form).toString()),
    fc.string({ unit: "binary", maxLength: 200 }),
  );
}

/** What a taken request adds: leads, applications, bookings, trade-ins, alerts and back-office content, and queued deliveries. */
const STORED_TABLES = [
  enquiries,
  financeApplications,
  leadDeliveries,
  appointments,
  tradeIns,
  savedSearches,
  usedVehicles,
  blogPosts,
  deals,
  banners,
  staffUsers,
];

/** Rows stored and messages mailed so far: a refused request changes neither. */
async function footprint(site: Site): Promise<{ rows: number; mailed: number }> {
  const counts = await Promise.all(
    STORED_TABLES.map(async (table) => (await site.database.db.select({ n: count() }).from(table))[0]!.n),
  );
  return { rows: counts.reduce((sum, n) => sum + n, 0), mailed: site.mailed() };
}

/** What no answer may show: a stack frame, a server path or a system file. */
const INTERNALS = /\bat\s+(?:\S+\s+)?\(?(?:\/|file:)[^\s)]+:\d+:\d+|node_modules\/|\/work\/|\.tsx?:\d+:\d+|root:x:0:0/;

type Sample = {
  pattern: string;
  path: string;
  methods: readonly string[];
  api: boolean;
  staff: boolean;
  form?: Record<string, string>;
};

/** The form actions with a complete form each, as a browser without JavaScript posts them. */
async function formSamples(site: Site): Promise<{ path: string; form: Record<string, string> }[]> {
  const getJson = async (apiPath: string) => (await fetch(site.baseUrl + apiPath)).json() as Promise<any>;
  const vehicle = (await getJson("/api/vehicles"))["hydra:member"][0] as { uri: string };
  const special = (await getJson("/api/specials"))["hydra:member"][0] as { slug: string };
  const enquiry = validEnquiryForm("honda-sandton");
  const service = { ...enquiry, ...(await firstFreeSlot(site, "service")) };
  const testDrive = { ...enquiry, ...(await firstFreeSlot(site, "test-drive")) };
  const sellCar = {
    ...enquiry,
    make: "Toyota",
    model: "Corolla",
    year: "2017",
    mileage_km: "98000",
    condition: "good",
    outstanding_finance: "no",
    trade_in: "no",
  };
  return [
    { path: "/service", form: service },
    { path: "/parts", form: enquiry },
    { path: "/new/honda/cr-v/1-5t-comfort-cvt/enquire", form: enquiry },
    { path: `/specials/${special.slug}`, form: enquiry },
    { path: `${vehicle.uri}/enquire`, form: enquiry },
    { path: "/book-test-drive/honda/cr-v", form: testDrive },
    { path: "/sell-your-car", form: sellCar },
    { path: "/honda-wing/honda/nx500/manual/enquire", form: validEnquiryForm("honda-wing-midrand") },
    { path: "/finance", form: validFinanceForm() },
    ...[service, enquiry, sellCar].map((form, i) => ({
      path: `/dealer/honda-sandton${["/service", "/parts", "/sell-your-car"][i]}`,
      form,
    })),
  ];
}

/**
 * Every route of the route table with a real path: each page route of React Router's build (and the data
 * address of each form page), each route Hono registered (API, /api/staff, media, SEO files, health), and a
 * static file. The methods are the table's own:
 * GET and HEAD, and POST where a page has an action; what Hono registered (HEAD with GET).
 */
async function routeTable(site: Site): Promise<Sample[]> {
  const getJson = async (apiPath: string) => (await fetch(site.baseUrl + apiPath)).json() as Promise<any>;
  const [, , usedMake, usedModel, usedId] = (
    (await getJson("/api/vehicles"))["hydra:member"][0] as { uri: string }
  ).uri.split("/");
  const special = (await getJson("/api/specials"))["hydra:member"][0] as { slug: string };
  const post = (await getJson("/api/blog"))["hydra:member"][0] as { slug: string };
  const generic: Record<string, string> = {
    make: "honda",
    model: "cr-v",
    variant: "1-5t-comfort-cvt",
    dealerName: "honda-sandton",
    slug: "honda-sandton",
    name: "honda-sandton",
    dealer: "honda-sandton",
    id: "1",
    leadId: "1",
    applicationId: "1",
    token: "fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz",
    file: "fuzz.svg",
    shape: "card",
    hex: "00",
    lead: "1",
    position: "1",
    "*": "no-such-page",
  };
  const valuesFor = (pattern: string): Record<string, string> => {
    if (/\/used\/:make/.test(pattern)) return { ...generic, make: usedMake!, model: usedModel!, id: usedId! };
    if (/honda-wing\/:make/.test(pattern))
      return { ...generic, dealerName: "honda-wing-midrand", model: "nx500", variant: "manual" };
    if (/^(?:\/dealer\/:dealerName)?\/specials\/:slug/.test(pattern)) return { ...generic, slug: special.slug };
    if (pattern.startsWith("/blog/")) return { ...generic, slug: post.slug };
    if (pattern.includes("sitemap-used")) return { ...generic, file: "sitemap-used-1.xml" };
    return generic;
  };
  const pathOf = (pattern: string) => {
    const values = valuesFor(pattern);
    return pattern.replace(
      /:(\w+)(?:\{[^}]*\})?|\*$/g,
      (whole, name: string | undefined) => values[name ?? "*"] ?? whole,
    );
  };
  const forms = new Map((await formSamples(site)).map((sample) => [sample.path, sample.form]));
  const sample = (pattern: string, methods: readonly string[]): Sample => {
    const path = pathOf(pattern);
    return {
      pattern,
      path,
      methods,
      api: path.startsWith("/api/"),
      staff: /^\/(?:api\/)?staff(?:\/|$)/.test(path),
      form: forms.get(path),
    };
  };
  const registered = new Map<string, Set<string>>();
  for (const { method, path: pattern } of site.honoRoutes) {
    if (method === "ALL") continue;
    const methods = registered.get(pattern) ?? new Set<string>();
    methods.add(method);
    if (method === "GET") methods.add("HEAD");
    registered.set(pattern, methods);
  }
  const asset = fs.readdirSync(path.join(projectRoot, "build/client/assets"))[0]!;
  const pages = (await pageRouteTable()).map(({ pattern, methods }) => sample(pattern, methods));
  // A form posted by the page's script goes to the router's data address of the page (`/parts.data`).
  const dataAddresses = pages
    .filter((page) => page.methods.includes("POST"))
    .map((page) => ({ ...page, path: `${page.path}.data`, form: undefined }));
  return [
    ...pages,
    ...dataAddresses,
    ...[...registered].map(([pattern, methods]) => sample(pattern, [...methods])),
    sample(`/assets/${asset}`, ["GET", "HEAD"]),
  ];
}

/** The largest body a route takes (the guard's 64 KB unless the route declares more, server/body-limits.ts). */
/** The request guard's rules for particular routes, as the app declares them (server/app.ts). */
const GUARD_RULES = [...ROUTE_BODY_LIMITS, vitalsGuardRule(), goPingGuardRule()];
const rulesOf = (routePath: string) =>
  GUARD_RULES.filter((rule) => new RegExp(`^${rule.path.replace(/:\w+/g, "[^/]+")}$`).test(routePath));

function bodyLimitOf(routePath: string): number {
  return Math.max(MAX_BODY_BYTES, ...rulesOf(routePath).map((rule) => rule.maxBodyBytes));
}

/** The body types a route takes besides JSON (a stock feed's CSV, the vitals beacon's text, a call link's ping), or null. */
function declaredMediaTypes(routePath: string): string[] | null {
  const declared = rulesOf(routePath).flatMap((rule) => rule.mediaTypes ?? []);
  return declared.length > 0 ? declared : null;
}

const MALFORMED = ["%", "%zz", "%E0%A4", "%C3%28", "%FF", "%00", "%e2%82", "%%41"];
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzz"];
const CONTENT_TYPES = [
  undefined,
  ...FORM_TYPES,
  "multipart/form-data",
  "application/json",
  "application/ld+json",
  "text/plain",
  "application/xml",
];

type Mutation =
  | { kind: "none" }
  | { kind: "malformed"; escape: string; inQuery: boolean }
  | { kind: "long"; length: number; inPath: boolean };

const requests = (samples: Sample[]) =>
  fc.record({
    sample: fc.constantFrom(...samples),
    mutation: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Mutation>({ kind: "none" }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("malformed" as const),
          escape: fc.constantFrom(...MALFORMED),
          inQuery: fc.boolean(),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant("long" as const),
          length: fc.integer({ min: 300, max: 6_000 }),
          inPath: fc.boolean(),
        }),
      },
    ),
    // POST half the time, so that the write checks of the routes that take one are reached often.
    method: fc.oneof(fc.constant("POST"), fc.constantFrom("GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS")),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    origin: fc.constantFrom("same", "none", "https://evil.example"),
    body: fc.oneof(
      fc.constant(""),
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? "null"),
      fc.integer({ min: MAX_BODY_BYTES + 1, max: MAX_BODY_BYTES * 2 }).map((size) => "x".repeat(size)),
    ),
    fieldValues: fc.dictionary(
      fc.constantFrom("first_name", "email", "dealer_slug", "message", "idNumber", "terms"),
      hostileText,
      { maxKeys: 4 },
    ),
  });

type FuzzRequest = ReturnType<typeof requests> extends fc.Arbitrary<infer T> ? T : never;

function urlOf(site: Site, { sample, mutation }: FuzzRequest): string {
  if (mutation.kind === "malformed") {
    return mutation.inQuery
      ? `${site.baseUrl}${sample.path}?q=${mutation.escape}`
      : `${site.baseUrl}${sample.path.replace(/\/?$/, `/${mutation.escape}x`)}`;
  }
  if (mutation.kind === "long") {
    const long = "a".repeat(mutation.length);
    return mutation.inPath
      ? `${site.baseUrl}${sample.path.replace(/\/?$/, `/${long}`)}`
      : `${site.baseUrl}${sample.path}?q=${long}`;
  }
  return site.baseUrl + sample.path;
}

/** The documented answer for a class of mistake; null where any answer below 500 is right. */
function documentedStatus(request: FuzzRequest, bodyBytes: number): number | null {
  const { sample, mutation, method, contentType, origin } = request;
  if (mutation.kind === "malformed") return 400;
  // A long segment added to the path may land on another route (the not-found page): any 4xx or page is right.
  if (mutation.kind === "long" && mutation.inPath) return null;
  if (!sample.methods.includes(method)) return 405;
  if (!WRITES.includes(method)) return null;
  if (bodyBytes > bodyLimitOf(sample.path)) return 413;
  const type = contentType?.split(";")[0];
  const json = type === "application/json" || type === "application/ld+json";
  if (sample.api && !json) return 415;
  // A client without Origin is not a browser, so not a forgery; another site's Origin is refused.
  if (origin !== "same" && origin !== "none") return 403;
  if (sample.api) return null;
  return FORM_TYPES.some((t) => t.startsWith(type ?? "-")) ? null : 415;
}

const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

type Answer = { status: number; allow: string | null; text: string };

/**
 * Sends one request and checks what every answer must hold: below 500, no internals in it, and for a write
 * that was not taken (anything but 303) nothing stored and nothing mailed. Back-office addresses go with the administrator's cookie.
 */
async function send(
  site: Site,
  sample: Sample,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  what: string,
): Promise<Answer> {
  const headers = { ...init.headers, ...(sample.staff ? { Cookie: site.staffCookie } : {}) };
  const write = WRITES.includes(init.method);
  const before = write ? await footprint(site) : null;
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  const text = await response.text();
  expect(response.status, what).toBeLessThan(500);
  expect(text, what).not.toMatch(INTERNALS);
  if (write && response.status !== 303)
    expect(await footprint(site), `${what} answered ${response.status}`).toEqual(before);
  return { status: response.status, allow: response.headers.get("allow"), text };
}

const sortedMethods = (allow: string | null) => (allow ?? "").split(", ").sort();

/** Counts answers by class of input, for the closing line of each test. */
class Tally {
  readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }
  toString(): string {
    return JSON.stringify(Object.fromEntries(this.counts));
  }
}

/**
 * Sends each route of the route table one request per class of mistake (a malformed escape, a method it does not
 * handle, and for a write: too large, from another site, of the wrong type, without a type, malformed), and
 * checks each answer's documented status.
 */
async function checkEveryRoute(site: Site, kind: string) {
  const routes = await routeTable(site);
  const tally = new Tally();
  const check = async (
    sample: Sample,
    kindOfInput: string,
    url: string,
    init: Parameters<typeof send>[3],
    expected: number,
  ) => {
    const what = `${init.method} ${url.slice(site.baseUrl.length)} (${kindOfInput}, route ${sample.pattern})`;
    const answer = await send(site, sample, url, init, what);
    expect(answer.status, what).toBe(expected);
    if (expected === 405) expect(sortedMethods(answer.allow), what).toEqual([...sample.methods].sort());
    tally.add(kindOfInput);
  };
  for (const [index, sample] of routes.entries()) {
    const url = site.baseUrl + sample.path;
    await check(
      sample,
      "malformed escape in a path segment",
      `${site.baseUrl}${sample.path.replace(/\/?$/, "/%E0%A4x")}`,
      { method: "GET" },
      400,
    );
    await check(sample, "malformed escape in the query", `${url}?q=%zz`, { method: "GET" }, 400);
    // One method the route does not handle, taken in turn, so that each is sent to about a fifth of the routes.
    const unhandled = ["PUT", "PATCH", "DELETE", "OPTIONS", "POST"].filter((m) => !sample.methods.includes(m));
    const method = unhandled[index % unhandled.length]!;
    await check(
      sample,
      `method the route does not handle (${method})`,
      url,
      { method, headers: { Origin: site.baseUrl }, body: method === "OPTIONS" ? undefined : "a=1" },
      405,
    );
    for (const method of sample.methods.filter((m) => WRITES.includes(m))) {
      // A page takes a form; the API and a route that declares its own body types (a call link's ping) take those.
      const declared = sample.api ? null : declaredMediaTypes(sample.path);
      const type = sample.api ? "application/json" : (declared?.[0] ?? "application/x-www-form-urlencoded");
      const limit = bodyLimitOf(sample.path);
      if (limit === MAX_BODY_BYTES) {
        await check(
          sample,
          "body over the limit",
          url,
          { method, headers: { "Content-Type": type, Origin: site.baseUrl }, body: "x".repeat(limit + 1) },
          413,
        );
      }
      await check(
        sample,
        "write from another site",
        url,
        {
          method,
          headers: { "Content-Type": type, Origin: "https://evil.example" },
          body: sample.api ? "{}" : "a=1",
        },
        403,
      );
      // XML is no route's: the stock feed takes text/plain (a DMS's CSV often comes so) beside JSON and CSV.
      const wrongType = sample.api || declared ? "application/xml" : "application/json";
      await check(
        sample,
        "wrong content type",
        url,
        { method, headers: { "Content-Type": wrongType, Origin: site.baseUrl }, body: '{"a":1}' },
        415,
      );
      await check(sample, "no content type", url, { method, headers: { Origin: site.baseUrl } }, 415);
      if (!sample.api && !declared) {
        const malformed = { "Content-Type": "multipart/form-data; boundary=fuzz", Origin: site.baseUrl };
        await check(
          sample,
          "malformed form body",
          url,
          { method, headers: malformed, body: "--fuzz\r\nnot a part" },
          400,
        );
      }
    }
  }
  console.log(`fuzz ${kind} route table: ${routes.length} routes, ${tally.total} requests by class ${tally}`);
  expect(site.errorLogs()).toEqual([]);
}

describe.each(["pglite", "postgres"] as const)("fuzzing the site on %s", (kind) => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite(kind);
  });
  afterAll(() => site?.close());

  it(`never answers a form action 5xx and stores or mails nothing it refuses (${FORM_RUNS} posts per form)`, async () => {
    for (const { path: formPath, form } of await formSamples(site)) {
      const statuses = new Tally();
      await fc.assert(
        fc.asyncProperty(formBodies(form), async (body) => {
          const before = await footprint(site);
          const response = await fetch(site.baseUrl + formPath, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
            body,
            redirect: "manual",
          });
          await response.arrayBuffer();
          statuses.add(String(response.status));
          expect(response.status, `${formPath} ${body.slice(0, 200)}`).toBeLessThan(500);
          if (response.status !== 303)
            expect(await footprint(site), `${formPath} answered ${response.status}`).toEqual(before);
        }),
        { numRuns: FORM_RUNS, seed: SEED },
      );
      console.log(`fuzz ${kind} form POST ${formPath}: ${FORM_RUNS} posts, answers ${statuses}`);
    }
    expect(site.errorLogs()).toEqual([]);
  });

  it("answers every route of the route table with the documented status for each class of mistake", () =>
    checkEveryRoute(site, kind));

  it(`answers any request over the route table with the documented 4xx or the page, never 5xx (${REQUEST_RUNS} requests)`, async () => {
    const samples = await routeTable(site);
    const statuses = new Tally();
    const classes = new Tally();
    await fc.assert(
      fc.asyncProperty(requests(samples), async (request) => {
        const { method, contentType, origin, sample, fieldValues } = request;
        const write = !["GET", "HEAD"].includes(method);
        const body = !write
          ? undefined
          : sample.form && Object.keys(fieldValues).length > 0 && request.body === ""
            ? new URLSearchParams({ ...sample.form, ...fieldValues }).toString()
            : request.body;
        const headers: Record<string, string> = {};
        if (contentType && write) headers["Content-Type"] = contentType;
        if (origin !== "none") headers.Origin = origin === "same" ? site.baseUrl : origin;
        const bytes = Buffer.byteLength(body ?? "");
        const what = `${method} ${sample.path} (${request.mutation.kind}, ${contentType ?? "no type"}, origin ${origin}, ${bytes} bytes)`;
        const answer = await send(site, sample, urlOf(site, request), { method, headers, body }, what);
        const expected = documentedStatus(request, bytes);
        statuses.add(`${expected ?? "page"}->${answer.status}`);
        classes.add(
          request.mutation.kind === "none"
            ? `${write ? "write" : "read"}${origin === "https://evil.example" ? " from another site" : ""}`
            : `${request.mutation.kind}${"inQuery" in request.mutation ? (request.mutation.inQuery ? " in query" : " in path") : request.mutation.inPath ? " in path" : " in query"}`,
        );
        if (expected !== null) expect(answer.status, what).toBe(expected);
        if (answer.status === 405) expect(answer.allow, what).toMatch(/^(?:[A-Z]+, )*[A-Z]+$/);
        if (expected === 405) expect(sortedMethods(answer.allow), what).toEqual([...sample.methods].sort());
      }),
      { numRuns: REQUEST_RUNS, seed: SEED },
    );
    console.log(
      `fuzz ${kind} requests: ${REQUEST_RUNS} cases over ${samples.length} routes; by class ${classes}; documented->answered ${statuses}`,
    );
    expect(site.errorLogs()).toEqual([]);
  });
});
