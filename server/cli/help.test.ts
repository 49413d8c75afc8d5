import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "../../db/data-dir-lock.ts";
import { npmScriptArguments, runTool } from "../../tests/support/app-process.ts";

const projectRoot = path.resolve(import.meta.dirname, "../..");
/** The operators' tools, built (`node build/tools/...`), and the developers' tools, run from source (`tsx ...`). */
const TOOLS = [
  ["leads", "node build/tools/leads.js"],
  ["finance:purge", "node build/tools/finance-purge.js"],
  ["db:seed", "node build/tools/db-seed.js"],
  ["db:backup", "node build/tools/db-backup.js"],
  ["db:restore", "node build/tools/db-restore.js"],
  ["db:migrate", "node build/tools/db-migrate.js"],
  ["api:document", "tsx server/cli/api-document.ts"],
  ["bench", "tsx bench/run.ts"],
  ["bench:used", "tsx bench/used-listing.ts"],
  ["bench:photos", "tsx bench/photo-processing.ts"],
  ["bench:feed", "tsx bench/stock-feed.ts"],
  ["bench:start", "tsx bench/server-start.ts"],
  ["bench:prices", "tsx bench/range-prices.ts"],
] as const;

/**
 * Runs a tool as npm would, answering its exit code and output. Asynchronous, so that the tools' start-ups (a few seconds
 * each under tsx) overlap: the tests of a block run concurrently.
 */
async function run(npmScript: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [...npmScriptArguments(npmScript), ...args],
      { cwd: projectRoot, timeout: 60_000 },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { status: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe("every command-line tool of package.json", () => {
  it("is in this list, so none is added without its --help tested", async () => {
    const scripts = JSON.parse(await fs.readFile(path.join(projectRoot, "package.json"), "utf8")).scripts as Record<
      string,
      string
    >;
    // Every script that runs one tool's file, but the development server.
    const tools = Object.entries(scripts).filter(
      ([name, command]) => name !== "dev" && /^(node build\/tools\/|tsx )/.test(command),
    );
    expect(tools.sort()).toEqual(TOOLS.map(([name, command]) => [name, command]).sort());
  });

  it.concurrent.each(TOOLS)("npm run %s -- --help prints the usage and exits 0", async (name) => {
    const result = await run(name, ["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Usage: npm run ${name}`);
    expect(result.stderr).toBe("");
  });

  it.concurrent("answers an unknown option with the usage and exit 2, not a stack trace", async () => {
    const result = await run("leads", ["list", "--bogus"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: npm run leads");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("every tool that would open the embedded database while another process (not a server) owns it", () => {
  it.concurrent.each([
    ["leads list", "leads", ["list"]],
    ["leads show --decrypt", "leads", ["show", "00000000-0000-4000-8000-000000000000", "--decrypt"]],
    ["leads resend", "leads", ["resend", "00000000-0000-4000-8000-000000000000", "--all"]],
    ["leads stats", "leads", ["stats"]],
    ["finance:purge", "finance:purge", []],
    ["db:seed --used", "db:seed", ["--used", "5"]],
    ["db:backup", "db:backup", ["BACKUP"]],
    ["db:restore", "db:restore", ["EMBEDDED_BACKUP", "--yes"]],
    ["db:migrate", "db:migrate", []],
  ])(
    "%s is refused, naming the owner's pid and port, with exit 1, before touching a file",
    async (_name, script, args) => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), "honda-refused-"));
      const dataDir = path.join(root, "data");
      await fs.mkdir(dataDir, { mode: 0o700 });
      const backup = path.join(root, "backup.tar.gz");
      await fs.writeFile(backup, gzipSync("an embedded backup's first bytes"));
      const lock = await lockDataDir(dataDir);
      lock.describe({ port: 45_678 });
      try {
        const concrete = args.map((arg) =>
          arg === "BACKUP" ? path.join(root, "new.dump") : arg === "EMBEDDED_BACKUP" ? backup : arg,
        );
        const result = await runTool(script, concrete, { DATA_DIR: dataDir, DATABASE_URL: "" });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`The embedded database in ${dataDir} is in use by process ${process.pid}`);
        expect(result.stderr).toContain("serving on port 45678");
        expect(result.stderr).not.toMatch(/\n\s+at /);
        expect(await fs.readdir(dataDir)).toEqual([]);
        expect((await fs.readdir(root)).sort()).toEqual(["backup.tar.gz", "data"]);
      } finally {
        await lock.release();
        await fs.rm(root, { recursive: true, force: true });
      }
    },
  );
});
