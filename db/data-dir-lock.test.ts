import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirBusyError, lockDataDir } from "./data-dir-lock.ts";
import { openDatabase } from "./client.ts";

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-lock-"));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("the embedded data directory's owner lock", () => {
  it("refuses a second holder with the owner's pid and port, and is free again once released", async () => {
    const first = await lockDataDir(dataDir);
    first.describe({ port: 4321 });
    const refused = await lockDataDir(path.join(dataDir, ".")).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirBusyError);
    expect((refused as DataDirBusyError).owner).toMatchObject({ pid: process.pid, port: 4321 });
    expect(String((refused as Error).message)).toContain(`process ${process.pid}`);
    expect(String((refused as Error).message)).toContain("port 4321");
    await first.release();
    const again = await lockDataDir(dataDir);
    await again.release();
  });

  it("is one lock per real directory, whatever path names it", async () => {
    const link = `${dataDir}-link`;
    await fs.symlink(dataDir, link);
    const first = await lockDataDir(dataDir);
    try {
      await expect(lockDataDir(link)).rejects.toBeInstanceOf(DataDirBusyError);
      const other = await lockDataDir(path.join(dataDir, "elsewhere"));
      await other.release();
    } finally {
      await first.release();
      await fs.rm(link);
    }
  });

  it("is released by the operating system when its holder is killed", async () => {
    const holder = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `
      const { lockDataDir } = await import(${JSON.stringify(path.resolve(import.meta.dirname, "data-dir-lock.ts"))});
      await lockDataDir(${JSON.stringify(dataDir)});
      console.log("locked");
      setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) =>
      holder.stdout!.on("data", (chunk) => String(chunk).includes("locked") && resolve()),
    );
    const refused = await lockDataDir(dataDir).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refused as DataDirBusyError).owner?.pid).toBe(holder.pid);
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    holder.kill("SIGKILL");
    await exited;
    const lock = await lockDataDir(dataDir);
    await lock.release();
  });

  it("guards openDatabase: a second open of a data directory is refused before it creates anything", async () => {
    const database = await openDatabase({ dataDir });
    try {
      const inner = path.join(dataDir, "pglite");
      const before = await fs.readdir(inner);
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirBusyError);
      expect(await fs.readdir(inner)).toEqual(before);
      await database.ping();
    } finally {
      await database.close();
    }
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
    // A bound, not an expectation: initialising a fresh PGlite directory takes seconds on a busy machine.
  }, 180_000);
});
