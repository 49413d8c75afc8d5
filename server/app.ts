import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { AppContext } from "../app/load-context.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { LinkSigner } from "../core/appointments/links.server.ts";
import { nextRangePriceChange } from "../core/catalogue/ranges.server.ts";
import { DEMO_LEGAL_DETAILS, type GroupLegalDetails } from "../core/dealers/group.ts";
import { FinanceCipher } from "../core/finance/encryption.server.ts";
import { DEFAULT_RETENTION, type PrivacySettings } from "../core/privacy/retention.ts";
import { UsedStock } from "../core/inventory/used-stock.server.ts";
import { ReadModels } from "../core/shared/read-model.server.ts";
import { createApi } from "./api/index.ts";
import type { Mailer } from "../core/delivery/email.server.ts";
import { KnownDevices } from "../core/staff/known-devices.server.ts";
import { SignInThrottle } from "../core/staff/sign-in-throttle.server.ts";
import { isSignedInStaffWrite, staffApiAuth } from "./middleware/staff-auth.ts";
import { apiError } from "./api/responses.ts";
import { ROUTE_BODY_LIMITS } from "./body-limits.ts";
import { DEFAULT_FEED_FILE_LIMITS, type FeedFileLimits } from "../core/inventory/feed-file.server.ts";
import { MemoryRateLimiter, type RateLimiter } from "../core/shared/rate-limiter.ts";
import {
  BUSY_MESSAGE,
  POSTGRES_WRITE_LIMITS,
  WriteQueue,
  WriteQueueFull,
  type WriteQueueLimits,
} from "../core/shared/write-queue.ts";
import { PAGE_RENDER_LIMITS, renderInTurn } from "./page-renders.ts";
import type { Logger } from "./logger.ts";
import { leadPhotoRoutes } from "./lead-photos.ts";
import { currentUploadScope } from "./uploads.ts";
import { mediaRoutes } from "./media.ts";
import { seoRoutes } from "./seo.ts";
import { type ChannelFeedOptions, channelFeedRoutes } from "./channel-feeds.ts";
import { httpCaching } from "./middleware/caching.ts";
import {
  type BodyLimitRule,
  clientAddressResolver,
  type GuardVariables,
  requestGuard,
  WRITE_METHODS,
} from "./middleware/request-guard.ts";
import { cameOverHttps, type SecurityVariables, securityHeaders } from "./middleware/security-headers.ts";
import type { PageCache } from "./page-cache.ts";
import type { PageMatch, PageMethods, PageRoutePattern, PageRouteRules } from "./pages.ts";
import type { PageCount } from "../core/insights/counts.server.ts";
import { goLinkRoutes, goPingGuardRule } from "./go-links.ts";
import { PAGE_VIEWS_PER_CLIENT, pageCounting } from "./page-counts.ts";
import type { VitalsVisit } from "../core/vitals/store.server.ts";
import type { LeadCounter } from "../core/attribution/visit.ts";
import { vitalsGuardRule, vitalsRoutes } from "./vitals.ts";
import { visitCookies } from "./visit-cookie.ts";
import { DEFAULT_MAX_DROP_SHARE } from "../core/inventory/held-imports.server.ts";

export type PageHandler = (request: Request, context: AppContext) => Promise<Response>;

