import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../db/project-root.ts";

const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};

// npm and npx put node_modules/.bin first on the path, so Vitest (started by its `#!/usr/bin/env node` line) runs on
// the Node the project installs, not the machine's own (decision 085).
describe("the runtime", () => {
  it("is the Node that package.json installs", () => {
    expect(process.versions.node).toBe(pkg.dependencies.node);
  });
});
