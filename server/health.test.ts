import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    expect(await server.get("/readyz")).toMatchObject({ status: 200, body: { status: "ready" } });
  });
});

describe("a database that cannot be reached", () => {
  it("answers the API with 503 JSON and Retry-After, and /readyz with 503, never a 500", async () => {
    const broken = await startTestServer({
      health: {
        ping: () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
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
