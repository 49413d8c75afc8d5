import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeVisit, sourceOfLanding, VISIT_COOKIE } from "../../core/attribution/visit.ts";
import { validFinanceApplication } from "../../tests/support/finance-fixture.ts";
import { builtSite, serveOverHttp } from "../../tests/support/page-server.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { NonceSplicedGzip } from "../nonce-spliced-gzip.ts";
import {
  CACHE,
  cachePolicy,
  catalogueCacheControl,
  chooseEncoding,
  etagMatches,
  httpCaching,
  weakEtag,
  weakEtagOfPieces,
} from "./caching.ts";

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request over real HTTP, the body as sent on the wire (no decoding, unlike fetch). */
function raw(
  baseUrl: string,
  urlPath: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(baseUrl + urlPath, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const decoded = (answer: RawAnswer) =>
  answer.headers["content-encoding"] === "br"
    ? zlib.brotliDecompressSync(answer.body).toString()
    : answer.headers["content-encoding"] === "gzip"
      ? zlib.gunzipSync(answer.body).toString()
      : answer.body.toString();

let server: TestServer;
let staticRoot: string;
const ASSET = "/assets/entry.client-Ab12Cd34.js";
const assetSource = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;

beforeAll(async () => {
  staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), "caching-test-"));
  fs.mkdirSync(path.join(staticRoot, "assets"));
  fs.writeFileSync(path.join(staticRoot, ASSET), assetSource);
  server = await startTestServer({ staticRoot: path.relative(process.cwd(), staticRoot) });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(staticRoot, { recursive: true, force: true });
});

describe("catalogue answers before a scheduled change", () => {
  const now = new Date("2026-12-02T10:00:00Z");
  const inSeconds = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it("keep the usual minute and stale window when the change is further off than both", () => {
    expect(catalogueCacheControl(now, null)).toBe(CACHE.catalogue);
    expect(catalogueCacheControl(now, inSeconds(360))).toBe(CACHE.catalogue);
  });

  it("are kept by shared caches, fresh or stale, no longer than the change's instant", () => {
    expect(catalogueCacheControl(now, inSeconds(200))).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=140",
    );
    expect(catalogueCacheControl(now, inSeconds(45))).toBe("public, max-age=0, s-maxage=45");
    expect(catalogueCacheControl(now, inSeconds(0))).toBe("public, max-age=0, s-maxage=0");
  });
});

