import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, "migrations");

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /** An already opened PGlite, e.g. a test clone loaded from a dumped template. */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl);
  if ("pglite" in options) return wrapPglite(options.pglite);
  await fs.mkdir(options.dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(path.join(options.dataDir, "pglite")));
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzlePostgres(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
