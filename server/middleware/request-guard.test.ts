import http from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { count } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { builtSite, serveOverHttp } from "../../tests/support/page-server.ts";
import { capturingLogger } from "../../tests/support/log-capture.ts";
import { createLogger } from "../logger.ts";
import { type RequestGuardOptions, requestGuard } from "./request-guard.ts";
import { DatabaseRateLimiter } from "../../core/shared/database-rate-limiter.server.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { enquiries, rateLimitWindows } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

const WINDOW_MS = 600_000;
/** A fixed moment in the middle of a window: windows are aligned to the clock, and a test must not straddle two. */
const MID_WINDOW = () => 1_800_000_000_000 + WINDOW_MS / 2;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(rateLimitWindows);
});

/** An empty enquiry: counted by the limiter, then refused with 422, so nothing is stored. */
async function postEnquiry(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/api/customer_enquiries`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: "{}",
  });
  await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get("Retry-After") };
}

async function twoServers(limit: number, trustProxy = false): Promise<[TestServer, TestServer]> {
  const start = () =>
    startTestServer(
      { rateLimiter: new DatabaseRateLimiter(database.db, limit, WINDOW_MS, MID_WINDOW), trustProxy },
      { database },
    );
  return [await start(), await start()];
}

describe("the POST rate limit with two app instances on one database", () => {
  it("counts a client's POSTs to either instance against one allowance", async () => {
    const [a, b] = await twoServers(3);
    try {
      expect((await postEnquiry(a)).status).toBe(422);
      expect((await postEnquiry(b)).status).toBe(422);
      expect((await postEnquiry(a)).status).toBe(422);
      const refused = await postEnquiry(b);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect((await postEnquiry(a)).status).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("the client address behind a proxy", () => {
  it("gives each X-Forwarded-For client its own allowance when TRUST_PROXY is on", async () => {
    const [a, b] = await twoServers(1, true);
    try {
      expect((await postEnquiry(a, { "X-Forwarded-For": "198.51.100.7, 10.0.0.1" })).status).toBe(422);
      expect((await postEnquiry(b, { "X-Forwarded-For": "198.51.100.7" })).status).toBe(429);
      expect((await postEnquiry(b, { "X-Forwarded-For": "198.51.100.8" })).status).toBe(422);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("counts an IPv6 client by its /64 network, so picking another address of it buys no new allowance", async () => {
    const [a, b] = await twoServers(1, true);
    try {
      expect((await postEnquiry(a, { "X-Forwarded-For": "2001:db8:1:2::10" })).status).toBe(422);
      expect((await postEnquiry(b, { "X-Forwarded-For": "2001:db8:1:2:abcd::99" })).status).toBe(429);
      expect((await postEnquiry(b, { "X-Forwarded-For": "2001:db8:1:3::10" })).status).toBe(422);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("ignores X-Forwarded-For when TRUST_PROXY is off, so a forged header does not buy a new allowance", async () => {
    const [a, b] = await twoServers(1, false);
    try {
      expect((await postEnquiry(a, { "X-Forwarded-For": "203.0.113.1" })).status).toBe(422);
      expect((await postEnquiry(b, { "X-Forwarded-For": "203.0.113.2" })).status).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

/** A staff-like API on the guard alone: a route declares its methods by registering them, and a larger body limit. */
function staffLikeApp(limit = 1_000) {
  const stored: string[] = [];
  const { logger, lines } = capturingLogger("warn");
  const app = new Hono();
  app.use(
    requestGuard({
      app,
      rateLimiter: new MemoryRateLimiter(limit, 600_000),
      clientAddress: () => "one client",
      siteUrl: "https://www.honda.example.co.za",
      logger,
      bodyLimits: [{ path: "/api/staff/photos/:id", maxBodyBytes: 256 * 1024 }],
    }),
  );
  const store = async (c: Context) => {
    stored.push(`${c.req.method} ${(await c.req.text()).length}`);
    return c.body(null, 204);
  };
  app.put("/api/staff/feeds/:id", store).delete("/api/staff/feeds/:id", store).post("/api/staff/photos/:id", store);
  return { app, stored, lines };
}

const json = (size = 2) => ({ "Content-Type": "application/json", body: `"${"x".repeat(Math.max(0, size - 2))}"` });

async function send(
  baseUrl: string,
  method: string,
  path: string,
  init: { body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const response = await fetch(baseUrl + path, {
    method,
    ...init,
    ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("the request guard on routes that declare their methods", () => {
  let site: Awaited<ReturnType<typeof serveOverHttp>>;
  let staff: ReturnType<typeof staffLikeApp>;
  beforeEach(async () => {
    staff = staffLikeApp(3);
    site = await serveOverHttp(staff.app);
  });
  afterEach(() => site.close());

  it("answers a method the route does not register with 405 and the Allow header of those it does", async () => {
    const { body, "Content-Type": type } = json();
    const refused = await send(site.baseUrl, "POST", "/api/staff/feeds/7", { body, headers: { "Content-Type": type } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("PUT, DELETE");
    expect(JSON.parse(refused.text)).toMatchObject({ status: 405 });
    expect((await send(site.baseUrl, "GET", "/api/staff/photos/7")).headers.get("allow")).toBe("POST");
    expect(staff.stored).toEqual([]);
    expect(staff.lines.join("")).toContain('"status":405');
  });

  it("counts PUT and DELETE against the same rate limit as POST", async () => {
    const { body } = json();
    const headers = { "Content-Type": "application/json" };
    expect((await send(site.baseUrl, "PUT", "/api/staff/feeds/1", { body, headers })).status).toBe(204);
    expect((await send(site.baseUrl, "DELETE", "/api/staff/feeds/1", { body, headers })).status).toBe(204);
    expect((await send(site.baseUrl, "POST", "/api/staff/photos/1", { body, headers })).status).toBe(204);
    const limited = await send(site.baseUrl, "DELETE", "/api/staff/feeds/1", { body, headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(staff.stored).toEqual(["PUT 2", "DELETE 2", "POST 2"]);
  });

  it("refuses a body over the limit from Content-Length and while streaming, and honours a route's larger limit", async () => {
    const headers = { "Content-Type": "application/json" };
    const big = json(100 * 1024).body;
    expect((await send(site.baseUrl, "PUT", "/api/staff/feeds/1", { body: big, headers })).status).toBe(413);
    const chunks = [new TextEncoder().encode(big.slice(0, 50_000)), new TextEncoder().encode(big.slice(50_000))];
    const stream = new ReadableStream<Uint8Array>({
      pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()!) : controller.close()),
    });
    expect((await send(site.baseUrl, "PUT", "/api/staff/feeds/1", { body: stream, headers })).status).toBe(413);
    expect(staff.stored).toEqual([]);
    expect((await send(site.baseUrl, "POST", "/api/staff/photos/1", { body: big, headers })).status).toBe(204);
    expect(
      (await send(site.baseUrl, "POST", "/api/staff/photos/1", { body: json(300 * 1024).body, headers })).status,
    ).toBe(413);
    expect(staff.stored).toEqual([`POST ${100 * 1024}`]);
  });

  it("refuses a write a browser sent from another site, whatever its type, and takes one from the site or a non-browser client", async () => {
    const form = (headers: Record<string, string>) =>
      send(site.baseUrl, "PUT", "/feeds", {
        body: "a=1",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      });
    const formApp = new Hono();
    formApp.use(
      requestGuard({
        app: formApp,
        rateLimiter: new MemoryRateLimiter(100, 600_000),
        clientAddress: () => "c",
        siteUrl: "https://www.honda.example.co.za",
        logger: createLogger("silent"),
      }),
    );
    formApp.put("/feeds", (c) => c.body(null, 204));
    await site.close();
    site = await serveOverHttp(formApp);
    expect((await form({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await form({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await form({ Origin: "null" })).status).toBe(403);
    expect((await form({ Origin: "https://evil.example", "Content-Type": "application/json" })).status).toBe(403);
    expect((await form({})).status).toBe(204);
    expect((await form({ Origin: "https://www.honda.example.co.za" })).status).toBe(204);
    expect((await form({ Origin: site.baseUrl })).status).toBe(204);
    expect((await form({ "Sec-Fetch-Site": "same-origin" })).status).toBe(204);
  });
});

const enquiryCount = async (site: TestServer) => (await site.database.db.select({ n: count() }).from(enquiries))[0]!.n;

/** The log's lines for the 400 and 415 answers to these paths: their level, method, path and status. */
function refusalsLogged(lines: string[], paths: string[]) {
  return lines
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === "request refused" && [400, 415].includes(line.status) && paths.includes(line.path))
    .map(({ level, method, path, status }) => ({ level, method, path, status }));
}

describe("the request guard in front of the site's pages", () => {
  let site: TestServer;
  const log = capturingLogger("warn");
  beforeAll(async () => {
    site = await startTestServer({
      ...(await builtSite()),
      rateLimiter: new MemoryRateLimiter(1_000, 600_000),
      logger: log.logger,
    });
  });
  afterAll(() => site.close());

  it("answers PUT, PATCH and DELETE of a complete booking with 405 and Allow, and stores nothing", async () => {
    const before = await enquiryCount(site);
    const slot = await firstFreeServiceSlot(site.baseUrl);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await send(site.baseUrl, method, "/service", {
        body: completeBooking(slot),
        headers: formHeaders(site.baseUrl),
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow"), method).toBe("GET, HEAD, POST");
    }
    expect(await enquiryCount(site)).toBe(before);
    // The same booking posted is taken, so the refusals above were about the method alone.
    expect(
      (
        await fetch(`${site.baseUrl}/service`, {
          method: "POST",
          body: completeBooking(slot),
          headers: formHeaders(site.baseUrl),
          redirect: "manual",
        })
      ).status,
    ).toBe(303);
    expect(await enquiryCount(site)).toBe(before + 1);
  });

  it("allows what each kind of route handles: a page without an action, static files, media and the API", async () => {
    expect((await send(site.baseUrl, "POST", "/used")).headers.get("allow")).toBe("GET, HEAD");
    expect((await send(site.baseUrl, "DELETE", "/dealer/honda-sandton/parts")).headers.get("allow")).toBe(
      "GET, HEAD, POST",
    );
    expect((await send(site.baseUrl, "PUT", "/favicon.ico")).headers.get("allow")).toBe("GET, HEAD");
    expect((await send(site.baseUrl, "PATCH", "/media/blog/x.svg")).headers.get("allow")).toBe("GET, HEAD");
    expect((await send(site.baseUrl, "DELETE", "/api/dealers/honda-sandton")).headers.get("allow")).toBe("GET, HEAD");
    expect((await send(site.baseUrl, "GET", "/api/customer_enquiries")).headers.get("allow")).toBe("POST");
  });

  it.each([
    "/%E0%A4",
    "/used/%C3%28",
    "/assets/%E0%A4.js",
    "/media/blog/%FF.svg",
    "/api/dealers/%E0%A4",
    "/used?make=%E0",
    "/blog/%00",
    "/healthz?probe=%zz",
    "/staff/stock/%E0%A4",
  ])("answers a malformed escape in %s with 400", async (path) => {
    const answer = await send(site.baseUrl, "GET", path);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/not valid/);
  });

  it("gives a browser the form back with a message for a JSON body (415) and an unreadable one (400)", async () => {
    const before = await enquiryCount(site);
    const asJson = await send(site.baseUrl, "POST", "/service", {
      body: "{}",
      headers: { "Content-Type": "application/json", Origin: site.baseUrl },
    });
    expect(asJson.status).toBe(415);
    expect(asJson.text).toContain("This form could not be read");
    expect(asJson.text).toContain('name="first_name"');
    const garbled = await send(site.baseUrl, "POST", "/service", {
      body: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: site.baseUrl },
    });
    expect(garbled.status).toBe(400);
    expect(garbled.text).toContain("What was sent could not be read");
    const finance = await send(site.baseUrl, "POST", "/finance", {
      body: "{}",
      headers: { "Content-Type": "application/json", Origin: site.baseUrl },
    });
    expect(finance.status).toBe(415);
    expect(finance.text).toContain("Your form could not be read");
    expect(await enquiryCount(site)).toBe(before);
    // The client's mistake, logged at warn without a stack; never at error.
    expect(refusalsLogged(log.lines, ["/service", "/finance"])).toEqual([
      { level: 40, method: "POST", path: "/service", status: 415 },
      { level: 40, method: "POST", path: "/service", status: 400 },
      { level: 40, method: "POST", path: "/finance", status: 415 },
    ]);
    expect(log.lines.filter((line) => JSON.parse(line).level >= 50 || line.includes('"stack"'))).toEqual([]);
  });
});

describe("early answers and a keep-alive client", () => {
  it("reads a refused body to its end before answering 413, so that a client still sending it reads the answer", async () => {
    const site = await startTestServer({ ...(await builtSite()), rateLimiter: new MemoryRateLimiter(1_000, 600_000) });
    const socket = net.connect(Number(new URL(site.baseUrl).port), "127.0.0.1");
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      const body = JSON.stringify({ message: "x".repeat(100 * 1024) });
      const half = Math.floor(body.length / 2);
      let answer = "";
      const errors: string[] = [];
      socket.on("data", (chunk) => (answer += chunk));
      socket.on("error", (error) => errors.push(error.message));
      const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.write(
        "POST /api/customer_enquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      // A client, or a proxy, still sending: the server answers once the body is in, not while it arrives.
      await sleep(300);
      const answeredBeforeTheRest = answer;
      socket.write(body.slice(half));
      await ended;
      expect({ answeredBeforeTheRest, errors }).toEqual({ answeredBeforeTheRest: "", errors: [] });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    } finally {
      socket.destroy();
      await site.close();
    }
  });

  it("lets the client's next request on its connection succeed after a 413, 415, 400, 405 and 429, with or without a body", async () => {
    // Four writes reach the allowance before the 429s: the two 400s, the 422 and the form's 415 (an API 415 and the 413s are refused before it is counted).
    const site = await startTestServer({ ...(await builtSite()), rateLimiter: new MemoryRateLimiter(4, 600_000) });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const json = { "Content-Type": "application/json" };
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      const early: [string, string, Record<string, string>, string, number][] = [
        ["POST", "/api/customer_enquiries", json, `{"message": "${"x".repeat(20_000)}`, 400],
        ["POST", "/service", { "Content-Type": "multipart/form-data; boundary=x" }, "garbage".repeat(3_000), 400],
        ["POST", "/api/customer_enquiries", json, "{}", 422],
        ["POST", "/api/customer_enquiries", json, JSON.stringify({ message: "x".repeat(300_000) }), 413],
        ["POST", "/service", form, `message=${"x".repeat(300_000)}`, 413],
        ["POST", "/api/customer_enquiries", { "Content-Type": "text/plain" }, "x".repeat(20_000), 415],
        ["POST", "/service", json, JSON.stringify({ message: "x".repeat(20_000) }), 415],
        ["POST", "/api/customer_enquiries", json, "{}", 429],
        ["POST", "/api/customer_enquiries", json, JSON.stringify({ message: "x".repeat(40_000) }), 429],
        ["PUT", "/service", { "Content-Type": "application/x-www-form-urlencoded" }, "a=".padEnd(30_000, "b"), 405],
        ["GET", "/%E0%A4", {}, "", 400],
      ];
      for (const [method, path, headers, body, status] of early) {
        expect((await agentRequest(agent, site.baseUrl, method, path, headers, body)).status, `${method} ${path}`).toBe(
          status,
        );
        expect((await agentRequest(agent, site.baseUrl, "GET", "/api/dealers", {}, "")).status, `after ${status}`).toBe(
          200,
        );
      }
    } finally {
      agent.destroy();
      await site.close();
    }
  });
});

