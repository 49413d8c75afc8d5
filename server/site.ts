import { nextRangePriceChange } from "../core/catalogue/ranges.server.ts";
import { DEFAULT_FEED_FILE_LIMITS } from "../core/inventory/feed-file.server.ts";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { Connect } from "vite";
import type { DatabaseHandle } from "../db/client.ts";
import { DataDirBusyError } from "../db/data-dir-lock.ts";
import { createMailer, type Mailer } from "../core/delivery/email.server.ts";
import { LeadDeliveryWorker } from "../core/delivery/worker.server.ts";
import { registerAlertJobs } from "../core/alerts/jobs.server.ts";
import { JobRunner } from "../core/jobs/runner.server.ts";
import { backfillFinanceIdentifiers } from "../core/privacy/kinds/finance.server.ts";
import { registerRetentionJob } from "../core/privacy/retention-job.server.ts";
import { retentionSettingsOf } from "../core/privacy/retention.ts";
import type { StaffBootstrap } from "../core/staff/bootstrap.server.ts";
import { UsedStock } from "../core/inventory/used-stock.server.ts";
import { ChangeNotifications } from "../core/shared/change-notifications.ts";
import { PageCache } from "./page-cache.ts";
import { ReadModels } from "../core/shared/read-model.server.ts";
import { PUBLIC_READ_MODELS } from "./public-read-models.ts";
import { DatabaseRateLimiter } from "../core/shared/database-rate-limiter.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { bootstrapStaff } from "../core/staff/bootstrap.server.ts";
import { registerStaffHousekeepingJob } from "../core/staff/housekeeping.server.ts";
import { type AppDeps, createApp } from "./app.ts";
import { openControlSocket } from "./control-socket.ts";
import { type Env, groupLegalDetailsOf, loadEnv } from "./env.ts";
import { financeCipherFromEnv } from "./finance-cipher.ts";
import { linkSignerFromEnv } from "./link-signer.ts";
import { Drain } from "./graceful-shutdown.ts";
import { Metrics, serveMetrics } from "./metrics.ts";
import { compressionThreadCounts } from "./middleware/caching.ts";
import { registerVitalsPurgeJob, VitalsAggregator } from "../core/vitals/store.server.ts";
import { PageCountsAggregator, registerPageCountsPurgeJob } from "../core/insights/counts.server.ts";
import { createLogger, type Logger } from "./logger.ts";
import { openSiteDatabase } from "./site-database.ts";
import { controlSocketPath, operatorContext } from "./operations.ts";
import { EMBEDDED_WRITE_LIMITS, POSTGRES_WRITE_LIMITS, WriteQueue } from "../core/shared/write-queue.ts";
import { type BuiltPages, projectRoot } from "./pages.ts";
import { filesOpenToOthers, formatStartupReport, startupReport } from "./startup-report.ts";

/** How long a SIGTERM may take to finish requests, the delivery batch and the database before the process gives up. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** What serves the pages: the production build, or Vite's development server (server/dev.ts). */
export type SitePages = Partial<BuiltPages> &
  Pick<BuiltPages, "pageHandler" | "pageMethods"> & {
    mode: "production" | "development";
    /** Vite's middleware in development: it answers for the modules and assets it serves. */
    devMiddleware?: Connect.Server;
  };

/**
 * Opens the database and everything that runs on it, and serves the site on env.HOST:env.PORT until SIGTERM; exits
 * the process when it cannot start. The production entry (server/production.ts, the server build's input) and the
 * development entry (server/dev.ts) pass it their pages.
 */
export function startSite(pages: SitePages): void {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  runSite(pages, env, logger).catch((error: unknown) => {
    if (error instanceof DataDirBusyError) {
      logger.fatal({ dataDir: error.dataDir, owner: error.owner }, error.message);
      if (process.stderr.isTTY) process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, "could not start");
    process.exit(1);
  });
}

