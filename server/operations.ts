import path from "node:path";
import { LINK_KEY_FILE_NAME } from "../core/appointments/links.server.ts";
import { KEY_FILE_NAME } from "../core/finance/encryption.server.ts";
import type { OperatorContext } from "../core/operator/commands.server.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { DEMO_CATALOGUE } from "../seed/seed.ts";
import type { Env } from "./env.ts";
import { financeCipherFromEnv } from "./finance-cipher.ts";
import type { Logger } from "./logger.ts";

/** The running server's operator channel on the embedded default: a Unix socket in DATA_DIR (0700), itself 0600. */
export function controlSocketPath(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "control.sock");
}

/** The database in words, never with a password: the embedded one's folder, or PostgreSQL's host and database. */
export function describeDatabase(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
): { kind: "pglite"; dataDir: string } | { kind: "postgres"; host: string; database: string } {
  if (!env.DATABASE_URL) return { kind: "pglite", dataDir: env.DATA_DIR };
  const url = new URL(env.DATABASE_URL);
  return { kind: "postgres", host: url.host, database: decodeURIComponent(url.pathname.slice(1)) };
}

export function databaseLabel(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): string {
  const database = describeDatabase(env);
  return database.kind === "pglite"
    ? `the embedded database in ${database.dataDir}`
    : `the PostgreSQL database ${database.database} on ${database.host}`;
}

export function financeKeyLocation(env: Pick<Env, "FINANCE_ENCRYPTION_KEY" | "DATA_DIR">): string {
  return env.FINANCE_ENCRYPTION_KEY ? "the FINANCE_ENCRYPTION_KEY setting" : path.join(env.DATA_DIR, KEY_FILE_NAME);
}

export function linkKeyLocation(env: Pick<Env, "LINK_SIGNING_KEY" | "DATA_DIR">): string {
  return env.LINK_SIGNING_KEY ? "the LINK_SIGNING_KEY setting" : path.join(env.DATA_DIR, LINK_KEY_FILE_NAME);
}

/** What the operator commands need, the same for the server and for a tool that opened the database itself. */
export function operatorContext(env: Env, database: DatabaseHandle, logger: Logger): OperatorContext {
  return {
    database,
    demoCatalogue: DEMO_CATALOGUE,
    financeCipher: () => financeCipherFromEnv(env, logger),
    financeRetentionDays: env.FINANCE_RETENTION_DAYS,
    databaseLabel: databaseLabel(env),
    financeKeyLocation: financeKeyLocation(env),
    linkKeyLocation: linkKeyLocation(env),
  };
}
