import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const TOOLS = [
  ["leads", "server/cli/leads.ts"],
  ["finance:purge", "server/finance-purge-cli.ts"],
  ["db:seed", "db/seed/cli.ts"],
  ["db:backup", "db/backup-cli.ts"],
  ["db:restore", "db/restore-cli.ts"],
  ["db:migrate", "db/migrate-cli.ts"],
] as const;

const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", script, ...args], { cwd: projectRoot, encoding: "utf8", timeout: 60_000 });

describe("every operator tool's command line", () => {
  it.each(TOOLS)("npm run %s -- --help prints the usage and exits 0", (name, script) => {
    const result = run(script, ["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Usage: npm run ${name}`);
    expect(result.stderr).toBe("");
  });

  it("answers an unknown option with the usage and exit 2, not a stack trace", () => {
    const result = run("server/cli/leads.ts", ["list", "--bogus"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: npm run leads");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
