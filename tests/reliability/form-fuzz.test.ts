import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { enquiries, financeApplications, leadDeliveries } from "../../db/schema.ts";
import { seedDatabase } from "../../db/seed/seed.ts";
import { createApp } from "../../server/app.ts";
import { MAX_BODY_BYTES } from "../../server/middleware/request-guard.ts";
import { projectRoot } from "../../server/pages.ts";
import { validFinanceApplication } from "../support/finance-fixture.ts";
import { capturingLogger } from "../support/log-capture.ts";
import { builtSite, serveOverHttp } from "../support/page-server.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";

/**
 * Property-based fuzzing (fast-check) of the built site over real HTTP, on the embedded PGlite and on
 * PostgreSQL (a scratch database on the machine's server): every form action posted as a browser without
 * JavaScript posts it, and then any request over the route table (random methods, malformed escapes, long
 * segments, content types, body sizes, origins and field values). No 5xx, no stack trace or server file in
 * any answer, the documented status for each class of mistake, no error-level log, and nothing stored or
 * queued for delivery unless the form was taken (303). Fixed seed; fast-check prints seed and path on failure.
 * (The JSON endpoints and the read API are fuzzed in server/api/fuzz.test.ts.)
 */
const SEED = 20_261_125;
const FORM_RUNS = 15;
const REQUEST_RUNS = 200;

type Site = { baseUrl: string; database: DatabaseHandle; errorLogs: () => string[]; close(): Promise<void> };
type FormTable = typeof enquiries | typeof financeApplications;

async function startSite(kind: "pglite" | "postgres"): Promise<Site> {
  const scratch = kind === "postgres" ? await createScratchDatabase("fuzz") : null;
  const database = scratch ? await openDatabase({ databaseUrl: scratch.url }) : await openDatabase({ pglite: await PGlite.create() });
  await database.migrate();
  await seedDatabase(database.db);
  const { logger, lines } = capturingLogger("warn");
  const app = createApp({ db: database.db, health: database, logger, ...(await builtSite()), rateLimiter: new MemoryRateLimiter(1e9, 600_000) });
  const server = await serveOverHttp(app);
  return {
    baseUrl: server.baseUrl,
    database,
    errorLogs: () => lines.filter((line) => JSON.parse(line).level >= 50),
    async close() {
      await server.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "on", "off", "0", "-1", "99999999999999999999", "honda-umhlanga", "no-such-dealer",
    "<img src=x onerror=alert(1)>", "'; drop table enquiries; --", "\u0000", "%E0%A4", "a".repeat(3_000)),
);

function validEnquiryForm(dealerSlug: string): Record<string, string> {
  return {
    first_name: "Ayanda", last_name: "Khumalo", email: "ayanda.khumalo@example.co.za", cell_phone: "083 444 1212",
    make: "Honda", model: "Jazz", year: "2016", partNo: "08P01-T5A-100", vinNo: "", message: "Please phone me after five.",
    dealer_slug: dealerSlug, contact: "on", terms: "on", website: "", rendered_at: String(Date.now() - 120_000),
  };
}

function validFinanceForm(): Record<string, string> {
  return Object.fromEntries(Object.entries(validFinanceApplication()).map(([name, value]) => [name, value === true ? "on" : String(value)]));
}

function formBodies(valid: Record<string, string>): fc.Arbitrary<string> {
  const fields = Object.keys(valid);
  const replaced = fc.tuple(fc.constantFrom(...fields), hostileText).map(([field, value]) => ({ ...valid, [field]: value }));
  const removed = fc.constantFrom(...fields).map((field) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)));
  const added = fc.tuple(fc.string({ maxLength: 20 }), hostileText).map(([field, value]) => ({ ...valid, [field]: value }));
  const arbitrary = fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })), hostileText, { maxKeys: 8 });
  return fc.oneof(
    fc.oneof(replaced, removed, added, arbitrary).map((form) => new URLSearchParams(form).toString()),
    fc.string({ unit: "binary", maxLength: 200 }),
  );
}

