import { and, asc, count, eq, inArray } from "drizzle-orm";
import { z } from "../shared/zod.ts";
import type { Database } from "../../db/client.ts";
import { dealers, staffUserDealers, staffUsers } from "../../db/schema.ts";
import type { Mailer } from "../delivery/email.server.ts";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import { type Parsed, type Violation, violationsFromZod } from "../shared/violations.ts";
import { changedFields, recordAudit } from "./audit.server.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.server.ts";
import { assertMay, STAFF_ROLES, type StaffActor, type StaffRole } from "./roles.ts";
import { createSession, endSessionsOf, type IssuedSession } from "./sessions.server.ts";
import { normaliseEmail } from "./sign-in.server.ts";
import { type SignInThrottle, waitInWords } from "./sign-in-throttle.server.ts";
import { consumeToken, issueToken, TOKEN_LIFETIME_MS, tokenOwner } from "./tokens.server.ts";
import { totpStepOf } from "./totp.ts";

/**
 * Staff accounts: what group administrators do on /staff/accounts (create, change role and dealers,
 * deactivate, send a new password link), what each person does on /staff/account (password, TOTP), and the
 * one-time links that set a password. Every change is audited in its own transaction.
 */

/** How the staff e-mails reach people: the site's one mail channel and the site's public address for links. */
export type StaffMail = { mailer: Mailer; siteUrl: string };

export type StaffAccount = {
  id: number;
  email: string;
  displayName: string;
  role: StaffRole;
  active: boolean;
  hasPassword: boolean;
  totpEnabled: boolean;
  dealerIds: number[];
};

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Enter a value")
    .max(max, `Use at most ${max} characters`)
    .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE);

const accountFields = z.object({
  displayName: text(100),
  role: z.enum(STAFF_ROLES, { error: "Choose a role" }),
  dealerIds: z.array(z.coerce.number().int().positive()).default([]),
});

export const newAccountSchema = accountFields
  .extend({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: "Enter a valid e-mail address" }))
      .pipe(z.string().max(254)),
  })
  .superRefine(dealersForManagers);

const accountChangeSchema = accountFields.superRefine(dealersForManagers);

function dealersForManagers(value: { role: StaffRole; dealerIds: number[] }, ctx: z.RefinementCtx) {
  if (value.role === "dealer_manager" && value.dealerIds.length === 0) {
    ctx.addIssue({ code: "custom", path: ["dealerIds"], message: "Choose at least one dealer for a dealer manager" });
  }
}

const SELECT_ACCOUNT = {
  id: staffUsers.id,
  email: staffUsers.email,
  displayName: staffUsers.displayName,
  role: staffUsers.role,
  active: staffUsers.active,
  passwordHash: staffUsers.passwordHash,
  totpSecret: staffUsers.totpSecret,
};

type AccountRow = {
  id: number;
  email: string;
  displayName: string;
  role: string;
  active: boolean;
  passwordHash: string | null;
  totpSecret: string | null;
};

function toAccount(row: AccountRow, dealerIds: number[]): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role as StaffRole,
    active: row.active,
    hasPassword: row.passwordHash !== null,
    totpEnabled: row.totpSecret !== null,
    dealerIds,
  };
}

type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

async function dealerIdsByUser(db: Executor, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(staffUserDealers)
    .where(inArray(staffUserDealers.staffUserId, userIds))
    .orderBy(asc(staffUserDealers.dealerId));
  for (const row of rows) byUser.set(row.staffUserId, [...(byUser.get(row.staffUserId) ?? []), row.dealerId]);
  return byUser;
}

export async function listStaffAccounts(db: Database, actor: StaffActor): Promise<StaffAccount[]> {
  assertMay(actor, "staff-accounts", null);
  const rows = await db.select(SELECT_ACCOUNT).from(staffUsers).orderBy(asc(staffUsers.email));
  const dealerIds = await dealerIdsByUser(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAccount(row, dealerIds.get(row.id) ?? []));
}

export async function getStaffAccount(db: Database, actor: StaffActor, id: number): Promise<StaffAccount | null> {
  assertMay(actor, "staff-accounts", null);
  const [row] = await db.select(SELECT_ACCOUNT).from(staffUsers).where(eq(staffUsers.id, id));
  if (!row) return null;
  return toAccount(row, (await dealerIdsByUser(db, [id])).get(id) ?? []);
}

export async function countStaffAccounts(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return Number(row?.n ?? 0);
}

