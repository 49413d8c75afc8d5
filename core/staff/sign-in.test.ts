import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { staffSessions, staffUsers } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { createStaffUser, TEST_STAFF_PASSWORD } from "../../tests/support/staff.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.server.ts";
import { createSession, endSession, resolveSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./sessions.server.ts";
import { completeSecondFactor, signIn } from "./sign-in.server.ts";
import { SignInThrottle } from "./sign-in-throttle.server.ts";
import { hashToken } from "./tokens.server.ts";
import { newTotpSecret, totpCodeAt } from "./totp.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

/** A clock the test moves (sessions' idle and absolute limits). */
function clock(start = Date.UTC(2026, 10, 25, 8, 0, 0)) {
  let now = start;
  return { now: () => now, date: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("passwords", () => {
  it("are hashed with argon2id, salted, and verified", async () => {
    const first = await hashPassword(TEST_STAFF_PASSWORD);
    const second = await hashPassword(TEST_STAFF_PASSWORD);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(TEST_STAFF_PASSWORD);
    expect(await verifyPassword(first, TEST_STAFF_PASSWORD)).toBe(true);
    expect(await verifyPassword(first, "correct horse battery stapler")).toBe(false);
    expect(await verifyPassword("not a hash", TEST_STAFF_PASSWORD)).toBe(false);
  });

  it("refuse short, e-mail and easily guessed passwords, saying why in zxcvbn's words", async () => {
    expect(await passwordProblem("short pass", "a@example.co.za")).toBe("Use at least 12 characters");
    expect(await passwordProblem("thandi.nkosi@example.co.za", "Thandi.Nkosi@example.co.za")).toMatch(/e-mail address/);
    expect(await passwordProblem("thandi.nkosi", "thandi.nkosi@example.co.za")).toMatch(/e-mail address/);
    for (const common of ["Password123456", "qwerty1234567890", "Honda1234567890", "Password1234"]) {
      expect(await passwordProblem(common, "a@example.co.za"), common).toMatch(
        /^This is similar to a commonly used password\. .*Add more words that are less common\./,
      );
    }
    expect(await passwordProblem("aaaaaaaaaaaaaaa", "a@example.co.za")).toMatch(
      /^Repeated characters like "aaa" are easy to guess\./,
    );
    // The site's words and the person's own name count as known words.
    expect(await passwordProblem("HondaDealerGroup!", "a@example.co.za")).not.toBeNull();
    expect(await passwordProblem("thandi.nkosi2026!", "thandi.nkosi@example.co.za")).toMatch(
      /personal or page related data/,
    );
    expect(await passwordProblem(TEST_STAFF_PASSWORD, "thandi.nkosi@example.co.za")).toBeNull();
  });
});

describe("sessions", () => {
  it("keep only a hash of the token, and end after 30 minutes idle", async () => {
    const { id } = await createStaffUser(database.db, { email: "idle@example.co.za", role: "content_editor" });
    const time = clock();
    const session = await createSession(database.db, id, time.date());
    const stored = await database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, id));
    expect(stored.map((row) => row.tokenHash)).toEqual([hashToken(session.token)]);
    expect(JSON.stringify(stored)).not.toContain(session.token);

    time.advance(SESSION_IDLE_MS - 1_000);
    expect((await resolveSession(database.db, session.token, time.date()))?.actor).toEqual({
      id,
      label: "idle@example.co.za",
      role: "content_editor",
      dealerIds: [],
    });
    // Seen just now: the idle limit counts from this request.
    time.advance(SESSION_IDLE_MS - 1_000);
    expect(await resolveSession(database.db, session.token, time.date())).not.toBeNull();
    time.advance(SESSION_IDLE_MS);
    expect(await resolveSession(database.db, session.token, time.date())).toBeNull();
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, id))).toEqual([]);
  });

  it("end 12 hours after sign-in however busy the person is", async () => {
    const { id } = await createStaffUser(database.db, { email: "busy@example.co.za", role: "content_editor" });
    const time = clock();
    const session = await createSession(database.db, id, time.date());
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - SESSION_IDLE_MS; elapsed += 20 * 60_000) {
      time.advance(20 * 60_000);
      expect(await resolveSession(database.db, session.token, time.date())).not.toBeNull();
    }
    time.advance(SESSION_ABSOLUTE_MS);
    expect(await resolveSession(database.db, session.token, time.date())).toBeNull();
  });

  it("end at sign-out, and when the account is deactivated", async () => {
    const { id } = await createStaffUser(database.db, { email: "leaving@example.co.za", role: "content_editor" });
    const first = await createSession(database.db, id);
    await endSession(database.db, first.token);
    expect(await resolveSession(database.db, first.token)).toBeNull();
    const second = await createSession(database.db, id);
    await database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, id));
    expect(await resolveSession(database.db, second.token)).toBeNull();
  });
});

