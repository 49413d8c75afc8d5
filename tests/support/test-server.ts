import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { serve } from "@hono/node-server";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { type AppDeps, createApp } from "../../server/app.ts";
import { createLogger } from "../../server/logger.ts";
import { ApiContract } from "./api-contract.ts";
import { cloneTemplate } from "./template-db.ts";

export type TestServer = {
  database: DatabaseHandle;
  baseUrl: string;
  /** GET over real HTTP; answers the status, headers and parsed JSON body. */
  get(path: string): Promise<{ status: number; headers: Headers; body: any }>;
  /** How the API's answers so far departed from its OpenAPI document (close() fails the file on any). */
  contractProblems(): Promise<string[]>;
  close(): Promise<void>;
};

/**
 * The API served over real HTTP on a free loopback port, on this test file's own database; or on a database
 * the caller opened (e.g. two servers over one database), which close() then leaves open. Every answer under
 * /api is checked against the API's own OpenAPI document (tests/support/api-contract.ts): a status, header
 * or body the document does not describe fails the test file at close(), listing each departure.
 */
export async function startTestServer(
  overrides: Partial<Omit<AppDeps, "db">> = {},
  shared?: { database: DatabaseHandle },
): Promise<TestServer> {
  const database = shared?.database ?? (await cloneTemplate(inject("databaseTemplate")));
  const app = createApp({ db: database.db, health: database, logger: createLogger("silent"), ...overrides });
  const contract = new ApiContract((await (await app.request("/api/docs.json")).json()) as ApiContract["document"]);
  const checks: Promise<string[]>[] = [];
  const server = serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: async (request, env) => {
      const response = await app.fetch(request, env);
      if (new URL(request.url).pathname.startsWith("/api"))
        checks.push(checkAgainst(contract, request, response.clone()));
      return response;
    },
  });
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
    async contractProblems() {
      return (await Promise.all(checks)).flat();
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!shared) await database.close();
      const problems = (await Promise.all(checks)).flat();
      if (problems.length > 0) {
        throw new Error(
          `${problems.length} answers departed from /api/docs.json:\n${[...new Set(problems)].slice(0, 30).join("\n")}`,
        );
      }
    },
  };
}

async function checkAgainst(contract: ApiContract, request: Request, response: Response): Promise<string[]> {
  const body = decoded(
    Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0))),
    response.headers.get("content-encoding"),
  );
  return contract.check(request.method, request.url, { status: response.status, headers: response.headers, body });
}

/** The body as the client reads it: the app compresses text answers (server/middleware/caching.ts). */
function decoded(bytes: Buffer, encoding: string | null): string {
  if (bytes.length === 0) return "";
  if (encoding === "br") return zlib.brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}
