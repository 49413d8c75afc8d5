import type { Locator, Page } from "@playwright/test";

/**
 * The back office's navigation, ready to use: on a phone it is behind the header's Menu button (issue 35, a link
 * before the scripts have run and a button after), which this opens; from md up it is always shown.
 */
export async function backOfficeNavigation(page: Page): Promise<Locator> {
  const navigation = page.getByRole("navigation", { name: "Back office" });
  if (await navigation.isVisible()) return navigation;
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Menu" }).or(header.getByRole("link", { name: "Menu" })).click();
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
