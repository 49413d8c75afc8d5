import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { validFinanceApplication } from "../support/finance-fixture.ts";
import { type AppProcess, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { type PostOutcome, postMarkedEnquiry, storedMarkers } from "../support/enquiry-traffic.ts";
import { createPostgresCluster, type PostgresCluster } from "../support/postgres-cluster.ts";

type Traffic = { stop: boolean; outcomes: { marker: string; outcome: PostOutcome }[]; done: Promise<void> };

/** An enquiry posted and the used listing read, every 50 ms until `traffic.stop`; each enquiry's answer kept. */
async function sendTraffic(baseUrl: string, run: string, traffic: Traffic) {
  for (let n = 0; !traffic.stop; n++) {
    const marker = `${run}-bg-${n}`;
    traffic.outcomes.push({ marker, outcome: await postMarkedEnquiry(baseUrl, marker) });
    await fetch(`${baseUrl}/used`).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every enquiry answered 201 is stored once, every one answered 503 not at all, and there were no other answers. */
async function expectEveryAnswerTrue(databaseUrl: string, run: string, outcomes: Traffic["outcomes"]) {
  const database: DatabaseHandle = await openDatabase({ databaseUrl });
  try {
    const stored = await storedMarkers(database.db, run);
    const answered = outcomes.map(({ marker, outcome }) => ({
      marker,
      status: "status" in outcome ? outcome.status : outcome.error,
    }));
    const acknowledged = answered.filter((a) => a.status === 201).map((a) => a.marker);
    const refused = answered.filter((a) => a.status === 503).map((a) => a.marker);
    console.log(
      `outage: background enquiries ${answered.length}: ${acknowledged.length} answered 201, ${refused.length} answered 503;`,
      `other answers ${JSON.stringify(answered.filter((a) => a.status !== 201 && a.status !== 503))}; acknowledged and stored ${acknowledged.filter((m) => stored.get(m) === 1).length}`,
    );
    expect(answered.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    expect(acknowledged.filter((marker) => stored.get(marker) !== 1)).toEqual([]);
    expect(refused.filter((marker) => stored.has(marker))).toEqual([]);
    expect(stored.get(`${run}-before`)).toBe(1);
    expect(stored.get(`${run}-after`)).toBe(1);
    expect(stored.has(`${run}-during`)).toBe(false);
  } finally {
    await database.close();
  }
}

/**
 * PostgreSQL stopped and started again under traffic (a cluster the test owns): while it is down the API
 * answers 503 JSON with Retry-After, a lead POST is refused with 503 (never a false 201), the process stays
 * up; once it is back the app serves again without a restart. The tests run in order: up, down, up again.
 */
describe("a database outage during traffic", () => {
  let cluster: PostgresCluster;
  let app: AppProcess;
  const run = `outage${Date.now().toString(36)}`;
  const traffic: Traffic = { stop: false, outcomes: [], done: Promise.resolve() };

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    app = await startAppProcess(
      { DATABASE_URL: cluster.url, POST_RATE_LIMIT: "1000000", LEAD_DELIVERY: "off" },
      STARTUP_TIMEOUT_MS,
    );
    traffic.done = sendTraffic(app.baseUrl, run, traffic);
  });
  afterEach(() => {
    // A process that ended under the outage is the failure to explain: show what it wrote last.
    if (app && (app.child.exitCode !== null || app.child.signalCode)) {
      throw new Error(`the app ended (${app.child.exitCode ?? app.child.signalCode}):\n${app.output().slice(-4_000)}`);
    }
  });
  afterAll(async () => {
    traffic.stop = true;
    await traffic.done;
    await app?.stop();
    await cluster?.dispose();
  });

  it("serves the API and takes leads while the database is up", async () => {
    expect((await postMarkedEnquiry(app.baseUrl, `${run}-before`)) as { status: number }).toMatchObject({
      status: 201,
    });
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);
  });

  it("answers the API with 503 JSON and Retry-After while the database is stopped, and stays up", async () => {
    await cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // let the background traffic meet the outage
    for (const path of ["/api/vehicles", "/api/dealers", "/api/blog?page=1", "/api/filters"]) {
      const response = await fetch(app.baseUrl + path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("content-type"), path).toMatch(/json/);
      expect(Number(response.headers.get("Retry-After")), path).toBeGreaterThan(0);
      const body = (await response.json()) as Record<string, unknown>;
      expect(JSON.stringify(body), path).not.toMatch(/ECONNREFUSED|select |at .*\.ts/i);
    }
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(503);
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  });

  it("refuses a lead with 503 and Retry-After while the database is stopped, never a false 201", async () => {
    const enquiry = await postMarkedEnquiry(app.baseUrl, `${run}-during`);
    expect(enquiry).toMatchObject({ status: 503 });
    expect(Number((enquiry as { retryAfter: string }).retryAfter)).toBeGreaterThan(0);
    const finance = await fetch(`${app.baseUrl}/api/finance_applications`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validFinanceApplication()),
    });
    expect(finance.status).toBe(503);
    expect(app.child.exitCode).toBeNull();
  });

  it("answers pages with 503 while the database is stopped, and stays up", async () => {
    for (const path of ["/", "/used", "/new/honda/cr-v"]) {
      const response = await fetch(app.baseUrl + path);
      const html = await response.text();
      expect(html, path).not.toMatch(/ECONNREFUSED|at .*\.(ts|js):\d+/);
      expect(app.child.exitCode, path).toBeNull();
      expect(response.status, path).toBe(503);
    }
  });

  it("recovers by itself once the database is back: ready, pages and leads again", async () => {
    await cluster.start();
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${app.baseUrl}/readyz`)).status !== 200) {
      if (Date.now() > deadline)
        throw new Error("the app did not become ready within 30 s of the database coming back");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await postMarkedEnquiry(app.baseUrl, `${run}-after`)).toMatchObject({ status: 201 });
    expect((await fetch(`${app.baseUrl}/used`)).status).toBe(200);
    expect(app.child.exitCode).toBeNull();

    traffic.stop = true;
    await traffic.done;
    await expectEveryAnswerTrue(cluster.url, run, traffic.outcomes);
  });
});

/**
 * The seam behind the outage's one crash (pg emits 'error' on a checked-out client when its server goes away
 * between statements, and the pool listens only on idle clients): a transaction whose connection is ended
 * between two statements fails, and the process goes on with a fresh connection.
 */
describe("a connection lost in the middle of a transaction", () => {
  let cluster: PostgresCluster;
  let database: DatabaseHandle;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    database = await openDatabase({ databaseUrl: cluster.url });
  });
  afterAll(async () => {
    await database?.close();
    await cluster?.dispose();
  });

  it("fails that transaction and leaves the process and the pool working", async () => {
    const unexpected: unknown[] = [];
    const keep = (error: unknown) => unexpected.push(error);
    process.on("uncaughtException", keep);
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_backend_pid() as pid`);
          await endBackend(cluster.url, (result as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
          await new Promise((resolve) => setTimeout(resolve, 300)); // the socket's end arrives with no query running
          await tx.execute(sql`select 1`);
        })
        .then(
          () => "committed",
          (error: Error) => error.message,
        );
      expect(outcome).not.toBe("committed");
      expect(unexpected).toEqual([]);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      process.off("uncaughtException", keep);
    }
  });
});

async function endBackend(url: string, pid: number): Promise<void> {
  const other = await openDatabase({ databaseUrl: url });
  try {
    await other.db.execute(sql`select pg_terminate_backend(${pid})`);
  } finally {
    await other.close();
  }
}
