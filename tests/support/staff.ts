import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, staffUserDealers, staffUsers } from "../../db/schema.ts";
import { hashPassword } from "../../core/staff/passwords.server.ts";
import type { StaffActor, StaffRole } from "../../core/staff/roles.ts";

/** A password every test account may use (12+ characters, not common). */
export const TEST_STAFF_PASSWORD = "correct horse battery staple";

/**
 * A staff account straight in the database (tests only; the site makes them through /staff/accounts), with a
 * password when given, and the dealers of a dealer manager by slug. Answers its id and the actor it signs in as.
 */
export async function createStaffUser(
  db: Database,
  {
    email,
    role,
    dealerSlugs = [],
    password,
    displayName,
  }: { email: string; role: StaffRole; dealerSlugs?: string[]; password?: string; displayName?: string },
): Promise<{ id: number; actor: StaffActor }> {
  const dealerRows =
    dealerSlugs.length > 0
      ? await db.select({ id: dealers.id }).from(dealers).where(inArray(dealers.slug, dealerSlugs))
      : [];
  if (dealerRows.length !== dealerSlugs.length) throw new Error(`unknown dealer among ${dealerSlugs.join(", ")}`);
  const [user] = await db
    .insert(staffUsers)
    .values({
      email: email.toLowerCase(),
      displayName: displayName ?? email.split("@")[0]!,
      role,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning({ id: staffUsers.id });
  if (dealerRows.length > 0)
    await db
      .insert(staffUserDealers)
      .values(dealerRows.map((dealer) => ({ staffUserId: user!.id, dealerId: dealer.id })));
  return {
    id: user!.id,
    actor: {
      id: user!.id,
      label: email.toLowerCase(),
      role,
      dealerIds: dealerRows.map((dealer) => dealer.id).sort((a, b) => a - b),
    },
  };
}

export type StaffHttpSession = {
  /** The Cookie header to send. */
  cookie: string;
  /** The session's CSRF token (form field "csrf", header X-CSRF-Token). */
  csrfToken: string;
};

/**
 * Signs in through the real sign-in page. With a Playwright page: fills the form as a person does and waits
 * for the back office. With a base URL: posts the form over HTTP and answers the session cookie and CSRF token.
 */
export async function signIn(page: Page, email: string, password: string): Promise<undefined>;
export async function signIn(baseUrl: string, email: string, password: string): Promise<StaffHttpSession>;
export async function signIn(
  target: Page | string,
  email: string,
  password: string,
): Promise<StaffHttpSession | undefined> {
  if (typeof target !== "string") {
    await target.goto("/staff/login");
    await target.getByLabel("Email").fill(email);
    await target.getByLabel("Password").fill(password);
    await target.getByRole("button", { name: "Sign in" }).click();
    await target.waitForURL((url) => url.pathname.startsWith("/staff") && url.pathname !== "/staff/login");
    return;
  }
  const response = await fetch(`${target}/staff/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ step: "password", email, password, next: "/staff" }),
  });
  // The session's cookie, not the known device's that comes with it.
  const setCookie = response.headers.getSetCookie().find((cookie) => /^(__Host-)?staff=/.test(cookie));
  if (response.status !== 302 || !setCookie) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const cookie = setCookie.split(";")[0]!;
  const me = await fetch(`${target}/api/staff/me`, { headers: { Cookie: cookie } });
  if (me.status !== 200) throw new Error(`/api/staff/me answered ${me.status} after signing in`);
  const { csrfToken } = (await me.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}

/** A back-office form as its page fills it in: every input's, select's and textarea's value, by name. */
export function formValues(html: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*>/g)) {
    const value = /\bvalue="([^"]*)"/.exec(match[0]);
    values[match[1]!] = value
      ? value[1]!
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"')
      : "";
  }
  for (const match of html.matchAll(/<select[^>]*\bname="([^"]+)"[\s\S]*?<\/select>/g)) {
    values[match[1]!] = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(match[0])?.[1] ?? "";
  }
  for (const match of html.matchAll(/<textarea[^>]*\bname="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    values[match[1]!] = match[2]!.replace(/&amp;/g, "&");
  return values;
}

/**
 * The one-time link in the newest e-mail to `email` in an outbox folder (.eml files, the mail channel's
 * default): what the person clicks to choose a password. `except`: links already seen (two e-mails written
 * in the same millisecond have no order).
 */
export async function passwordLinkFromOutbox(
  outboxDir: string,
  email: string,
  { except = [] }: { except?: string[] } = {},
): Promise<string> {
  const names = (await fs.readdir(outboxDir))
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse();
  for (const name of names) {
    const mail = await simpleParser(await fs.readFile(path.join(outboxDir, name)));
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
    if (to.toLowerCase() !== email.toLowerCase()) continue;
    const link = /https?:\/\/\S+\/staff\/(?:set-password|setup)\?token=[\w-]+/.exec(mail.text ?? "");
    if (link && !except.includes(link[0])) return link[0];
  }
  throw new Error(`no password link to ${email} in ${outboxDir}`);
}