/** Active group administrators: those who can manage staff accounts (the start-up report says whether there is one). */
export async function countActiveAdministrators(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "group_admin" satisfies StaffRole), eq(staffUsers.active, true)));
  return Number(row?.n ?? 0);
}

async function unknownDealers(db: Executor, dealerIds: number[]): Promise<Violation[]> {
  if (dealerIds.length === 0) return [];
  const found = await db.select({ id: dealers.id }).from(dealers).where(inArray(dealers.id, dealerIds));
  return found.length === new Set(dealerIds).size
    ? []
    : [{ propertyPath: "dealerIds", message: "Choose dealers from the list" }];
}

/** Dealers matter only to dealer managers: the group-wide roles keep none, so that a later role change starts clean. */
const dealersOfRole = (role: StaffRole, dealerIds: number[]) =>
  role === "dealer_manager" ? [...new Set(dealerIds)] : [];

/**
 * Creates an account without a password and e-mails the person a one-time link to set one (valid 72 hours).
 * The e-mail goes after the account is stored; if it cannot be sent, "Send a new link" on the account does it again.
 */
export async function createStaffAccount(
  db: Database,
  actor: StaffActor,
  input: unknown,
  mail: StaffMail,
): Promise<Parsed<{ id: number }>> {
  assertMay(actor, "staff-accounts", null);
  const parsed = newAccountSchema.safeParse(input);
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const { email, displayName, role } = parsed.data;
  const dealerIds = dealersOfRole(role, parsed.data.dealerIds);
  const violations = await unknownDealers(db, dealerIds);
  if (violations.length > 0) return { ok: false, violations };
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(staffUsers)
      .values({ email, displayName, role })
      .onConflictDoNothing()
      .returning({ id: staffUsers.id });
    if (!user) return null;
    if (dealerIds.length > 0)
      await tx.insert(staffUserDealers).values(dealerIds.map((dealerId) => ({ staffUserId: user.id, dealerId })));
    await recordAudit(tx, {
      actor,
      action: "staff_user.create",
      entity: "staff_user",
      entityId: user.id,
      changes: {
        email: { from: null, to: email },
        displayName: { from: null, to: displayName },
        role: { from: null, to: role },
        dealerIds: { from: null, to: dealerIds },
      },
    });
    return { id: user.id, token: await issueToken(tx, "invite", user.id) };
  });
  if (!created)
    return {
      ok: false,
      violations: [{ propertyPath: "email", message: "There is already an account with this e-mail address" }],
    };
  await mail.mailer.send(passwordLinkMail("invite", email, displayName, created.token, mail.siteUrl));
  return { ok: true, value: { id: created.id } };
}

/** Changes name, role and dealers; a change of role or dealers signs the person out everywhere (new privileges, new session). */
export async function updateStaffAccount(
  db: Database,
  actor: StaffActor,
  id: number,
  input: unknown,
): Promise<Parsed<{ changed: boolean }>> {
  assertMay(actor, "staff-accounts", null);
  const parsed = accountChangeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const { displayName, role } = parsed.data;
  const dealerIds = dealersOfRole(role, parsed.data.dealerIds);
  const violations = await unknownDealers(db, dealerIds);
  if (id === actor.id && role !== actor.role)
    violations.push({ propertyPath: "role", message: "You cannot change your own role" });
  if (violations.length > 0) return { ok: false, violations };
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select(SELECT_ACCOUNT).from(staffUsers).where(eq(staffUsers.id, id)).for("update");
    if (!before) throw new StaffAccountNotFound();
    const beforeDealers = (await dealerIdsByUser(tx, [id])).get(id) ?? [];
    const changes = changedFields(
      { displayName: before.displayName, role: before.role, dealerIds: beforeDealers },
      { displayName, role, dealerIds: [...dealerIds].sort((a, b) => a - b) },
    );
    if (Object.keys(changes).length === 0) return false;
    await tx.update(staffUsers).set({ displayName, role, updatedAt: new Date() }).where(eq(staffUsers.id, id));
    await tx.delete(staffUserDealers).where(eq(staffUserDealers.staffUserId, id));
    if (dealerIds.length > 0)
      await tx.insert(staffUserDealers).values(dealerIds.map((dealerId) => ({ staffUserId: id, dealerId })));
    if (changes.role || changes.dealerIds) await endSessionsOf(tx, id);
    await recordAudit(tx, { actor, action: "staff_user.update", entity: "staff_user", entityId: id, changes });
    return true;
  });
  return { ok: true, value: { changed } };
}