export type AppDeps = {
  db: Database;
  /** For /readyz; without it readiness is a query through `db`. */
  health?: Pick<DatabaseHandle, "ping" | "pendingMigrations">;
  logger: Logger;
  /** React Router's request handler; without it only the API and media are served (API tests). */
  pageHandler?: PageHandler;
  /** The page routes' methods (server/pages.ts); without it every page answers GET, HEAD and POST. */
  pageMethods?: PageMethods;
  /**
   * What the route table says of a page path (server/pages.ts): how the router spells it, for the one canonical
   * path (server/request-path.ts), and which pages are public, for the page cache; without it paths keep the
   * case they were sent in and the page cache keeps nothing.
   */
  pageRouteRules?: PageRouteRules;
  /** Routes whose writes may send more than the guard's 64 KB (default: every such route, ROUTE_BODY_LIMITS in server/body-limits.ts). */
  bodyLimits?: readonly BodyLimitRule[];
  /** The built client folder (production); in development Vite serves it. */
  staticRoot?: string;
  /** Vite serves the client (`npm run dev`): its hot-reload socket and injected styles need a looser CSP. */
  viteDevelopment?: boolean;
  /** Per-client allowance of writes; default 30 in 10 minutes, in memory (site.ts passes the shared database one). */
  rateLimiter?: RateLimiter;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** The public address, for absolute URLs in sitemaps. */
  siteUrl?: string;
  /** The group's legal details in the pages' footer; default: the demonstration values. */
  groupLegal?: GroupLegalDetails;
  /** Used-vehicle URLs per sitemap file (the protocol's limit, 50 000; smaller in tests). */
  sitemapUrlsPerFile?: number;
  /** Encrypts finance applications; site.ts passes the configured key, tests get a throwaway one. */
  financeCipher?: FinanceCipher;
  /**
   * Signs the buyers' appointment links and the staff's known-device cookies; site.ts passes the configured key,
   * tests get a throwaway one.
   */
  linkSigner?: LinkSigner;
  /** Where the outbox e-mails are and how long each kind of personal record is kept (core/privacy); default: DEFAULT_RETENTION and no outbox. */
  privacy?: PrivacySettings;
  /** The used listing; site.ts passes one that keeps the stock in memory, tests default to queries. */
  usedStock?: UsedStock;
  /** What public pages read; site.ts passes models kept in memory, tests default to queries. */
  readModels?: ReadModels;
  /** True while the instance drains before it stops: /readyz answers 503 (see graceful-shutdown.ts). */
  isDraining?: () => boolean;
  /** Counts and times every request (server/metrics.ts). */
  requestMetrics?: MiddlewareHandler;
  /**
   * The mail channel (core/delivery/email.server.ts): the staff area's one-time links and the pages' own e-mails
   * (saved-search confirmations; without it those forms answer 503). site.ts passes the configured one.
   */
  mailer?: Mailer;
  /** Rendered public pages kept in memory (server/page-cache.ts); without it every page is rendered per request. */
  pageCache?: PageCache;
  /**
   * Failed staff sign-ins one client address may make, across accounts and from browsers not known to them,
   * in the hour after its first before each further attempt waits (default 5; core/staff/sign-in-throttle.server.ts).
   */
  signInClientFailures?: number;
  /** The bounded queue of buyers' writes (core/shared/write-queue.ts); site.ts sizes it for the database. */
  writeQueue?: WriteQueue;
  /** How many pages render at once and wait their turn (PAGE_RENDER_LIMITS, server/page-renders.ts). */
  renderLimits?: WriteQueueLimits;
  /** Told about each new lead from the forms and the API, by type and visit source (server/metrics.ts leadCounter). */
  countLead?: LeadCounter;
  /** How large a stock file the feed API and the upload page read (FEED_MAX_ROWS; core/inventory/feed-file.server.ts). */
  feedFileLimits?: FeedFileLimits;
  /** Counts a page view's Core Web Vitals from POST /vitals (core/vitals); without it the beacon route is not served. */
  recordVitals?: (visit: VitalsVisit) => void;
  /** The vitals beacons' own per-client allowance (default 300 in 10 minutes, in memory). */
  vitalsAllowance?: RateLimiter;
  /** The share of page views whose pages report their Core Web Vitals (VITALS_SAMPLE_RATE; default 0: none). */
  vitalsSampleRate?: number;
  /** The page route a path matches (server/pages.ts), to class a vitals beacon's page; without it every page is "other". */
  pageRoutePattern?: PageRoutePattern;
  /**
   * Counts page views, visits and clicks (core/insights/counts.server.ts, decision 057); without it nothing is counted
   * (the /go/ links still redirect). Page views are counted only with `pageMatch`.
   */
  recordPageCount?: (count: PageCount) => void;
  /** The page route a path matches, with its parameters (server/pages.ts), to class a counted page view. */
  pageMatch?: PageMatch;
  /** The call links' pings' own per-client allowance (default 120 in 10 minutes, in memory). */
  pingAllowance?: RateLimiter;
  /**
   * Counted page views and clicks one client may make (PAGE_COUNTS_RATE_LIMIT; default 600 in 10 minutes, in
   * memory): past it, its pages are served and not counted.
   */
  countAllowance?: RateLimiter;
  /** The metrics of the catalogue feeds' fetches. */
  channelFeeds?: Pick<ChannelFeedOptions, "observe">;
  /**
   * The stock import's drop guard (CHANNEL_FEED_MAX_DROP, default half): an upload or feed that would mark more
   * than this share of a dealer's stock sold waits for someone to confirm it.
   */
  maxStockDropShare?: number;
};

/** Per-request values: the request id, and the CSP nonce the security middleware puts on every inline script. */
export type AppVariables = GuardVariables & SecurityVariables;

