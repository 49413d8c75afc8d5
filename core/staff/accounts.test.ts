import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMailer } from "../delivery/email.server.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dealers, staffSessions, staffTokens, staffUsers } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { createStaffUser, passwordLinkFromOutbox, TEST_STAFF_PASSWORD } from "../../tests/support/staff.ts";
import {
  changeOwnPassword,
  createFirstAdministrator,
  createStaffAccount,
  disableTotp,
  enableTotp,
  listStaffAccounts,
  requestPasswordReset,
  setPasswordWithLink,
  type StaffMail,
  updateStaffAccount,
} from "./accounts.server.ts";
import { listAuditEntries, parseAuditFilter } from "./audit-log.server.ts";
import { bootstrapStaff, BootstrapPasswordRefused } from "./bootstrap.server.ts";
import { verifyPassword } from "./passwords.server.ts";
import { completeSecondFactor, signIn } from "./sign-in.server.ts";
import { FREE_FAILURES, SignInThrottle } from "./sign-in-throttle.server.ts";
import { StaffAccessDenied } from "./roles.ts";
import { createSession, resolveSession } from "./sessions.server.ts";
import { consumeToken, issueToken, TOKEN_LIFETIME_MS } from "./tokens.server.ts";
import { newTotpSecret, totpCodeAt } from "./totp.ts";

let database: DatabaseHandle;
let outbox: string;
let mail: StaffMail;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "honda-accounts-"));
  mail = {
    mailer: createMailer({ outboxDir: outbox, from: "Back office <staff@example.co.za>" }),
    siteUrl: "https://www.example.co.za",
  };
});
afterAll(async () => {
  await database.close();
  await fs.rm(outbox, { recursive: true, force: true });
});

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** What zxcvbn says of a password from the breach lists, as the staff forms show it on the field. */
const COMMON_PASSWORD_FEEDBACK = expect.stringMatching(
  /^This is similar to a commonly used password\. .*Add more words that are less common\./,
);

/** Passwords the security review saw accepted with the old 40-entry list. */
const REVIEWED_WEAK_PASSWORDS = ["Password123456", "qwerty1234567890", "Honda1234567890"];

describe("the first start", () => {
  it("issues a set-up link while there is no account; the link makes one administrator, once", async () => {
    const fresh = await cloneTemplate(inject("databaseTemplate"));
    try {
      const first = await bootstrapStaff(fresh.db, { siteUrl: "https://www.example.co.za" });
      if (first.kind !== "setup-link") throw new Error(`expected a set-up link, got ${first.kind}`);
      expect(first.link).toMatch(/^https:\/\/www\.example\.co\.za\/staff\/setup\?token=[\w-]{43}$/);
      const weak = await createFirstAdministrator(fresh.db, tokenOf(first.link), {
        email: "boss@example.co.za",
        displayName: "Boss",
        password: "password1234",
      });
      expect(weak).toEqual({
        ok: false,
        violations: [{ propertyPath: "password", message: COMMON_PASSWORD_FEEDBACK }],
      });
      const made = await createFirstAdministrator(fresh.db, tokenOf(first.link), {
        email: "Boss@Example.co.za",
        displayName: "Boss",
        password: TEST_STAFF_PASSWORD,
      });
      expect(made.ok).toBe(true);
      const again = await createFirstAdministrator(fresh.db, tokenOf(first.link), {
        email: "second@example.co.za",
        displayName: "Second",
        password: TEST_STAFF_PASSWORD,
      });
      expect(again).toEqual({ ok: false, expired: true });
      const [boss] = await fresh.db.select().from(staffUsers);
      expect(boss).toMatchObject({ email: "boss@example.co.za", role: "group_admin" });
      expect(await bootstrapStaff(fresh.db, { siteUrl: "https://www.example.co.za" })).toEqual({
        kind: "accounts",
        count: 1,
      });
    } finally {
      await fresh.close();
    }
  });

  it("creates the administrator from STAFF_BOOTSTRAP_* once, and refuses a weak bootstrap password", async () => {
    const fresh = await cloneTemplate(inject("databaseTemplate"));
    try {
      await expect(
        bootstrapStaff(fresh.db, {
          email: "admin@example.co.za",
          password: "admin@example.co.za",
          siteUrl: "https://x.example",
        }),
      ).rejects.toBeInstanceOf(BootstrapPasswordRefused);
      await expect(
        bootstrapStaff(fresh.db, {
          email: "admin@example.co.za",
          password: "Honda1234567890",
          siteUrl: "https://x.example",
        }),
      ).rejects.toThrow(/^STAFF_BOOTSTRAP_PASSWORD is refused: This is similar to a commonly used password\./);
      expect(await fresh.db.select().from(staffUsers)).toEqual([]);
      expect(
        await bootstrapStaff(fresh.db, {
          email: "Admin@Example.co.za",
          password: TEST_STAFF_PASSWORD,
          siteUrl: "https://x.example",
        }),
      ).toEqual({ kind: "created", email: "admin@example.co.za" });
      expect(
        await bootstrapStaff(fresh.db, {
          email: "other@example.co.za",
          password: TEST_STAFF_PASSWORD,
          siteUrl: "https://x.example",
        }),
      ).toEqual({ kind: "accounts", count: 1 });
      const [admin] = await fresh.db.select().from(staffUsers);
      expect(await verifyPassword(admin!.passwordHash!, TEST_STAFF_PASSWORD)).toBe(true);
      const entries = await fresh.db.select().from(auditLog).where(eq(auditLog.entity, "staff_user"));
      expect(entries.map((entry) => [entry.action, entry.actorLabel])).toEqual([["staff_user.bootstrap", "system"]]);
    } finally {
      await fresh.close();
    }
  });
});

