import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { openControlSocket } from "./control-socket.ts";
import { loadEnv } from "./env.ts";
import { operatorContext } from "./operations.ts";

let database: DatabaseHandle;
let dataDir: string;
let socketPath: string;
let control: { close(): Promise<void> };

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-control-"));
  socketPath = path.join(dataDir, "control.sock");
  const env = loadEnv({ DATA_DIR: dataDir });
  control = await openControlSocket(
    socketPath,
    operatorContext(env, database, capturingLogger().logger),
    capturingLogger().logger,
  );
});
afterAll(async () => {
  await control.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function call(body: string, headers: Record<string, string> = { "Content-Type": "application/json" }, method = "POST") {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const request = http.request({ socketPath, method, path: "/commands", headers }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("the server's operator socket", () => {
  it("is readable and writable by its owner only", async () => {
    expect((await fs.stat(socketPath)).mode & 0o777).toBe(0o600);
  });

  it("carries out a command and answers its output", async () => {
    const { status, body } = await call(JSON.stringify({ command: "leads.stats" }));
    expect(status).toBe(200);
    expect(body).toEqual({ stdout: "no leads yet\n", stderr: "", exitCode: 0 });
  });

  it("answers an unknown lead with the tool's message and exit code 1", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const { status, body } = await call(JSON.stringify({ command: "leads.show", id }));
    expect(status).toBe(200);
    expect(body).toEqual({ stdout: "", stderr: `no lead ${id}\n`, exitCode: 1 });
  });

  it("refuses bad requests with a clear status, never a 500", async () => {
    expect((await call("{not json")).status).toBe(400);
    expect((await call(JSON.stringify({ command: "leads.stats" }), { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await call("x".repeat(70_000))).status).toBe(413);
    // Far past the limit: the rest is read and dropped, so the client still gets its answer.
    expect((await call("x".repeat(2_000_000))).status).toBe(413);
    const invalid = await call(JSON.stringify({ command: "leads.show", id: "not-a-uuid" }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.fields).toHaveProperty("id");
    const relative = await call(JSON.stringify({ command: "backup", file: "relative.dump" }));
    expect(relative.status).toBe(422);
    expect(relative.body.fields).toHaveProperty("file");
    expect((await call(JSON.stringify({ command: "drop.everything" }))).status).toBe(422);
    expect((await call("", {}, "GET")).status).toBe(404);
  });

  it("survives a tool that goes away in the middle of sending its request", async () => {
    await new Promise<void>((resolve) => {
      const request = http.request({
        socketPath,
        method: "POST",
        path: "/commands",
        headers: { "Content-Type": "application/json", "Content-Length": "1000" },
      });
      request.on("error", () => resolve());
      request.write('{"command":');
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 100);
    });
    const { status } = await call(JSON.stringify({ command: "leads.stats" }));
    expect(status).toBe(200);
  });
});
