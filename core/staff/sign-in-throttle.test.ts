import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { signInFailures } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { createStaffUser, TEST_STAFF_PASSWORD } from "../../tests/support/staff.ts";
import { LinkSigner } from "../appointments/links.server.ts";
import { KnownDevices } from "./known-devices.server.ts";
import { type SignInOutcome, signIn } from "./sign-in.server.ts";
import { FAILURE_WINDOW_MS, SignInThrottle } from "./sign-in-throttle.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

/** A clock the test moves; it starts at an odd moment, so that nothing can line up with the quarter-hour. */
function clock(start = Date.UTC(2026, 10, 25, 8, 7, 13, 500)) {
  let now = start;
  return { now: () => now, date: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A throttle on a clock of its own, with the server's way of signing known-device cookies. */
function throttleOn(time = clock(), maxClientFailures?: number) {
  const devices = new KnownDevices(LinkSigner.ephemeral());
  return { time, throttle: new SignInThrottle(database.db, { devices, now: time.now, maxClientFailures }) };
}

type Setup = ReturnType<typeof throttleOn>;

function attempt(
  { throttle, time }: Setup,
  email: string,
  password: string,
  clientAddress: string,
  deviceCookie?: string,
): Promise<SignInOutcome> {
  return signIn(database.db, throttle, { email, password, clientAddress, deviceCookie }, time.date());
}

const wrong = (n: number) => `not the password, guess ${n}`;

async function account(email: string) {
  await createStaffUser(database.db, { email, role: "group_admin", password: TEST_STAFF_PASSWORD });
  return email;
}

/** Signs in as the real person does, and answers the known-device cookie the browser keeps. */
async function knownDevice(setup: Setup, email: string, clientAddress: string, deviceCookie?: string) {
  const outcome = await attempt(setup, email, TEST_STAFF_PASSWORD, clientAddress, deviceCookie);
  if (outcome.kind !== "signed-in") throw new Error(`expected to sign in, got ${JSON.stringify(outcome)}`);
  return outcome.deviceCookie;
}

describe("failed sign-ins from a client that has never signed in", () => {
  it("are answered with waits, 30 seconds then twice as long each time up to 15 minutes, even for the right password", async () => {
    const email = await account("doubling@example.co.za");
    const setup = throttleOn();
    for (let failure = 1; failure <= 5; failure++) {
      expect(await attempt(setup, email, wrong(failure), "198.51.100.10"), `failure ${failure}`).toEqual({
        kind: "refused",
      });
    }
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const held = await attempt(setup, email, TEST_STAFF_PASSWORD, "198.51.100.10");
      if (held.kind !== "throttled") throw new Error(`round ${round}: expected a wait, got ${held.kind}`);
      waits.push(held.retryAfterSeconds);
      setup.time.advance(held.retryAfterSeconds * SECOND);
      expect(await attempt(setup, email, wrong(10 + round), "198.51.100.10")).toEqual({ kind: "refused" });
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900]);
    expect(await attempt(setup, email, TEST_STAFF_PASSWORD, "198.51.100.10")).toEqual({
      kind: "throttled",
      retryAfterSeconds: 900,
    });
  });

  it("are forgotten an hour after the first of them, not at a time the clock sets", async () => {
    const email = await account("forgotten@example.co.za");
    const setup = throttleOn(clock(Date.UTC(2026, 10, 25, 9, 52, 41, 250)));
    for (let failure = 1; failure <= 5; failure++) await attempt(setup, email, wrong(failure), "198.51.100.11");
    // 59 minutes later, after waiting out each delay, the next wait would pass the hour: it ends with the hour.
    setup.time.advance(30 * SECOND);
    await attempt(setup, email, wrong(6), "198.51.100.11");
    setup.time.advance(59 * MINUTE - 30 * SECOND);
    expect(await attempt(setup, email, wrong(7), "198.51.100.11")).toEqual({ kind: "refused" });
    expect(await attempt(setup, email, TEST_STAFF_PASSWORD, "198.51.100.11")).toEqual({
      kind: "throttled",
      retryAfterSeconds: 60,
    });
    setup.time.advance(60 * SECOND);
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "198.51.100.11")).kind).toBe("signed-in");
  });

  it("hold back only the client that made them: another client signs in to the same account at once", async () => {
    const email = await account("two-clients@example.co.za");
    const setup = throttleOn();
    for (let failure = 1; failure <= 5; failure++) await attempt(setup, email, wrong(failure), "203.0.113.20");
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.20")).kind).toBe("throttled");
    expect(await attempt(setup, email, wrong(6), "203.0.113.21")).toEqual({ kind: "refused" });
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.21")).kind).toBe("signed-in");
  });

  it("count an IPv6 client by its /64: another address of the same network waits too", async () => {
    const email = await account("ipv6@example.co.za");
    const setup = throttleOn();
    for (let failure = 1; failure <= 5; failure++)
      await attempt(setup, email, wrong(failure), `2001:db8:1:2::${failure.toString(16)}`);
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "2001:db8:1:2:ffff::1")).kind).toBe("throttled");
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "2001:db8:1:3::1")).kind).toBe("signed-in");
  });
});