describe("one-time tokens", () => {
  it("are stored hashed, work once, and not after they expire", async () => {
    const { id } = await createStaffUser(database.db, { email: "tokens@example.co.za", role: "content_editor" });
    const issuedAt = new Date("2026-11-25T08:00:00Z");
    const token = await issueToken(database.db, "reset", id, issuedAt);
    const stored = await database.db.select().from(staffTokens).where(eq(staffTokens.staffUserId, id));
    expect(JSON.stringify(stored)).not.toContain(token);
    const later = (ms: number) => new Date(issuedAt.getTime() + ms);
    expect(await consumeToken(database.db, "invite", token, later(1))).toBeUndefined();
    expect(await consumeToken(database.db, "reset", token, later(TOKEN_LIFETIME_MS.reset))).toBeUndefined();

    const fresh = await issueToken(database.db, "reset", id, issuedAt);
    expect(await consumeToken(database.db, "reset", fresh, later(60_000))).toEqual({ staffUserId: id });
    expect(await consumeToken(database.db, "reset", fresh, later(61_000))).toBeUndefined();
  });

  it("a reset link sets the password once and ends every session; a new link makes the old one useless", async () => {
    const { id } = await createStaffUser(database.db, {
      email: "forgetful@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const session = await createSession(database.db, id);
    await requestPasswordReset(database.db, "Forgetful@example.co.za", mail);
    const oldLink = await passwordLinkFromOutbox(outbox, "forgetful@example.co.za");
    await requestPasswordReset(database.db, "forgetful@example.co.za", mail);
    const newLink = await passwordLinkFromOutbox(outbox, "forgetful@example.co.za", { except: [oldLink] });
    expect(newLink).not.toBe(oldLink);
    expect(await setPasswordWithLink(database.db, tokenOf(oldLink), "a brand new passphrase")).toEqual({
      ok: false,
      expired: true,
    });
    expect(await setPasswordWithLink(database.db, tokenOf(newLink), "short")).toEqual({
      ok: false,
      violations: [{ propertyPath: "password", message: "Use at least 12 characters" }],
    });
    for (const password of REVIEWED_WEAK_PASSWORDS) {
      expect(await setPasswordWithLink(database.db, tokenOf(newLink), password), password).toEqual({
        ok: false,
        violations: [{ propertyPath: "password", message: COMMON_PASSWORD_FEEDBACK }],
      });
    }
    expect(await setPasswordWithLink(database.db, tokenOf(newLink), "Forgetful2026!")).toEqual({
      ok: false,
      violations: [
        {
          propertyPath: "password",
          message: expect.stringContaining("There should not be any personal or page related data."),
        },
      ],
    });
    expect(await setPasswordWithLink(database.db, tokenOf(newLink), "a brand new passphrase")).toEqual({
      ok: true,
      staffUserId: id,
    });
    expect(await setPasswordWithLink(database.db, tokenOf(newLink), "another new passphrase")).toEqual({
      ok: false,
      expired: true,
    });
    expect(await resolveSession(database.db, session.token)).toBeNull();
    const [user] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(await verifyPassword(user!.passwordHash!, "a brand new passphrase")).toBe(true);
  });

  it("a reset request for an unknown or deactivated address sends nothing", async () => {
    await createStaffUser(database.db, { email: "gone@example.co.za", role: "content_editor" });
    await database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.email, "gone@example.co.za"));
    const before = (await fs.readdir(outbox)).length;
    await requestPasswordReset(database.db, "nobody-here@example.co.za", mail);
    await requestPasswordReset(database.db, "gone@example.co.za", mail);
    expect((await fs.readdir(outbox)).length).toBe(before);
  });
});