/** Rows a taken form adds: the lead or application, and its queued deliveries. */
async function stored(site: Site): Promise<number> {
  const counts = await Promise.all(
    [enquiries, financeApplications, leadDeliveries].map(async (table) => (await site.database.db.select({ n: count() }).from(table))[0]!.n),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** What no answer may show: a stack frame, a server path or a system file. */
const INTERNALS = /\bat\s+(?:\S+\s+)?\(?(?:\/|file:)[^\s)]+:\d+:\d+|node_modules\/|\/work\/|\.tsx?:\d+:\d+|root:x:0:0/;

type Sample = { path: string; methods: readonly string[]; api: boolean; form?: Record<string, string> };

/** The route table, one real path per kind of route: pages with and without an action, files, media, API. */
async function routeSamples(site: Site): Promise<Sample[]> {
  const getJson = async (apiPath: string) => (await fetch(site.baseUrl + apiPath)).json() as Promise<any>;
  const vehicle = (await getJson("/api/vehicles"))["hydra:member"][0] as { uri: string };
  const special = (await getJson("/api/specials"))["hydra:member"][0] as { slug: string };
  const asset = fs.readdirSync(path.join(projectRoot, "build/client/assets"))[0]!;
  const read = ["GET", "HEAD"];
  const form = ["GET", "HEAD", "POST"];
  const pages: Sample[] = [
    ...["/", "/new/honda/cr-v", "/used", vehicle.uri, "/blog", "/dealer", "/popia", "/no-such-page", "/finance/thank-you"].map((p) => ({ path: p, methods: read, api: false })),
    ...["/service", "/parts", "/new/honda/cr-v/1-5t-comfort-cvt/enquire", `/specials/${special.slug}`, `${vehicle.uri}/enquire`, "/book-test-drive/honda/cr-v"].map((p) => ({
      path: p, methods: form, api: false, form: validEnquiryForm("honda-sandton"),
    })),
    { path: "/honda-wing/honda/nx500/manual/enquire", methods: form, api: false, form: validEnquiryForm("honda-wing-midrand") },
    { path: "/finance", methods: form, api: false, form: validFinanceForm() },
    { path: `/assets/${asset}`, methods: read, api: false },
    { path: "/media/blog/fuzz.svg", methods: read, api: false },
    { path: "/robots.txt", methods: read, api: false },
  ];
  const dealerPages = pages.filter((p) => ["/used", "/service", "/parts", "/new/honda/cr-v"].includes(p.path)).map((p) => ({ ...p, path: `/dealer/honda-sandton${p.path}` }));
  const api: Sample[] = [
    { path: "/api/dealers", methods: read, api: true },
    { path: "/api/vehicles", methods: read, api: true },
    { path: "/api/customer_enquiries", methods: ["POST"], api: true },
    { path: "/api/finance_applications", methods: ["POST"], api: true },
  ];
  return [...pages, ...dealerPages, ...api];
}

const MALFORMED = ["%", "%zz", "%E0%A4", "%C3%28", "%FF", "%00", "%e2%82", "%%41"];
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzz"];
const CONTENT_TYPES = [undefined, ...FORM_TYPES, "multipart/form-data", "application/json", "application/ld+json", "text/plain", "application/xml"];

type Mutation = { kind: "none" } | { kind: "malformed"; escape: string; inQuery: boolean } | { kind: "long"; length: number; inPath: boolean };

const requests = (samples: Sample[]) =>
  fc.record({
    sample: fc.constantFrom(...samples),
    mutation: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Mutation>({ kind: "none" }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant("malformed" as const), escape: fc.constantFrom(...MALFORMED), inQuery: fc.boolean() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("long" as const), length: fc.integer({ min: 300, max: 6_000 }), inPath: fc.boolean() }) },
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
    fieldValues: fc.dictionary(fc.constantFrom("first_name", "email", "dealer_slug", "message", "idNumber", "terms"), hostileText, { maxKeys: 4 }),
  });

type FuzzRequest = ReturnType<typeof requests> extends fc.Arbitrary<infer T> ? T : never;

