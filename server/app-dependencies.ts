import type { PageHandler } from "../app/load-context.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { LinkSigner } from "../core/appointments/links.server.ts";
import type { LeadCounter } from "../core/attribution/visit.ts";
import { DEMO_LEGAL_DETAILS, type GroupLegalDetails } from "../core/dealers/group.ts";
import type { Mailer } from "../core/delivery/email.server.ts";
import { FinanceCipher } from "../core/finance/encryption.server.ts";
import type { PageCount } from "../core/insights/counts.server.ts";
import { DEFAULT_FEED_FILE_LIMITS, type FeedFileLimits } from "../core/inventory/feed-file.server.ts";
import { DEFAULT_MAX_DROP_SHARE } from "../core/inventory/held-imports.server.ts";
import { UsedStock } from "../core/inventory/used-stock.server.ts";
import { DEFAULT_RETENTION, type PrivacySettings } from "../core/privacy/retention.ts";
import { MemoryRateLimiter, type RateLimiter } from "../core/shared/rate-limiter.ts";
import { ReadModels } from "../core/shared/read-model.server.ts";
import { POSTGRES_WRITE_LIMITS, WriteQueue, type WriteQueueLimits } from "../core/shared/write-queue.ts";
import type { VitalsVisit } from "../core/vitals/store.server.ts";
import { ROUTE_BODY_LIMITS } from "./body-limits.ts";
import type { ChannelFeedOptions } from "./channel-feeds.ts";
import type { Logger } from "./logger.ts";
import type { BodyLimitRule } from "./middleware/request-guard.ts";
import type { MiddlewareHandler } from "hono";
import type { PageCache } from "./page-cache.ts";
import { PAGE_VIEWS_PER_CLIENT } from "./page-counts.ts";
import { PAGE_RENDER_LIMITS } from "./page-renders.ts";
import type { PageMatch, PageMethods, PageRoutePattern, PageRouteRules } from "./pages.ts";

/**
 * What the site's server is made of (server/app.ts createApp). server/site.ts passes every part from
 * the settings; a test passes the database and the logger and takes the defaults below for the rest, which suit
 * a test: throwaway keys, answers read by queries, limits in memory, nothing counted.
 */
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
  /** Per-client allowance of writes; default 30 in 10 minutes, in memory (server/site.ts passes the shared database one). */
  rateLimiter?: RateLimiter;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** The public address, for absolute URLs in sitemaps. */
  siteUrl?: string;
  /** The group's legal details in the pages' footer; default: the demonstration values. */
  groupLegal?: GroupLegalDetails;
  /** Used-vehicle URLs per sitemap file (the protocol's limit, 50 000; smaller in tests). */
  sitemapUrlsPerFile?: number;
  /** Encrypts finance applications; server/site.ts passes the configured key, tests get a throwaway one. */
  financeCipher?: FinanceCipher;
  /**
   * Signs the buyers' appointment links and the staff's known-device cookies; server/site.ts passes the configured key,
   * tests get a throwaway one.
   */
  linkSigner?: LinkSigner;
  /** Where the outbox e-mails are and how long each kind of personal record is kept (core/privacy); default: DEFAULT_RETENTION and no outbox. */
  privacy?: PrivacySettings;
  /** The used listing; server/site.ts passes one that keeps the stock in memory, tests default to queries. */
  usedStock?: UsedStock;
  /** What public pages read; server/site.ts passes models kept in memory, tests default to queries. */
  readModels?: ReadModels;
  /** True while the instance drains before it stops: /readyz answers 503 (see graceful-shutdown.ts). */
  isDraining?: () => boolean;
  /** Counts and times every request (server/metrics.ts). */
  requestMetrics?: MiddlewareHandler;
  /**
   * The mail channel (core/delivery/email.server.ts): the staff area's one-time links and the pages' own e-mails
   * (saved-search confirmations; without it those forms answer 503). server/site.ts passes the configured one.
   */
  mailer?: Mailer;
  /** Rendered public pages kept in memory (server/page-cache.ts); without it every page is rendered per request. */
  pageCache?: PageCache;
  /**
   * Failed staff sign-ins one client address may make, across accounts and from browsers not known to them,
   * in the hour after its first before each further attempt waits (default 5; core/staff/sign-in-throttle.server.ts).
   */
  signInClientFailures?: number;
  /** The bounded queue of buyers' writes (core/shared/write-queue.ts); server/site.ts sizes it for the database. */
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
  /** A page form sent sooner than this after its page was rendered is held as automated (FORM_MIN_FILL_MS). */
  formMinFillMs?: number;
};

/** The parts that have a default: after appDependencies, always there. */
type Defaulted =
  | "pageMethods"
  | "bodyLimits"
  | "viteDevelopment"
  | "rateLimiter"
  | "trustProxy"
  | "siteUrl"
  | "groupLegal"
  | "financeCipher"
  | "linkSigner"
  | "privacy"
  | "usedStock"
  | "readModels"
  | "writeQueue"
  | "renderLimits"
  | "isDraining"
  | "feedFileLimits"
  | "vitalsSampleRate"
  | "countAllowance"
  | "channelFeeds"
  | "maxStockDropShare";

export type AppDependencies = Omit<AppDeps, Defaulted> & Required<Pick<AppDeps, Defaulted>>;

/** The parts given, each missing one with its default (the one place the defaults are made). */
export function appDependencies(deps: AppDeps): AppDependencies {
  const { db } = deps;
  return {
    ...deps,
    pageMethods: deps.pageMethods ?? (() => ["GET", "HEAD", "POST"]),
    bodyLimits: deps.bodyLimits ?? ROUTE_BODY_LIMITS,
    viteDevelopment: deps.viteDevelopment ?? false,
    rateLimiter: deps.rateLimiter ?? new MemoryRateLimiter(30, 600_000),
    trustProxy: deps.trustProxy ?? false,
    siteUrl: deps.siteUrl ?? "http://localhost:3000",
    groupLegal: deps.groupLegal ?? DEMO_LEGAL_DETAILS,
    financeCipher: deps.financeCipher ?? FinanceCipher.ephemeral(),
    linkSigner: deps.linkSigner ?? LinkSigner.ephemeral(),
    privacy: deps.privacy ?? { outboxDir: null, retention: DEFAULT_RETENTION },
    usedStock: deps.usedStock ?? new UsedStock(db),
    readModels: deps.readModels ?? new ReadModels(db),
    writeQueue: deps.writeQueue ?? new WriteQueue(POSTGRES_WRITE_LIMITS),
    renderLimits: deps.renderLimits ?? PAGE_RENDER_LIMITS,
    isDraining: deps.isDraining ?? (() => false),
    feedFileLimits: deps.feedFileLimits ?? DEFAULT_FEED_FILE_LIMITS,
    vitalsSampleRate: deps.vitalsSampleRate ?? 0,
    countAllowance: deps.countAllowance ?? new MemoryRateLimiter(PAGE_VIEWS_PER_CLIENT, 600_000),
    channelFeeds: deps.channelFeeds ?? {},
    maxStockDropShare: deps.maxStockDropShare ?? DEFAULT_MAX_DROP_SHARE,
  };
}
