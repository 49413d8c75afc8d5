import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { DatabaseRateLimiter } from "../../core/shared/database-rate-limiter.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { rateLimitWindows } from "../../db/schema.ts";
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
    startTestServer({ rateLimiter: new DatabaseRateLimiter(database.db, limit, WINDOW_MS, MID_WINDOW), trustProxy }, { database });
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
