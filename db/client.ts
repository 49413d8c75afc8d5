import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { writePgliteBackup, writePostgresBackup } from "./backup.ts";
import { type DataDirLock, lockDataDir } from "./data-dir-lock.ts";
import { type Listening, type ListenHandlers, listenPostgres } from "./listen.ts";
import { openDurablePglite } from "./pglite-durable.ts";
import * as schema from "./schema.ts";
import { projectRoot } from "./project-root.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Answers when the database takes a trivial query. */
  ping(): Promise<void>;
  /** How many committed migrations the database has not applied yet. */
  pendingMigrations(): Promise<number>;
  migrate(): Promise<void>;
  /** Calls `onNotify` for every NOTIFY on `channel` (see listen.ts); stop it before `close`. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** Writes a consistent snapshot to `file` (mode 0600) while the database takes writes; answers its size in bytes. */
  backup(file: string): Promise<number>;
  /** What a process refused the embedded data directory is told about its owner (the server's port). */
  describeOwner(details: { port?: number }): void;
  /** The connection pool's use (PostgreSQL only; PGlite is one in-process connection). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

const POOL_MAX = 10;

export const migrationsFolder = path.join(projectRoot, "db/migrations");

async function committedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function pendingMigrations(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const committed = await committedMigrationCount();
  try {
    const { rows } = await query("select count(*)::int as n from drizzle.__drizzle_migrations");
    return committed - Number((rows[0] as { n: number }).n);
  } catch (error) {
    if ((error as { code?: string }).code === "42P01" || /does not exist/.test(String(error))) return committed;
    throw error;
  }
}

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /** An already opened PGlite, e.g. a test clone loaded from a dumped template. */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl);
  if ("pglite" in options) return wrapPglite(options.pglite);
  return openOwnedDataDir(options.dataDir);
}

const pgliteDirectory = (dataDir: string) => path.join(dataDir, "pglite");

/** Whether an embedded data directory holds a database yet (PostgreSQL writes PG_VERSION as it creates one). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(pgliteDirectory(dataDir), "PG_VERSION"));
}

/**
 * The one way to open an embedded data directory: its lock first (refused with DataDirBusyError while another
 * process holds it, before any file is touched), then the folder, owner-only, then PGlite. Closing releases it.
 */
async function openOwnedDataDir(dataDir: string): Promise<DatabaseHandle> {
  const lock = await lockDataDir(dataDir);
  try {
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    return wrapPglite(await openDurablePglite(pgliteDirectory(dataDir)), lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX, connectionTimeoutMillis: 5_000 });
  // A client whose server went away emits 'error' when no query of its own is running; unhandled, that ends the
  // process. The pool listens on idle clients ('error' below) but not on those checked out, as a transaction's is
  // between its statements, so every client gets a listener of its own. The failed statement or the release drops
  // the client, and the next query connects again, so there is nothing else to do.
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.on("error", () => {});
  const db = drizzlePostgres(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    pendingMigrations: () => pendingMigrations((text) => pool.query(text)),
    migrate: () => migratePostgres(db, { migrationsFolder }),
    listen: async (channel, handlers) => listenPostgres(databaseUrl, channel, handlers),
    backup: (file) => writePostgresBackup(databaseUrl, file),
    describeOwner: () => {},
    poolStats: () => ({ max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

function wrapPglite(client: PGlite, lock?: DataDirLock): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    pendingMigrations: () => pendingMigrations((text) => client.query(text)),
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, handlers) => {
      // In the same process as every query, so it is never lost.
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onListening();
      return { stop: () => unlisten() };
    },
    backup: (file) => writePgliteBackup(client, file),
    describeOwner: (details) => lock?.describe(details),
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