/** Deactivates an account: it can no longer sign in, and its sessions end now. */
export async function setStaffAccountActive(
  db: Database,
  actor: StaffActor,
  id: number,
  active: boolean,
): Promise<Parsed<null>> {
  assertMay(actor, "staff-accounts", null);
  if (id === actor.id)
    return { ok: false, violations: [{ propertyPath: "active", message: "You cannot deactivate your own account" }] };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ active: staffUsers.active })
      .from(staffUsers)
      .where(eq(staffUsers.id, id))
      .for("update");
    if (!before) throw new StaffAccountNotFound();
    if (before.active === active) return;
    await tx.update(staffUsers).set({ active, updatedAt: new Date() }).where(eq(staffUsers.id, id));
    if (!active) await endSessionsOf(tx, id);
    await recordAudit(tx, {
      actor,
      action: active ? "staff_user.reactivate" : "staff_user.deactivate",
      entity: "staff_user",
      entityId: id,
      changes: { active: { from: before.active, to: active } },
    });
  });
  return { ok: true, value: null };
}

/** A new one-time link for an account (its earlier link stops working): an invitation until a password is set, then a reset. */
export async function sendPasswordLink(db: Database, actor: StaffActor, id: number, mail: StaffMail): Promise<void> {
  assertMay(actor, "staff-accounts", null);
  const [user] = await db.select(SELECT_ACCOUNT).from(staffUsers).where(eq(staffUsers.id, id));
  if (!user) throw new StaffAccountNotFound();
  const purpose = user.passwordHash === null ? "invite" : "reset";
  const token = await db.transaction(async (tx) => {
    await recordAudit(tx, { actor, action: "staff_user.send_password_link", entity: "staff_user", entityId: id });
    return issueToken(tx, purpose, id);
  });
  await mail.mailer.send(passwordLinkMail(purpose, user.email, user.displayName, token, mail.siteUrl));
}

/**
 * "Forgot password": e-mails a reset link (valid 1 hour) when the address belongs to an active account. The
 * caller answers the same whatever happened, so the page never tells whether an address has an account.
 */
export async function requestPasswordReset(db: Database, rawEmail: string, mail: StaffMail): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const [user] = await db.select(SELECT_ACCOUNT).from(staffUsers).where(eq(staffUsers.email, email));
  if (!user?.active) return;
  const token = await issueToken(db, "reset", user.id);
  await mail.mailer.send(passwordLinkMail("reset", user.email, user.displayName, token, mail.siteUrl));
}

const LINK_PATHS: Record<"invite" | "reset" | "setup", string> = {
  invite: "/staff/set-password",
  reset: "/staff/set-password",
  setup: "/staff/setup",
};

/** The address of a one-time link. The token is in the query, which the request log never records. */
export function oneTimeLink(purpose: "invite" | "reset" | "setup", token: string, siteUrl: string): string {
  const url = new URL(LINK_PATHS[purpose], siteUrl);
  url.searchParams.set("token", token);
  return url.href;
}

function passwordLinkMail(
  purpose: "invite" | "reset",
  email: string,
  displayName: string,
  token: string,
  siteUrl: string,
) {
  const link = oneTimeLink(purpose, token, siteUrl);
  const hours = TOKEN_LIFETIME_MS[purpose] / 3_600_000;
  const text =
    purpose === "invite"
      ? `Hello ${displayName},\n\nAn account has been made for you in the Honda Dealer Group back office. Choose your password here (the link works once, for ${hours} hours):\n\n${link}\n\nThen sign in at ${new URL("/staff/login", siteUrl).href} with ${email}.\n`
      : `Hello ${displayName},\n\nSomeone asked to reset the password of your Honda Dealer Group back-office account. Choose a new password here (the link works once, for ${hours} hour${hours === 1 ? "" : "s"}):\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`;
  return {
    messageId: `<staff-${purpose}-${Date.now()}-${Math.random().toString(36).slice(2)}@honda-dealer-group>`,
    to: email,
    subject: purpose === "invite" ? "Your Honda Dealer Group back-office account" : "Reset your back-office password",
    text,
  };
}

export type LinkOutcome =
  | { ok: true; staffUserId: number }
  | { ok: false; violations: Violation[] }
  | { ok: false; expired: true };

