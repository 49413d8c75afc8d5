import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { adminSelect } from "../../db/admin.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { banners, dealers } from "../../db/schema.ts";
import { cloneTemplate, postgresServerUrl } from "../../tests/support/template-db.ts";
import { ChangeNotifications } from "./change-notifications.ts";
import { defineReadModel, ReadModels } from "./read-model.server.ts";

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

let loads = 0;
const dealerNames = defineReadModel({
  name: "dealer-names",
  tables: ["dealers"],
  load: async (db) => {
    loads += 1;
    const rows = await db.select({ name: dealers.dealerName }).from(dealers).orderBy(asc(dealers.id));
    return rows.map((row) => row.name);
  },
});

async function renameFirstDealer(name: string): Promise<void> {
  const [first] = await database.db.select({ id: dealers.id }).from(dealers).orderBy(asc(dealers.id)).limit(1);
  await database.db.update(dealers).set({ dealerName: name }).where(eq(dealers.id, first!.id));
}

describe("read models without change notifications", () => {
  it("read every value with a query, so a change is seen at once", async () => {
    const models = new ReadModels(database.db);
    await renameFirstDealer("Queried Honda");
    expect((await models.read(dealerNames))[0]).toBe("Queried Honda");
    await renameFirstDealer("Queried Again Honda");
    expect((await models.read(dealerNames))[0]).toBe("Queried Again Honda");
    expect(models.states()).toEqual({});
  });
});

describe("read models kept in memory", () => {
  let changes: ChangeNotifications;
  let models: ReadModels;
  beforeAll(async () => {
    changes = new ChangeNotifications();
    await changes.start(database);
    models = new ReadModels(database.db, { changes });
    models.preload([dealerNames]);
  });
  afterAll(async () => {
    await models.stop();
    await changes.stop();
  });

  it("answer from memory once read, without a query per read", async () => {
    await vi.waitFor(() => expect(models.states()).toEqual({ "dealer-names": "current" }), {
      timeout: 10_000,
      interval: 20,
    });
    const before = loads;
    const first = await models.read(dealerNames);
    expect(await models.read(dealerNames)).toBe(first);
    expect(loads).toBe(before);
  });

  it("show a change to one of the model's tables within seconds, and answer with queries until it is read again", async () => {
    await renameFirstDealer("Renamed Honda");
    // From the change until memory is read again, every read is a query: never older than the notification.
    await vi.waitFor(async () => expect((await models.read(dealerNames))[0]).toBe("Renamed Honda"), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(() => expect(models.states()["dealer-names"]).toBe("current"), { timeout: 10_000, interval: 20 });
    expect((await models.read(dealerNames))[0]).toBe("Renamed Honda");
  });

  it("share one query among the readers that come while memory is being read", async () => {
    let queries = 0;
    const slowNames = defineReadModel({
      name: "slow-dealer-names",
      tables: ["dealers"],
      load: async (db) => {
        queries += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return (await db.select({ name: dealers.dealerName }).from(dealers)).map((row) => row.name);
      },
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => models.read(slowNames)));
    expect(new Set(answers.map((names) => names.length)).size).toBe(1);
    expect(queries).toBe(1);
  });

  it("tell each subscriber only about its own tables", async () => {
    const heard: string[] = [];
    const unsubscribe = changes.subscribe(["dealers"], {
      onChange: (table) => heard.push(table),
      onLost: () => {},
      onListening: () => {},
    });
    try {
      await database.db.update(banners).set({ sortOrder: sql`${banners.sortOrder}` });
      await renameFirstDealer("Heard Honda");
      await vi.waitFor(() => expect(heard).toContain("dealers"), { timeout: 10_000, interval: 20 });
      expect(heard).toEqual(["dealers"]);
    } finally {
      unsubscribe();
    }
  });

  // Embedded PGlite listens inside the process, where the listener cannot be lost: PostgreSQL only.
  it.runIf(postgresServerUrl() !== undefined)(
    "answer with queries while the connection for notifications is lost, and from memory again once it is back",
    async () => {
      const listeners = await adminSelect(
        database.url!,
        "select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%data_changed%'",
        [],
      );
      await database.db.execute(sql`select pg_terminate_backend(${Number(listeners[0]!.pid)})`);
      await vi.waitFor(() => expect(models.states()["dealer-names"]).toBe("loading"), {
        timeout: 10_000,
        interval: 10,
      });
      // A change while nobody listens is still seen: reads are queries until memory is read again.
      await renameFirstDealer("Unheard Honda");
      expect((await models.read(dealerNames))[0]).toBe("Unheard Honda");
      await vi.waitFor(() => expect(models.states()["dealer-names"]).toBe("current"), {
        timeout: 20_000,
        interval: 20,
      });
      expect((await models.read(dealerNames))[0]).toBe("Unheard Honda");
    },
  );
});