async function runSite(pages: SitePages, env: Env, logger: Logger) {
  const started = performance.now();
  const database = await openSiteDatabase(env, pages.mode, logger);
  // The operators' tools reach the embedded database through this process, its only owner (decision 016).
  const controlSocket =
    database.kind === "pglite"
      ? await openControlSocket(
          controlSocketPath(env),
          operatorContext(env, database, logger),
          logger.child({ component: "control-socket" }),
        )
      : null;
  const reads = await startReads(database, env, pages.mode === "development", logger);
  const siteUrl = env.SITE_URL ?? `http://${env.HOST}:${env.PORT}`;
  const drain = new Drain(env.SHUTDOWN_DRAIN_SECONDS * 1000, logger);
  const writeQueue = new WriteQueue(database.kind === "pglite" ? EMBEDDED_WRITE_LIMITS : POSTGRES_WRITE_LIMITS);
  const metrics = await siteMetrics(database, env, reads, writeQueue, drain, logger);
  const visits = visitCounters(database, env, logger);
  const services = leadServices(database, env, logger);
  const staff = await firstAdministrator(database, env, siteUrl, logger);
  const app = createApp({
    ...appSettings(env, database, pages),
    ...services,
    db: database.db,
    health: database,
    logger,
    siteUrl,
    usedStock: reads.usedStock,
    readModels: reads.readModels,
    pageCache: reads.pageCache,
    writeQueue,
    isDraining: () => drain.draining,
    requestMetrics: metrics.middleware(pages.pageRoutePattern),
    recordVitals: (visit) => {
      visits.vitals.record(visit);
      metrics.observeVitals(visit);
    },
    recordPageCount: (count) => visits.pageCounts.record(count),
    channelFeeds: { observe: metrics.feedFetchObserver() },
    countLead: metrics.leadCounter(),
  });
  const shutdown = { started: false };
  const server = siteServer(app.fetch, pages.devMiddleware, shutdown);
  const background = backgroundWork(database, env, services, siteUrl, logger);
  const report = await startupReport(env, database.db, services.mailer.description, siteUrl, staff);
  warnOfFilesOpenToOthers(env, logger);
  server.listen(env.PORT, env.HOST, () => {
    const ms = Math.round(performance.now() - started);
    database.describeOwner({ port: (server.address() as { port: number }).port });
    logger.info({ url: `http://${env.HOST}:${env.PORT}`, startupMs: ms, mode: pages.mode, ...report }, "listening");
    if (process.stdout.isTTY) process.stdout.write(formatStartupReport(report));
    if (env.LEAD_DELIVERY === "on") background.worker.start();
    if (env.JOBS === "on") background.jobs.start();
    visits.vitals.start();
    visits.pageCounts.start();
  });
  stopOnSignals({
    server,
    state: shutdown,
    drain,
    logger,
    alongsideServer: () => Promise.all([background.worker.stop(), background.jobs.stop()]),
    afterServer: async () => {
      await visits.vitals.stop();
      await visits.pageCounts.stop();
      await reads.stop();
      await controlSocket?.close();
      await database.close();
    },
  });
}

type Reads = Awaited<ReturnType<typeof startReads>>;

/**
 * What public pages read, and the used stock, kept in memory and refreshed on every change through the one change
 * notification of this process (decisions 034 and 040). Read in the background; until then, queries.
 */
async function startReads(database: DatabaseHandle, env: Env, isDev: boolean, logger: Logger) {
  const changes = new ChangeNotifications();
  await changes.start(database);
  const usedStock = new UsedStock(database.db, logger.child({ component: "used-stock" }));
  usedStock.watch(changes);
  const readModels = new ReadModels(database.db, { changes, logger: logger.child({ component: "read-models" }) });
  readModels.preload(PUBLIC_READ_MODELS);
  // Rendered public pages, kept until anything they show changes (decision 047), a new price's instant included
  // (decision 084); not while Vite serves the pages.
  const pageCache =
    !isDev && env.PAGE_CACHE_SECONDS > 0
      ? new PageCache({
          maxAgeMs: env.PAGE_CACHE_SECONDS * 1000,
          nextScheduledChange: (after) => nextRangePriceChange(readModels, after),
        })
      : undefined;
  pageCache?.watch(changes);
  return {
    usedStock,
    readModels,
    pageCache,
    async stop() {
      await usedStock.stop();
      await readModels.stop();
      pageCache?.stop();
      await changes.stop();
    },
  };
}

/** The Prometheus metrics, served on METRICS_PORT when it is set. */
async function siteMetrics(
  database: DatabaseHandle,
  env: Env,
  reads: Pick<Reads, "usedStock" | "readModels" | "pageCache">,
  writeQueue: WriteQueue,
  drain: Drain,
  logger: Logger,
) {
  const metrics = new Metrics({
    db: database.db,
    poolStats: database.poolStats,
    usedStock: reads.usedStock,
    readModels: reads.readModels,
    pageCache: reads.pageCache,
    writeQueue,
    compressionThread: compressionThreadCounts,
    draining: () => drain.draining,
  });
  if (env.METRICS_PORT > 0) await serveMetrics(metrics, env.METRICS_PORT, env.METRICS_HOST, logger);
  return metrics;
}