function urlOf(site: Site, { sample, mutation }: FuzzRequest): string {
  if (mutation.kind === "malformed") {
    return mutation.inQuery ? `${site.baseUrl}${sample.path}?q=${mutation.escape}` : `${site.baseUrl}${sample.path.replace(/\/?$/, `/${mutation.escape}x`)}`;
  }
  if (mutation.kind === "long") {
    const long = "a".repeat(mutation.length);
    return mutation.inPath ? `${site.baseUrl}${sample.path.replace(/\/?$/, `/${long}`)}` : `${site.baseUrl}${sample.path}?q=${long}`;
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
  if (!["POST", "PUT", "PATCH", "DELETE"].includes(method)) return null;
  if (bodyBytes > MAX_BODY_BYTES) return 413;
  const type = contentType?.split(";")[0];
  const json = type === "application/json" || type === "application/ld+json";
  if (sample.api && !json) return 415;
  // A client without Origin is not a browser, so not a forgery; another site's Origin is refused.
  if (origin !== "same" && origin !== "none") return 403;
  if (sample.api) return null;
  return FORM_TYPES.some((t) => t.startsWith(type ?? "-")) ? null : 415;
}

describe.each(["pglite", "postgres"] as const)("fuzzing the site on %s", (kind) => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite(kind);
  });
  afterAll(() => site?.close());

  it(`never answers a form action 5xx and stores nothing it refuses (${FORM_RUNS} posts per form)`, async () => {
    const samples = (await routeSamples(site)).filter((sample) => sample.form);
    for (const { path: formPath, form } of samples) {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(formBodies(form!), async (body) => {
          const before = await stored(site);
          const response = await fetch(site.baseUrl + formPath, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
            body,
            redirect: "manual",
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, `${formPath} ${body.slice(0, 200)}`).toBeLessThan(500);
          if (response.status !== 303) expect(await stored(site), `${formPath} answered ${response.status}`).toBe(before);
        }),
        { numRuns: FORM_RUNS, seed: SEED },
      );
      console.log(`fuzz ${kind} form POST ${formPath}: ${FORM_RUNS} posts, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    }
    expect(site.errorLogs()).toEqual([]);
  });

  it(`answers any request over the route table with the documented 4xx or the page, never 5xx (${REQUEST_RUNS} requests)`, async () => {
    const samples = await routeSamples(site);
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(requests(samples), async (request) => {
        const { method, contentType, origin, sample, fieldValues } = request;
        const write = !["GET", "HEAD"].includes(method);
        const body = !write ? undefined : sample.form && Object.keys(fieldValues).length > 0 && request.body === ""
          ? new URLSearchParams({ ...sample.form, ...fieldValues }).toString()
          : request.body;
        const headers: Record<string, string> = {};
        if (contentType && write) headers["Content-Type"] = contentType;
        if (origin !== "none") headers.Origin = origin === "same" ? site.baseUrl : origin;
        const before = await stored(site);
        const response = await fetch(urlOf(site, request), { method, headers, body, redirect: "manual" });
        const text = await response.text();
        const expected = documentedStatus(request, Buffer.byteLength(body ?? ""));
        const what = `${method} ${sample.path} (${request.mutation.kind}, ${contentType ?? "no type"}, origin ${origin}, ${Buffer.byteLength(body ?? "")} bytes)`;
        const key = `${expected ?? "page"}->${response.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        expect(response.status, what).toBeLessThan(500);
        expect(text, what).not.toMatch(INTERNALS);
        if (expected !== null) expect(response.status, what).toBe(expected);
        if (response.status === 405) expect(response.headers.get("allow"), what).toMatch(/^(?:[A-Z]+, )*[A-Z]+$/);
        if (expected === 405) expect(response.headers.get("allow"), what).toBe(sample.methods.join(", "));
        if (response.status !== 303) expect(await stored(site), `${what} answered ${response.status}`).toBe(before);
      }),
      { numRuns: REQUEST_RUNS, seed: SEED },
    );
    console.log(`fuzz ${kind} requests: ${REQUEST_RUNS} cases, documented->answered ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(site.errorLogs()).toEqual([]);
  });
});
