import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { enquiries, leadDeliveries } from "../../db/schema.ts";
import { type AppProcess, freePort, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { type Caddy, type ProxyRequest, startCaddy } from "../support/caddy.ts";
import { markedEnquiry, storedMarkers } from "../support/enquiry-traffic.ts";
import { formValues } from "../support/staff.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer.ts";

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");
const RATE_LIMIT = 4;
const PAGE_PATHS = ["/", "/used", "/api/vehicles", "/api/dealers"];
const ADMIN = { email: "it@honda-group.example", password: "bootstrap admin passphrase" };

/**
 * The deployment of docs/deploy.md on loopback: Debian's Caddy running deploy/Caddyfile (tls internal) in
 * front of two instances on one PostgreSQL database, lead delivery on (to an SMTP peer), a 2 s drain.
 */
let scratch: { url: string; drop(): Promise<void> };
let smtp: SmtpPeer;
let database: DatabaseHandle;
const instances = new Map<number, AppProcess>();
const metricsPorts = new Map<number, number>();
let caddy: Caddy;
const caddyPorts = { httpPort: 0, httpsPort: 0 };
/** The public address, as a browser behind Caddy sees it (SITE_URL of the instances). */
const siteUrl = () => `https://localhost:${caddyPorts.httpsPort}`;
/** What Caddy logged at level error (a refused upstream, a retry given up), for a failed assertion's message. */
const proxyErrors = () =>
  caddy
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":"error"'))
    .slice(-5)
    .join("\n");

const startInstance = async (port: number) => {
  const app = await startAppProcess(
    {
      PORT: String(port),
      DATABASE_URL: scratch.url,
      TRUST_PROXY: "true",
      POST_RATE_LIMIT: String(RATE_LIMIT),
      LEAD_DELIVERY: "on",
      LEAD_DELIVERY_INTERVAL_MS: "200",
      SMTP_URL: smtp.url,
      SHUTDOWN_DRAIN_SECONDS: "2",
      METRICS_PORT: String(metricsPorts.get(port)),
      SITE_URL: siteUrl(),
      STAFF_BOOTSTRAP_EMAIL: ADMIN.email,
      STAFF_BOOTSTRAP_PASSWORD: ADMIN.password,
    },
    STARTUP_TIMEOUT_MS,
  );
  instances.set(port, app);
  return app;
};

beforeAll(async () => {
  scratch = await createScratchDatabase("proxy");
  smtp = await startSmtpPeer();
  const ports = [await freePort(), await freePort()];
  for (const port of ports) metricsPorts.set(port, await freePort());
  Object.assign(caddyPorts, { httpPort: await freePort(), httpsPort: await freePort() });
  // One after the other: the first migrates and seeds the empty database.
  for (const port of ports) await startInstance(port);
  caddy = await startCaddy(
    ports.map((port) => `127.0.0.1:${port}`),
    caddyPorts,
  );
  database = await openDatabase({ databaseUrl: scratch.url });
});

afterAll(async () => {
  await caddy?.stop();
  for (const app of instances.values()) await app.stop();
  await database?.close();
  await smtp?.close();
  await scratch?.drop();
});

/** An enquiry through the API (JSON, 201) or, as a browser sends it, through the parts page's form (303). */
function enquiryRequest(
  marker: string,
  viaPage: boolean,
): Omit<ProxyRequest, "method" | "localAddress"> & { path: string; acknowledged: number } {
  return viaPage
    ? {
        path: "/parts",
        headers: {
          Host: new URL(siteUrl()).host,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: siteUrl(),
        },
        body: new URLSearchParams({
          ...{
            first_name: "Ayanda",
            last_name: "Khumalo",
            email: "ayanda.khumalo@example.co.za",
            cell_phone: "083 444 1212",
          },
          ...{
            make: "Honda",
            model: "Jazz",
            year: "2016",
            partNo: "08P01-T5A-100",
            vinNo: "",
            dealer_slug: "honda-sandton",
          },
          ...{ message: `Two wiper blades, please. Reference ${marker}`, contact: "on", terms: "on", website: "" },
          ...{ idempotency_key: crypto.randomUUID(), rendered_at: String(Date.now() - 120_000) },
        }).toString(),
        acknowledged: 303,
      }
    : {
        path: "/api/customer_enquiries",
        headers: { "Content-Type": "application/ld+json" },
        body: JSON.stringify(markedEnquiry(marker)),
        acknowledged: 201,
      };
}

/**
 * Four readers of pages and three posters of enquiries (two through the API, one through the parts page's form) through
 * Caddy, until `stop`: the reads that answered, the enquiries acknowledged and every other answer.
 */
function startLoad(runId: string) {
  const load = { failures: [] as string[], acknowledged: [] as string[], reads: 0, stop: async () => {} };
  let stopping = false;
  let visitor = 0;
  const reader = async () => {
    for (let n = 0; !stopping; n++) {
      const requestPath = PAGE_PATHS[n % PAGE_PATHS.length]!;
      const answer = await caddy
        .request({ path: requestPath })
        .catch((error: Error) => ({ status: 0, body: error.message }));
      if (answer.status === 200) load.reads++;
      else load.failures.push(`GET ${requestPath}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
  };
  const poster = async (client: number, viaPage: boolean) => {
    for (let n = 0; !stopping; n++) {
      const marker = `${runId}-c${client}-${n}`;
      const { acknowledged: expected, ...request } = enquiryRequest(marker, viaPage);
      // Each enquiry from a visitor of its own (127.1.x.y), as on a real site: no one reaches the rate limit.
      visitor++;
      const answer = await caddy
        .request({ method: "POST", localAddress: `127.1.${visitor >> 8}.${visitor & 255}`, ...request })
        .catch((error: Error) => ({ status: 0, body: error.message }));
      if (answer.status === expected) load.acknowledged.push(marker);
      else load.failures.push(`POST ${request.path} ${marker}: ${answer.status} ${answer.body.slice(0, 200)}`);
      // A bounded load: about four enquiries a second per poster, so that their deliveries can be awaited below.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const running = [...Array.from({ length: 4 }, () => reader()), poster(0, false), poster(1, false), poster(2, true)];
  load.stop = async () => {
    stopping = true;
    await Promise.all(running);
  };
  return load;
}

/** The deliveries of the leads of `runId` not yet delivered, once all are or after two minutes. */
async function undeliveredAfterWaiting(runId: string): Promise<number> {
  const leadIds = (
    await database.db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(like(enquiries.message, `%Reference ${runId}%`))
  ).map((row) => row.id);
  const deadline = Date.now() + 120_000;
  let undelivered = Infinity;
  while (Date.now() < deadline) {
    const rows = await database.db
      .select({ status: leadDeliveries.status })
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, leadIds));
    undelivered = rows.filter((row) => row.status !== "delivered").length;
    if (rows.length >= leadIds.length && undelivered === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undelivered;
}

describe("two instances behind Caddy on one PostgreSQL database", () => {
  it("serves pages and the API over HTTPS with HSTS, and redirects plain HTTP to HTTPS", async () => {
    for (const requestPath of ["/", "/used", "/api/dealers"]) {
      const answer = await caddy.request({ path: requestPath });
      expect(answer.status, requestPath).toBe(200);
      expect(answer.headers["strict-transport-security"], requestPath).toMatch(/max-age=\d+/);
    }
    expect(JSON.parse((await caddy.request({ path: "/api/dealers" })).body)["hydra:member"].length).toBe(12);

    const redirect = await caddy.plainRequest("/used?page=2");
    expect(redirect.status).toBe(308);
    // Caddy 2.6 leaves a non-standard HTTPS port out of the redirect; in production it is 443.
    expect(redirect.headers.location).toMatch(/^https:\/\/localhost(:\d+)?\/used\?page=2$/);
  });

  it("limits POSTs by the client's address, not the proxy's or a forwarded one the client made up", async () => {
    const post = (localAddress: string, marker: string, forwardedFor?: string) =>
      caddy.request({
        method: "POST",
        path: "/api/customer_enquiries",
        localAddress,
        headers: {
          "Content-Type": "application/ld+json",
          ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
        },
        body: JSON.stringify(markedEnquiry(marker)),
      });
    // A new made-up address each time: were it trusted, the client would never run out.
    for (let n = 0; n < RATE_LIMIT; n++)
      expect((await post("127.0.0.2", `limit-a${n}`, `198.51.100.${n}`)).status).toBe(201);
    const refused = await post("127.0.0.2", "limit-a-over", "198.51.100.99");
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    // Another client, even one claiming to be the first, still has its allowance.
    expect((await post("127.0.0.3", "limit-b0", "127.0.0.2")).status).toBe(201);
  });

  it("shares state between the instances: an allowance used up on one is used up on the other", async () => {
    const [first, second] = [...instances.values()];
    const direct = (baseUrl: string, marker: string) =>
      fetch(`${baseUrl}/api/customer_enquiries`, {
        method: "POST",
        headers: { "Content-Type": "application/ld+json", "X-Forwarded-For": "192.0.2.44" },
        body: JSON.stringify(markedEnquiry(marker)),
      });
    for (let n = 0; n < RATE_LIMIT; n++) expect((await direct(first!.baseUrl, `shared-${n}`)).status).toBe(201);
    expect((await direct(second!.baseUrl, "shared-over")).status).toBe(429);
  });

  it("passes a visitor's form post through to the page's action over HTTPS (not refused by the router's origin check)", async () => {
    const answer = await caddy.request({
      method: "POST",
      path: "/sell-your-car",
      localAddress: "127.0.0.8",
      headers: {
        Host: new URL(siteUrl()).host,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: siteUrl(),
      },
      body: new URLSearchParams({ first_name: "Pieter" }).toString(),
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain("Please enter your last name");
  });
});

describe("the back office behind Caddy", () => {
  it("signs staff in over HTTPS with a Secure __Host- cookie, refuses a write from another site, and a dealer's hours saved through the proxy show on both instances' pages", async () => {
    const staffClient = "127.0.0.7";
    const login = await caddy.request({
      method: "POST",
      path: "/staff/login",
      localAddress: staffClient,
      headers: {
        Host: new URL(siteUrl()).host,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: siteUrl(),
      },
      body: new URLSearchParams({
        step: "password",
        email: ADMIN.email,
        password: ADMIN.password,
        next: "/staff",
      }).toString(),
    });
    expect(login.status).toBe(302);
    const setCookie = String(login.headers["set-cookie"]);
    expect(setCookie).toMatch(/^__Host-staff=[\w-]+; /);
    expect(setCookie).toContain("; Secure");
    expect(setCookie).toContain("; HttpOnly");
    const cookie = setCookie.split(";")[0]!;

    // A browser sends the address bar's host and port: React Router refuses an action whose Origin is another host.
    const host = new URL(siteUrl()).host;
    const formPage = await caddy.request({
      path: "/staff/dealers/honda-sandton",
      localAddress: staffClient,
      headers: { Host: host, Cookie: cookie },
    });
    expect(formPage.status).toBe(200);
    const form = formValues(formPage.body);
    expect(form).toMatchObject({ opens_saturday: "08:00", closes_saturday: "13:00" });
    const save = (origin: string) =>
      caddy.request({
        method: "POST",
        path: "/staff/dealers/honda-sandton",
        localAddress: staffClient,
        headers: { Host: host, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: origin },
        body: new URLSearchParams({ ...form, opens_saturday: "08:15", closes_saturday: "12:45" }).toString(),
      });
    expect((await save("https://evil.example")).status).toBe(403);
    const saved = await save(siteUrl());
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/staff/dealers/honda-sandton?done=saved");

    // Whichever instance took the save, both show it: each reads its dealers again on the change notification.
    for (const app of instances.values()) {
      await vi.waitFor(
        async () =>
          expect(await (await fetch(`${app.baseUrl}/contact`)).text()).toMatch(/Saturday<\/dt><dd[^>]*>08:15 – 12:45/),
        { timeout: 30_000, interval: 200 },
      );
    }
  });
});

describe("two instances behind Caddy: a body too large, and the metrics", () => {
  it("answers a body over 64 KiB through the proxy with 413 and stores nothing", async () => {
    const marker = `oversize${Date.now()}`;
    const answer = await caddy.request({
      method: "POST",
      path: "/api/customer_enquiries",
      localAddress: "127.0.0.4",
      headers: { "Content-Type": "application/ld+json" },
      body: JSON.stringify({ ...markedEnquiry(marker), comments: "x".repeat(100 * 1024) }),
    });
    expect(answer.status, `Caddy's errors:\n${proxyErrors()}`).toBe(413);
    expect(
      await database.db
        .select()
        .from(enquiries)
        .where(like(enquiries.message, `%${marker}%`)),
    ).toEqual([]);
  });

  it("answers Prometheus metrics on each instance's metrics port, and not through the proxy", async () => {
    for (const port of metricsPorts.values()) {
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const body = await answer.text();
      expect(body).toMatch(/^honda_http_requests_total\{method="GET",route="\/api\/dealers",status="200"\} \d+$/m);
      expect(body).toMatch(/^honda_db_pool_connections\{state="total"\} \d+$/m);
      expect(body).toMatch(/^honda_lead_oldest_undelivered_age_seconds /m);
    }
    const throughProxy = await caddy.request({ path: "/metrics" });
    expect(throughProxy.status).toBe(404);
    expect(throughProxy.body).not.toContain("honda_http_requests_total");
  });
});

describe("a rolling restart behind Caddy", () => {
  it("restarts both instances one at a time under load without a failed request, and every lead is stored once and delivered", async () => {
    const runId = `roll${Date.now().toString(36)}`;
    const control = await startRestartControl(async (port) => {
      await instances.get(port)!.stop("SIGTERM");
      const exitCode = instances.get(port)!.child.exitCode;
      if (exitCode !== 0) throw new Error(`instance ${port} exited ${exitCode}:\n${instances.get(port)!.output()}`);
      await startInstance(port);
    });
    const load = startLoad(runId);
    try {
      const started = performance.now();
      const script = await run(path.join(projectRoot, "deploy/rolling-restart.sh"), [...instances.keys()].map(String), {
        env: { ...process.env, SYSTEMCTL: control.systemctl, READY_TIMEOUT_SECONDS: "120" },
      });
      expect(script.stdout).toContain("all instances restarted");
      console.log(`proxy: rolling restart of 2 instances took ${Math.round(performance.now() - started)} ms`);
    } finally {
      await load.stop();
      await control.close();
    }
    const { failures, acknowledged, reads } = load;
    if (failures.length > 0)
      console.log(
        caddy
          .output()
          .split("\n")
          .filter((line) => /"level":"(error|warn)"/.test(line))
          .slice(-20)
          .join("\n"),
      );
    console.log(
      `proxy: ${reads} reads and ${acknowledged.length} enquiries (API and page form) answered during the restart; ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(
      acknowledged.filter((marker) => marker.includes("-c2-")).length,
      "enquiries through the page's form",
    ).toBeGreaterThan(0);

    const stored = await storedMarkers(database.db, runId);
    expect(acknowledged.filter((marker) => stored.get(marker) !== 1)).toEqual([]);
    expect(stored.size).toBe(acknowledged.length);

    // Delivered: every delivery of every acknowledged lead, by whichever instance took it.
    expect(await undeliveredAfterWaiting(runId)).toBe(0);
    const mailed = new Set(
      smtp.messages.flatMap((message) => /Reference (\S+)/.exec(String(message.text ?? ""))?.[1] ?? []),
    );
    expect(acknowledged.filter((marker) => !mailed.has(marker))).toEqual([]);
  });
});

/**
 * Stands in for systemctl in deploy/rolling-restart.sh: a script that asks this test, over HTTP, to restart
 * the instance (SIGTERM, wait for the exit, start it again), and returns when that is done.
 */
async function startRestartControl(restart: (port: number) => Promise<void>) {
  const server = http.createServer((req, res) => {
    const port = Number(/^\/restart\/honda-site@(\d+)$/.exec(req.url ?? "")?.[1]);
    if (req.method !== "POST" || !port) return void res.writeHead(404).end();
    restart(port).then(
      () => res.writeHead(200).end("restarted\n"),
      (error: Error) => res.writeHead(500).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-systemctl-"));
  const systemctl = path.join(dir, "systemctl");
  await fs.writeFile(systemctl, `#!/bin/sh\nexec curl -fsS --max-time 150 -X POST "http://127.0.0.1:${port}/$1/$2"\n`, {
    mode: 0o755,
  });
  return {
    systemctl,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
