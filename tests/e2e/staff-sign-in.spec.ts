import { expect, type Page, test } from "@playwright/test";
import { signIn, TEST_STAFF_PASSWORD } from "../support/staff.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { addStaffAccount } from "./support/staff-accounts.ts";

/**
 * Wrong passwords slow guessing without locking anyone out (decision 071): a browser that has signed in keeps a
 * known-device cookie with an allowance of its own, so a stranger's wrong passwords for the same address, from
 * the same network, make a new browser wait (and say how long in words) but never the person's own.
 */

async function tryPassword(page: Page, email: string, password: string) {
  await page.goto("/staff/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page.getByRole("alert");
}

test("a stranger's wrong passwords make a new browser wait, said in words, while the person's own browser signs in", async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `sign-in-${testInfo.project.name}-${Date.now()}@example.co.za`;
  await addStaffAccount(browser, baseURL, { email, name: "Sipho Dlamini", role: "content_editor" });

  await signIn(page, email, TEST_STAFF_PASSWORD);
  const device = (await page.context().cookies()).find((cookie) => cookie.name === "staff-device");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  // A stranger on this same machine's address, in a browser of their own.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  for (let guess = 1; guess <= 5; guess++) {
    await expect(await tryPassword(strangerPage, email, `Summer2026!guess${guess}`)).toContainText(
      "Email or password is incorrect",
    );
  }
  const held = await tryPassword(strangerPage, email, TEST_STAFF_PASSWORD);
  await expect(held).toHaveText(/^Too many attempts, try again in \d+ seconds$/);
  await expect(held).toBeFocused();
  await expectNoAxeViolations(strangerPage);
  await stranger.close();

  // The person's own browser is not held back.
  await signIn(page, email, TEST_STAFF_PASSWORD);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});
