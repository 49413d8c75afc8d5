import { type Browser, expect } from "@playwright/test";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "../../../db/client.ts";
import type { StaffRole } from "../../../core/staff/roles.ts";
import { STAFF_ROLE_LABELS } from "../../../core/staff/roles.ts";
import { createStaffUser, signIn, TEST_STAFF_PASSWORD } from "../../support/staff.ts";
import { mailInOutbox } from "./outbox.ts";
import { E2E_ADMIN } from "./staff-bootstrap.ts";

export type NewStaffAccount = { email: string; name: string; role: StaffRole; dealer?: { slug: string; name: string } };

/**
 * A staff account with the password TEST_STAFF_PASSWORD, as a group makes one: the bootstrap administrator
 * adds it at /staff/accounts and the person sets a password from the e-mailed link. With E2E_DATABASE_URL
 * (the server on PostgreSQL) it is made in the database instead.
 */
export async function addStaffAccount(
  browser: Browser,
  baseURL: string | undefined,
  account: NewStaffAccount,
): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const dealerSlugs = account.dealer ? [account.dealer.slug] : [];
      await createStaffUser(drizzle(client) as unknown as Database, {
        email: account.email,
        role: account.role,
        dealerSlugs,
        password: TEST_STAFF_PASSWORD,
      });
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
  await form.getByLabel("Role").selectOption({ label: STAFF_ROLE_LABELS[account.role] });
  if (account.dealer)
    await form.getByRole("group", { name: "Dealers" }).getByLabel(account.dealer.name, { exact: true }).check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(`Account created for ${account.name}.`);
  await page.getByRole("button", { name: "Sign out" }).click();
  const mail = await mailInOutbox(
    account.email,
    (message) => message.subject === "Your Honda Dealer Group back-office account",
  );
  const link = new URL(/http:\/\/\S+\/staff\/set-password\?token=[\w-]+/.exec(mail.text ?? "")![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel("New password", { exact: true }).fill(TEST_STAFF_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(TEST_STAFF_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is set.");
  await page.close();
}
