import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/page-checks.ts";

test("the home page renders from the server with the range", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "CR-V", exact: true }).first()).toBeAttached();
  await expectNoAxeViolations(page);
});

test("an unknown path shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoAxeViolations(page);
});
