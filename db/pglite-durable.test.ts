import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client.ts";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-durable-"));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("the embedded database on a data directory", () => {
  it("runs PostgreSQL with fsync on and WAL synced with fsync, and keeps a commit across a reopen", async () => {
    const first = await openDatabase({ dataDir });
    const setting = async (name: string) => (await rows(first, sql.raw(`show ${name}`)))[0]![name];
    expect(await setting("fsync")).toBe("on");
    expect(await setting("wal_sync_method")).toBe("fsync");
    expect(await setting("synchronous_commit")).toBe("on");
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('acknowledged')`);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(await rows(second, sql`select note from kept`)).toEqual([{ note: "acknowledged" }]);
    await second.close();
  });
});

describe("the embedded database's files", () => {
  it("are the owner's alone: every folder 0700 and every file 0600, not PGlite's 0777 and 0666", async () => {
    const database = await openDatabase({ dataDir });
    await database.db.execute(sql`create table if not exists kept (note text)`);
    await database.db.execute(sql`insert into kept values ('another')`);
    await database.close();
    const entries = await fs.readdir(path.join(dataDir, "pglite"), { recursive: true });
    const modes = await Promise.all(
      [path.join(dataDir, "pglite"), ...entries.map((entry) => path.join(dataDir, "pglite", entry))].map(
        async (file) => {
          const stat = await fs.lstat(file);
          return `${stat.isDirectory() ? "folder" : "file"} ${(stat.mode & 0o777).toString(8)}`;
        },
      ),
    );
    expect(modes.length).toBeGreaterThan(100);
    expect(new Set(modes)).toEqual(new Set(["folder 700", "file 600"]));
  });
});

async function rows(database: DatabaseHandle, query: SQL): Promise<Record<string, string>[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
}