describe("Cache-Control, one rule per kind of answer", () => {
  it("lets a CDN keep API reads a minute and serve them stale while it refreshes", async () => {
    const answer = await raw(server.baseUrl, "/api/vehicles?page=1");
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  });

  it("keeps the API's HTML reference page, which carries a CSP nonce, out of shared caches", async () => {
    const answer = await raw(server.baseUrl, "/api/docs");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(decoded(answer)).toMatch(/<style nonce="[^"]+">/);
    expect(answer.headers["cache-control"]).toBe(CACHE.page);
    expect(cachePolicy("GET", "/api/docs", 200, false, true).cacheControl).toBe(CACHE.page);
    expect(cachePolicy("GET", "/api/docs.json", 200).cacheControl).toBe(CACHE.catalogue);
  });

  it("keeps hashed assets a year as immutable", async () => {
    const answer = await raw(server.baseUrl, ASSET);
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("keeps artwork a week, and sitemaps and robots.txt an hour at the CDN", async () => {
    expect((await raw(server.baseUrl, "/media/blog/finance.svg")).headers["cache-control"]).toBe(CACHE.artwork);
    expect((await raw(server.baseUrl, "/sitemap.xml")).headers["cache-control"]).toBe(CACHE.crawler);
    expect((await raw(server.baseUrl, "/robots.txt")).headers["cache-control"]).toBe(CACHE.crawler);
  });

  it("never stores errors: a 404 of the API, of the media and of the sitemaps", async () => {
    for (const url of [
      "/api/vehicles/999999999",
      "/media/blog/no-such-theme.svg",
      "/sitemap-used-9999.xml",
      "/api/no-such-thing",
    ]) {
      const answer = await raw(server.baseUrl, url);
      expect(answer.status, url).toBe(404);
      expect(answer.headers["cache-control"], url).toBe("private, no-store");
      expect(answer.headers.etag, url).toBeUndefined();
    }
  });

  it("never stores a bad request (400)", async () => {
    const answer = await raw(server.baseUrl, "/api/blog?page=zero");
    expect(answer.status).toBe(400);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("never stores the back office: its pages, their data, its writes and /api/staff", () => {
    for (const [method, path] of [
      ["GET", "/staff"],
      ["GET", "/staff.data"],
      ["GET", "/staff/accounts"],
      ["GET", "/staff/audit.data"],
      ["GET", "/STAFF/Finance/1"],
      ["GET", "/Staff/finance/1.data"],
      ["POST", "/staff/login"],
      ["GET", "/api/staff/me"],
      ["PUT", "/api/staff/dealers/x/stock"],
    ] as const) {
      expect(cachePolicy(method, path, 200), `${method} ${path}`).toEqual({
        cacheControl: CACHE.none,
        varyCookie: false,
      });
    }
    expect(cachePolicy("GET", "/staffing-news", 200).cacheControl).not.toBe(CACHE.none);
  });

  it("never stores health checks", async () => {
    expect((await raw(server.baseUrl, "/healthz")).headers["cache-control"]).toBe("private, no-store");
  });
});

describe("Cache-Control of the site's pages", () => {
  it("classifies pages: catalogue pages private (their HTML carries a CSP nonce), their data public, both varying by the dealer cookie outside /dealer/{slug}, forms not stored", () => {
    expect(cachePolicy("GET", "/used", 200)).toEqual({ cacheControl: CACHE.page, varyCookie: true });
    // Live slots, a seller's photos, the booking and selling forms and a buyer's appointment are never kept.
    for (const personal of [
      "/api/dealers/honda-sandton/slots",
      "/media/leads/5b4f0c4e-8f0e-4d8a-9a55-3f1d2c7b9e10/1",
      "/sell-your-car",
      "/dealer/honda-sandton/sell-your-car.data",
      "/appointments/5b4f0c4e-8f0e-4d8a-9a55-3f1d2c7b9e10",
    ]) {
      expect(cachePolicy("GET", personal, 200), personal).toEqual({ cacheControl: CACHE.none, varyCookie: false });
    }
    expect(cachePolicy("GET", "/used.data", 200)).toEqual({ cacheControl: CACHE.catalogue, varyCookie: true });
    expect(cachePolicy("GET", "/new/honda/civic", 200)).toEqual({ cacheControl: CACHE.page, varyCookie: true });
    expect(cachePolicy("GET", "/", 200)).toEqual({ cacheControl: CACHE.page, varyCookie: false });
    // The dealer list at /dealer/ names no dealer: its layout renders in the remembered one, like /used.
    expect(cachePolicy("GET", "/dealer/", 200)).toEqual({ cacheControl: CACHE.page, varyCookie: true });
    expect(cachePolicy("GET", "/dealer/honda-sandton/used", 200)).toEqual({
      cacheControl: CACHE.page,
      varyCookie: false,
    });
    // A visitor's saved-search alerts (their e-mail address, their searches) are personal.
    for (const alerts of ["/alerts/manage/abc", "/alerts/manage/abc.data", "/alerts/confirm/abc"]) {
      expect(cachePolicy("GET", alerts, 200), alerts).toEqual({ cacheControl: CACHE.none, varyCookie: false });
    }
    expect(cachePolicy("GET", "/_.data", 200)).toEqual({ cacheControl: CACHE.catalogue, varyCookie: false });
    expect(cachePolicy("GET", "/dealer/honda-sandton/used", 200)).toEqual({
      cacheControl: CACHE.page,
      varyCookie: false,
    });
    expect(cachePolicy("GET", "/dealer/honda-sandton", 200)).toEqual({ cacheControl: CACHE.page, varyCookie: false });
    expect(cachePolicy("GET", "/dealer", 200)).toEqual({ cacheControl: CACHE.page, varyCookie: true });
    expect(cachePolicy("GET", "/specials", 200)).toEqual({ cacheControl: CACHE.page, varyCookie: true });
    expect(cachePolicy("GET", "/contact", 200).cacheControl).toBe(CACHE.page);
    for (const form of [
      "/finance",
      "/finance/thank-you",
      "/finance.data",
      "/parts",
      "/service",
      "/dealer/honda-sandton/service",
      "/service/thank-you",
      "/specials/winter-cash-back",
      "/dealer/honda-sandton/specials/winter-cash-back",
      "/book-test-drive/honda/civic",
      "/new/honda/civic/rs/enquire",
      "/used/honda/jazz/12/enquire/thank-you",
      "/dealer/honda-sandton/used/honda/jazz/12/enquire",
    ]) {
      expect(cachePolicy("GET", form, 200), form).toEqual({ cacheControl: CACHE.none, varyCookie: false });
    }
  });

  it("never stores an answer that sets a cookie, a redirect or an error; POST answers are private", () => {
    expect(cachePolicy("GET", "/used", 200, true).cacheControl).toBe(CACHE.none);
    expect(cachePolicy("POST", "/api/customer_enquiries", 201).cacheControl).toBe("private");
    expect(cachePolicy("POST", "/api/customer_enquiries", 422).cacheControl).toBe("private");
    expect(cachePolicy("GET", "/used", 302).cacheControl).toBe(CACHE.none);
    expect(cachePolicy("GET", "/used", 500).cacheControl).toBe(CACHE.none);
  });
});

describe("ETag and 304", () => {
  it("gives API reads a weak ETag and answers 304 with no body to a matching If-None-Match", async () => {
    const first = await raw(server.baseUrl, "/api/dealers");
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await raw(server.baseUrl, "/api/dealers");
    expect(again.headers.etag).toBe(first.headers.etag);
    const revalidated = await raw(server.baseUrl, "/api/dealers", {
      headers: { "If-None-Match": first.headers.etag! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers["cache-control"]).toBe(CACHE.catalogue);
  });

  it("answers in full when the ETag differs, and different answers have different ETags", async () => {
    const dealers = await raw(server.baseUrl, "/api/dealers");
    const blog = await raw(server.baseUrl, "/api/blog");
    expect(blog.headers.etag).not.toBe(dealers.headers.etag);
    const full = await raw(server.baseUrl, "/api/blog", { headers: { "If-None-Match": dealers.headers.etag! } });
    expect(full.status).toBe(200);
    expect(JSON.parse(full.body.toString()).blogs.length).toBeGreaterThan(0);
  });

  it("validates media and sitemaps too", async () => {
    for (const url of ["/media/blog/finance.svg", "/sitemap-pages.xml", "/robots.txt"]) {
      const { headers } = await raw(server.baseUrl, url);
      expect(headers.etag, url).toBeDefined();
      expect((await raw(server.baseUrl, url, { headers: { "If-None-Match": headers.etag! } })).status, url).toBe(304);
    }
  });

  it("compares weakly: the strong form of a weak tag and a list of tags both match", () => {
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it("leaves the CSP nonce out of an HTML page's ETag, so identical pages get identical ETags", () => {
    const page = (nonce: string) =>
      new TextEncoder().encode(`<html><script nonce="${nonce}">go()</script><p>Jazz</p></html>`);
    expect(weakEtag(page("n0nceOne"), "n0nceOne")).toBe(weakEtag(page("an0therNonce"), "an0therNonce"));
    expect(weakEtag(page("n0nceOne"))).not.toBe(weakEtag(page("an0therNonce")));
    const other = new TextEncoder().encode(`<html><script nonce="n0nceOne">go()</script><p>Civic</p></html>`);
    expect(weakEtag(other, "n0nceOne")).not.toBe(weakEtag(page("n0nceOne"), "n0nceOne"));
  });

  it("gives a page kept split at its nonce (the page cache's) the ETag of the whole page", () => {
    const text = `<p>Jazz ✓</p><script nonce="n0nceOne">go()</script><style nonce="n0nceOne"></style>`;
    const withoutNonce = createHash("sha256").update(text.replaceAll("n0nceOne", "")).digest("base64url");
    expect(weakEtag(new TextEncoder().encode(text), "n0nceOne")).toBe(`W/"${withoutNonce.slice(0, 27)}"`);
    expect(weakEtagOfPieces(new NonceSplicedGzip(Buffer.from(text), "n0nceOne").withoutNonce())).toBe(
      weakEtag(new TextEncoder().encode(text), "n0nceOne"),
    );
  });
});

describe("HTML with a per-response CSP nonce", () => {
  let baseUrl: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // Stands in for the security middleware's contract: a fresh nonce per response, on the scripts and in the CSP.
    const app = new Hono<{ Variables: { cspNonce?: string } }>();
    app.use(httpCaching());
    app.use(async (c, next) => {
      const nonce = randomUUID().replaceAll("-", "");
      c.set("cspNonce", nonce);
      await next();
      c.res.headers.set("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
    });
    app.get("/used", (c) =>
      c.html(
        `<!doctype html><script nonce="${c.get("cspNonce")}">hydrate()</script><h1>Used cars</h1>${"<p>car</p>".repeat(200)}`,
      ),
    );
    ({ baseUrl, close } = await serveOverHttp(app));
  });
  afterAll(() => close());

  it("gives two renderings of a page the same ETag and revalidates with a 304 that carries no CSP", async () => {
    const first = await raw(baseUrl, "/used");
    const second = await raw(baseUrl, "/used");
    expect(first.headers["content-security-policy"]).not.toBe(second.headers["content-security-policy"]);
    expect(first.headers.etag).toBe(second.headers.etag);
    expect(first.headers.vary).toContain("Cookie");
    const revalidated = await raw(baseUrl, "/used", { headers: { "If-None-Match": first.headers.etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
    expect(revalidated.headers["content-type"]).toBeUndefined();
  });
});

describe("HEAD of a page", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer(await builtSite());
  });
  afterAll(() => site.close());

  it("answers the headers of the GET it stands for, with no body", async () => {
    // A visitor well into a visit: neither answer needs to write the visit's cookie, so both can be kept.
    const now = Math.floor(Date.now() / 1000);
    const visit = encodeVisit({
      source: sourceOfLanding(new URL(`${site.baseUrl}/`), null),
      startedAt: now - 60,
      lastSeenAt: now - 60,
    });
    const headers = { Cookie: `${VISIT_COOKIE}=${visit}` };
    const get = await raw(site.baseUrl, "/blog", { headers });
    const head = await raw(site.baseUrl, "/blog", { method: "HEAD", headers });
    expect(get.headers["set-cookie"]).toBeUndefined();
    expect(get.headers.etag).toMatch(/^W\//);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    for (const name of ["content-type", "etag", "cache-control", "content-length", "vary"]) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it("starts a visit as its GET would, and is then not kept either", async () => {
    const get = await raw(site.baseUrl, "/blog");
    const head = await raw(site.baseUrl, "/blog", { method: "HEAD" });
    expect(head.headers["set-cookie"]?.[0]).toMatch(new RegExp(`^${VISIT_COOKIE}=`));
    expect(head.headers["cache-control"]).toBe(get.headers["cache-control"]);
    expect(head.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("compression", () => {
  it("sends brotli when the client accepts it, gzip when it accepts only gzip, and the same content either way", async () => {
    const plain = await raw(server.baseUrl, "/api/vehicles?page=1");
    const br = await raw(server.baseUrl, "/api/vehicles?page=1", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    const gz = await raw(server.baseUrl, "/api/vehicles?page=1", { headers: { "Accept-Encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(decoded(br)).toBe(plain.body.toString());
    expect(decoded(gz)).toBe(plain.body.toString());
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
    expect(Number(br.headers["content-length"])).toBe(br.body.byteLength);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it("compresses hashed assets and SVG artwork and keeps the asset's year-long caching", async () => {
    const asset = await raw(server.baseUrl, ASSET, { headers: { "Accept-Encoding": "br" } });
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(decoded(asset)).toBe(assetSource);
    expect(asset.headers["cache-control"]).toBe(CACHE.immutable);
    const again = await raw(server.baseUrl, ASSET, { headers: { "Accept-Encoding": "gzip" } });
    expect(decoded(again)).toBe(assetSource);
    const svg = await raw(server.baseUrl, "/media/blog/finance.svg", { headers: { "Accept-Encoding": "br" } });
    expect(svg.headers["content-encoding"]).toBe("br");
    expect(decoded(svg)).toContain("<svg");
  });

  it("leaves binary answers alone (the brochure PDF)", async () => {
    const [car] = (await server.get("/api/vehicle_range/car")).body["hydra:member"];
    const pdf = await raw(server.baseUrl, `/media/brochures/${car.make_slug}/${car.model_slug}.pdf`, {
      headers: { "Accept-Encoding": "br, gzip" },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-encoding"]).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("never compresses a POST answer, and keeps it out of shared caches", async () => {
    const answer = await raw(server.baseUrl, "/api/finance_applications", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Encoding": "br, gzip" },
      body: JSON.stringify(validFinanceApplication({ idempotencyKey: randomUUID() })),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["cache-control"]).toBe("private");
    expect(answer.headers.etag).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toMatchObject({ "@type": "FinanceApplicationStatus", status: "Queued" });
  });

  it("sends small and large answers made per request whole in either coding (compressed in place or in the thread pool)", async () => {
    const app = new Hono();
    app.use(httpCaching());
    // Text that compresses, but not to nothing: a different number on every line.
    const lines = (count: number) =>
      Array.from({ length: count }, (_, line) => `<p>vehicle ${line * 7919}</p>`).join("");
    const pages = { "/small": lines(2_000), "/large": lines(30_000) };
    for (const [pagePath, page] of Object.entries(pages)) app.get(pagePath, (c) => c.html(page));
    const { baseUrl, close } = await serveOverHttp(app);
    try {
      expect(Buffer.byteLength(pages["/small"])).toBeLessThan(256 * 1024);
      expect(Buffer.byteLength(pages["/large"])).toBeGreaterThan(256 * 1024);
      for (const [pagePath, page] of Object.entries(pages))
        for (const coding of ["br", "gzip"]) {
          const answer = await raw(baseUrl, pagePath, { headers: { "Accept-Encoding": coding } });
          expect(answer.headers["content-encoding"]).toBe(coding);
          expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
          expect(answer.body.byteLength).toBeLessThan(Buffer.byteLength(page) / 3);
          expect(decoded(answer)).toBe(page);
        }
    } finally {
      await close();
    }
  });

  it("picks brotli over gzip, honours q=0 and sends nothing encoded when neither is accepted", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
