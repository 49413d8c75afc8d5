import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { type AppDeps, createApp } from "../../server/app.ts";
import { createLogger } from "../../server/logger.ts";
import { cloneTemplate } from "./template-db.ts";

export type TestServer = {
  database: DatabaseHandle;
  baseUrl: string;
  /** GET over real HTTP; answers the status, headers and parsed JSON body. */
  get(path: string): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
};

/**
 * The API served over real HTTP on a free loopback port, on this test file's own database; or on a database
 * the caller opened (e.g. two servers over one database), which close() then leaves open.
 */
export async function startTestServer(
  overrides: Partial<Omit<AppDeps, "db">> = {},
  shared?: { database: DatabaseHandle },
): Promise<TestServer> {
  const database = shared?.database ?? (await cloneTemplate(inject("databaseTemplate")));
  const app = createApp({ db: database.db, health: database, logger: createLogger("silent"), ...overrides });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    database,
    baseUrl,
    async get(path) {
      const response = await fetch(baseUrl + path);
      const text = await response.text();
      const isJson = (response.headers.get("content-type") ?? "").includes("json");
      return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!shared) await database.close();
    },
  };
}
