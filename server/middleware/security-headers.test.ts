import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtSite, scriptTags } from "../../tests/support/page-server.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { securityHeaders } from "./security-headers.ts";

const FIXED = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

/** The Content-Security-Policy's directives besides the script nonce, on every answer. */
const POLICY_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function nonceOf(csp: string | null): string {
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "");
  if (!match) throw new Error(`no script nonce in the Content-Security-Policy: ${csp}`);
  return match[1]!;
}

describe("security headers on the whole site", () => {
  let server: TestServer;
  let assetPath: string;
  let mediaPath: string;

  beforeAll(async () => {
    const site = await builtSite();
    server = await startTestServer(site);
    const asset = fs.readdirSync(path.join(site.staticRoot, "assets")).find((name) => name.endsWith(".js"));
    assetPath = `/assets/${asset}`;
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    mediaPath = /src="(\/media\/[^"]+)"/.exec(home)![1]!;
  });
  afterAll(() => server.close());

  const kinds: [string, () => { path: string; init?: RequestInit; status: number }][] = [
    ["a page", () => ({ path: "/", status: 200 })],
    ["a page the router does not know (404)", () => ({ path: "/no-such-page", status: 404 })],
    ["a router data request (.data)", () => ({ path: "/blog.data", status: 200 })],
    ["the root data request (/_.data)", () => ({ path: "/_.data", status: 200 })],
    ["API JSON", () => ({ path: "/api/dealers", status: 200 })],
    ["an API 404", () => ({ path: "/api/no-such-thing", status: 404 })],
    [
      "an API POST refused (415)",
      () => ({
        path: "/api/enquiries",
        init: { method: "POST", body: "x", headers: { "content-type": "text/plain" } },
        status: 415,
      }),
    ],
    ["a static asset", () => ({ path: assetPath, status: 200 })],
    ["a media picture", () => ({ path: mediaPath, status: 200 })],
    ["robots.txt", () => ({ path: "/robots.txt", status: 200 })],
    ["the sitemap", () => ({ path: "/sitemap.xml", status: 200 })],
    ["the health check", () => ({ path: "/healthz", status: 200 })],
  ];

  it.each(kinds)("%s carries every header and a nonce-only script policy", async (_kind, request) => {
    const { path: url, init, status } = request();
    const response = await fetch(server.baseUrl + url, init);
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(FIXED)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    const csp = response.headers.get("content-security-policy") ?? "";
    for (const directive of POLICY_DIRECTIVES) expect(csp).toContain(directive);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    nonceOf(csp);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives every response its own nonce, and every script of the page carries it", async () => {
    const nonces = new Set<string>();
    for (const url of ["/", "/", "/blog", "/new"]) {
      const response = await fetch(server.baseUrl + url);
      const html = await response.text();
      const nonce = nonceOf(response.headers.get("content-security-policy"));
      nonces.add(nonce);
      // JSON-LD is data, not code: the policy does not apply to it.
      const scripts = scriptTags(html).filter((script) => script.type !== "application/ld+json");
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.nonce, `a script on ${url}`).toBe(nonce);
      expect(html).not.toMatch(/<[^>]+\sstyle="/);
    }
    expect(nonces.size).toBe(4);
  });

  it("asks for HTTPS only over HTTPS: a forwarded protocol counts only behind a trusted proxy", async () => {
    const forwarded = { headers: { "x-forwarded-proto": "https" } };
    expect((await fetch(`${server.baseUrl}/`, forwarded)).headers.get("strict-transport-security")).toBeNull();

    const behindProxy = await startTestServer({ trustProxy: true });
    try {
      const overHttps = await fetch(`${behindProxy.baseUrl}/api/dealers`, forwarded);
      expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const overHttp = await fetch(`${behindProxy.baseUrl}/api/dealers`, { headers: { "x-forwarded-proto": "http" } });
      expect(overHttp.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });
});

describe("the security headers middleware", () => {
  const app = new Hono()
    .use(securityHeaders({ trustProxy: false }))
    .get("/unchanged", (c) => c.body(null, 304))
    .get("/redirect", () => Response.redirect("https://example.org/", 302));

  it("leaves the Content-Security-Policy off a 304, so the browser keeps the one stored with the body", async () => {
    const response = await app.request("https://shop.example/unchanged");
    expect(response.status).toBe(304);
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("adds the headers to a response whose headers cannot be changed", async () => {
    const response = await app.request("http://shop.example/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.org/");
    nonceOf(response.headers.get("content-security-policy"));
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});
