import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AppProcess, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";

/** A bound, not an expectation: a first start creates, migrates and seeds the database before it answers. */
const FIRST_START_TIMEOUT_MS = 2 * STARTUP_TIMEOUT_MS;

type LogLine = { msg?: string; seederPid?: number };

function logLines(app: AppProcess): LogLine[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

const SEEDED = "empty database: filled it with the demo catalogue";

/** Whether a process with this id still runs (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * An empty database is seeded by `npm run db:seed`'s tool in a process of its own, which has ended before the
 * server serves (decision 091): what seeding took stays with neither the server's heap nor its embedded database.
 */
describe.each([
  { name: "embedded database", embedded: true },
  { name: "PostgreSQL", embedded: false },
])("first start on an empty $name", ({ embedded }) => {
  let app: AppProcess | undefined;
  let restarted: AppProcess | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  afterAll(async () => {
    await app?.stop();
    await restarted?.stop();
    for (const cleanup of cleanups) await cleanup();
  });

  async function databaseSettings(): Promise<Record<string, string>> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "first-start-"));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    if (embedded) return { DATA_DIR: dataDir };
    const scratch = await createScratchDatabase("first_start");
    cleanups.push(() => scratch.drop());
    return { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
  }

  it(
    "is seeded by another process, ended before the server listens, and a restart seeds nothing",
    async () => {
      const settings = { ...(await databaseSettings()), LOG_LEVEL: "info" };
      app = await startAppProcess(settings, FIRST_START_TIMEOUT_MS);
      const lines = logLines(app);
      const seeded = lines.find((line) => line.msg === SEEDED);
      expect(seeded?.seederPid).toBeTypeOf("number");
      expect(seeded?.seederPid).not.toBe(app.child.pid);
      expect(isRunning(seeded!.seederPid!)).toBe(false);
      expect(lines.findIndex((line) => line.msg === SEEDED)).toBeLessThan(
        lines.findIndex((line) => line.msg === "listening"),
      );
      const dealers = (await (await fetch(`${app.baseUrl}/api/dealers`)).json()) as Record<string, unknown>;
      expect(dealers["hydra:totalItems"]).toBe(12);
      await app.stop();

      restarted = await startAppProcess(settings);
      expect(logLines(restarted).some((line) => line.msg === SEEDED)).toBe(false);
    },
    FIRST_START_TIMEOUT_MS + STARTUP_TIMEOUT_MS,
  );
});