/** The person an invitation or reset link belongs to while it can be used (to show its form); null otherwise. */
export async function passwordLinkOwner(db: Database, token: string): Promise<{ email: string } | null> {
  const owner = (await tokenOwner(db, "invite", token)) ?? (await tokenOwner(db, "reset", token));
  if (!owner) return null;
  const [user] = await db
    .select({ email: staffUsers.email, active: staffUsers.active })
    .from(staffUsers)
    .where(eq(staffUsers.id, owner));
  return user?.active ? { email: user.email } : null;
}

/** Sets the password of the person an invitation or reset link belongs to; uses the link and signs them out everywhere. */
export async function setPasswordWithLink(db: Database, token: string, password: string): Promise<LinkOutcome> {
  const owner = await passwordLinkOwner(db, token);
  if (!owner) return { ok: false, expired: true };
  const problem = await passwordProblem(password, owner.email);
  if (problem) return { ok: false, violations: [{ propertyPath: "password", message: problem }] };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx): Promise<LinkOutcome> => {
    const used = (await consumeToken(tx, "invite", token)) ?? (await consumeToken(tx, "reset", token));
    const [user] = used?.staffUserId
      ? await tx.select(SELECT_ACCOUNT).from(staffUsers).where(eq(staffUsers.id, used.staffUserId))
      : [];
    if (!user?.active) return { ok: false, expired: true };
    await tx.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, user.id));
    await endSessionsOf(tx, user.id);
    await recordAudit(tx, {
      actor: actorOf(user),
      action: "staff_user.set_password",
      entity: "staff_user",
      entityId: user.id,
      changes: { password: { from: null, to: null } },
    });
    return { ok: true, staffUserId: user.id };
  });
}

/**
 * The first group administrator, through the set-up link the server logs at its first start (no staff yet).
 * Refused once any account exists, so a leaked old link can never make a second administrator.
 */
export async function createFirstAdministrator(
  db: Database,
  token: string,
  input: { email: string; displayName: string; password: string },
): Promise<LinkOutcome> {
  if ((await tokenOwner(db, "setup", token)) !== null || (await countStaffAccounts(db)) > 0)
    return { ok: false, expired: true };
  const parsed = newAccountSchema.safeParse({
    email: input.email,
    displayName: input.displayName,
    role: "group_admin",
  });
  const violations = parsed.success ? [] : violationsFromZod(parsed.error);
  const problem = await passwordProblem(input.password, input.email);
  if (problem) violations.push({ propertyPath: "password", message: problem });
  if (!parsed.success || violations.length > 0) return { ok: false, violations };
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<LinkOutcome> => {
    if (!(await consumeToken(tx, "setup", token))) return { ok: false, expired: true };
    const [existing] = await tx.select({ n: count() }).from(staffUsers);
    if (Number(existing?.n ?? 0) > 0) return { ok: false, expired: true };
    const [user] = await tx
      .insert(staffUsers)
      .values({ email: parsed.data.email, displayName: parsed.data.displayName, role: "group_admin", passwordHash })
      .returning({ id: staffUsers.id });
    await recordAudit(tx, {
      actor: SYSTEM,
      action: "staff_user.create",
      entity: "staff_user",
      entityId: user!.id,
      changes: { email: { from: null, to: parsed.data.email }, role: { from: null, to: "group_admin" } },
    });
    return { ok: true, staffUserId: user!.id };
  });
}

/** The actor of what the server does by itself (bootstrap, first set-up). */
export const SYSTEM: StaffActor = { id: null, label: "system", role: "group_admin", dealerIds: [] };

/**
 * A change to how the signed-in person signs in (password, two-factor) needs their current password, checked
 * under the sign-in throttle: a stolen session cannot guess it any faster than the sign-in page allows, and
 * its wrong guesses count against the account's sign-in allowance (ASVS 2.2.1, 3.7.1).
 */
export type Reauthentication = { throttle: SignInThrottle; clientAddress: string };

/**
 * Changes the signed-in person's own password (the current one required). Every other session of theirs ends,
 * and the current one is replaced: the caller sets the new session's cookie.
 */
export async function changeOwnPassword(
  db: Database,
  actor: StaffActor,
  input: { currentPassword: string; newPassword: string },
  reauthentication: Reauthentication,
): Promise<Parsed<IssuedSession>> {
  const user = await ownAccount(db, actor);
  const refused = await currentPasswordRefusal(user, input.currentPassword, reauthentication);
  if (refused) return { ok: false, violations: [refused] };
  const problem = await passwordProblem(input.newPassword, user.email);
  if (problem) return { ok: false, violations: [{ propertyPath: "newPassword", message: problem }] };
  const passwordHash = await hashPassword(input.newPassword);
  const session = await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, user.id));
    await endSessionsOf(tx, user.id);
    await recordAudit(tx, {
      actor,
      action: "staff_user.change_password",
      entity: "staff_user",
      entityId: user.id,
      changes: { password: { from: null, to: null } },
    });
    return createSession(tx, user.id);
  });
  return { ok: true, value: session };
}