describe("signing in", () => {
  it("gives a new session each time (rotation), with its own CSRF token", async () => {
    await createStaffUser(database.db, {
      email: "rotate@example.co.za",
      role: "group_admin",
      password: TEST_STAFF_PASSWORD,
    });
    const throttle = new SignInThrottle(database.db);
    const attempt = { email: " Rotate@Example.co.za ", password: TEST_STAFF_PASSWORD, clientAddress: "192.0.2.10" };
    const first = await signIn(database.db, throttle, attempt);
    const second = await signIn(database.db, throttle, attempt);
    if (first.kind !== "signed-in" || second.kind !== "signed-in")
      throw new Error(`not signed in: ${first.kind}, ${second.kind}`);
    expect(first.session.token).not.toBe(second.session.token);
    expect(first.session.csrfToken).not.toBe(second.session.csrfToken);
    expect((await resolveSession(database.db, second.session.token))?.csrfToken).toBe(second.session.csrfToken);
  });

  it("answers the same refusal for an unknown address and a wrong password, and for an account without a password", async () => {
    await createStaffUser(database.db, { email: "invited@example.co.za", role: "content_editor" });
    await createStaffUser(database.db, {
      email: "known@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const throttle = new SignInThrottle(database.db);
    const outcomes = await Promise.all(
      ["nobody@example.co.za", "known@example.co.za", "invited@example.co.za"].map((email, index) =>
        signIn(database.db, throttle, {
          email,
          password: "not the password at all",
          clientAddress: `192.0.2.2${index}`,
        }),
      ),
    );
    expect(outcomes).toEqual([{ kind: "refused" }, { kind: "refused" }, { kind: "refused" }]);
  });
});

describe("signing in with a TOTP code", () => {
  it("asks for the TOTP code when the person turned it on, and signs in only with the right one", async () => {
    const { secret } = newTotpSecret("two-step@example.co.za");
    const { id } = await createStaffUser(database.db, {
      email: "two-step@example.co.za",
      role: "dealer_manager",
      dealerSlugs: [],
      password: TEST_STAFF_PASSWORD,
    });
    await database.db.update(staffUsers).set({ totpSecret: secret }).where(eq(staffUsers.id, id));
    const throttle = new SignInThrottle(database.db);
    const first = await signIn(database.db, throttle, {
      email: "two-step@example.co.za",
      password: TEST_STAFF_PASSWORD,
      clientAddress: "192.0.2.50",
    });
    if (first.kind !== "second-factor") throw new Error(`expected the code step, got ${first.kind}`);
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, id))).toEqual([]);

    const wrongCode = String((Number(totpCodeAt(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await completeSecondFactor(database.db, throttle, {
      pendingToken: first.pendingToken,
      code: wrongCode,
      clientAddress: "192.0.2.50",
    });
    expect(wrong).toEqual({ kind: "second-factor", pendingToken: first.pendingToken, wrongCode: true });
    const right = await completeSecondFactor(database.db, throttle, {
      pendingToken: first.pendingToken,
      code: totpCodeAt(secret),
      clientAddress: "192.0.2.50",
    });
    expect(right.kind).toBe("signed-in");
    // The step's token worked once.
    const again = await completeSecondFactor(database.db, throttle, {
      pendingToken: first.pendingToken,
      code: totpCodeAt(secret),
      clientAddress: "192.0.2.50",
    });
    expect(again).toEqual({ kind: "refused" });
  });

  it("takes a TOTP code once: the same code, seen or sent again with the password, does not sign in a second time", async () => {
    const { secret } = newTotpSecret("replay@example.co.za");
    const { id } = await createStaffUser(database.db, {
      email: "replay@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    await database.db.update(staffUsers).set({ totpSecret: secret }).where(eq(staffUsers.id, id));
    const throttle = new SignInThrottle(database.db);
    const now = new Date();
    const code = totpCodeAt(secret, now.getTime());
    const passwordStep = async () => {
      const outcome = await signIn(
        database.db,
        throttle,
        { email: "replay@example.co.za", password: TEST_STAFF_PASSWORD, clientAddress: "192.0.2.60" },
        now,
      );
      if (outcome.kind !== "second-factor") throw new Error(`expected the code step, got ${outcome.kind}`);
      return outcome.pendingToken;
    };
    expect(
      (
        await completeSecondFactor(
          database.db,
          throttle,
          { pendingToken: await passwordStep(), code, clientAddress: "192.0.2.60" },
          now,
        )
      ).kind,
    ).toBe("signed-in");
    // Someone who saw the code, and knows the password, tries it within the same 30 seconds.
    const secondToken = await passwordStep();
    const replayed = await completeSecondFactor(
      database.db,
      throttle,
      { pendingToken: secondToken, code, clientAddress: "192.0.2.61" },
      now,
    );
    expect(replayed).toEqual({ kind: "second-factor", pendingToken: secondToken, wrongCode: true });
    // The next period's code works.
    const later = new Date(now.getTime() + 30_000);
    expect(
      (
        await completeSecondFactor(
          database.db,
          throttle,
          { pendingToken: secondToken, code: totpCodeAt(secret, later.getTime()), clientAddress: "192.0.2.61" },
          later,
        )
      ).kind,
    ).toBe("signed-in");
  });
});
