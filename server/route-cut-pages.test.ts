import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { builtServerBuild, builtSite } from "../tests/support/page-server.ts";
import { adminAndEveryPagePath, eachAtOnce } from "../tests/support/route-paths.ts";
import type { StaffHttpSession } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { inPageRequestScope } from "./pages.ts";
import { pageAndDataRequestPaths } from "../app/framework/data-requests.ts";

/**
 * React Router renders each request with only the routes its path can match (server/pages.ts, decision 066). Every
 * page route of the site, as a page and as its data request, must be answered as the router answers it over the
 * whole table: to an anonymous visitor and to a signed-in administrator, by two servers over one database.
 */
const ADMIN_EMAIL = "route-cut-admin@example.co.za";

let build: ServerBuild;
let database: DatabaseHandle;
let cut: TestServer;
let whole: TestServer;
let staff: StaffHttpSession;
let paths: string[];

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const pages = await builtSite();
  build = await builtServerBuild();
  const rateLimiter = () => new MemoryRateLimiter(100_000, 600_000);
  cut = await startTestServer({ ...pages, rateLimiter: rateLimiter() }, { database });
  whole = await startTestServer(
    {
      ...pages,
      pageHandler: inPageRequestScope(build, createRequestHandler(build, "production")),
      rateLimiter: rateLimiter(),
    },
    { database },
  );
  ({ staff, paths } = await adminAndEveryPagePath(cut.baseUrl, database.db, {
    adminEmail: ADMIN_EMAIL,
    lead: { firstName: "Ayanda", lastName: "Routecutmarker", email: "ayanda.routecutmarker@example.co.za" },
  }));
}, 120_000);

afterAll(async () => {
  await cut?.close();
  await whole?.close();
  await database?.close();
});

/** What a client reads of an answer, with what differs between any two answers left out. */
async function answerOf(site: TestServer, requested: string, cookie?: string) {
  const response = await fetch(site.baseUrl + requested, {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });
  const body = await response.text();
  const nonce = /nonce="([^"]+)"/.exec(body)?.[1];
  return {
    requested,
    status: response.status,
    location: response.headers.get("Location"),
    type: response.headers.get("Content-Type"),
    body: (nonce ? body.replaceAll(nonce, "NONCE") : body)
      .replaceAll(site.baseUrl, "ORIGIN")
      // Each render's own: a form's one-time key and the moment it was rendered, a new authenticator's secret and
      // its QR code; and each server's own: the feeds' keys, signed with a key of the server's.
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "UUID")
      .replace(/\b1[78]\d{11}\b/g, "TIME")
      .replace(/\b[A-Z2-7]{32}\b/g, "SECRET")
      .replace(/M4 4h[\dMhvz -]+/g, "QR")
      .replace(/key=[\w-]{43}\b/g, "key=KEY"),
  };
}

describe("pages rendered with the routes their path can match", () => {
  it("answers every route, as a page and as data, as the whole table does; the back office signed in too", async () => {
    expect(paths.length).toBeGreaterThan(100);
    const requests = paths.flatMap((page) => pageAndDataRequestPaths(page));
    const differing: string[] = [];
    await eachAtOnce(requests, async (requested) => {
      // A public page is the same page for everyone (the page cache keeps it); the back office's is the session's.
      const cookies = requested.startsWith("/staff") ? [undefined, staff.cookie] : [undefined];
      for (const cookie of cookies) {
        const [fromCut, fromWhole] = [await answerOf(cut, requested, cookie), await answerOf(whole, requested, cookie)];
        if (JSON.stringify(fromCut) !== JSON.stringify(fromWhole))
          differing.push(`${requested}${cookie ? " (staff)" : ""}`);
      }
    });
    expect(differing).toEqual([]);
  }, 600_000);

  it("answers the browser's route discovery for paths in other cuts, as the whole table does", async () => {
    const paths = ["/used/honda", "/finance", "/staff/leads", "/dealer/honda-sandton/used"];
    const discovery = `/__manifest?paths=${encodeURIComponent(paths.join(","))}&version=${build.assets.version}`;
    const [fromCut, fromWhole] = [await answerOf(cut, discovery), await answerOf(whole, discovery)];
    expect(fromCut.status).toBe(200);
    expect(fromCut).toEqual(fromWhole);
    const routeIds = Object.keys(JSON.parse(fromCut.body));
    expect(routeIds).toEqual(expect.arrayContaining(["routes/finance/finance", "routes/staff/leads/inbox"]));
  });
});