export function createApp({
  db,
  health,
  logger,
  pageHandler,
  pageMethods = () => ["GET", "HEAD", "POST"],
  pageRouteRules,
  bodyLimits = ROUTE_BODY_LIMITS,
  staticRoot,
  viteDevelopment = false,
  rateLimiter = new MemoryRateLimiter(30, 600_000),
  trustProxy = false,
  siteUrl = "http://localhost:3000",
  groupLegal = DEMO_LEGAL_DETAILS,
  sitemapUrlsPerFile,
  financeCipher = FinanceCipher.ephemeral(),
  linkSigner = LinkSigner.ephemeral(),
  privacy = { outboxDir: null, retention: DEFAULT_RETENTION },
  usedStock = new UsedStock(db),
  readModels = new ReadModels(db),
  writeQueue = new WriteQueue(POSTGRES_WRITE_LIMITS),
  renderLimits = PAGE_RENDER_LIMITS,
  pageCache,
  signInClientFailures,
  mailer,
  isDraining = () => false,
  requestMetrics,
  recordVitals,
  countLead,
  feedFileLimits = DEFAULT_FEED_FILE_LIMITS,
  vitalsAllowance,
  pageRoutePattern,
  vitalsSampleRate = 0,
  recordPageCount,
  pageMatch,
  pingAllowance,
  countAllowance = new MemoryRateLimiter(PAGE_VIEWS_PER_CLIENT, 600_000),
  channelFeeds = {},
  maxStockDropShare = DEFAULT_MAX_DROP_SHARE,
}: AppDeps): Hono<{ Variables: AppVariables }> {
  const app = new Hono<{ Variables: AppVariables }>();
  app.use(securityHeaders({ trustProxy, development: viteDevelopment }));
  app.use(requestId());
  if (requestMetrics) app.use(requestMetrics);
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  // Inside the security headers (whose CSP nonce it leaves out of HTML ETags, and which put no CSP on a 304),
  // outside everything else, so that it sees final answers and can turn them into 304s.
  app.use(httpCaching({ nextScheduledChange: (after) => nextRangePriceChange(readModels, after) }));
  app.onError((error, c) => {
    if (error instanceof WriteQueueFull) return busyAnswer(c, error);
    const unavailable = isDatabaseUnavailable(error);
    logger.error(
      { reqId: c.get("requestId"), err: error, path: c.req.path },
      unavailable ? "database unavailable" : "unhandled error",
    );
    if (unavailable) c.header("Retry-After", "30");
    const status = unavailable ? 503 : 500;
    if (c.req.path.startsWith("/api/")) {
      return apiError(c, status, unavailable ? "Service temporarily unavailable; try again shortly" : "Internal error");
    }
    return c.html(errorPage(status, c.get("cspNonce")), status);
  });

  const clientAddress = clientAddressResolver(trustProxy);
  // Before every route, the health checks included: a malformed address is 400 wherever it points.
  app.use(
    requestGuard({
      app,
      pageMethods: pageHandler ? pageMethods : undefined,
      pathSpelling: pageRouteRules?.spelling,
      rateLimiter,
      clientAddress,
      siteUrl,
      logger,
      bodyLimits: [...bodyLimits, vitalsGuardRule(vitalsAllowance), goPingGuardRule(pingAllowance)],
      isStaffWrite: (c) => isSignedInStaffWrite(c, db, trustProxy),
      countAllowance,
    }),
  );
  // Beside the guard, outside the page cache: a page served from memory is counted like a rendered one.
  if (recordPageCount && pageMatch) app.use(pageCounting({ record: recordPageCount, pageMatch }));
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    if (isDraining()) return c.json({ status: "draining" }, 503);
    try {
      if (health) await health.ping();
      const pending = health ? await health.pendingMigrations() : 0;
      if (pending > 0) return c.json({ status: "migrating", pendingMigrations: pending }, 503);
      return c.json({ status: "ready", usedStock: usedStock.state, readModels: readModels.states() });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      return c.json({ status: "database unavailable" }, 503);
    }
  });

  // Hono's "/api/staff/*" also matches "/api/staff" itself.
  app.use("/api/staff/*", staffApiAuth({ db, trustProxy }));
  app.route(
    "/api",
    createApi(db, {
      financeCipher,
      logger,
      usedStock,
      readModels,
      siteUrl,
      writeQueue,
      countLead,
      maxStockDropShare,
      feedFileLimits,
    }),
  );
  app.route("/", mediaRoutes(db, readModels));
  app.route("/", leadPhotoRoutes(db, linkSigner));
  app.route("/", seoRoutes(db, siteUrl, sitemapUrlsPerFile, readModels));
  if (recordVitals) app.route("/", vitalsRoutes({ record: recordVitals, pageRoutePattern }));
  app.route("/", goLinkRoutes({ readModels, usedStock, record: recordPageCount }));
  app.route("/", channelFeedRoutes({ db, usedStock, linkSigner, siteUrl, logger, ...channelFeeds }));
  if (staticRoot) app.use("*", serveStatic({ root: staticRoot }));
  // The known-device cookie is signed with the link key, under a purpose of its own (decision 071).
  const signInThrottle = new SignInThrottle(db, {
    devices: new KnownDevices(linkSigner),
    maxClientFailures: signInClientFailures,
  });
  const staffMail = mailer ? { mailer, siteUrl } : undefined;
  if (pageHandler) {
    const renderTurns = new WriteQueue(renderLimits);
    // Outside the page cache: answers from it get the visit's cookie too, and no kept page holds one.
    app.use("*", visitCookies({ trustProxy }));
    if (pageCache) app.use("*", pageCache.middleware(pageRouteRules));
    app.all("*", async (c) => {
      // Made when first logged to: a pino child compiles the redaction again, and most renders never log.
      let requestLogger: Logger | undefined;
      const pageLogger = () => (requestLogger ??= logger.child({ reqId: c.get("requestId") }));
      let databaseFailure: unknown;
      const reportError = (error: unknown) => {
        if (isDatabaseUnavailable(error)) databaseFailure ??= error;
        else pageLogger().error({ err: error, path: c.req.path }, "page error");
      };
      const overHttps = cameOverHttps(c, trustProxy);
      const staff = { db, mail: staffMail, signInThrottle, clientAddress: clientAddress(c), overHttps };
      const pageRequest = { staff, upload: currentUploadScope() };
      const context = {
        db,
        usedStock,
        readModels,
        writeQueue,
        get logger() {
          return pageLogger();
        },
        financeCipher,
        linkSigner,
        privacy,
        siteUrl,
        groupLegal,
        mailer,
        pageRequest,
        cspNonce: c.get("cspNonce"),
        reportError,
        vitalsSampleRate,
        countLead,
        maxStockDropShare,
        feedFileLimits,
      };
      const request = pageRequestOf(c.req.raw, overHttps);
      const response = await renderInTurn(renderTurns, c.req.raw, () => pageHandler(request, context));
      // The renderer has drawn its error boundary with a 500; a database outage is answered by onError instead,
      // with the same 503 and Retry-After as the API (for documents and for the router's `.data` requests).
      if (databaseFailure) {
        await response.body?.cancel();
        throw databaseFailure instanceof Error
          ? databaseFailure
          : new Error("database unavailable", { cause: databaseFailure });
      }
      // A form body the action could not read (wrong type 415, unparsable 400) is the client's mistake: warn, as the guard's refusals.
      if (WRITE_METHODS.includes(c.req.method) && (response.status === 400 || response.status === 415)) {
        pageLogger().warn({ method: c.req.method, path: c.req.path, status: response.status }, "request refused");
      }
      return response;
    });
  }
  return app;
}

