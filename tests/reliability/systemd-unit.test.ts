import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");

/** deploy/systemd/honda-site@.service as systemd itself reads it (an unknown key or a bad value is only a warning there). */
describe("the systemd unit of an app instance", () => {
  it("passes systemd-analyze verify without a warning, as the instance honda-site@3001", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-systemd-"));
    try {
      await fs.copyFile(
        path.join(projectRoot, "deploy/systemd/honda-site@.service"),
        path.join(dir, "honda-site@.service"),
      );
      const { stdout, stderr } = await run("systemd-analyze", ["verify", "./honda-site@3001.service"], { cwd: dir });
      expect(`${stdout}${stderr}`).toBe("");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