describe("managing accounts", () => {
  it("is for group administrators only, and every change is audited with old and new values", async () => {
    const { actor: admin } = await createStaffUser(database.db, { email: "chief@example.co.za", role: "group_admin" });
    const { actor: editor } = await createStaffUser(database.db, {
      email: "writer@example.co.za",
      role: "content_editor",
    });
    await expect(listStaffAccounts(database.db, editor)).rejects.toEqual(
      new StaffAccessDenied("forbidden", "staff-accounts"),
    );
    await expect(
      createStaffAccount(
        database.db,
        editor,
        { email: "x@example.co.za", displayName: "X", role: "group_admin" },
        mail,
      ),
    ).rejects.toBeInstanceOf(StaffAccessDenied);

    const [first, second] = await database.db.select({ id: dealers.id }).from(dealers).orderBy(dealers.id).limit(2);
    const missingDealers = await createStaffAccount(
      database.db,
      admin,
      { email: "mgr@example.co.za", displayName: "Manager", role: "dealer_manager", dealerIds: [] },
      mail,
    );
    expect(missingDealers).toEqual({
      ok: false,
      violations: [{ propertyPath: "dealerIds", message: "Choose at least one dealer for a dealer manager" }],
    });
    const badEmail = await createStaffAccount(
      database.db,
      admin,
      { email: "not-an-address", displayName: "", role: "owner" },
      mail,
    );
    expect(badEmail.ok ? [] : badEmail.violations.map((violation) => violation.propertyPath).sort()).toEqual([
      "displayName",
      "email",
      "role",
    ]);

    const created = await createStaffAccount(
      database.db,
      admin,
      { email: "mgr@example.co.za", displayName: "Manager", role: "dealer_manager", dealerIds: [String(first!.id)] },
      mail,
    );
    if (!created.ok) throw new Error(JSON.stringify(created.violations));
    const duplicate = await createStaffAccount(
      database.db,
      admin,
      { email: "MGR@example.co.za", displayName: "Again", role: "content_editor" },
      mail,
    );
    expect(duplicate).toEqual({
      ok: false,
      violations: [{ propertyPath: "email", message: "There is already an account with this e-mail address" }],
    });

    const session = await createSession(database.db, created.value.id);
    expect(
      await updateStaffAccount(database.db, admin, created.value.id, {
        displayName: "Manager",
        role: "dealer_manager",
        dealerIds: [first!.id, second!.id],
      }),
    ).toEqual({ ok: true, value: { changed: true } });
    // New privileges, new session.
    expect(await resolveSession(database.db, session.token)).toBeNull();
    expect(
      await updateStaffAccount(database.db, admin, admin.id!, { displayName: "Chief", role: "content_editor" }),
    ).toEqual({
      ok: false,
      violations: [{ propertyPath: "role", message: "You cannot change your own role" }],
    });

    const { entries } = await listAuditEntries(database.db, admin, { entity: "staff_user", actor: "chief@" });
    expect(entries.map((entry) => entry.action)).toEqual(["staff_user.update", "staff_user.create"]);
    expect(entries[0]!.changes).toEqual({ dealerIds: { from: [first!.id], to: [first!.id, second!.id] } });
    expect(entries[1]!.changes.role).toEqual({ from: null, to: "dealer_manager" });
  });
});

