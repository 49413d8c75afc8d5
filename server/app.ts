import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { requestId } from "hono/request-id";
import type { AppContext, PageHandler } from "../app/load-context.ts";
import { type AppDependencies, type AppDeps, appDependencies } from "./app-dependencies.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { nextRangePriceChange } from "../core/catalogue/ranges.server.ts";
import { createApi } from "./api/index.ts";
import { KnownDevices } from "../core/staff/known-devices.server.ts";
import { SignInThrottle } from "../core/staff/sign-in-throttle.server.ts";
import { isSignedInStaffWrite, staffApiAuth } from "./middleware/staff-auth.ts";
import { apiError } from "./api/responses.ts";
import { BUSY_MESSAGE, WriteQueue, WriteQueueFull } from "../core/shared/write-queue.ts";
import { renderInTurn } from "./page-renders.ts";
import type { Logger } from "./logger.ts";
import { leadPhotoRoutes } from "./lead-photos.ts";
import { currentUploadScope } from "./uploads.ts";
import { mediaRoutes } from "./media.ts";
import { seoRoutes } from "./seo.ts";
import { channelFeedRoutes } from "./channel-feeds.ts";
import { httpCaching } from "./middleware/caching.ts";
import { clientAddressResolver, type GuardVariables, requestGuard, WRITE_METHODS } from "./middleware/request-guard.ts";
import { cameOverHttps, type SecurityVariables, securityHeaders } from "./middleware/security-headers.ts";
import { goLinkRoutes, goPingGuardRule } from "./go-links.ts";
import { pageCounting } from "./page-counts.ts";
import { vitalsGuardRule, vitalsRoutes } from "./vitals.ts";
import { visitCookies } from "./visit-cookie.ts";

export type { AppDeps, PageHandler };

/** Per-request values: the request id, and the CSP nonce the security middleware puts on every inline script. */
export type AppVariables = GuardVariables & SecurityVariables;

/**
 * The site's server: the security headers, the request log and HTTP caching around everything, the request guard in
 * front of every route, then the health checks, the API and the server's own routes, and the pages.
 */
export function createApp(deps: AppDeps): Hono<{ Variables: AppVariables }> {
  const parts = appDependencies(deps);
  const app = new Hono<{ Variables: AppVariables }>();
  const clientAddress = clientAddressResolver(parts.trustProxy);
  observeRequests(app, parts);
  guardRequests(app, parts, clientAddress);
  healthChecks(app, parts);
  serverRoutes(app, parts);
  if (parts.pageHandler) servePages(app, parts, parts.pageHandler, clientAddress);
  return app;
}

type App = Hono<{ Variables: AppVariables }>;
type ClientAddress = (c: Context) => string;

/** The security headers, the request id, the metrics, the request log, HTTP caching and the answer to an error. */
function observeRequests(
  app: App,
  { trustProxy, viteDevelopment, requestMetrics, logger, readModels }: AppDependencies,
) {
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
}

/** The request guard before every route, the health checks included; then the counting of page views. */
function guardRequests(app: App, parts: AppDependencies, clientAddress: ClientAddress) {
  const { db, trustProxy, recordPageCount, pageMatch } = parts;
  // Before every route, the health checks included: a malformed address is 400 wherever it points.
  app.use(
    requestGuard({
      app,
      pageMethods: parts.pageHandler ? parts.pageMethods : undefined,
      pathSpelling: parts.pageRouteRules?.spelling,
      rateLimiter: parts.rateLimiter,
      clientAddress,
      siteUrl: parts.siteUrl,
      logger: parts.logger,
      bodyLimits: [...parts.bodyLimits, vitalsGuardRule(parts.vitalsAllowance), goPingGuardRule(parts.pingAllowance)],
      isStaffWrite: (c) => isSignedInStaffWrite(c, db, trustProxy),
      countAllowance: parts.countAllowance,
    }),
  );
  // Beside the guard, outside the page cache: a page served from memory is counted like a rendered one.
  if (recordPageCount && pageMatch) app.use(pageCounting({ record: recordPageCount, pageMatch }));
}

