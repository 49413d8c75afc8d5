import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/staff.ts";
import { mailInOutbox } from "./support/outbox.ts";
import { expectNoAxeViolations, pageHydrated } from "./support/page-checks.ts";
import { E2E_ADMIN } from "./support/staff-bootstrap.ts";
import { backOfficeNavigation } from "./support/back-office.ts";

/**
 * Staff accounts: the administrator the server created at its first start signs in and adds a dealer
 * manager; the manager chooses a password through the link e-mailed to them and signs in, and sees only what a
 * dealer manager may. Every staff page passes axe and HTML_CodeSniffer, at desktop and phone width.
 */

const PHONE = { width: 390, height: 844 };

/** Both engines at the project's width and at a phone's. */
async function expectAccessibleAtBothWidths(page: Page) {
  const original = page.viewportSize()!;
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
  await page.setViewportSize(original);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
}

/** Adds a dealer manager of the first dealer with the accounts page's form; the list shows them invited. */
async function addDealerManager(page: Page, managerEmail: string) {
  const form = page.getByRole("region", { name: "Add a staff member" });
  await form.getByLabel("Email").fill(managerEmail);
  await form.getByLabel("Name").fill("Sipho Mokoena");
  await form.getByLabel("Role").selectOption({ label: "Dealer manager" });
  const dealer = form.getByRole("group", { name: "Dealers" }).getByRole("checkbox").first();
  const dealerName = (await form.locator(`label[for="${await dealer.getAttribute("id")}"]`).textContent())!;
  await dealer.check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(
    `Account created for Sipho Mokoena. We e-mailed ${managerEmail} a link to choose a password.`,
  );
  const row = page.getByRole("row").filter({ hasText: managerEmail });
  await expect(row).toContainText("Dealer manager");
  await expect(row).toContainText(dealerName);
  await expect(row).toContainText("Invited (no password yet)");
}

test("the bootstrap administrator adds a dealer manager, who sets a password from the e-mailed link and signs in", async ({
  page,
}, testInfo) => {
  // A long journey with two accessibility engines at two widths on seven pages.
  test.setTimeout(240_000);
  const managerEmail = `manager-${testInfo.project.name}-${Date.now()}@example.co.za`;
  const managerPassword = "a manager's own passphrase";

  await page.goto("/staff/accounts");
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Faccounts$/);
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Staff accounts" })).toBeVisible();
  await pageHydrated(page);
  await expectAccessibleAtBothWidths(page);
  const adminNavigation = await backOfficeNavigation(page);
  await expect(adminNavigation.getByRole("link", { name: "Audit log" })).toBeVisible();
  // On a phone the menu is a dialog over the page: Escape closes it.
  if (await page.getByRole("dialog", { name: "Back office menu" }).isVisible()) await page.keyboard.press("Escape");

  // A form sent with problems says what to fix, and the summary takes focus.
  await page.getByRole("button", { name: "Create account" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Please correct the following" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Email: Enter a valid e-mail address");
  await expectAccessibleAtBothWidths(page);

  await addDealerManager(page, managerEmail);

  await (await backOfficeNavigation(page)).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "staff_user.create" }).filter({ hasText: managerEmail }),
  ).toHaveCount(1);
  await expectAccessibleAtBothWidths(page);
  await signOut(page);

  const mail = await mailInOutbox(
    managerEmail,
    (message) => message.subject === "Your Honda Dealer Group back-office account",
  );
  const link = /http:\/\/\S+\/staff\/set-password\?token=[\w-]+/.exec(mail.text ?? "")![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("New password", { exact: true }).fill(managerPassword);
  await page.getByLabel("Repeat the new password").fill(managerPassword);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is set. Sign in with it now.");

  await signIn(page, managerEmail, managerPassword);
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  const navigation = await backOfficeNavigation(page);
  await expect(navigation.getByRole("link", { name: "My account" })).toBeVisible();
  await expect(navigation.getByRole("link", { name: "Staff accounts" })).toHaveCount(0);

  await navigation.getByRole("link", { name: "My account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page.getByText(/^otpauth:\/\/totp\//)).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // The link worked once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  // A manager who edits the address to the accounts page is refused in the back office's own frame.
  const refused = await page.goto("/staff/accounts");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
});

test("the sign-in and forgotten-password pages say the same whatever the address", async ({ page }) => {
  await page.goto("/staff/login");
  await pageHydrated(page);
  await page.getByLabel("Email").fill("nobody-here@example.co.za");
  await page.getByLabel("Password").fill("not a password at all");
  await page.getByRole("button", { name: "Sign in" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Email or password is incorrect");
  await expect(alert).toBeFocused();
  await expectAccessibleAtBothWidths(page);

  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password" })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel("Email").fill("nobody-here@example.co.za");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(
    "If this address has a back-office account, we have sent it a link",
  );
});