describe("failed sign-ins", () => {
  it("of one client across accounts count against its allowance (STAFF_SIGN_IN_CLIENT_FAILURES), however many accounts it tries", async () => {
    const setup = throttleOn(clock(), 8);
    for (let office = 1; office <= 8; office++) {
      await account(`office${office}@example.co.za`);
      expect(
        await attempt(setup, `office${office}@example.co.za`, "a mistyped passphrase", "203.0.113.40"),
        `failure ${office} from the office`,
      ).toEqual({ kind: "refused" });
    }
    expect(await attempt(setup, "office1@example.co.za", TEST_STAFF_PASSWORD, "203.0.113.40")).toEqual({
      kind: "throttled",
      retryAfterSeconds: 30,
    });
    // Another client is not held back by this one.
    expect((await attempt(setup, "office1@example.co.za", TEST_STAFF_PASSWORD, "203.0.113.41")).kind).toBe("signed-in");
  });

  it("of many clients together make every unknown device wait once the account has had 50, but never a known device", async () => {
    const email = await account("besieged@example.co.za");
    const setup = throttleOn();
    const device = await knownDevice(setup, email, "198.51.100.99");
    for (let client = 1; client <= 10; client++) {
      for (let failure = 1; failure <= 5; failure++) {
        expect(await attempt(setup, email, wrong(failure), `192.0.2.${client}`), `client ${client}`).toEqual({
          kind: "refused",
        });
      }
    }
    // 50 failures from ten clients: an eleventh client that never failed waits, as every unknown device now does.
    expect(await attempt(setup, email, TEST_STAFF_PASSWORD, "192.0.2.200")).toEqual({
      kind: "throttled",
      retryAfterSeconds: 30,
    });
    // The person's own browser does not, wherever it is.
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "192.0.2.201", device)).kind).toBe("signed-in");
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "192.0.2.1", device)).kind).toBe("signed-in");
  });

  it("of other clients below the account's 50 do not delay a new device at another address", async () => {
    const email = await account("new-phone@example.co.za");
    const setup = throttleOn();
    for (let client = 1; client <= 9; client++) {
      for (let failure = 1; failure <= 6; failure++)
        await attempt(setup, email, wrong(failure), `192.0.2.${100 + client}`);
    }
    expect(await attempt(setup, email, wrong(1), "192.0.2.150")).toEqual({ kind: "refused" });
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "192.0.2.150")).kind).toBe("signed-in");
  });

  it("are counted before the password is checked: of 20 sent at the same moment, 5 are checked", async () => {
    const email = await account("burst@example.co.za");
    const setup = throttleOn();
    // Four sign-ins first: successes take nothing from the allowance.
    for (let round = 1; round <= 4; round++) {
      expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "192.0.2.77")).kind).toBe("signed-in");
    }
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(setup, email, wrong(i), "192.0.2.77")),
    );
    expect(burst.filter((outcome) => outcome.kind === "refused")).toHaveLength(5);
    expect(burst.filter((outcome) => outcome.kind === "throttled")).toHaveLength(15);
  });
});

describe("a known device", () => {
  it("signs in while strangers have used every allowance of the account and of its own client address", async () => {
    const email = await account("known@example.co.za");
    const setup = throttleOn();
    let device = await knownDevice(setup, email, "203.0.113.50");
    for (let round = 1; round <= 12; round++) {
      // A stranger at the person's own address, and another elsewhere each round.
      for (const client of ["203.0.113.50", `198.51.100.${round}`]) {
        for (let failure = 1; failure <= 6; failure++) await attempt(setup, email, wrong(failure), client);
      }
      expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.50")).kind, `round ${round}`).toBe(
        "throttled",
      );
      device = await knownDevice(setup, email, "203.0.113.50", device);
      setup.time.advance(MINUTE);
    }
  });

  it("has an allowance of its own: 5 failures, then it waits, and nobody else does", async () => {
    const email = await account("mistyped@example.co.za");
    const setup = throttleOn();
    const device = await knownDevice(setup, email, "203.0.113.60");
    for (let failure = 1; failure <= 5; failure++) {
      expect(await attempt(setup, email, wrong(failure), "203.0.113.60", device)).toEqual({ kind: "refused" });
    }
    expect(await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.60", device)).toEqual({
      kind: "throttled",
      retryAfterSeconds: 30,
    });
    // The same address without the cookie is judged on the allowances of unknown devices, untouched.
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.60")).kind).toBe("signed-in");
    setup.time.advance(30 * SECOND);
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.60", device)).kind).toBe("signed-in");
  });

  it("is one whose cookie was issued for this account, unaltered and unexpired; any other counts as unknown", async () => {
    const email = await account("bound@example.co.za");
    const other = await account("someone-else@example.co.za");
    const setup = throttleOn();
    const device = await knownDevice(setup, email, "203.0.113.70");
    const othersDevice = await knownDevice(setup, other, "203.0.113.71");
    const [nonce, expires, signature] = device.split(".");
    const forged = [
      othersDevice,
      `${nonce}.${Number(expires) + 86_400}.${signature}`,
      `${nonce!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}.${expires}.${signature}`,
      "garbage",
    ];
    // Each forged cookie is tried from the address strangers made wait: none of them gets round the wait.
    for (let failure = 1; failure <= 5; failure++) await attempt(setup, email, wrong(failure), "203.0.113.72");
    for (const cookie of forged) {
      expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.72", cookie)).kind).toBe("throttled");
    }
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.72", device)).kind).toBe("signed-in");
    // A year later the cookie has expired.
    setup.time.advance(366 * 86_400_000);
    for (let failure = 1; failure <= 5; failure++) await attempt(setup, email, wrong(failure), "203.0.113.72");
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.72", device)).kind).toBe("throttled");
  });

  it("keeps the tokens of several accounts signed in on one browser, and no address or name in the cookie", async () => {
    const setup = throttleOn();
    let cookie: string | undefined;
    const emails = ["reception1@example.co.za", "reception2@example.co.za", "reception3@example.co.za"];
    for (const email of emails) cookie = await knownDevice(setup, await account(email), "203.0.113.80", cookie);
    expect(cookie).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}(~[\w-]{22}\.\d+\.[\w-]{43}){2}$/);
    for (const email of emails) {
      for (let failure = 1; failure <= 5; failure++) await attempt(setup, email, wrong(failure), "203.0.113.81");
      expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.81", cookie)).kind, email).toBe("signed-in");
    }
  });
});