function healthChecks(app: App, { isDraining, health, usedStock, readModels, logger }: AppDependencies) {
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
}

/** The API, the media, the lead photos, the SEO files, the vitals beacon, the /go/ links, the catalogue feeds and the built client. */
function serverRoutes(app: App, parts: AppDependencies) {
  const { db, logger, usedStock, readModels, siteUrl, linkSigner, recordVitals, recordPageCount } = parts;
  // Hono's "/api/staff/*" also matches "/api/staff" itself.
  app.use("/api/staff/*", staffApiAuth({ db, trustProxy: parts.trustProxy }));
  app.route(
    "/api",
    createApi(db, {
      financeCipher: parts.financeCipher,
      logger,
      usedStock,
      readModels,
      siteUrl,
      writeQueue: parts.writeQueue,
      countLead: parts.countLead,
      maxStockDropShare: parts.maxStockDropShare,
      feedFileLimits: parts.feedFileLimits,
    }),
  );
  app.route("/", mediaRoutes(db, readModels));
  app.route("/", leadPhotoRoutes(db, linkSigner));
  app.route("/", seoRoutes(db, siteUrl, parts.sitemapUrlsPerFile, readModels));
  if (recordVitals) app.route("/", vitalsRoutes({ record: recordVitals, pageRoutePattern: parts.pageRoutePattern }));
  app.route("/", goLinkRoutes({ readModels, usedStock, record: recordPageCount }));
  app.route("/", channelFeedRoutes({ db, usedStock, linkSigner, siteUrl, logger, ...parts.channelFeeds }));
  if (parts.staticRoot) app.use("*", serveStatic({ root: parts.staticRoot }));
}

/** Every other path is a page: the visit's cookie, the page cache, then the renderer in its turn. */
function servePages(app: App, parts: AppDependencies, pageHandler: PageHandler, clientAddress: ClientAddress) {
  const { db, linkSigner, mailer, siteUrl, logger, trustProxy, pageCache } = parts;
  // The known-device cookie is signed with the link key, under a purpose of its own (decision 071).
  const signInThrottle = new SignInThrottle(db, {
    devices: new KnownDevices(linkSigner),
    maxClientFailures: parts.signInClientFailures,
  });
  const staffMail = mailer ? { mailer, siteUrl } : undefined;
  const renderTurns = new WriteQueue(parts.renderLimits);
  // Outside the page cache: answers from it get the visit's cookie too, and no kept page holds one.
  app.use("*", visitCookies({ trustProxy }));
  if (pageCache) app.use("*", pageCache.middleware(parts.pageRouteRules));
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
    const context = pageContext(parts, c.get("cspNonce"), pageLogger, reportError, {
      staff,
      upload: currentUploadScope(),
    });
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

/** The load context one page request's loaders and actions get (app/load-context.ts). */
function pageContext(
  parts: AppDependencies,
  cspNonce: string | undefined,
  pageLogger: () => Logger,
  reportError: (error: unknown) => void,
  pageRequest: AppContext["pageRequest"],
): AppContext {
  return {
    db: parts.db,
    usedStock: parts.usedStock,
    readModels: parts.readModels,
    writeQueue: parts.writeQueue,
    get logger() {
      return pageLogger();
    },
    financeCipher: parts.financeCipher,
    linkSigner: parts.linkSigner,
    privacy: parts.privacy,
    siteUrl: parts.siteUrl,
    groupLegal: parts.groupLegal,
    mailer: parts.mailer,
    pageRequest,
    cspNonce,
    reportError,
    vitalsSampleRate: parts.vitalsSampleRate,
    countLead: parts.countLead,
    maxStockDropShare: parts.maxStockDropShare,
    feedFileLimits: parts.feedFileLimits,
    formMinFillMs: parts.formMinFillMs,
  };
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
