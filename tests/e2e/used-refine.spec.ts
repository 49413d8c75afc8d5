import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { openFilters, usedListingHydrated } from "./support/used-filters.ts";

/** The listing's price, year, mileage, body type, province and keyword filters, with counts. */

async function apiList(
  request: APIRequestContext,
  query: string,
): Promise<{ total: number; members: { price: number; body_type: string }[] }> {
  const response = await request.get(`/api/vehicles?${query}`);
  expect(response.ok()).toBe(true);
  const body = await response.json();
  return { total: body["hydra:totalItems"], members: body["hydra:member"] };
}

const heading = (page: Page) => page.locator("main h1");
const found = (n: number) => `Found ${n.toLocaleString("en-ZA")} Used Cars`;
const cardPrices = async (page: Page) =>
  (
    await page
      .getByRole("list", { name: "Vehicles" })
      .locator(":scope > li")
      .getByText(/^R\s?[\d\s]+$/)
      .allTextContents()
  ).map((text) => Number(text.replace(/\D/g, "")));

test.describe("used listing: more filters", () => {
  test("price up to R 350 000 and SUV: only matching cars, the true total and counts; the URL is the state", async ({
    page,
    request,
  }) => {
    await page.goto("/used");
    await usedListingHydrated(page);
    await openFilters(page);
    const suvs = await apiList(request, "bodyType[]=SUV");
    const suvBox = page.getByRole("group", { name: "Body type" }).getByRole("checkbox", { name: /^SUV\b/ });
    await expect(suvBox).toHaveAccessibleName(`SUV (${suvs.total.toLocaleString("en-ZA")})`);
    await suvBox.check();
    await expect(page).toHaveURL(/bodyType%5B%5D=SUV|bodyType\[\]=SUV/);
    await expect(heading(page)).toHaveText(found(suvs.total));
    // The price options now count SUVs only.
    const wanted = await apiList(request, "bodyType[]=SUV&price[lte]=350000");
    const priceTo = page.getByLabel("To", { exact: true }).first();
    await expect(priceTo.locator("option[value='350000']")).toHaveText(
      `R ${(350_000).toLocaleString("en-ZA")} (${wanted.total.toLocaleString("en-ZA")})`,
    );
    await priceTo.selectOption("350000");
    await expect(heading(page)).toHaveText(found(wanted.total));
    await expect(suvBox).toBeFocused();
    expect(new URL(page.url()).searchParams.get("price[lte]")).toBe("350000");
    for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(350_000);
    await expectNoAxeViolations(page);

    // Back goes to the SUVs of every price.
    await page.goBack();
    await expect(heading(page)).toHaveText(found(suvs.total));
  });

  test("keywords narrow the list and forgive a typo", async ({ page, request }) => {
    const jazz = await apiList(request, "q=jazz");
    await page.goto("/used?q=jzaz");
    await expect(heading(page)).toHaveText(found(jazz.total));
    await usedListingHydrated(page);
    await openFilters(page); // phones: the search box is in the filters drawer
    await expect(page.getByRole("searchbox", { name: "Keywords" })).toHaveValue("jzaz");
  });
});

test.describe("used listing: more filters without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form's price range, year, mileage, body type and province submit as a GET and land on page 1", async ({
    page,
    request,
  }) => {
    await page.goto("/used?page=3");
    const toggle = page.getByRole("link", { name: /^Filters/ });
    if (await toggle.isVisible()) await toggle.click();
    const form = page.locator("#used-filters");
    await form.getByLabel("From", { exact: true }).first().selectOption("100000");
    await form.getByLabel("To", { exact: true }).first().selectOption("350000");
    await form.locator("#used-year-min").selectOption("2019");
    await form.locator("#used-mileage-max").selectOption("80000");
    await form
      .getByRole("group", { name: "Body type" })
      .getByRole("checkbox", { name: /^SUV\b/ })
      .check();
    await form
      .getByRole("group", { name: "Province" })
      .getByRole("checkbox", { name: /^Gauteng\b/ })
      .check();
    await form.getByRole("button", { name: "Apply filters" }).click();
    const query =
      "price[gte]=100000&price[lte]=350000&year[gte]=2019&mileage[lte]=80000&bodyType[]=SUV&province[]=Gauteng";
    const wanted = await apiList(request, query);
    await expect(heading(page)).toHaveText(found(wanted.total));
    const url = new URL(page.url());
    expect(url.searchParams.get("page")).toBeNull();
    expect(url.searchParams.getAll("bodyType[]")).toEqual(["SUV"]);
    expect(url.searchParams.getAll("province[]")).toEqual(["Gauteng"]);
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(100_000);
      expect(price).toBeLessThanOrEqual(350_000);
    }
  });
});
