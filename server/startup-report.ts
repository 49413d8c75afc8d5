import fs from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { describeStaffBootstrap, type StaffBootstrap } from "../core/staff/bootstrap.ts";
import { KEY_FILE_NAME } from "../core/finance/encryption.server.ts";
import type { Database } from "../db/client.ts";
import { dealerLeadChannels } from "../db/schema.ts";
import type { Env } from "./env.ts";
import { describeDatabase } from "./operations.ts";

export type StartupReport = {
  database: ReturnType<typeof describeDatabase>;
  leads: { delivery: "on" | "off"; email: string; webhooks: number };
  siteUrl: string;
  /** How many staff accounts exist, or that the first administrator is still to be set up (and where the link is). */
  staff: string;
};

/** What an operator needs to know at start: where the data lives and where leads go (no password, no key). */
export async function startupReport(env: Env, db: Database, mailDescription: string, siteUrl: string, staff: StaffBootstrap): Promise<StartupReport> {
  const [webhooks] = await db
    .select({ n: count() })
    .from(dealerLeadChannels)
    .where(and(eq(dealerLeadChannels.kind, "webhook"), eq(dealerLeadChannels.enabled, true)));
  return {
    database: describeDatabase(env),
    leads: { delivery: env.LEAD_DELIVERY, email: mailDescription, webhooks: Number(webhooks?.n ?? 0) },
    siteUrl,
    staff: describeStaffBootstrap(staff),
  };
}

/** The report as a few lines for a person at a terminal. */
export function formatStartupReport(report: StartupReport): string {
  const database = report.database.kind === "pglite"
    ? `embedded PGlite in ${report.database.dataDir}`
    : `PostgreSQL ${report.database.database} on ${report.database.host}`;
  const email = report.leads.email.includes("://") ? `SMTP ${report.leads.email}` : `.eml files in ${report.leads.email}`;
  return [
    `Site:      ${report.siteUrl}`,
    `Database:  ${database}`,
    `Leads:     ${report.leads.delivery === "off" ? "delivery off in this instance; " : ""}e-mail as ${email}; ${report.leads.webhooks} CRM webhook(s) configured`,
    `Staff:     ${report.staff}`,
    "",
  ].join("\n");
}

/**
 * The files that hold leads, personal details or the finance key and must be the owner's alone: DATA_DIR and
 * the outbox (0700), the key file and the outbox's e-mails (0600). Answers those readable or writable by others.
 */
export function filesOpenToOthers(dataDir: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  const candidates = [dataDir, path.join(dataDir, KEY_FILE_NAME), outbox];
  if (fs.existsSync(outbox)) candidates.push(...fs.readdirSync(outbox).map((name) => path.join(outbox, name)));
  return candidates.filter((file) => fs.existsSync(file) && (fs.statSync(file).mode & 0o077) !== 0);
}
