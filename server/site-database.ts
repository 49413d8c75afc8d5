import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type DatabaseHandle, hasEmbeddedDatabase, openDatabase } from "../db/client.ts";
import { projectRoot } from "../db/project-root.ts";
import { isUnseeded } from "../seed/seed.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";

/**
 * Opens the site's database, migrated and holding the demo catalogue. A database with no catalogue yet is created,
 * migrated and filled by `npm run db:seed`'s tool in a process of its own, which has ended before the server opens
 * it (decision 091): the embedded database's memory (PGlite's WebAssembly heap) never shrinks, and what creating and
 * filling it took would otherwise stay with the server for its life.
 */
export async function openSiteDatabase(
  env: Env,
  mode: "production" | "development",
  logger: Logger,
): Promise<DatabaseHandle> {
  const open = () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  if (!env.DATABASE_URL && !hasEmbeddedDatabase(env.DATA_DIR)) await seedInChild(mode, logger);
  const database = await open();
  await database.migrate();
  if (!(await isUnseeded(database.db))) return database;
  // Created but never seeded (`npm run db:migrate` first, or a new PostgreSQL database). The embedded database is
  // closed meanwhile: it has one owner at a time (decision 016).
  await database.close();
  await seedInChild(mode, logger);
  return open();
}

/**
 * The seeder: the built tool, as `npm run db:seed` runs it, or its source through tsx under `npm run dev` (tsx
 * found from the project's folder, whatever folder the server runs in).
 */
function seederArguments(mode: "production" | "development"): string[] {
  if (mode === "production") return [path.join(projectRoot, "build/tools/db-seed.js")];
  const tsx = createRequire(path.join(projectRoot, "package.json")).resolve("tsx");
  return ["--import", pathToFileURL(tsx).href, path.join(projectRoot, "server/cli/db-seed.ts")];
}

/**
 * Runs the seeder with this process's environment and folder, so that it opens the same database, and waits for it
 * to end; a failure stops the start with what it printed.
 */
async function seedInChild(mode: "production" | "development", logger: Logger): Promise<void> {
  const started = performance.now();
  const child = spawn(process.execPath, seederArguments(mode), { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`the demo catalogue's seeder exited with ${code}: ${output.trim()}`);
  logger.info(
    { seederPid: child.pid, ms: Math.round(performance.now() - started) },
    "empty database: filled it with the demo catalogue",
  );
}
