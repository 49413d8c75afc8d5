import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_BODY_LIMITS } from "../../server/body-limits.ts";
import { MAX_BODY_BYTES } from "../../server/middleware/request-guard.ts";
import { type AppProcess, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { markedEnquiry } from "../support/enquiry-traffic.ts";
import { checkNginxConfig, type Nginx, NGINX_CONFIG_PATH, startNginx } from "../support/nginx.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";
import { liveVisitCookie } from "../support/visit.ts";

const RATE_LIMIT = 3;
/** nginx's own error page (the app's 413 is JSON or the site's page). */
const REFUSED_BY_NGINX = /<center>nginx(\/[\d.]+)?<\/center>/;

/** A path the app's route pattern matches: each `:param` filled in. */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, "sample-7");

type Location = { modifier: "=" | "~" | ""; pattern: string; maxBodySize?: string };

/** The HTTPS server block's default client_max_body_size and its locations, in the file's order. */
function httpsSiteLimits(conf: string): { defaultMaxBodySize: string; locations: Location[] } {
  const block = conf.slice(conf.indexOf("listen 443"));
  const locationPattern = /location\s+(?:(=|~)\s+)?(\S+)\s*\{([^}]*)\}/g;
  const locations = [...block.matchAll(locationPattern)].map(([, modifier = "", pattern, body]) => ({
    modifier: modifier as Location["modifier"],
    pattern: pattern!,
    maxBodySize: /client_max_body_size\s+(\S+);/.exec(body!)?.[1],
  }));
  const defaultMaxBodySize = /client_max_body_size\s+(\S+);/.exec(block.replace(locationPattern, ""))?.[1];
  if (!defaultMaxBodySize) throw new Error("no client_max_body_size in the HTTPS server block");
  return { defaultMaxBodySize, locations };
}

/** nginx's choice of location: an exact match, else the first regex that matches, else the longest prefix. */
function locationFor(locations: Location[], requestPath: string): Location | undefined {
  return (
    locations.find((l) => l.modifier === "=" && l.pattern === requestPath) ??
    locations.find((l) => l.modifier === "~" && new RegExp(l.pattern).test(requestPath)) ??
    locations
      .filter((l) => l.modifier === "" && requestPath.startsWith(l.pattern))
      .sort((a, b) => b.pattern.length - a.pattern.length)[0]
  );
}

function bytesOf(size: string): number {
  const [, digits, unit = ""] = /^(\d+)([kKmM]?)$/.exec(size) ?? [];
  if (!digits) throw new Error(`unreadable size ${size}`);
  return Number(digits) * ({ "": 1, k: 1024, m: 1024 * 1024 } as Record<string, number>)[unit.toLowerCase()]!;
}

/**
 * deploy/nginx.conf, the alternative to Caddy: checked with `nginx -t`, its body limits compared with the
 * app's, and run for real (Debian's nginx, a self-signed certificate) in front of an instance on PostgreSQL.
 * Caddy, the recommended proxy, is run in front of two instances in proxy.test.ts.
 */
describe("the nginx configuration template", () => {
  it("passes nginx -t", async () => {
    const report = await checkNginxConfig();
    expect(report).toContain("syntax is ok");
    expect(report).toContain("test is successful");
  });

  it("holds each route to the app's own body limit (server/body-limits.ts), and every other request to the request guard's", async () => {
    const { defaultMaxBodySize, locations } = httpsSiteLimits(await fs.readFile(NGINX_CONFIG_PATH, "utf8"));
    expect(bytesOf(defaultMaxBodySize)).toBe(MAX_BODY_BYTES);
    const limitAt = (requestPath: string) =>
      bytesOf(locationFor(locations, requestPath)?.maxBodySize ?? defaultMaxBodySize);
    for (const rule of ROUTE_BODY_LIMITS) expect(limitAt(samplePath(rule.path)), rule.path).toBe(rule.maxBodyBytes);
    for (const requestPath of [
      "/api/customer_enquiries",
      "/staff/stock/12",
      "/staff/login",
      "/finance",
      "/staff/dealers/honda-sandton",
      "/staff/blog/12/preview",
    ]) {
      expect(limitAt(requestPath), requestPath).toBe(MAX_BODY_BYTES);
    }
  });
});