/**
 * The request the page renderer gets. A HEAD is rendered as the GET it stands for, so that it carries the same
 * Content-Type, ETag and Content-Length (Hono sends it without the body). Behind a TLS proxy its address is the
 * https: one the browser used: React Router refuses (400) an action whose Origin is not its request URL's
 * origin, so over the proxy's plain HTTP every form post of a browser would be refused.
 */
function pageRequestOf(raw: Request, overHttps: boolean): Request {
  const url = new URL(raw.url);
  const method = raw.method === "HEAD" ? "GET" : raw.method;
  const toHttps = overHttps && url.protocol === "http:";
  if (method === raw.method && !toHttps) return raw;
  if (toHttps) url.protocol = "https:";
  const body = method === "GET" ? undefined : raw.body;
  return new Request(url, {
    method,
    headers: raw.headers,
    body,
    signal: raw.signal,
    ...(body ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** A write the bounded queue refused before it started (nothing stored): 503 at once, with when to try again. */
function busyAnswer(c: Context, error: WriteQueueFull): Response {
  c.header("Retry-After", String(error.retryAfterSeconds));
  return c.req.path.startsWith("/api/")
    ? apiError(c, 503, BUSY_MESSAGE)
    : c.html(errorPage(503, c.get("cspNonce")), 503);
}

/**
 * The page for an error the page renderer could not handle itself, and for a database outage: plain, no
 * scripts, in the brand colours; its one style block carries the response's CSP nonce.
 */
export function errorPage(status: 500 | 503, cspNonce: string | undefined): string {
  const message =
    status === 503
      ? "The site is busy catching its breath. Please try again in a minute: nothing you sent has been lost."
      : "Something went wrong on our side. Please try again in a moment.";
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status === 503 ? "Temporarily unavailable" : "Something went wrong"} | Honda Dealer Group</title>
<style${cspNonce ? ` nonce="${cspNonce}"` : ""}>body{font-family:system-ui,sans-serif;color:#2b2d2f;margin:0}header{background:#2b2d2f;color:#fff;border-bottom:4px solid #c8102e;padding:1rem;font-weight:700;font-size:1.25rem}main{max-width:36rem;margin:6rem auto;padding:0 1rem;text-align:center}a{color:#c8102e;font-weight:600}</style></head>
<body><header>Honda Dealer Group</header><main><h1>${status === 503 ? "We will be right back" : "Something went wrong"}</h1><p>${message}</p><p><a href="/">Back Home</a></p></main></body></html>`;
}