function agentRequest(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
) {
  return new Promise<{ status: number }>((resolve, reject) => {
    const request = http.request(
      baseUrl + path,
      { method, agent, headers: body ? { ...headers, "Content-Length": String(Buffer.byteLength(body)) } : headers },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode! }));
      },
    );
    request.on("error", reject);
    request.end(body || undefined);
  });
}

function formHeaders(origin: string) {
  return { "Content-Type": "application/x-www-form-urlencoded", Origin: origin };
}

/** The first time Honda Sandton takes a service booking (a booking names its time), e.g. 2026-12-01T07:30:00+02:00. */
async function firstFreeServiceSlot(baseUrl: string): Promise<string> {
  const slots = (await (await fetch(`${baseUrl}/api/dealers/honda-sandton/slots?type=service`)).json()) as {
    "hydra:member": { start: string }[];
  };
  return slots["hydra:member"][0]!.start;
}

function completeBooking(slotStart: string): string {
  return new URLSearchParams({
    first_name: "Ayanda",
    last_name: "Khumalo",
    email: "ayanda.khumalo@example.co.za",
    cell_phone: "083 444 1212",
    make: "Honda",
    model: "Jazz",
    year: "2018",
    message: "A service, please.",
    dealer_slug: "honda-sandton",
    contact: "on",
    terms: "on",
    appointment_date: slotStart.slice(0, 10),
    appointment_time: slotStart.slice(11, 16),
    website: "",
    idempotency_key: crypto.randomUUID(),
    rendered_at: String(Date.now() - 120_000),
  }).toString();
}

