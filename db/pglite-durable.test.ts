import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-durable-"));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("the embedded database on a data directory", () => {
  it("runs PostgreSQL with fsync on and WAL synced with fsync, and keeps a commit across a reopen", async () => {
    const first = await openDatabase({ dataDir });
    const setting = async (name: string) =>
      ((await first.db.execute(sql.raw(`show ${name}`))).rows[0] as Record<string, string>)[name];
    expect(await setting("fsync")).toBe("on");
    expect(await setting("wal_sync_method")).toBe("fsync");
    expect(await setting("synchronous_commit")).toBe("on");
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('acknowledged')`);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect((await second.db.execute(sql`select note from kept`)).rows).toEqual([{ note: "acknowledged" }]);
    await second.close();
  });
});
