import fs from "node:fs";
import path from "node:path";
import { countActiveAdministrators } from "../core/staff/accounts.server.ts";
import { describeStaffBootstrap, type StaffBootstrap } from "../core/staff/bootstrap.server.ts";
import type { Database } from "../db/client.ts";
import { countEnabledWebhooks } from "../core/delivery/outbox.server.ts";
import type { Env } from "./env.ts";
import { describeDatabase } from "./operations.ts";

export type StartupReport = {
  database: ReturnType<typeof describeDatabase>;
  leads: { delivery: "on" | "off"; email: string; webhooks: number };
  siteUrl: string;
  /** How many staff accounts exist, or that the first administrator is still to be set up (and where the link is). */
  staff: string;
  /** Active group administrators: 0 means nobody can manage staff accounts. */
  staffAdministrators: number;
};

/** What an operator needs to know at start: where the data lives and where leads go (no password, no key). */
export async function startupReport(
  env: Env,
  db: Database,
  mailDescription: string,
  siteUrl: string,
  staff: StaffBootstrap,
): Promise<StartupReport> {
  const webhooks = await countEnabledWebhooks(db);
  const administrators = await countActiveAdministrators(db);
  return {
    database: describeDatabase(env),
    leads: { delivery: env.LEAD_DELIVERY, email: mailDescription, webhooks },
    siteUrl,
    staff: describeStaffBootstrap(staff, administrators),
    staffAdministrators: administrators,
  };
}

/** The report as a few lines for a person at a terminal. */
export function formatStartupReport(report: StartupReport): string {
  const database =
    report.database.kind === "pglite"
      ? `embedded PGlite in ${report.database.dataDir}`
      : `PostgreSQL ${report.database.database} on ${report.database.host}`;
  const email = report.leads.email.includes("://")
    ? `SMTP ${report.leads.email}`
    : `.eml files in ${report.leads.email}`;
  return [
    `Site:      ${report.siteUrl}`,
    `Database:  ${database}`,
    `Leads:     ${report.leads.delivery === "off" ? "delivery off in this instance; " : ""}e-mail as ${email}; ${report.leads.webhooks} CRM webhook(s) configured`,
    `Staff:     ${report.staff}`,
    "",
  ].join("\n");
}

/**
 * What under DATA_DIR must be the owner's alone (0700 folders, 0600 files): the folder itself, everything in it
 * (the database's folder and any kept replaced one, the finance and link-signing keys, the control socket, the
 * outbox) and the outbox's e-mails. Answers those that others may read, write or enter. The database's own
 * files are not listed one by one: its folder at 0700 closes them all.
 */
export function filesOpenToOthers(dataDir: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  const candidates = [dataDir, ...entriesOf(dataDir), ...entriesOf(outbox)];
  return candidates.filter((file) => (modeOf(file) ?? 0) & 0o077);
}

function entriesOf(folder: string): string[] {
  try {
    return fs.readdirSync(folder).map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

/** The file's mode, or null for one gone meanwhile (an e-mail's .part renamed as it is read). */
function modeOf(file: string): number | null {
  try {
    return fs.lstatSync(file).mode;
  } catch {
    return null;
  }
}
