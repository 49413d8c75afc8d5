import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { serverCodeStaysOnTheServer } from "./vite.server-code.ts";

/** Builds one browser entry that imports `source` with the guard, in a folder of the project (so that db/ resolves). */
async function browserBuildOf(source: string): Promise<void> {
  const folder = await fs.mkdtemp(path.join(import.meta.dirname, "app", ".guard-test-"));
  try {
    const entry = path.join(folder, "entry.ts");
    await fs.writeFile(entry, source);
    await build({
      configFile: false,
      logLevel: "silent",
      plugins: [serverCodeStaysOnTheServer()],
      build: {
        write: false,
        outDir: await fs.mkdtemp(path.join(os.tmpdir(), "guard-out-")),
        rollupOptions: { input: entry },
      },
    });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

describe("the browser build's guard against server code", () => {
  it("fails the build when a script would carry the database schema, naming the import that crosses", async () => {
    const build = browserBuildOf('import { dealers } from "../../db/schema.ts";\nconsole.log(dealers);\n');
    await expect(build).rejects.toThrow(
      /server-only code would reach the browser:\n {2}\.\/app\/\.guard-test-\w+\/entry\.ts imports \.\/db\/schema\.ts/,
    );
  });

  it("lets a script import a core module that reads no database, and a server module's types", async () => {
    await expect(
      browserBuildOf(
        'import { GROUP_NAME } from "../../core/dealers/group.ts";\nimport type { Database } from "../../db/client.ts";\nconst db: Database | null = null;\nconsole.log(GROUP_NAME, db);\n',
      ),
    ).resolves.toBeUndefined();
  });
});