/** What a change to one's own account checks the current password with. */
const reauthentication = (clientAddress: string) => ({ throttle: new SignInThrottle(database.db), clientAddress });

describe("own account", () => {
  it("changes the password with the current one, and replaces every session", async () => {
    const { id, actor } = await createStaffUser(database.db, {
      email: "self@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const phone = await createSession(database.db, id);
    expect(
      await changeOwnPassword(
        database.db,
        actor,
        { currentPassword: "not my password", newPassword: "a fresh long passphrase" },
        reauthentication("192.0.2.30"),
      ),
    ).toEqual({
      ok: false,
      violations: [{ propertyPath: "currentPassword", message: "This is not your current password" }],
    });
    for (const newPassword of REVIEWED_WEAK_PASSWORDS) {
      expect(
        await changeOwnPassword(
          database.db,
          actor,
          { currentPassword: TEST_STAFF_PASSWORD, newPassword },
          reauthentication("192.0.2.30"),
        ),
        newPassword,
      ).toEqual({
        ok: false,
        violations: [{ propertyPath: "newPassword", message: COMMON_PASSWORD_FEEDBACK }],
      });
    }
    const [unchanged] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(await verifyPassword(unchanged!.passwordHash!, TEST_STAFF_PASSWORD)).toBe(true);
    const changed = await changeOwnPassword(
      database.db,
      actor,
      { currentPassword: TEST_STAFF_PASSWORD, newPassword: "a fresh long passphrase" },
      reauthentication("192.0.2.30"),
    );
    if (!changed.ok) throw new Error("not changed");
    expect(await resolveSession(database.db, phone.token)).toBeNull();
    expect((await resolveSession(database.db, changed.value.token))?.actor.id).toBe(id);
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, id))).toHaveLength(1);
  });
});

