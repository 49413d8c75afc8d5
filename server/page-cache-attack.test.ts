import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../tests/support/in-memory-reads.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { adminAndEveryPagePath, attackSpellingsOf, eachAtOnce, spellingsOf } from "../tests/support/route-paths.ts";
import type { StaffHttpSession } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { PageCache } from "./page-cache.ts";

/**
 * The rendered-page cache attacked from the route table. Every page route, in every spelling
 * the router reads as the same page (an escaped letter, another case, a trailing slash, `//`, its `.data`) and
 * every other a client can send for it (dot segments, `;` parameters, case and escapes in later segments, the
 * router's `?index` and `_routes` queries), is asked for first by a signed-in group administrator, by HEAD and
 * by GET, and then by an anonymous visitor: the visitor must never receive what was rendered for the
 * administrator (the inbox's buyer, the session's CSRF token, the administrator's address), nor what a page
 * behind a link's token showed its owner. And no two visitors of a form page ever share its one-time
 * idempotency key.
 */
const ADMIN_EMAIL = "cache-attack-admin@example.co.za";
/** A buyer only the signed-in inbox shows. */
const BUYER = { firstName: "Zanele", lastName: "Cachetestmarker", email: "zanele.cachetestmarker@example.co.za" };
/** A saved-search alert, whose address only the page behind its manage link shows. */
const ALERT = { email: "lindiwe.alertcachemarker@example.co.za", label: "Alertcachemarker Honda" };

let database: DatabaseHandle;
let reads: InMemoryReads;
let pageCache: PageCache;
let site: TestServer;
let staff: StaffHttpSession;
let paths: string[];

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  reads = await keepPublicReadsInMemory(database);
  // Far longer than the test: nothing it proves depends on an entry expiring.
  pageCache = new PageCache({ maxAgeMs: 600_000 });
  pageCache.watch(reads.changes);
  const pages = await builtSite();
  site = await startTestServer(
    {
      ...pages,
      usedStock: reads.usedStock,
      readModels: reads.readModels,
      pageCache,
      rateLimiter: new MemoryRateLimiter(100_000, 600_000),
    },
    { database },
  );
  ({ staff, paths } = await adminAndEveryPagePath(site.baseUrl, database.db, {
    adminEmail: ADMIN_EMAIL,
    lead: { ...BUYER, uri: "/st%61ff/leads" },
    alert: ALERT,
  }));
}, 120_000);

afterAll(async () => {
  await site?.close();
  pageCache?.stop();
  await reads?.stop();
  await database?.close();
});