/** The createApp settings read from the environment and the pages, as they are. */
function appSettings(env: Env, database: DatabaseHandle, pages: SitePages) {
  const isDev = pages.mode === "development";
  const window = env.POST_RATE_WINDOW_SECONDS * 1000;
  return {
    // On PostgreSQL in the database, so that several instances sharing it share each client's allowance. The
    // embedded database has one owner (decision 016): its allowance in memory spares each write a commit of
    // its own, whose fsync holds up every request on the one connection.
    rateLimiter:
      database.kind === "pglite"
        ? new MemoryRateLimiter(env.POST_RATE_LIMIT, window)
        : new DatabaseRateLimiter(database.db, env.POST_RATE_LIMIT, window),
    trustProxy: env.TRUST_PROXY,
    groupLegal: groupLegalDetailsOf(env),
    signInClientFailures: env.STAFF_SIGN_IN_CLIENT_FAILURES,
    vitalsSampleRate: env.VITALS_SAMPLE_RATE,
    vitalsAllowance: new MemoryRateLimiter(env.VITALS_RATE_LIMIT, window),
    countAllowance: new MemoryRateLimiter(env.PAGE_COUNTS_RATE_LIMIT, window),
    maxStockDropShare: env.CHANNEL_FEED_MAX_DROP,
    formMinFillMs: env.FORM_MIN_FILL_MS,
    feedFileLimits: { ...DEFAULT_FEED_FILE_LIMITS, maxRows: env.FEED_MAX_ROWS },
    pageHandler: pages.pageHandler,
    pageMethods: pages.pageMethods,
    pageRouteRules: pages.pageRouteRules,
    pageRoutePattern: pages.pageRoutePattern,
    pageMatch: pages.pageMatch,
    staticRoot: isDev ? undefined : path.relative(process.cwd(), path.join(projectRoot, "build/client")),
    viteDevelopment: isDev,
  } satisfies Partial<AppDeps>;
}

/** Real visitors' Core Web Vitals (decision 053) and page counts (decision 057): counted in memory, added to the database now and then. */
function visitCounters(database: DatabaseHandle, env: Env, logger: Logger) {
  const vitals = new VitalsAggregator(database.db, {
    logger: logger.child({ component: "web-vitals" }),
    flushEveryMs: env.VITALS_FLUSH_SECONDS * 1000,
  });
  const pageCounts = new PageCountsAggregator(database.db, {
    logger: logger.child({ component: "page-counts" }),
    flushEveryMs: env.PAGE_COUNTS_FLUSH_SECONDS * 1000,
    sourceCap: { perDay: env.PAGE_COUNTS_NEW_SOURCES_PER_DAY, perClient: env.PAGE_COUNTS_NEW_SOURCES_PER_CLIENT },
  });
  return { vitals, pageCounts };
}

type LeadServices = ReturnType<typeof leadServices>;

/** The mail channel, the finance key, the link key and the retention settings the pages, the worker and the jobs share. */
function leadServices(database: DatabaseHandle, env: Env, logger: Logger) {
  const financeCipher = financeCipherFromEnv(env, logger);
  const outboxDir = path.join(env.DATA_DIR, "outbox");
  const mailer: Mailer = createMailer({ smtpUrl: env.SMTP_URL, outboxDir, from: env.MAIL_FROM });
  // Finance applications stored before their blind index existed are indexed once, in batches (decision 074).
  void backfillFinanceIdentifiers(database.db, financeCipher)
    .then((indexed) => indexed > 0 && logger.info({ indexed }, "finance applications indexed for privacy searches"))
    .catch((error: unknown) =>
      logger.error({ err: error }, "could not index finance applications for privacy searches"),
    );
  return {
    financeCipher,
    mailer,
    privacy: { outboxDir, retention: retentionSettingsOf(env) },
    linkSigner: linkSignerFromEnv(env, logger),
  };
}

/** The first group administrator from the settings, or the set-up link that creates one, while there is no staff account. */
async function firstAdministrator(
  database: DatabaseHandle,
  env: Env,
  siteUrl: string,
  logger: Logger,
): Promise<StaffBootstrap> {
  const staff = await bootstrapStaff(database.db, {
    email: env.STAFF_BOOTSTRAP_EMAIL,
    password: env.STAFF_BOOTSTRAP_PASSWORD,
    siteUrl,
  });
  if (staff.kind === "setup-link") {
    // The one secret this log ever carries, on purpose: it works once, for 24 hours, and only while no staff account exists.
    logger.warn({ setupLink: staff.link }, "staff set-up link");
    if (process.stdout.isTTY)
      process.stdout.write(
        `\nNo staff account yet. Create the first administrator (link valid 24 hours, once):\n  ${staff.link}\n\n`,
      );
  }
  return staff;
}

