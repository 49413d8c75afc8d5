import { expect, type Page } from "@playwright/test";

/** Waits until the used listing is hydrated (the filter form's button, hidden in the drawer on phones, then reads "Show results"). */
export async function usedListingHydrated(page: Page): Promise<void> {
  await expect(page.locator("#used-filters button[type=submit]")).toHaveText("Show results");
}

/** On a phone the used listing's filters sit in a drawer: open it (a dialog with JavaScript, once hydrated). */
export async function openFilters(page: Page): Promise<void> {
  await usedListingHydrated(page);
  if (await page.getByRole("dialog", { name: "Filters" }).isVisible()) return;
  const toggle = page.getByRole("button", { name: /^Filters/ });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
  }
}

/** Closes the filters' drawer if it is open (phones); the filters stay applied. */
export async function closeFilters(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Filters" });
  if (await dialog.isVisible()) {
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }
}
