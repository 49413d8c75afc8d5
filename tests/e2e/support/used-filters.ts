import { type APIRequestContext, expect, type Page } from "@playwright/test";

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

/**
 * What the used listing counts for a query, from the API: every vehicle it finds, less the motorcycles when the
 * query names no body type and no model (the listing shows cars unless motorcycles are asked for).
 */
export async function listedTotal(request: APIRequestContext, query = "", base = "/api"): Promise<number> {
  const total = async (q: string) => {
    const response = await request.get(`${base}/vehicles?${q}`);
    expect(response.ok(), q).toBe(true);
    return (await response.json())["hydra:totalItems"] as number;
  };
  const params = new URLSearchParams(query);
  if (params.has("bodyType[]") || params.has("model_slug")) return total(query);
  return (await total(query)) - (await total(`${query}${query ? "&" : ""}bodyType[]=Motorcycle`));
}