describe("nginx running deploy/nginx.conf in front of an instance", () => {
  let scratch: { url: string; drop(): Promise<void> };
  let app: AppProcess;
  let nginx: Nginx;

  beforeAll(async () => {
    scratch = await createScratchDatabase("nginx");
    app = await startAppProcess(
      {
        DATABASE_URL: scratch.url,
        SITE_URL: "https://localhost",
        TRUST_PROXY: "true",
        POST_RATE_LIMIT: String(RATE_LIMIT),
        LEAD_DELIVERY: "off",
        JOBS: "off",
      },
      STARTUP_TIMEOUT_MS,
    );
    nginx = await startNginx([new URL(app.baseUrl).host]);
  });

  afterAll(async () => {
    await nginx?.stop();
    await app?.stop();
    await scratch?.drop();
  });

  it("serves pages and the API over HTTPS with the app's HSTS and ETags, and redirects plain HTTP to HTTPS", async () => {
    for (const requestPath of ["/", "/used", "/api/dealers"]) {
      // As a browser asks in the middle of a visit: the first page of one is answered no-store, without an ETag.
      const headers = { "Accept-Encoding": "br, gzip", Cookie: liveVisitCookie("https://localhost/") };
      const answer = await nginx.request({ path: requestPath, headers });
      expect(answer.status, requestPath).toBe(200);
      expect(answer.headers["strict-transport-security"], requestPath).toMatch(/max-age=\d+/);
      expect(answer.headers.etag, requestPath).toBeDefined();
    }
    const redirect = await nginx.plainRequest("/used?page=2");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("https://localhost/used?page=2");
  });

  it("passes a visitor's form post through to the page's action over HTTPS (not refused by the router's origin check)", async () => {
    // As from a browser on https://localhost (port 443 in production: nginx passes the host without the port).
    const answer = await nginx.request({
      method: "POST",
      path: "/sell-your-car",
      localAddress: "127.0.0.4",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://localhost" },
      body: new URLSearchParams({ first_name: "Pieter" }).toString(),
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain("Please enter your last name");
  });

  it("limits POSTs by the client's address, not a forwarded one the client made up", async () => {
    const post = (localAddress: string, marker: string, forwardedFor: string) =>
      nginx.request({
        method: "POST",
        path: "/api/customer_enquiries",
        localAddress,
        headers: { "Content-Type": "application/ld+json", "X-Forwarded-For": forwardedFor },
        body: JSON.stringify(markedEnquiry(marker)),
      });
    for (let n = 0; n < RATE_LIMIT; n++)
      expect((await post("127.0.0.2", `nginx-limit-${n}`, `198.51.100.${n}`)).status).toBe(201);
    expect((await post("127.0.0.2", "nginx-limit-over", "198.51.100.99")).status).toBe(429);
    expect((await post("127.0.0.3", "nginx-limit-other", "127.0.0.2")).status).toBe(201);
  });

  it("passes a body over 64 KiB to each route that takes one, refuses one byte over the app's limit itself (413), and holds every other route to 64 KiB", async () => {
    let client = 10;
    const post = (requestPath: string, headers: Record<string, string>, body?: string) =>
      nginx.request({ method: "POST", path: requestPath, localAddress: `127.0.3.${client++}`, headers, body });
    const large = "x".repeat(100 * 1024);
    for (const rule of ROUTE_BODY_LIMITS) {
      const requestPath = samplePath(rule.path);
      const contentType = rule.mediaTypes?.[0] ?? "multipart/form-data; boundary=limit-test";
      const passed = await post(requestPath, { "Content-Type": contentType }, large);
      expect(passed.status, requestPath).not.toBe(413);
      // Refused on its Content-Length by nginx, before a byte of the body is sent.
      const refused = await post(requestPath, {
        "Content-Type": contentType,
        "Content-Length": String(rule.maxBodyBytes + 1),
      });
      expect(refused.status, requestPath).toBe(413);
      expect(refused.body, requestPath).toMatch(REFUSED_BY_NGINX);
    }
    const enquiry = await post(
      "/api/customer_enquiries",
      { "Content-Type": "application/ld+json" },
      JSON.stringify({ ...markedEnquiry("nginx-large"), comments: large }),
    );
    expect(enquiry.status).toBe(413);
    expect(enquiry.body).toMatch(REFUSED_BY_NGINX);
  });
});
