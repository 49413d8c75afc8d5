import http from "node:http";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database, PoolStats } from "../db/client.ts";
import { scheduledJobStates } from "../core/jobs/runner.server.ts";
import { readUndelivered, UNDELIVERED_STATES } from "../core/delivery/outbox.server.ts";
import type { UsedStock } from "../core/inventory/used-stock.server.ts";
import type { ReadModels, ReadModelState } from "../core/shared/read-model.server.ts";
import type { WriteQueue } from "../core/shared/write-queue.ts";
import type { PageCache } from "./page-cache.ts";
import type { CompressionThreadCounts } from "./compression-thread.ts";
import type { FeedFetchObserver } from "./channel-feeds.ts";
import type { Logger } from "./logger.ts";
import type { PageRoutePattern } from "./pages.ts";
import type { VitalsVisit } from "../core/vitals/store.server.ts";
import { VITAL_NAMES, type VitalName } from "../core/vitals/vitals.ts";
import { type LeadCounter, NAMED_SOURCES } from "../core/attribution/visit.ts";

/** What the gauges read when Prometheus scrapes; each part is optional so that a test can leave it out. */
export type MetricsSources = {
  db: Database;
  poolStats?: () => PoolStats;
  usedStock?: Pick<UsedStock, "state" | "readAt">;
  readModels?: Pick<ReadModels, "states" | "readTimes">;
  writeQueue?: Pick<WriteQueue, "stats">;
  pageCache?: Pick<PageCache, "counts" | "size">;
  compressionThread?: () => Readonly<CompressionThreadCounts>;
  draining?: () => boolean;
};

