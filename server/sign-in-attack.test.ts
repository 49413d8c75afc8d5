import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";
import { createLogger } from "./logger.ts";

/**
 * An attacker script against the sign-in page over real HTTP, pages from the production build (`npm run build`
 * first): it keeps sending wrong passwords for an administrator's e-mail address from one client address after
 * another (behind a trusted proxy, X-Forwarded-For names the client), while the real person signs in.
 */
let database: DatabaseHandle;
let site: Awaited<ReturnType<typeof serveOverHttp>>;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  site = await serveOverHttp(
    createApp({
      db: database.db,
      logger: createLogger("silent"),
      trustProxy: true,
      // The guard's write allowance is raised: the throttling under test is the sign-in's own.
      rateLimiter: new MemoryRateLimiter(10_000, 600_000),
      ...(await builtSite()),
    }),
  );
});
afterAll(async () => {
  await site?.close();
  await database?.close();
});

/** The sign-in form as a browser posts it (no JavaScript), from `client`, with the browser's cookie if any. */
function signInForm(email: string, password: string, client: string, deviceCookie?: string) {
  return fetch(`${site.baseUrl}/staff/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.baseUrl,
      "X-Forwarded-For": client,
      ...(deviceCookie ? { Cookie: deviceCookie } : {}),
    },
    body: new URLSearchParams({ step: "password", email, password, next: "/staff" }),
  });
}

/** Signs in as the person does, checks the session works, and answers the known-device cookie the browser now keeps. */
async function realPersonSignsIn(email: string, client: string, deviceCookie?: string): Promise<string> {
  const response = await signInForm(email, TEST_STAFF_PASSWORD, client, deviceCookie);
  expect(response.status, `the real person's sign-in from ${client}`).toBe(302);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const session = cookies.find((cookie) => cookie.startsWith("staff="));
  const me = await fetch(`${site.baseUrl}/api/staff/me`, { headers: { Cookie: session ?? "" } });
  expect((await me.json()).label).toBe(email);
  return cookies.find((cookie) => cookie.startsWith("staff-device="))!;
}

/** One of the attacker's tries: its status, and the wait the page states when it is told to wait. */
async function attackerTries(email: string, client: string, guess: number) {
  const response = await signInForm(email, `Winter2026!guess${guess}`, client);
  const page = await response.text();
  if (response.status !== 429) return { status: response.status };
  const wait = Number(response.headers.get("retry-after"));
  const stated = /Too many attempts, try again in (\d+) seconds?/.exec(page)?.[1];
  return { status: 429, wait, stated: Number(stated) };
}

describe("an attacker who keeps failing at the administrator's e-mail address", () => {
  it("is slowed at each address, while the administrator's known browser signs in every time", async () => {
    const admin = "chief@attack.example";
    await createStaffUser(database.db, { email: admin, role: "group_admin", password: TEST_STAFF_PASSWORD });
    const office = "198.51.100.20";
    let device = await realPersonSignsIn(admin, office);
    let checked = 0;

    for (let round = 1; round <= 12; round++) {
      // From a new address each round, and from the office's own address (the same public address as the person).
      for (const client of [`203.0.113.${round}`, office]) {
        const tries = [];
        for (let guess = 1; guess <= 6; guess++) tries.push(await attackerTries(admin, client, round * 10 + guess));
        const refused = tries.filter((attempt) => attempt.status === 401).length;
        checked += refused;
        const delayed = tries.filter((attempt) => attempt.status === 429);
        // Never more than 5 guesses checked from one address; past them every try waits, and says how long.
        expect(refused, `round ${round}, ${client}`).toBeLessThanOrEqual(5);
        expect(delayed.length + refused).toBe(6);
        for (const { wait, stated } of delayed) {
          expect(wait).toBeGreaterThan(0);
          expect(stated).toBe(wait);
        }
      }
      device = await realPersonSignsIn(admin, office, device);
    }
    // Of 144 guesses from 13 addresses, about 50 were checked: past them every address waits.
    expect(checked).toBeGreaterThanOrEqual(50);
    expect(checked).toBeLessThanOrEqual(57);
    // 144 tries and 13 sign-ins, each a page answer, on a machine other tests share.
  }, 120_000);

  it("has each address's sixth guess wait 30 seconds, even with the right password", async () => {
    const admin = "owner@attack.example";
    await createStaffUser(database.db, { email: admin, role: "group_admin", password: TEST_STAFF_PASSWORD });
    const statuses = [];
    for (let guess = 1; guess <= 5; guess++) statuses.push((await attackerTries(admin, "203.0.113.100", guess)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const sixth = await attackerTries(admin, "203.0.113.100", 6);
    expect(sixth.status).toBe(429);
    expect(sixth.wait).toBeGreaterThanOrEqual(28);
    expect(sixth.wait).toBeLessThanOrEqual(30);
    // Even the right password waits: the try is counted before anything is checked.
    const right = await signInForm(admin, TEST_STAFF_PASSWORD, "203.0.113.100");
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it("does not delay a new device at another address while the account has had fewer than 50 failures", async () => {
    const admin = "director@attack.example";
    await createStaffUser(database.db, { email: admin, role: "group_admin", password: TEST_STAFF_PASSWORD });
    for (let client = 1; client <= 9; client++) {
      for (let guess = 1; guess <= 6; guess++) await attackerTries(admin, `192.0.2.${client}`, guess);
    }
    // 45 failures from nine addresses: the person's new phone, at home, mistypes once and signs in, unhindered.
    expect((await attackerTries(admin, "2001:db8:77::1", 1)).status).toBe(401);
    await realPersonSignsIn(admin, "2001:db8:77::1");
  });

  it("makes new devices wait once the account has had 50 failures from many addresses, but not the known one", async () => {
    const admin = "finance@attack.example";
    await createStaffUser(database.db, { email: admin, role: "group_admin", password: TEST_STAFF_PASSWORD });
    const device = await realPersonSignsIn(admin, "198.51.100.30");
    for (let client = 1; client <= 10; client++) {
      for (let guess = 1; guess <= 5; guess++) await attackerTries(admin, `192.0.2.${100 + client}`, guess);
    }
    const newDevice = await signInForm(admin, TEST_STAFF_PASSWORD, "198.51.100.31");
    expect(newDevice.status).toBe(429);
    expect(await newDevice.text()).toMatch(/Too many attempts, try again in \d+ seconds/);
    await realPersonSignsIn(admin, "198.51.100.31", device);
  });
});
