import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { UsedStock } from "../core/inventory/used-stock.server.ts";
import { ChangeNotifications } from "../core/shared/change-notifications.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("health checks", () => {
  it("answers /healthz while the process is up", async () => {
    expect(await server.get("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  it("answers /readyz 200 when the database answers and every migration is applied", async () => {
    expect(await server.get("/readyz")).toMatchObject({
      status: 200,
      body: { status: "ready", usedStock: "database" },
    });
  });
});

describe("the used listing held in memory", () => {
  it("is reported by /readyz once read, and answers the API exactly as the database does", async () => {
    const database = await cloneTemplate(inject("databaseTemplate"));
    const usedStock = new UsedStock(database.db);
    const changes = new ChangeNotifications();
    const fromMemory = await startTestServer({ usedStock }, { database });
    const fromDatabase = await startTestServer({}, { database });
    try {
      await changes.start(database);
      usedStock.watch(changes);
      await vi.waitFor(async () => expect((await fromMemory.get("/readyz")).body.usedStock).toBe("current"), {
        timeout: 20_000,
        interval: 50,
      });
      for (const path of [
        "/api/vehicles",
        "/api/vehicles?order[price]=asc&page=2",
        "/api/vehicles?make_slug=honda&fuelType[]=Petrol&order[mileage]=desc",
      ]) {
        const answer = await fromMemory.get(path);
        expect(answer.status).toBe(200);
        expect(answer.body["hydra:member"].length).toBeGreaterThan(0);
        expect(answer.body).toEqual((await fromDatabase.get(path)).body);
      }
    } finally {
      await fromMemory.close();
      await fromDatabase.close();
      await usedStock.stop();
      await changes.stop();
      await database.close();
    }
  });
});

describe("a database that cannot be reached", () => {
  it("answers the API with 503 JSON and Retry-After, and /readyz with 503, never a 500", async () => {
    const broken = await startTestServer({
      health: {
        ping: () =>
          Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
        pendingMigrations: () => Promise.resolve(0),
      },
    });
    try {
      await broken.database.close();
      const api = await broken.get("/api/dealers");
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("30");
      expect(api.body).toMatchObject({ status: 503, title: expect.stringMatching(/unavailable/i) });
      expect(JSON.stringify(api.body)).not.toMatch(/ECONNREFUSED|PGlite|at \//);
      expect((await broken.get("/readyz")).status).toBe(503);
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