/** Hono's patterns of the page renderer and the static files, which answer every path no API route takes. */
const CATCH_ALL = new Set(["*", "/*"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const USED_STOCK_STATES = ["current", "loading", "database"] as const;
const READ_MODEL_STATES: readonly ReadModelState[] = ["current", "loading", "database"];
/** The mediums core/attribution gives a visit itself, and the utm_medium values campaigns commonly use. */
const NAMED_MEDIUMS: ReadonlySet<string> = new Set([
  "(none)",
  "(not set)",
  "organic",
  "social",
  "referral",
  "cpc",
  "ppc",
  "paid",
  "paid_social",
  "paidsocial",
  "display",
  "email",
  "sms",
  "affiliate",
  "video",
]);
/** Delivery rows not delivered yet: waiting for a first try, retrying after a failure, or given up on. */

/**
 * The app's Prometheus metrics (docs/deploy.md lists them and the alerts worth setting). Requests are
 * counted by the route pattern Hono matched, never the raw path, so the number of series stays bounded;
 * pages by the React Router route they matched (`/blog/:slug`), static files and unknown paths "/*". The lead and stock gauges
 * are read when scraped: every instance reports the same database-wide lead figures.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly durations: Histogram<"method" | "route" | "status">;
  /** Reads that set several gauges at once, made before each scrape. */
  private readonly beforeScrape: Array<() => Promise<void>> = [];
  private readonly webVitals: Record<VitalName, Histogram<"page_type" | "device">>;

  constructor(sources: MetricsSources, { processMetrics = true }: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: "honda_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.durations = new Histogram({
      name: "honda_http_request_duration_seconds",
      help: "Time to answer an HTTP request (until the handler returned its response), by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.webVitals = webVitalHistograms(registers);
    this.leadGauges(sources.db, registers);
    this.jobGauges(sources.db, registers);
    this.usedStockGauges(sources.usedStock, registers);
    this.readModelGauges(sources.readModels, registers);
    if (sources.poolStats) poolGauges(sources.poolStats, registers);
    if (sources.writeQueue) writeQueueMetrics(sources.writeQueue, registers);
    if (sources.pageCache) pageCacheMetrics(sources.pageCache, registers);
    if (sources.compressionThread) compressionThreadMetrics(sources.compressionThread, registers);
    const draining = sources.draining;
    if (draining) {
      new Gauge({
        name: "honda_draining",
        help: "1 while this instance drains before it stops (SIGTERM), else 0",
        registers,
        collect() {
          this.set(draining() ? 1 : 0);
        },
      });
    }
  }

  /**
   * Counts and times every request; put it first so that it sees every answer, guards' refusals included.
   * A request the page renderer answered is labelled with the page route it matched (`pageRoutePattern`, the
   * built site's route table); static files and paths nothing answers keep Hono's catch-all pattern "/*".
   */
  middleware(pageRoutePattern?: PageRoutePattern): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      await next();
      const honoRoute = matchedRoutes(c)[c.req.routeIndex]?.path ?? "*";
      const labels = {
        method: METHODS.has(c.req.method) ? c.req.method : "other",
        route: CATCH_ALL.has(honoRoute) ? (pageRoutePattern?.(c.req.path) ?? honoRoute) : honoRoute,
        status: String(c.res.status),
      };
      this.requests.inc(labels);
      this.durations.observe(labels, (performance.now() - started) / 1000);
    };
  }

  /** A page view's Core Web Vitals from its beacon (server/vitals.ts), times in seconds. */
  observeVitals(visit: VitalsVisit): void {
    for (const { name, value } of visit.metrics) {
      this.webVitals[name].observe(
        { page_type: visit.pageType, device: visit.device },
        name === "CLS" ? value : value / 1000,
      );
    }
  }

  /** Counts, times and sizes the catalogue feeds' fetches (server/channel-feeds.ts), by channel and dealer (a few dozen series). */
  feedFetchObserver(): FeedFetchObserver {
    const registers = [this.registry];
    const fetches = new Counter({
      name: "honda_channel_feed_fetches_total",
      help: "Catalogue feed fetches, by channel, dealer and outcome (served, not-modified)",
      labelNames: ["channel", "dealer", "outcome"],
      registers,
    });
    const durations = new Histogram({
      name: "honda_channel_feed_fetch_duration_seconds",
      help: "Time to answer a catalogue feed fetch (generation included), by channel",
      labelNames: ["channel"],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const items = new Gauge({
      name: "honda_channel_feed_items",
      help: "Items in the catalogue feed last answered, by channel and dealer",
      labelNames: ["channel", "dealer"],
      registers,
    });
    const lastFetch = new Gauge({
      name: "honda_channel_feed_last_fetch_timestamp_seconds",
      help: "When a catalogue feed was last fetched from this instance (alert when a switched-on channel has not fetched for a day)",
      labelNames: ["channel", "dealer"],
      registers,
    });
    return ({ channel, dealer, outcome, items: count, seconds }) => {
      fetches.inc({ channel, dealer, outcome });
      durations.observe({ channel }, seconds);
      items.set({ channel, dealer }, count);
      lastFetch.set({ channel, dealer }, Date.now() / 1000);
    };
  }

  /**
   * Counts each new lead (the forms and the API, not a duplicate nor a dropped bot post) by its type and the
   * source and medium of the visit that sent it. Sources and mediums are bounded to the names
   * core/attribution names itself and the common mediums, anything else "other", so that a campaign's own
   * utm_source cannot grow the series; the campaign itself is on the lead (the inbox, its CSV, the insights).
   */
  leadCounter(): LeadCounter {
    const leads = new Counter({
      name: "honda_leads_total",
      help: "New leads (enquiries of every form and finance applications), by lead type and the visit's source and medium (not_recorded: no live visit; other: a source or medium outside the named ones)",
      labelNames: ["type", "source", "medium"],
      registers: [this.registry],
    });
    return ({ leadType, attribution }) => {
      const source = attribution
        ? NAMED_SOURCES.has(attribution.source)
          ? attribution.source
          : "other"
        : "not_recorded";
      const medium = attribution
        ? NAMED_MEDIUMS.has(attribution.medium)
          ? attribution.medium
          : "other"
        : "not_recorded";
      leads.inc({ type: leadType, source, medium });
    };
  }

  /** The text exposition format Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    await Promise.all(this.beforeScrape.map((read) => read()));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private leadGauges(db: Database, registers: Registry[]): void {
    const undelivered = new Gauge({
      name: "honda_lead_deliveries_undelivered",
      help: "Lead deliveries not delivered yet, by channel and state (pending: not tried yet, retrying: failed at least once, failed: given up)",
      labelNames: ["channel", "state"],
      registers,
    });
    const oldestAge = new Gauge({
      name: "honda_lead_oldest_undelivered_age_seconds",
      help: "Age of the oldest lead delivery not delivered yet (0 when every lead is delivered)",
      registers,
    });
    const databaseUp = new Gauge({
      name: "honda_metrics_database_up",
      help: "1 when the lead figures could be read from the database at this scrape, else 0 (the lead gauges keep their last values)",
      registers,
    });
    // One query per scrape for all three gauges, made before the registry is read (see exposition()).
    this.beforeScrape.push(() =>
      readUndelivered(db)
        .then((rows) => {
          undelivered.reset();
          for (const channel of new Set(rows.map((row) => row.channel))) {
            for (const state of UNDELIVERED_STATES) undelivered.set({ channel, state }, 0);
          }
          for (const row of rows) undelivered.set({ channel: row.channel, state: row.state }, row.count);
          oldestAge.set(Math.max(0, ...rows.map((row) => row.oldestAgeSeconds)));
          databaseUp.set(1);
        })
        .catch(() => databaseUp.set(0)),
    );
  }

  /** The job runner's jobs (decision 023), from job_runs: database-wide, like the lead figures. */
  private jobGauges(db: Database, registers: Registry[]): void {
    const overdue = new Gauge({
      name: "honda_job_overdue_seconds",
      help: "How long each scheduled job's run has been due without any instance running it (0 when on time); grows when no instance runs jobs (JOBS=off everywhere)",
      labelNames: ["job"],
      registers,
    });
    const failed = new Gauge({
      name: "honda_job_last_run_failed",
      help: "1 when each scheduled job's last run failed (it is tried again later; the log has the error), else 0",
      labelNames: ["job"],
      registers,
    });
    this.beforeScrape.push(() =>
      scheduledJobStates(db)
        .then((rows) => {
          for (const row of rows) {
            overdue.set({ job: row.job }, Number(row.overdueSeconds));
            failed.set({ job: row.job }, row.lastFailed ? 1 : 0);
          }
        })
        // A database that cannot be read is reported once, by honda_metrics_database_up.
        .catch(() => {}),
    );
  }

  private usedStockGauges(usedStock: MetricsSources["usedStock"], registers: Registry[]): void {
    if (!usedStock) return;
    new Gauge({
      name: "honda_used_stock_state",
      help: "The used listing's source: current (answered from memory), loading (being read; answered by queries) or database (queries only)",
      labelNames: ["state"],
      registers,
      collect() {
        for (const state of USED_STOCK_STATES) this.set({ state }, usedStock.state === state ? 1 : 0);
      },
    });
    new Gauge({
      name: "honda_used_stock_read_age_seconds",
      help: "Seconds since the used stock held in memory was read (it is read again on every change; NaN while answers are queries)",
      registers,
      collect() {
        const readAt = usedStock.readAt;
        this.set(readAt ? (Date.now() - readAt.getTime()) / 1000 : Number.NaN);
      },
    });
  }
  private readModelGauges(readModels: MetricsSources["readModels"], registers: Registry[]): void {
    if (!readModels) return;
    new Gauge({
      name: "honda_read_model_state",
      help: "Each public read model's source (decision 034): current (answered from memory), loading (being read; answered by queries) or database (queries only)",
      labelNames: ["model", "state"],
      registers,
      collect() {
        for (const [model, current] of Object.entries(readModels.states())) {
          for (const state of READ_MODEL_STATES) this.set({ model, state }, current === state ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: "honda_read_model_read_age_seconds",
      help: "Seconds since each read model held in memory was read (it is read again on every change to its tables; NaN while its answers are queries)",
      labelNames: ["model"],
      registers,
      collect() {
        for (const [model, readAt] of Object.entries(readModels.readTimes())) {
          this.set({ model }, readAt ? (Date.now() - readAt.getTime()) / 1000 : Number.NaN);
        }
      },
    });
  }
}

/** Bucket bounds around Google's thresholds (good up to the first marked, poor past the second). */
const WEB_VITAL_BUCKETS: Record<VitalName, number[]> = {
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
  INP: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2],
  CLS: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  FCP: [0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6],
  TTFB: [0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 3],
};

/** Real visitors' Core Web Vitals (decision 053), one histogram per vital, by page type and device class. */
function webVitalHistograms(registers: Registry[]): Record<VitalName, Histogram<"page_type" | "device">> {
  const entries = VITAL_NAMES.map((name) => {
    const unitless = name === "CLS";
    const histogram = new Histogram({
      name: unitless ? "honda_web_vitals_cls" : `honda_web_vitals_${name.toLowerCase()}_seconds`,
      help: `Real visitors' ${name} (web-vitals beacons, sampled at VITALS_SAMPLE_RATE) by page type and device class${unitless ? " (layout shift score)" : ""}`,
      labelNames: ["page_type", "device"],
      buckets: WEB_VITAL_BUCKETS[name],
      registers,
    });
    return [name, histogram] as const;
  });
  return Object.fromEntries(entries) as Record<VitalName, Histogram<"page_type" | "device">>;
}

function poolGauges(poolStats: () => PoolStats, registers: Registry[]): void {
  new Gauge({
    name: "honda_db_pool_connections",
    help: "PostgreSQL pool connections: total open, idle, and requests waiting for one",
    labelNames: ["state"],
    registers,
    collect() {
      const stats = poolStats();
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new Gauge({
    name: "honda_db_pool_max_connections",
    help: "The most connections the PostgreSQL pool opens",
    registers,
    collect() {
      this.set(poolStats().max);
    },
  });
}

/** The bounded queue in front of buyers' writes (decision 036): how full it is, and how many it refused (503). */
function writeQueueMetrics(writeQueue: Pick<WriteQueue, "stats">, registers: Registry[]): void {
  new Gauge({
    name: "honda_write_queue_writes",
    help: "Buyers' enquiries (forms, sell-your-car, bookings, the enquiries API) in the bounded write queue: running, or waiting their turn",
    labelNames: ["state"],
    registers,
    collect() {
      const { running, waiting } = writeQueue.stats;
      this.set({ state: "running" }, running);
      this.set({ state: "waiting" }, waiting);
    },
  });
  new Counter({
    name: "honda_write_queue_refused_total",
    help: "Buyers' writes refused with 503 and Retry-After because the write queue was full or the wait too long (nothing stored)",
    registers,
    collect() {
      this.reset();
      this.inc(writeQueue.stats.refused);
    },
  });
}

/**
 * The thread that compresses answers made per request (decision 069). A failure costs no answer (the main thread
 * compresses what the thread held, and the next answer starts a new thread), only the main thread's time: without
 * these an operator would see nothing but the throughput falling.
 */
function compressionThreadMetrics(counts: () => Readonly<CompressionThreadCounts>, registers: Registry[]): void {
  new Counter({
    name: "honda_compression_thread_failures_total",
    help: "Times the compression thread failed or ended while in use; the next answer started a new one (decision 069)",
    registers,
    collect() {
      this.reset();
      this.inc(counts().failures);
    },
  });
  new Counter({
    name: "honda_compression_thread_fallbacks_total",
    help: "Answers compressed on the main thread because the compression thread that held them failed",
    registers,
    collect() {
      this.reset();
      this.inc(counts().compressedHere);
    },
  });
}

/** Rendered pages kept in memory (decision 047): answers from it and renders for it, and how many pages it holds. */
function pageCacheMetrics(pageCache: Pick<PageCache, "counts" | "size">, registers: Registry[]): void {
  new Counter({
    name: "honda_page_cache_answers_total",
    help: "Public page reads the rendered page cache could keep: answered from it (hit) or rendered (miss)",
    labelNames: ["result"],
    registers,
    collect() {
      this.reset();
      this.inc({ result: "hit" }, pageCache.counts.hits);
      this.inc({ result: "miss" }, pageCache.counts.misses);
    },
  });
  new Gauge({
    name: "honda_page_cache_pages",
    help: "Rendered pages held in memory; 0 while change notifications are not flowing",
    registers,
    collect() {
      this.set(pageCache.size);
    },
  });
}

/** Serves GET /metrics on its own port; anything else is 404. Resolves once listening. */
export async function serveMetrics(metrics: Metrics, port: number, host: string, logger: Logger): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => res.writeHead(200, { "Content-Type": contentType }).end(body),
      (error: unknown) => {
        logger.error({ err: error }, "metrics exposition failed");
        res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics unavailable\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  logger.info({ url: `http://${host}:${port}/metrics` }, "metrics listening");
  return server;
}