/**
 * The HTTP server, Vite's middleware first in development. Once `shutdown.started` is set, a keep-alive connection
 * is closed as soon as its answer is sent.
 */
function siteServer(
  fetch: Parameters<typeof getRequestListener>[0],
  devMiddleware: Connect.Server | undefined,
  shutdown: { started: boolean },
) {
  const listener = getRequestListener(fetch);
  return http.createServer((req, res) => {
    if (shutdown.started) res.shouldKeepAlive = false;
    return devMiddleware ? devMiddleware(req, res, () => listener(req, res)) : listener(req, res);
  });
}

/** The lead delivery worker and the scheduled jobs, started once the server listens. */
function backgroundWork(database: DatabaseHandle, env: Env, services: LeadServices, siteUrl: string, logger: Logger) {
  const { mailer, financeCipher, linkSigner, privacy } = services;
  const worker = new LeadDeliveryWorker({
    db: database.db,
    logger: logger.child({ component: "lead-delivery" }),
    mailer,
    siteUrl,
    financeCipher,
    linkSigner,
    intervalMs: env.LEAD_DELIVERY_INTERVAL_MS,
    lockMs: env.LEAD_DELIVERY_LOCK_SECONDS * 1000,
  });
  const jobs = new JobRunner({
    db: database.db,
    logger: logger.child({ component: "jobs" }),
    pollMs: env.JOB_POLL_SECONDS * 1000,
  });
  registerAlertJobs(jobs, {
    db: database.db,
    mailer,
    siteUrl,
    intervalMs: env.SAVED_SEARCH_ALERT_INTERVAL_MINUTES * 60_000,
  });
  // POPIA retention of every kind of personal record, finance applications and alert addresses included (decision 074).
  registerRetentionJob(jobs, {
    db: database.db,
    settings: privacy.retention,
    deps: { cipher: financeCipher, outboxDir: privacy.outboxDir },
  });
  registerVitalsPurgeJob(jobs, { db: database.db, retentionDays: env.VITALS_RETENTION_DAYS });
  registerPageCountsPurgeJob(jobs, { db: database.db });
  // Idle and expired staff sessions, expired one-time tokens, ended sign-in failure counts.
  registerStaffHousekeepingJob(jobs, { db: database.db });
  return { worker, jobs };
}

function warnOfFilesOpenToOthers(env: Env, logger: Logger) {
  const openToOthers = filesOpenToOthers(env.DATA_DIR);
  if (openToOthers.length === 0) return;
  logger.warn(
    { files: openToOthers, fix: `chmod -R go= ${env.DATA_DIR}` },
    "these hold leads, personal details or keys but other local users may open them: make them the owner's alone (folders 700, files 600)",
  );
}

type Shutdown = {
  server: http.Server;
  /** Set as the shutdown starts (siteServer reads it). */
  state: { started: boolean };
  drain: Drain;
  logger: Logger;
  /** What stops while the server closes (the delivery batch in hand, the running jobs). */
  alongsideServer: () => Promise<unknown>;
  /** What stops once the server has closed, in order, the database last. */
  afterServer: () => Promise<void>;
};

/**
 * SIGTERM and SIGINT: drain (readiness off for SHUTDOWN_DRAIN_SECONDS, still serving), then stop accepting
 * connections, let the requests in flight and the delivery batch in hand finish, then close the database and exit 0;
 * past SHUTDOWN_LIMIT_MS exit 1 with whatever is left.
 */
function stopOnSignals({ server, state, drain, logger, alongsideServer, afterServer }: Shutdown) {
  const shutdown = async (signal: string) => {
    if (state.started) return;
    state.started = true;
    const began = performance.now();
    logger.info({ signal }, "shutting down");
    await drain.run();
    setTimeout(() => {
      logger.error({ limitMs: SHUTDOWN_LIMIT_MS }, "shutdown took too long: exiting with work left");
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Connections that go idle once their last answer is sent are closed at once, not after the keep-alive timeout.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    try {
      await Promise.all([serverClosed, alongsideServer()]);
      clearInterval(idleSweep);
      await afterServer();
      logger.info({ ms: Math.round(performance.now() - began) }, "shut down");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
