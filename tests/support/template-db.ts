import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { adminQuery } from "../../db/admin.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { seedDatabase } from "../../seed/seed.ts";

/**
 * Tests run on a real database: one migrated and seeded template per test run, cloned for each test file.
 * Embedded: a PGlite data directory dumped to a file. PostgreSQL (TEST_DATABASE_URL or DATABASE_URL):
 * a template database cloned with CREATE DATABASE ... TEMPLATE.
 */
export type TemplateRef =
  | { kind: "pglite"; dumpPath: string }
  | { kind: "postgres"; serverUrl: string; templateName: string };

export function postgresServerUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

export async function createTemplate(): Promise<{ ref: TemplateRef; dispose(): Promise<void> }> {
  const serverUrl = postgresServerUrl();
  if (serverUrl) {
    const templateName = `honda_test_template_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${templateName}"`);
    const handle = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateName) });
    await prepare(handle);
    await handle.close();
    return {
      ref: { kind: "postgres", serverUrl, templateName },
      dispose: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`),
    };
  }
  const client = await PGlite.create();
  const handle = await openDatabase({ pglite: client });
  await prepare(handle);
  const dump = await client.dumpDataDir("none");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-test-"));
  const dumpPath = path.join(dir, "template.tar");
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return { ref: { kind: "pglite", dumpPath }, dispose: () => fs.rm(dir, { recursive: true, force: true }) };
}

async function prepare(handle: DatabaseHandle) {
  await handle.migrate();
  await seedDatabase(handle.db);
}

/**
 * A fresh database with the demo catalogue, for one test file; close() throws it away. A PostgreSQL clone
 * also answers its connection URL, for tests that start the app as a separate process.
 */
export async function cloneTemplate(ref: TemplateRef): Promise<DatabaseHandle & { url?: string }> {
  if (ref.kind === "pglite") {
    const data = await fs.readFile(ref.dumpPath);
    return openDatabase({ pglite: await PGlite.create({ loadDataDir: new Blob([data]) }) });
  }
  const name = `honda_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(ref.serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${ref.templateName}"`);
  const url = withDatabase(ref.serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await adminQuery(ref.serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** The seeded embedded template written to a PGlite data directory on disk, for a test that starts the app. */
export async function copyTemplateTo(pgliteDir: string): Promise<DatabaseHandle> {
  const ref = inject("databaseTemplate");
  if (ref.kind !== "pglite") throw new Error("copyTemplateTo is for the embedded database");
  const data = await fs.readFile(ref.dumpPath);
  return openDatabase({ pglite: await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([data]) }) });
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
