import path from "node:path";
import { z } from "zod";
import { DEMO_LEGAL_DETAILS, type GroupLegalDetails } from "../core/dealers/group.ts";
import { parseEncryptionKey } from "../core/finance/encryption.server.ts";

/** One of the group's legal details: up to 40 characters of letters, digits, spaces, "/" and "-"; "none": not shown. */
function legalDetail(demoValue: string | null) {
  return z
    .string()
    .max(40)
    .regex(/^[\w /-]+$/, 'must be letters, digits, spaces, "/" or "-", or "none"')
    .default(demoValue ?? "none")
    .transform((value) => (value.toLowerCase() === "none" ? null : value.trim()));
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  POST_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  POST_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  SITE_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Honda Dealer Group Leads <leads@honda-dealer-group.example.co.za>"),
  LEAD_DELIVERY: z.enum(["on", "off"]).default("on"),
  LEAD_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(50).default(2_000),
  LEAD_DELIVERY_LOCK_SECONDS: z.coerce.number().int().min(1).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** AES-256-GCM key for finance applications; unset: a key file under DATA_DIR (created on first start). */
  FINANCE_ENCRYPTION_KEY: z
    .string()
    .refine((value) => parseEncryptionKey(value) !== null, "must be 64 hex characters or base64 of 32 bytes")
    .optional(),
  /** HMAC key for buyers' appointment links (64 hex or base64 of 32 bytes); unset: a key file under DATA_DIR. */
  LINK_SIGNING_KEY: z
    .string()
    .refine((value) => parseEncryptionKey(value) !== null, "must be 64 hex characters or base64 of 32 bytes")
    .optional(),
  FINANCE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** A page form sent sooner than this after its page was rendered is held as automated (core/leads/held.server.ts). */
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Days an enquiry held as automated (core/leads/held.server.ts) is kept for staff to release before it is deleted. */
  HELD_LEAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** On SIGTERM, how long /readyz answers 503 "draining" (while requests are still served) before the server stops accepting. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(15).default(5),
  /** How long a rendered public page is served from memory at most (server/page-cache.ts); 0 renders every request. */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** The stock import's drop guard: the share of a dealer's stock an upload or feed may mark sold unconfirmed (core/inventory/stock-feed.server.ts DropGuard). */
  CHANNEL_FEED_MAX_DROP: z.coerce.number().min(0).max(1).default(0.5),
  /** Most vehicle rows one stock file (feed or upload) may have; a longer file is refused whole (422). */
  FEED_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  /** Prometheus metrics on their own port (0: off); never expose it through the proxy. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** The first group administrator, created at start when there is no staff account yet (then ignored). */
  STAFF_BOOTSTRAP_EMAIL: z.email().optional(),
  /** Failed staff sign-ins one client address may make in 15 minutes before it must wait (each account also has 5). */
  STAFF_SIGN_IN_CLIENT_FAILURES: z.coerce.number().int().min(1).max(100_000).default(5),
  STAFF_BOOTSTRAP_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /** The scheduled jobs (core/jobs/runner.server.ts): 'off' on an instance that should never run them. */
  JOBS: z.enum(["on", "off"]).default("on"),
  JOB_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** How often saved-search alerts are sent (one e-mail per confirmed search with something new). */
  SAVED_SEARCH_ALERT_INTERVAL_MINUTES: z.coerce.number().min(0.01).max(10_080).default(1_440),
  /** The share of public page views that report their Core Web Vitals (0 to 1; 0: none, no script loaded for it). */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /** Vitals beacons one client may send per POST_RATE_WINDOW_SECONDS, apart from POST_RATE_LIMIT (in each instance's memory). */
  VITALS_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /** How often this instance adds the vitals it counted to the database. */
  VITALS_FLUSH_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** How often this instance adds the page views, visits and clicks it counted to the database (/staff/insights). */
  PAGE_COUNTS_FLUSH_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Counted page views and clicks one client may make per POST_RATE_WINDOW_SECONDS (in each instance's memory); past it, pages are served and not counted. */
  PAGE_COUNTS_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** New sources (campaigns, referring sites) the page counts name per South African day; the rest count as "(other)". */
  PAGE_COUNTS_NEW_SOURCES_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(500),
  /** New sources one client may bring to the page counts per South African day. */
  PAGE_COUNTS_NEW_SOURCES_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Days of daily Core Web Vitals aggregates kept (the back office shows the last 28). */
  VITALS_RETENTION_DAYS: z.coerce.number().int().min(28).max(3650).default(90),
  /** Days after unsubscribing that an alert address and its searches are deleted. */
  ALERT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Months after a lead's last activity (received, worked, appointment changed) that the person's details on it are erased (core/privacy). */
  LEAD_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Months after an appointment's last change that the person's details on its booking are erased. */
  APPOINTMENT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Days a sell-your-car seller's photos (and their renditions) are kept. */
  SELLER_PHOTO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days the copies of a delivered lead are kept: the ADF or webhook body as sent, errors, the buyer's confirmation address. */
  LEAD_DELIVERY_COPY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The group's legal details in every page's footer (core/dealers/group.ts); "none" leaves one out. */
  GROUP_COMPANY_REGISTRATION: legalDetail(DEMO_LEGAL_DETAILS.companyRegistration),
  GROUP_VAT_NUMBER: legalDetail(DEMO_LEGAL_DETAILS.vatNumber),
  GROUP_CREDIT_PROVIDER_NUMBER: legalDetail(DEMO_LEGAL_DETAILS.creditProviderNumber),
  GROUP_FSP_NUMBER: legalDetail(DEMO_LEGAL_DETAILS.fspNumber),
  /** Days an e-mail written to DATA_DIR/outbox (no SMTP_URL) is kept. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string };

/** Reads and validates the environment once; fails fast with every problem listed. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

/** The group's legal details as the footer shows them (GROUP_* settings). */
export function groupLegalDetailsOf(env: Env): GroupLegalDetails {
  return {
    companyRegistration: env.GROUP_COMPANY_REGISTRATION,
    vatNumber: env.GROUP_VAT_NUMBER,
    creditProviderNumber: env.GROUP_CREDIT_PROVIDER_NUMBER,
    fspNumber: env.GROUP_FSP_NUMBER,
  };
}