/** One request with its path as written (fetch would resolve dot segments itself), its answer decoded. */
function ask(method: "GET" | "HEAD", path: string, cookie?: string): Promise<{ status: number; body: string }> {
  const headers = { "Accept-Encoding": "br, gzip", ...(cookie ? { Cookie: cookie } : {}) };
  return new Promise((resolve, reject) => {
    const request = http.request(site.baseUrl, { method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const coding = response.headers["content-encoding"];
        const body =
          raw.length === 0
            ? raw
            : coding === "gzip"
              ? zlib.gunzipSync(raw)
              : coding === "br"
                ? zlib.brotliDecompressSync(raw)
                : raw;
        resolve({ status: response.statusCode!, body: body.toString() });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * The secrets an anonymous answer to `path` carried. The alert's address is its manage page's own to show, in any
 * spelling HTTP reads as that page (a dot segment is resolved as the request is read, before anything decides).
 */
function leaksOf(body: string, path?: string): string[] {
  const ownsAlert =
    path !== undefined && /^\/alerts\/manage\/[\w-]+(?:\.data)?$/.test(new URL(`${site.baseUrl}${path}`).pathname);
  return [staff.csrfToken, ADMIN_EMAIL, BUYER.lastName, ...(ownsAlert ? [] : [ALERT.email])].filter((secret) =>
    body.includes(secret),
  );
}

describe("the page cache attacked from the route table", () => {
  it("never gives an anonymous visitor what any spelling of any route rendered for a signed-in administrator", async () => {
    let cases = 0;
    const leaks: string[] = [];
    /** Answers that carried the inbox's buyer or the alert's address: the attack had something to steal. */
    const secretsRendered: string[] = [];
    const spellings = paths.flatMap((path) => [...spellingsOf(path), ...attackSpellingsOf(path)]);
    await eachAtOnce(spellings, async (spelling) => {
      // Twice, by HEAD and by GET, as the cache keeps a page from its second ask (decision 067) and reads both under
      // one key: a render it wrongly took for public is kept.
      await ask("HEAD", spelling, staff.cookie);
      const signedIn = await ask("GET", spelling, staff.cookie);
      if (signedIn.body.includes(BUYER.lastName) || signedIn.body.includes(ALERT.email)) secretsRendered.push(spelling);
      const anonymous = await ask("GET", spelling);
      cases++;
      const leaked = leaksOf(anonymous.body, spelling);
      if (leaked.length > 0) leaks.push(`${spelling} (${anonymous.status}) carried ${leaked.join(", ")}`);
    });
    expect(leaks).toEqual([]);
    expect(secretsRendered).toEqual(
      expect.arrayContaining(["/staff/leads", "/staff/leads.data", expect.stringMatching(/^\/alerts\/manage\//)]),
    );
    console.info(`page-cache attack: ${paths.length} routes, ${cases} spellings, each as staff then anonymous`);
  }, 600_000);

  it("the reported attack: the inbox at /st%61ff/leads is the inbox for its administrator, and a redirect to sign in for anyone else", async () => {
    const signedIn = await fetch(`${site.baseUrl}/st%61ff/leads`, { headers: { Cookie: staff.cookie } });
    expect(signedIn.status).toBe(200);
    expect(new URL(signedIn.url).pathname).toBe("/staff/leads");
    expect(await signedIn.text()).toContain(BUYER.lastName);
    const anonymous = await fetch(`${site.baseUrl}/st%61ff/leads`, { redirect: "manual" });
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([301, "/staff/leads"]);
    const followed = await fetch(`${site.baseUrl}/st%61ff/leads`);
    expect(new URL(followed.url).pathname).toBe("/staff/login");
    expect(leaksOf(await followed.text())).toEqual([]);
  });

  it("gives every visitor of a form page a one-time key of their own, in any spelling", async () => {
    const shared: string[] = [];
    const formPages: string[] = [];
    await eachAtOnce(
      paths.filter((path) => !path.startsWith("/staff")),
      async (path) => {
        if (idempotencyKeyIn(await fetchFollowing(path))) formPages.push(path);
      },
    );
    await eachAtOnce(
      formPages.flatMap((path) => spellingsOf(path).filter((spelling) => !spelling.endsWith(".data"))),
      async (spelling) => {
        // Three visitors, as the cache keeps a page from its second ask (decision 067): a kept form would reach the third.
        const keys: string[] = [];
        for (let visitor = 0; visitor < 3; visitor++) {
          const key = idempotencyKeyIn(await fetchFollowing(spelling));
          if (key) keys.push(key);
        }
        if (new Set(keys).size < keys.length) shared.push(spelling);
      },
    );
    expect(shared).toEqual([]);
    expect(formPages).toEqual(expect.arrayContaining(["/finance", "/service", "/parts", "/sell-your-car"]));
  }, 600_000);

  it("answers the staff pages themselves no-store, documents and data alike", async () => {
    for (const path of ["/staff/leads", "/staff/leads.data", "/staff/audit", "/staff/accounts.data"]) {
      const response = await fetch(site.baseUrl + path, { headers: { Cookie: staff.cookie } });
      await response.arrayBuffer();
      expect([path, response.status, response.headers.get("Cache-Control")]).toEqual([path, 200, "private, no-store"]);
    }
  });
});

describe("one notion of the path, before anything decides by it", () => {
  it("redirects a read to the router's spelling with its query, a write with its method kept, and refuses an ambiguous one", async () => {
    const read = await fetch(`${site.baseUrl}/USED//honda/?page=2`, { redirect: "manual" });
    expect([read.status, read.headers.get("Location")]).toEqual([301, "/used/honda?page=2"]);
    const write = await fetch(`${site.baseUrl}/%73ervice`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ first_name: "Thabo" }),
    });
    expect([write.status, write.headers.get("Location")]).toEqual([308, "/service"]);
    for (const ambiguous of ["/staff%2Fleads", "/used/%2e%2e%2fstaff"]) {
      const refused = await fetch(site.baseUrl + ambiguous, { redirect: "manual" });
      expect([ambiguous, refused.status, await refused.text()]).toEqual([ambiguous, 400, "This address is not valid."]);
    }
  });
});

async function fetchFollowing(path: string): Promise<string> {
  return (await fetch(site.baseUrl + path)).text();
}

function idempotencyKeyIn(html: string): string | undefined {
  return /name="idempotency_?[kK]ey"[^>]*value="([^"]+)"/.exec(html)?.[1];
}
