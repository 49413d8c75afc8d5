import { type Browser, expect } from "@playwright/test";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { StaffRole } from "../../../core/staff/roles.ts";
import type { Database } from "../../../db/client.ts";
import { createStaffUser, signIn } from "../../support/staff.ts";
import { mailInOutbox } from "./outbox.ts";

/**
 * The group administrator the e2e server creates at its first start (STAFF_BOOTSTRAP_* in playwright.config.ts),
 * for specs that work in the back office.
 */
export const E2E_ADMIN = { email: "e2e-admin@example.co.za", password: "e2e administrator passphrase" } as const;

const ROLE_LABELS: Record<StaffRole, string> = { group_admin: "Group administrator", dealer_manager: "Dealer manager", content_editor: "Content editor" };

/**
 * A staff account with this password, made as a group does it: the bootstrap administrator adds it at
 * /staff/accounts and the person sets a password from the e-mailed link. With E2E_DATABASE_URL (a server the
 * spec does not start) it is made in the database.
 */
export async function addStaffAccount(
  browser: Browser,
  baseURL: string | undefined,
  account: { email: string; name: string; role: StaffRole; dealers?: { slug: string; name: string }[]; password: string },
): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const dealerSlugs = (account.dealers ?? []).map((dealer) => dealer.slug);
      await createStaffUser(drizzle(client) as unknown as Database, { email: account.email, role: account.role, dealerSlugs, password: account.password });
    } finally {
      await client.end();
    }
    return;
  }
  const page = await browser.newPage({ baseURL });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/staff/accounts");
  const form = page.getByRole("region", { name: "Add a staff member" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Name").fill(account.name);
  await form.getByLabel("Role").selectOption({ label: ROLE_LABELS[account.role] });
  for (const dealer of account.dealers ?? []) await form.getByRole("group", { name: "Dealers" }).getByLabel(dealer.name, { exact: true }).check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(`Account created for ${account.name}.`);
  await page.getByRole("button", { name: "Sign out" }).click();
  const mail = await mailInOutbox(account.email, (message) => message.subject === "Your Honda Dealer Group back-office account");
  const link = new URL(/http:\/\/\S+\/staff\/set-password\?token=[\w-]+/.exec(mail.text ?? "")![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel("New password", { exact: true }).fill(account.password);
  await page.getByLabel("Repeat the new password").fill(account.password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is set.");
  await page.close();
}
