import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { jobRuns, leadDeliveries } from "../db/schema.ts";
import { storeTestEnquiry } from "../tests/support/leads.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { startTestServer } from "../tests/support/test-server.ts";
import { BUSY_MESSAGE, WriteQueue } from "../core/shared/write-queue.ts";
import { CompressionThread } from "./compression-thread.ts";
import { Drain } from "./graceful-shutdown.ts";
import { createLogger } from "./logger.ts";
import { Metrics, serveMetrics } from "./metrics.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

/** The value of one sample line of the exposition, e.g. `name{label="x"}`; undefined when absent. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("request metrics", () => {
  it("counts and times requests by method, route pattern and status, never by raw path", async () => {
    const metrics = new Metrics({ db: database.db }, { processMetrics: false });
    const server = await startTestServer({ requestMetrics: metrics.middleware() }, { database });
    try {
      expect((await server.get("/api/specials/honda-sandton")).status).toBe(200);
      expect((await server.get("/api/specials/honda-umhlanga")).status).toBe(200);
      expect((await server.get("/api/specials/no-such-dealer")).status).toBe(404);
      expect((await server.get("/healthz")).status).toBe(200);
      const posted = await fetch(`${server.baseUrl}/api/customer_enquiries`, {
        method: "POST",
        body: "x",
        headers: { "Content-Type": "text/plain" },
      });
      expect(posted.status).toBe(415);

      const { contentType, body } = await metrics.exposition();
      expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(
        sample(body, 'honda_http_requests_total{method="GET",route="/api/specials/:dealerSlug",status="200"}'),
      ).toBe(2);
      expect(
        sample(body, 'honda_http_requests_total{method="GET",route="/api/specials/:dealerSlug",status="404"}'),
      ).toBe(1);
      expect(sample(body, 'honda_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
      // Refused by a guard before any route: counted under the guard's pattern, not the path.
      expect(body).toMatch(/honda_http_requests_total\{method="POST",route="[^"]*\*",status="415"\} 1/);
      expect(
        sample(
          body,
          'honda_http_request_duration_seconds_count{method="GET",route="/api/specials/:dealerSlug",status="200"}',
        ),
      ).toBe(2);
      expect(
        sample(
          body,
          'honda_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/specials/:dealerSlug",status="200"}',
        ),
      ).toBe(2);
      expect(body).not.toContain("honda-sandton");
      expect(body).not.toContain("no-such-dealer");
    } finally {
      await server.close();
    }
  });
});

describe("page request metrics", () => {
  it("count pages by the route they matched, data requests apart, and leave static files and unknown paths under /*", async () => {
    const site = await builtSite();
    const metrics = new Metrics({ db: database.db }, { processMetrics: false });
    const server = await startTestServer(
      { ...site, requestMetrics: metrics.middleware(site.pageRoutePattern) },
      { database },
    );
    try {
      for (const path of [
        "/",
        "/contact",
        "/contact.data",
        "/blog/first-post",
        "/blog/second-post",
        "/staff/dealers/honda-sandton",
        "/no-such-page",
        "/favicon.ico",
      ]) {
        await (await fetch(server.baseUrl + path, { redirect: "manual" })).arrayBuffer();
      }
      const { body } = await metrics.exposition();
      const routes = [
        ...body.matchAll(/^honda_http_requests_total\{method="GET",route="([^"]*)",status="\d+"\} (\d+)$/gm),
      ]
        .filter(([, route]) => !route!.startsWith("/api/"))
        .map(([, route, n]) => `${route} ${n}`);
      expect(routes.sort()).toEqual(
        ["/* 2", "/ 1", "/blog/:slug 2", "/contact 1", "/contact.data 1", "/staff/dealers/:slug 1"].sort(),
      );
      expect(body).not.toContain("first-post");
      expect(body).not.toContain("honda-sandton");
    } finally {
      await server.close();
    }
  });
});

describe("lead delivery metrics", () => {
  it("report the undelivered leads by channel and the oldest one's age, read from the database", async () => {
    const metrics = new Metrics({ db: database.db }, { processMetrics: false });
    await database.db.update(leadDeliveries).set({ status: "delivered" });
    let body = (await metrics.exposition()).body;
    expect(sample(body, "honda_lead_oldest_undelivered_age_seconds")).toBe(0);
    expect(sample(body, "honda_metrics_database_up")).toBe(1);
    expect(body).not.toMatch(/^honda_lead_deliveries_undelivered\{/m);

    const leadId = await storeTestEnquiry(database.db);
    const rows = await database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    expect(rows.length).toBeGreaterThan(0);
    await database.db
      .update(leadDeliveries)
      .set({ createdAt: new Date(Date.now() - 15 * 60_000), attempts: 2 })
      .where(eq(leadDeliveries.id, rows[0]!.id));

    body = (await metrics.exposition()).body;
    const channel = rows[0]!.channel;
    expect(sample(body, `honda_lead_deliveries_undelivered{channel="${channel}",state="retrying"}`)).toBe(1);
    expect(sample(body, `honda_lead_deliveries_undelivered{channel="${channel}",state="failed"}`)).toBe(0);
    expect(sample(body, "honda_lead_oldest_undelivered_age_seconds")).toBeGreaterThanOrEqual(15 * 60);

    await database.db.update(leadDeliveries).set({ status: "failed" }).where(eq(leadDeliveries.id, rows[0]!.id));
    body = (await metrics.exposition()).body;
    expect(sample(body, `honda_lead_deliveries_undelivered{channel="${channel}",state="failed"}`)).toBe(1);
    expect(sample(body, `honda_lead_deliveries_undelivered{channel="${channel}",state="retrying"}`)).toBe(0);

    await database.db.update(leadDeliveries).set({ status: "delivered" }).where(eq(leadDeliveries.leadId, leadId));
    body = (await metrics.exposition()).body;
    expect(sample(body, "honda_lead_oldest_undelivered_age_seconds")).toBe(0);
    expect(body).not.toMatch(/^honda_lead_deliveries_undelivered\{/m);
  });
});

describe("scheduled job metrics", () => {
  it("report how long each job's run is overdue and whether its last run failed, read from the database", async () => {
    const metrics = new Metrics({ db: database.db }, { processMetrics: false });
    await database.db.delete(jobRuns);
    await database.db.insert(jobRuns).values([
      { name: "saved-search-alerts", nextRunAt: new Date(Date.now() - 2 * 3600_000), lastOutcome: "ok" },
      {
        name: "finance-purge",
        nextRunAt: new Date(Date.now() + 3600_000),
        lastOutcome: "failed",
        lastError: "database unavailable",
      },
    ]);
    const { body } = await metrics.exposition();
    expect(sample(body, 'honda_job_overdue_seconds{job="saved-search-alerts"}')).toBeGreaterThanOrEqual(2 * 3600);
    expect(sample(body, 'honda_job_overdue_seconds{job="finance-purge"}')).toBe(0);
    expect(sample(body, 'honda_job_last_run_failed{job="saved-search-alerts"}')).toBe(0);
    expect(sample(body, 'honda_job_last_run_failed{job="finance-purge"}')).toBe(1);
  });
});

describe("used stock, pool and draining metrics", () => {
  it("report the used stock's source and age, the pool's use and whether the instance drains", async () => {
    const usedStock = { state: "current" as const, readAt: new Date(Date.now() - 30_000) };
    let draining = false;
    const metrics = new Metrics(
      {
        db: database.db,
        usedStock,
        poolStats: () => ({ max: 10, total: 4, idle: 1, waiting: 2 }),
        draining: () => draining,
      },
      { processMetrics: false },
    );
    let body = (await metrics.exposition()).body;
    expect(sample(body, 'honda_used_stock_state{state="current"}')).toBe(1);
    expect(sample(body, 'honda_used_stock_state{state="loading"}')).toBe(0);
    expect(sample(body, "honda_used_stock_read_age_seconds")).toBeGreaterThanOrEqual(30);
    expect(sample(body, 'honda_db_pool_connections{state="total"}')).toBe(4);
    expect(sample(body, 'honda_db_pool_connections{state="idle"}')).toBe(1);
    expect(sample(body, 'honda_db_pool_connections{state="waiting"}')).toBe(2);
    expect(sample(body, "honda_db_pool_max_connections")).toBe(10);
    expect(sample(body, "honda_draining")).toBe(0);

    Object.assign(usedStock, { state: "loading", readAt: null });
    draining = true;
    body = (await metrics.exposition()).body;
    expect(sample(body, 'honda_used_stock_state{state="loading"}')).toBe(1);
    expect(sample(body, 'honda_used_stock_state{state="current"}')).toBe(0);
    expect(sample(body, "honda_used_stock_read_age_seconds")).toBeNaN();
    expect(sample(body, "honda_draining")).toBe(1);
  });
});

describe("read model metrics", () => {
  it("report each read model's source and the age of what memory holds", async () => {
    const readAt = new Date(Date.now() - 12_000);
    const readModels = {
      states: () => ({ range: "current" as const, makes: "loading" as const }),
      readTimes: () => ({ range: readAt, makes: null }),
    };
    const metrics = new Metrics({ db: database.db, readModels }, { processMetrics: false });
    const body = (await metrics.exposition()).body;
    expect(sample(body, 'honda_read_model_state{model="range",state="current"}')).toBe(1);
    expect(sample(body, 'honda_read_model_state{model="range",state="loading"}')).toBe(0);
    expect(sample(body, 'honda_read_model_state{model="makes",state="loading"}')).toBe(1);
    expect(sample(body, 'honda_read_model_state{model="makes",state="current"}')).toBe(0);
    expect(sample(body, 'honda_read_model_read_age_seconds{model="range"}')).toBeGreaterThanOrEqual(12);
    expect(sample(body, 'honda_read_model_read_age_seconds{model="makes"}')).toBeNaN();
  });
});

describe("write queue metrics", () => {
  it("report the writes running and waiting in the queue, and count the ones it refused", async () => {
    const writeQueue = new WriteQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 60_000, retryAfterSeconds: 2 });
    const metrics = new Metrics({ db: database.db, writeQueue }, { processMetrics: false });
    let body = (await metrics.exposition()).body;
    expect(sample(body, 'honda_write_queue_writes{state="running"}')).toBe(0);
    expect(sample(body, "honda_write_queue_refused_total")).toBe(0);

    // The gate exists before the write starts (it starts on the event loop's next turn).
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const running = writeQueue.run(() => gate);
    const waiting = writeQueue.run(async () => "second");
    await expect(writeQueue.run(async () => "third")).rejects.toThrow(BUSY_MESSAGE);
    body = (await metrics.exposition()).body;
    expect(sample(body, 'honda_write_queue_writes{state="running"}')).toBe(1);
    expect(sample(body, 'honda_write_queue_writes{state="waiting"}')).toBe(1);
    expect(sample(body, "honda_write_queue_refused_total")).toBe(1);

    finish();
    await running;
    expect(await waiting).toBe("second");
    body = (await metrics.exposition()).body;
    expect(sample(body, 'honda_write_queue_writes{state="running"}')).toBe(0);
    expect(sample(body, 'honda_write_queue_writes{state="waiting"}')).toBe(0);
    expect(sample(body, "honda_write_queue_refused_total")).toBe(1);
  });
});

describe("compression thread metrics", () => {
  it("count the threads that failed and the answers compressed on the main thread instead", async () => {
    const thread = new CompressionThread();
    const metrics = new Metrics({ db: database.db, compressionThread: () => thread.counts }, { processMetrics: false });
    const page = new TextEncoder().encode("<p>Honda Jazz</p>".repeat(1_000));
    const brotli = { encoding: "br" as const, options: {} };
    await thread.compress(page, brotli);
    let body = (await metrics.exposition()).body;
    expect(sample(body, "honda_compression_thread_failures_total")).toBe(0);
    expect(sample(body, "honda_compression_thread_fallbacks_total")).toBe(0);

    // As if it had crashed: its worker ends without close(). Then an answer held by a thread closed while starting.
    await (Reflect.get(thread, "thread") as { worker: Worker }).worker.terminate();
    const held = thread.compress(page, brotli);
    await thread.close();
    await held;
    body = (await metrics.exposition()).body;
    expect(sample(body, "honda_compression_thread_failures_total")).toBe(1);
    expect(sample(body, "honda_compression_thread_fallbacks_total")).toBe(1);
  });
});

describe("the alert rules (deploy/prometheus-alerts.yml)", () => {
  it("use only metrics the app exposes", async () => {
    const rules = fs.readFileSync(path.join(import.meta.dirname, "../deploy/prometheus-alerts.yml"), "utf8");
    const used = new Set(
      [...rules.matchAll(/^\s*expr: (.*)$/gm)].flatMap(([, expr]) =>
        [...expr!.matchAll(/\bhonda_\w+/g)].map(([name]) => name),
      ),
    );
    expect(used.size).toBeGreaterThanOrEqual(8);
    const metrics = new Metrics(
      {
        db: database.db,
        poolStats: () => ({ max: 10, total: 1, idle: 1, waiting: 0 }),
        usedStock: { state: "current", readAt: new Date() },
        readModels: { states: () => ({ range: "current" as const }), readTimes: () => ({ range: new Date() }) },
        writeQueue: new WriteQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 1_000, retryAfterSeconds: 1 }),
        compressionThread: () => ({ failures: 0, compressedHere: 0 }),
        draining: () => false,
      },
      { processMetrics: false },
    );
    const { body } = await metrics.exposition();
    const exposed = new Set([...body.matchAll(/^# TYPE (\w+) /gm)].map(([, name]) => name));
    expect([...used].filter((name) => !exposed.has(name.replace(/_(bucket|count|sum)$/, "")))).toEqual([]);
  });
});

describe("the metrics port", () => {
  it("answers GET /metrics in Prometheus text format with the process metrics, and 404 elsewhere", async () => {
    const metrics = new Metrics({ db: database.db });
    const server = await serveMetrics(metrics, 0, "127.0.0.1", createLogger("silent"));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const body = await answer.text();
      expect(body).toMatch(/^# TYPE process_resident_memory_bytes gauge$/m);
      expect(body).toMatch(/^# TYPE honda_http_requests_total counter$/m);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("draining", () => {
  it("turns /readyz to 503 'draining' while the instance still serves", async () => {
    const drain = new Drain(0, createLogger("silent"));
    const server = await startTestServer({ isDraining: () => drain.draining }, { database });
    try {
      expect(await server.get("/readyz")).toMatchObject({ status: 200, body: { status: "ready" } });
      await drain.run();
      expect(await server.get("/readyz")).toMatchObject({ status: 503, body: { status: "draining" } });
      expect((await server.get("/api/dealers")).status).toBe(200);
      expect((await server.get("/healthz")).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
