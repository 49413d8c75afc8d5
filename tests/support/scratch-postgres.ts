import { randomBytes } from "node:crypto";
import { adminQuery } from "../../db/admin.ts";
import { postgresServerUrl, withDatabase } from "./template-db.ts";

/** The machine's PostgreSQL (DATABASE_URL, else postgres@127.0.0.1:5432), where a test may create a database. */
const POSTGRES_SERVER_URL = postgresServerUrl() ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** An empty database of the test's own on the machine's PostgreSQL (the app migrates and seeds it on start). */
export async function createScratchDatabase(purpose: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `honda_rel_${purpose}_${randomBytes(4).toString("hex")}`;
  await adminQuery(POSTGRES_SERVER_URL, `CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(POSTGRES_SERVER_URL, name),
    drop: () => adminQuery(POSTGRES_SERVER_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
