import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { freePort } from "../tests/support/app-process.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { type AppDeps, createApp } from "./app.ts";
import { createLogger } from "./logger.ts";

const PAGES = ["/", "/new", "/used", "/blog", "/finance", "/dealer"];

/** The site over real HTTP on `database`, pages from the production build. */
async function startSite(database: DatabaseHandle, overrides: Partial<AppDeps> = {}) {
  const app = createApp({
    db: database.db,
    health: database,
    logger: createLogger("silent"),
    ...(await builtSite()),
    ...overrides,
  });
  return serveOverHttp(app);
}

async function get(baseUrl: string, path: string) {
  const response = await fetch(baseUrl + path);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** What no answer may show: a stack frame, SQL, a driver's message or a file of the server. */
function expectNothingInternal(page: string) {
  // The inlined stylesheet (decision 036) is the built CSS, the same on every page; its rules may read like SQL (`select`, `from`).
  const body = page.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "");
  expect(body).not.toMatch(/\bat\s+\S+\s+\(|\bat\s+file:|node_modules|\.ts:\d+/);
  expect(body).not.toMatch(/\bselect\b.+\bfrom\b|Failed query|relation "|ECONNREFUSED|does not exist/i);
}

describe("pages while the database cannot be reached", () => {
  // A PostgreSQL pool pointed at a port nothing listens on: every query fails to connect, as in an outage.
  let database: DatabaseHandle;
  let site: Awaited<ReturnType<typeof serveOverHttp>>;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/honda` });
    site = await startSite(database);
  });
  afterAll(async () => {
    await site.close();
    await database.close();
  });

  it.each(PAGES)("%s answers the friendly 503 page with Retry-After", async (path) => {
    const { status, headers, body } = await get(site.baseUrl, path);
    expect(status).toBe(503);
    expect(headers.get("retry-after")).toBe("30");
    expect(headers.get("content-type")).toMatch(/^text\/html/);
    expect(body).toContain("<h1>We will be right back</h1>");
    expect(body).toContain('<a href="/">Back Home</a>');
    // The page's one style block is allowed by the response's own policy.
    const nonce = /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];
    expect(body).toContain(`<style nonce="${nonce}">`);
    expect(body).not.toContain("<script");
    expectNothingInternal(body);
  });

  it("answers the router's data requests with 503 too, so a navigation in the browser shows the outage", async () => {
    for (const path of ["/_.data", "/blog.data", "/used.data"]) {
      const { status, headers, body } = await get(site.baseUrl, path);
      expect(status, path).toBe(503);
      expect(headers.get("retry-after")).toBe("30");
      // Without X-Remix-Response the router turns the answer into a 503 route error (root ErrorBoundary).
      expect(headers.get("x-remix-response")).toBeNull();
      expectNothingInternal(body);
    }
  });

  it("answers the API with 503 JSON", async () => {
    const { status, headers, body } = await get(site.baseUrl, "/api/vehicles");
    expect(status).toBe(503);
    expect(headers.get("retry-after")).toBe("30");
    expect(JSON.parse(body)).toMatchObject({
      status: 503,
      title: "Service temporarily unavailable; try again shortly",
    });
    expectNothingInternal(body);
  });
});

describe("pages when the database comes back", () => {
  it.skipIf(inject("databaseTemplate").kind !== "postgres")(
    // Skipped without PostgreSQL (set DATABASE_URL): the embedded PGlite lives in the process and cannot go away.
    "recover by themselves, without a restart, each time the database returns",
    async () => {
      const database = await cloneTemplate(inject("databaseTemplate"));
      const target = new URL(database.url!);
      const relay = new TcpRelay(Number(target.port || 5432), target.hostname);
      const relayPort = await freePort();
      const relayedUrl = new URL(database.url!);
      relayedUrl.host = `127.0.0.1:${relayPort}`;
      const relayed = await openDatabase({ databaseUrl: relayedUrl.toString() });
      const site = await startSite(relayed);
      try {
        expect((await get(site.baseUrl, "/blog")).status).toBe(503);
        await relay.listen(relayPort);
        expect((await get(site.baseUrl, "/blog")).status).toBe(200);
        expect((await get(site.baseUrl, "/api/dealers")).status).toBe(200);

        await relay.close();
        const during = await get(site.baseUrl, "/blog");
        expect(during.status).toBe(503);
        expect((await get(site.baseUrl, "/api/dealers")).status).toBe(503);

        await relay.listen(relayPort);
        const after = await get(site.baseUrl, "/blog");
        expect(after.status).toBe(200);
        expect(after.body).toContain("<h1");
      } finally {
        await site.close();
        await relay.close();
        await relayed.close();
        await database.close();
      }
    },
  );
});

describe("answers to faults that are not an outage", () => {
  // A real database without the site's tables: every query fails with an SQL error that names the query.
  let database: DatabaseHandle;
  let site: Awaited<ReturnType<typeof serveOverHttp>>;

  beforeAll(async () => {
    database = await openDatabase({ pglite: await PGlite.create() });
    site = await startSite(database);
  });
  afterAll(async () => {
    await site.close();
    await database.close();
  });

  it.each(PAGES)("%s shows the error page with no stack trace and no SQL", async (path) => {
    const { status, body } = await get(site.baseUrl, path);
    expect(status).toBe(500);
    expect(body).toContain("Something went wrong");
    expectNothingInternal(body);
  });

  it("keeps the router's data answers free of stack traces and SQL", async () => {
    const { status, body } = await get(site.baseUrl, "/blog.data");
    expect(status).toBe(500);
    expect(body).toContain("Unexpected Server Error");
    expectNothingInternal(body);
  });

  it("answers the API with a plain 500 JSON", async () => {
    for (const path of ["/api/dealers", "/api/vehicles", "/api/blog"]) {
      const { status, body } = await get(site.baseUrl, path);
      expect(status, path).toBe(500);
      expect(JSON.parse(body)).toMatchObject({ status: 500, title: "Internal error" });
      expectNothingInternal(body);
    }
  });
});

/** A TCP relay in front of PostgreSQL: closed, the database is unreachable; listening again, it is back. */
class TcpRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly targetPort: number,
    private readonly targetHost: string,
  ) {}

  listen(port: number): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("error", () => {});
        socket.on("close", () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
  }

  /** Stops listening and cuts every open connection, as a database that went away. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
