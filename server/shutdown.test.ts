import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { enquiries } from "../db/schema.ts";
import { startAppProcess } from "../tests/support/app-process.ts";
import { cloneTemplate, copyTemplateTo } from "../tests/support/template-db.ts";

const EMAIL = `shutdown.${Date.now()}@example.co.za`;
const ENQUIRY = JSON.stringify({
  form_name: "New Vehicles",
  lead_type: "New Vehicles",
  first_name: "Thandi",
  last_name: "Nkosi",
  email: EMAIL,
  cell_phone: "072 815 9130",
  make: "Honda",
  model: "CR-V",
  variant: "1.5T Comfort CVT",
  message: "Sent while the server was asked to stop.",
  contact: true,
  terms: true,
  dealer_slug: "honda-umhlanga",
  uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
});

/**
 * The real server (`npm run serve`'s entry, as its own process) gets SIGTERM while a visitor's enquiry is
 * still being uploaded: it refuses new connections at once, answers the enquiry, stores it, and exits 0
 * (it exits 1 when it cannot finish within its limit).
 */
describe("the server stopped with SIGTERM", () => {
  let env: Record<string, string>;
  let reopen: () => Promise<DatabaseHandle>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const template = inject("databaseTemplate");
    if (template.kind === "postgres") {
      const database = await cloneTemplate(template);
      env = { DATABASE_URL: database.url! };
      reopen = () => openDatabase({ databaseUrl: database.url! });
      cleanup = () => database.close();
    } else {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-shutdown-"));
      await (await copyTemplateTo(path.join(dataDir, "pglite"))).close();
      env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      reopen = () => openDatabase({ dataDir });
      cleanup = () => fs.rm(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup());

  it("finishes the request in flight, refuses new connections and exits 0", async () => {
    const app = await startAppProcess({
      ...env,
      LEAD_DELIVERY: "on",
      LEAD_DELIVERY_INTERVAL_MS: "50",
      LOG_LEVEL: "info",
    });
    const port = Number(new URL(app.baseUrl).port);
    const exitCode = new Promise<number | null>((resolve) => app.child.once("exit", (code) => resolve(code)));

    const inFlight = startUpload(port, ENQUIRY);
    await inFlight.accepted;
    app.child.kill("SIGTERM");
    await waitForOutput(app.output, /"msg":"shutting down"/);

    expect(await connectionRefused(port)).toBe(true);

    const answer = await inFlight.finish();
    expect(answer.status).toBe(201);
    const acknowledged = JSON.parse(answer.body) as { "@type": string; id: string };
    expect(acknowledged["@type"]).toBe("CustomerEnquiry");

    expect(await exitCode).toBe(0);
    expect(app.output()).toMatch(/"msg":"shut down"/);

    const database = await reopen();
    try {
      const stored = await database.db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.email, EMAIL));
      expect(stored).toEqual([{ id: acknowledged.id }]);
    } finally {
      await database.close();
    }
  }, 90_000);
});

/**
 * A POST that asks to continue before it sends its body: once the server answers "100 Continue" it has the
 * request in hand, and the request stays in flight until finish() sends the body.
 */
function startUpload(port: number, body: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/customer_enquiries",
    headers: {
      "Content-Type": "application/ld+json",
      Accept: "application/ld+json",
      "Content-Length": Buffer.byteLength(body),
      Expect: "100-continue",
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.once("error", reject);
  });
  const accepted = new Promise<void>((resolve) => request.once("continue", () => resolve()));
  request.flushHeaders();
  return {
    accepted,
    finish() {
      request.end(body);
      return answer;
    },
  };
}

/** True when a new TCP connection to the port is refused (tried for up to five seconds). */
async function connectionRefused(port: number): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function waitForOutput(output: () => string, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!pattern.test(output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the server's output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
