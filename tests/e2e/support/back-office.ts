import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The back office's navigation, ready to use: on a phone it is behind the header's Menu button (issue 35, a link
 * before the scripts have run and a button after), which this opens; from md up it is always shown. Both show only
 * to a signed-in person.
 */
export async function backOfficeNavigation(page: Page): Promise<Locator> {
  const navigation = page.getByRole("navigation", { name: "Back office" });
  const header = page.getByRole("banner");
  const menu = header.getByRole("button", { name: "Menu" }).or(header.getByRole("link", { name: "Menu" }));
  // Right after signing in the URL may have changed before the back office has rendered: wait for one or the other.
  await expect(navigation.or(menu).first()).toBeVisible();
  if (await navigation.isVisible()) return navigation;
  await menu.click();
  return navigation;
}

/** The leads inbox's filters, unfolded on a phone (a details element, folded there so that the first leads show). */
export async function openLeadFilters(page: Page): Promise<void> {
  const summary = page.locator("summary", { hasText: "Filters and download" });
  if (await summary.isVisible()) {
    const details = page.locator("details", { has: summary });
    if ((await details.getAttribute("open")) === null) await summary.click();
  }
}