describe("own account's TOTP", () => {
  it("turns TOTP on only with the password and a right code from the secret, and off with the password", async () => {
    const { id, actor } = await createStaffUser(database.db, {
      email: "totp@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const { secret, uri } = newTotpSecret("totp@example.co.za");
    expect(uri).toMatch(
      /^otpauth:\/\/totp\/Honda%20Dealer%20Group%20staff:totp%40example\.co\.za\?issuer=Honda%20Dealer%20Group%20staff&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/,
    );
    const guard = reauthentication("192.0.2.31");
    const wrongCode = "000000" === totpCodeAt(secret) ? "111111" : "000000";
    expect(
      (await enableTotp(database.db, actor, { secret, code: wrongCode, currentPassword: TEST_STAFF_PASSWORD }, guard))
        .ok,
    ).toBe(false);
    expect(
      await enableTotp(
        database.db,
        actor,
        { secret, code: totpCodeAt(secret), currentPassword: "not my password" },
        guard,
      ),
    ).toEqual({
      ok: false,
      violations: [{ propertyPath: "currentPassword", message: "This is not your current password" }],
    });
    expect(
      await enableTotp(
        database.db,
        actor,
        { secret, code: totpCodeAt(secret), currentPassword: TEST_STAFF_PASSWORD },
        guard,
      ),
    ).toEqual({ ok: true, value: null });
    expect((await database.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!.totpSecret).toBe(secret);
    expect((await disableTotp(database.db, actor, { currentPassword: "wrong password!" }, guard)).ok).toBe(false);
    expect(await disableTotp(database.db, actor, { currentPassword: TEST_STAFF_PASSWORD }, guard)).toEqual({
      ok: true,
      value: null,
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.map((entry) => entry.action)).toEqual(["staff_user.enable_totp", "staff_user.disable_totp"]);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });
});

describe("own account's TOTP at sign-in", () => {
  it("uses up the code that turned TOTP on: the same code cannot then sign in, the next one can", async () => {
    const { actor } = await createStaffUser(database.db, {
      email: "replay@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const { secret } = newTotpSecret("replay@example.co.za");
    const enablingCode = totpCodeAt(secret);
    expect(
      await enableTotp(
        database.db,
        actor,
        { secret, code: enablingCode, currentPassword: TEST_STAFF_PASSWORD },
        reauthentication("192.0.2.33"),
      ),
    ).toEqual({ ok: true, value: null });

    const throttle = new SignInThrottle(database.db);
    const passwordStep = await signIn(database.db, throttle, {
      email: "replay@example.co.za",
      password: TEST_STAFF_PASSWORD,
      clientAddress: "192.0.2.33",
    });
    if (passwordStep.kind !== "second-factor") throw new Error(`expected the code step, got ${passwordStep.kind}`);
    const replayed = await completeSecondFactor(database.db, throttle, {
      pendingToken: passwordStep.pendingToken,
      code: enablingCode,
      clientAddress: "192.0.2.33",
    });
    expect(replayed).toEqual({ kind: "second-factor", pendingToken: passwordStep.pendingToken, wrongCode: true });
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, actor.id!))).toEqual([]);

    const nextStep = new Date(Date.now() + 30_000);
    const next = await completeSecondFactor(
      database.db,
      throttle,
      {
        pendingToken: passwordStep.pendingToken,
        code: totpCodeAt(secret, nextStep.getTime()),
        clientAddress: "192.0.2.33",
      },
      nextStep,
    );
    expect(next.kind).toBe("signed-in");
  });
});

describe("own account's current password, guessed", () => {
  it("stops checking the current password after as many wrong ones as sign-in allows, even the right one", async () => {
    const { actor } = await createStaffUser(database.db, {
      email: "guessed@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    // A clock that stands still: the wait is the first one, whole.
    const stillClock = Date.now();
    const guard = { throttle: new SignInThrottle(database.db, { now: () => stillClock }), clientAddress: "192.0.2.32" };
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      expect((await disableTotp(database.db, actor, { currentPassword: `guess number ${attempt}` }, guard)).ok).toBe(
        false,
      );
    }
    const refused = await changeOwnPassword(
      database.db,
      actor,
      { currentPassword: TEST_STAFF_PASSWORD, newPassword: "a fresh long passphrase" },
      guard,
    );
    expect(refused).toEqual({
      ok: false,
      violations: [
        {
          propertyPath: "currentPassword",
          message: "Too many wrong passwords, try again in 30 seconds",
        },
      ],
    });
    const [user] = await database.db.select().from(staffUsers).where(eq(staffUsers.email, "guessed@example.co.za"));
    expect(await verifyPassword(user!.passwordHash!, TEST_STAFF_PASSWORD)).toBe(true);
  });
});

describe("the audit log", () => {
  it("is read a page at a time, newest first", async () => {
    const { actor: admin } = await createStaffUser(database.db, { email: "pager@example.co.za", role: "group_admin" });
    await database.db.insert(auditLog).values(
      Array.from({ length: 60 }, (_, index) => ({
        actorLabel: "feed key nightly",
        action: "used_vehicle.update",
        entity: "paging_test",
        entityId: String(index + 1),
        at: new Date(Date.UTC(2026, 10, 1, 8, index)),
      })),
    );
    const first = await listAuditEntries(database.db, admin, { entity: "paging_test" });
    expect([first.total, first.page, first.pages, first.entries.length]).toEqual([60, 1, 2, 50]);
    expect(first.entries[0]!.entityId).toBe("60");
    const second = await listAuditEntries(database.db, admin, { entity: "paging_test", actor: "NIGHTLY", page: 2 });
    expect(second.entries.map((entry) => entry.entityId)).toEqual(["10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]);
    expect((await listAuditEntries(database.db, admin, { entity: "paging_test", page: 99 })).page).toBe(2);
  });

  it("filters by dates and refuses a malformed filter with the field at fault", async () => {
    const { actor: admin } = await createStaffUser(database.db, {
      email: "auditor@example.co.za",
      role: "group_admin",
    });
    expect(parseAuditFilter(new URLSearchParams("from=2026-13-45&dealerId=x"))).toEqual({
      ok: false,
      violations: [
        { propertyPath: "dealerId", message: "Choose a dealer from the list" },
        { propertyPath: "from", message: "Enter a real date" },
      ],
    });
    expect(parseAuditFilter(new URLSearchParams("from=2026-11-25&to=2026-11-01"))).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "to" }],
    });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await listAuditEntries(database.db, admin, { from: tomorrow })).total).toBe(0);
    expect((await listAuditEntries(database.db, admin, { to: tomorrow })).total).toBeGreaterThan(0);
  });
});