describe("the request guard's turns for uploads", () => {
  /** An app whose route /upload takes multipart uploads of up to 1 MB, behind a guard with these turns. */
  function uploadApp(turns: Pick<RequestGuardOptions, "uploadLimits" | "isStaffWrite">): Hono {
    const app = new Hono();
    app.use(
      requestGuard({
        app,
        rateLimiter: new MemoryRateLimiter(100, 600_000),
        clientAddress: () => "c",
        siteUrl: "https://www.honda.example.co.za",
        logger: capturingLogger("warn").logger,
        bodyLimits: [{ path: "/upload", maxBodyBytes: 1024 * 1024 }],
        ...turns,
      }),
    );
    return app;
  }

  it("serves a few multipart uploads at once, lets others wait, and refuses one more with 503 and Retry-After", async () => {
    const app = uploadApp({ uploadLimits: { concurrency: 1, maxWaiting: 1, maxWaitMs: 60_000, retryAfterSeconds: 7 } });
    let entered: () => void = () => undefined;
    const firstEntered = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let served = 0;
    app.post("/upload", async (c) => {
      served += 1;
      if (served === 1) {
        entered();
        await released;
      }
      await c.req.formData();
      return c.body(null, 204);
    });
    const site = await serveOverHttp(app);
    const upload = () => {
      const form = new FormData();
      form.append("photos", new Blob(["front"]), "front.jpg");
      return send(site.baseUrl, "POST", "/upload", { body: form });
    };
    try {
      const first = upload();
      await firstEntered;
      const waiting = upload();
      const refused = await upload();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("7");
      expect(refused.text).toContain("Please wait a minute and send the form again");
      release();
      expect((await first).status).toBe(204);
      expect((await waiting).status).toBe(204);
      expect(served).toBe(2);
    } finally {
      await site.close();
    }
  });

  it("gives signed-in staff turns of their own: anonymous uploads holding every turn keep no staff photo waiting", async () => {
    const app = uploadApp({
      uploadLimits: { concurrency: 1, maxWaiting: 0, maxWaitMs: 60_000, retryAfterSeconds: 7 },
      isStaffWrite: async (c) => c.req.header("Cookie") === "staff=signed-in",
    });
    let entered: () => void = () => undefined;
    const anonymousEntered = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.post("/upload", async (c) => {
      if (!c.req.header("Cookie")) {
        entered();
        await released;
      }
      await c.req.formData();
      return c.body(null, 204);
    });
    const site = await serveOverHttp(app);
    const upload = (headers: Record<string, string> = {}) => {
      const form = new FormData();
      form.append("photos", new Blob(["front"]), "front.jpg");
      return send(site.baseUrl, "POST", "/upload", { body: form, headers });
    };
    try {
      const anonymous = upload();
      await anonymousEntered;
      expect((await upload()).status).toBe(503);
      expect((await upload({ Cookie: "staff=signed-in" })).status).toBe(204);
      release();
      expect((await anonymous).status).toBe(204);
    } finally {
      await site.close();
    }
  });
});