/** Turns TOTP on with the secret the page showed, once a code from it proves the app has it; the current password is required. */
export async function enableTotp(
  db: Database,
  actor: StaffActor,
  input: { secret: string; code: string; currentPassword: string },
  reauthentication: Reauthentication,
): Promise<Parsed<null>> {
  const user = await ownAccount(db, actor);
  if (user.totpSecret)
    return { ok: false, violations: [{ propertyPath: "code", message: "Two-factor sign-in is already on" }] };
  const refused = await currentPasswordRefusal(user, input.currentPassword, reauthentication);
  if (refused) return { ok: false, violations: [refused] };
  const step = /^[A-Z2-7]{16,64}$/.test(input.secret) ? totpStepOf(input.secret, input.code) : null;
  if (step === null) {
    return {
      ok: false,
      violations: [
        { propertyPath: "code", message: "This code does not match: enter the 6-digit code your app shows now" },
      ],
    };
  }
  await db.transaction(async (tx) => {
    // The code that proved the app is used up, as a sign-in's is: it cannot then sign in (replay, ASVS 2.8.4).
    await tx
      .update(staffUsers)
      .set({ totpSecret: input.secret, totpLastStep: step, updatedAt: new Date() })
      .where(eq(staffUsers.id, user.id));
    await recordAudit(tx, {
      actor,
      action: "staff_user.enable_totp",
      entity: "staff_user",
      entityId: user.id,
      changes: { totpSecret: { from: null, to: null } },
    });
  });
  return { ok: true, value: null };
}

/** Turns TOTP off; the current password is required. */
export async function disableTotp(
  db: Database,
  actor: StaffActor,
  input: { currentPassword: string },
  reauthentication: Reauthentication,
): Promise<Parsed<null>> {
  const user = await ownAccount(db, actor);
  const refused = await currentPasswordRefusal(user, input.currentPassword, reauthentication);
  if (refused) return { ok: false, violations: [refused] };
  await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ totpSecret: null, updatedAt: new Date() }).where(eq(staffUsers.id, user.id));
    await recordAudit(tx, {
      actor,
      action: "staff_user.disable_totp",
      entity: "staff_user",
      entityId: user.id,
      changes: { totpSecret: { from: null, to: null } },
    });
  });
  return { ok: true, value: null };
}

/** Null when `password` is the person's current one; counted like a sign-in attempt, refused once the allowance is used. */
async function currentPasswordRefusal(
  user: AccountRow,
  password: string,
  { throttle, clientAddress }: Reauthentication,
): Promise<Violation | null> {
  const claim = await throttle.claimAttempt(user.email, clientAddress);
  if (!claim.allowed) {
    return {
      propertyPath: "currentPassword",
      message: `Too many wrong passwords, try again in ${waitInWords(claim.retryAfterSeconds)}`,
    };
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    return { propertyPath: "currentPassword", message: "This is not your current password" };
  }
  await throttle.attemptSucceeded(claim);
  return null;
}

async function ownAccount(db: Database, actor: StaffActor): Promise<AccountRow> {
  if (actor.id === null) throw new StaffAccountNotFound();
  const [user] = await db.select(SELECT_ACCOUNT).from(staffUsers).where(eq(staffUsers.id, actor.id));
  if (!user) throw new StaffAccountNotFound();
  return user;
}

function actorOf(user: { id: number; email: string; role: string }): StaffActor {
  return { id: user.id, label: user.email, role: user.role as StaffRole, dealerIds: [] };
}

export class StaffAccountNotFound extends Error {
  constructor() {
    super("No such staff account");
    this.name = "StaffAccountNotFound";
  }
}

/** The dealers a group administrator can assign to a dealer manager, by name. */
export async function staffDealerChoices(db: Database, actor: StaffActor): Promise<{ id: number; name: string }[]> {
  assertMay(actor, "staff-accounts", null);
  return db.select({ id: dealers.id, name: dealers.dealerName }).from(dealers).orderBy(asc(dealers.dealerName));
}