describe("the failure counts", () => {
  it("are shared through the database: a second throttle on it sees the first one's counts", async () => {
    const email = await account("shared@example.co.za");
    const time = clock();
    const first = throttleOn(time);
    const second = throttleOn(time);
    for (let failure = 1; failure <= 5; failure++) await attempt(first, email, wrong(failure), "203.0.113.90");
    expect((await attempt(second, email, TEST_STAFF_PASSWORD, "203.0.113.90")).kind).toBe("throttled");
  });

  it("answer every sign-in of a crowd sent at once to several accounts from several clients, right and wrong alike", async () => {
    const setup = throttleOn(clock(), 100);
    const emails = [await account("crowd1@example.co.za"), await account("crowd2@example.co.za")];
    const crowd = emails.flatMap((email) =>
      ["203.0.113.120", "203.0.113.121", "2001:db8:5::1"].flatMap((client) =>
        [TEST_STAFF_PASSWORD, wrong(1), TEST_STAFF_PASSWORD, wrong(2)].map((password) => ({ email, client, password })),
      ),
    );
    const outcomes = await Promise.all(
      crowd.map(({ email, client, password }) => attempt(setup, email, password, client)),
    );
    const answers = crowd.map(({ password }, i) => `${password === TEST_STAFF_PASSWORD} ${outcomes[i]!.kind}`);
    expect(answers.filter((answer) => answer === "true signed-in")).toHaveLength(12);
    expect(answers.filter((answer) => answer === "false refused")).toHaveLength(12);
  });

  it("leave nothing behind for an attempt told to wait, whatever address it names", async () => {
    const setup = throttleOn();
    for (let failure = 1; failure <= 5; failure++)
      await attempt(setup, `sprayed${failure}@example.co.za`, wrong(failure), "203.0.113.95");
    for (let spray = 1; spray <= 10; spray++) {
      expect((await attempt(setup, `made-up-${spray}@example.co.za`, wrong(spray), "203.0.113.95")).kind).toBe(
        "throttled",
      );
    }
    const keys = (await database.db.select({ key: signInFailures.key }).from(signInFailures)).map((row) => row.key);
    expect(keys.filter((key) => key.includes("made-up-"))).toEqual([]);
  });

  it("start their window with the first failure, and forget them all an hour after it", async () => {
    const email = await account("window@example.co.za");
    const time = clock(Date.UTC(2026, 10, 26, 14, 3, 7, 0));
    const setup = throttleOn(time);
    const firstFailure = time.now();
    await attempt(setup, email, wrong(1), "203.0.113.91");
    const rows = (await database.db.select().from(signInFailures)).filter((row) => row.key.includes(email));
    expect(rows.map((row) => row.windowStartedAt.getTime())).toEqual([firstFailure, firstFailure]);
    time.advance(59 * MINUTE);
    for (let failure = 2; failure <= 5; failure++) await attempt(setup, email, wrong(failure), "203.0.113.91");
    expect(await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.91")).toEqual({
      kind: "throttled",
      retryAfterSeconds: 30,
    });
    // The hour after the first failure is over: the four made a minute ago are forgotten with it.
    time.advance(FAILURE_WINDOW_MS - 59 * MINUTE);
    for (let failure = 1; failure <= 5; failure++) {
      expect(await attempt(setup, email, wrong(failure), "203.0.113.91"), `failure ${failure}`).toEqual({
        kind: "refused",
      });
    }
    expect((await attempt(setup, email, TEST_STAFF_PASSWORD, "203.0.113.91")).kind).toBe("throttled");
  });
});
