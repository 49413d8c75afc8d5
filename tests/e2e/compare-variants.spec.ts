import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/page-checks.ts";

/** New variants compared from their model pages (/compare?variants=make.model.variant). */
type Variant = {
  make: string;
  make_slug: string;
  model: string;
  model_slug: string;
  variant: string;
  variant_slug: string;
  modelPrice: number;
  power: number;
};

/** The range as the API serves it: names and figures come from the data, not from the page. */
async function variantsOf(
  request: APIRequestContext,
  modelSlug: string,
  type: "car" | "motorcycle",
): Promise<Variant[]> {
  const response = await request.get(`/api/renault_ranges?model_slug=${modelSlug}&type=${type}`);
  expect(response.status()).toBe(200);
  return (await response.json())["hydra:member"];
}

const key = (v: Variant) => `${v.make_slug}.${v.model_slug}.${v.variant_slug}`;
const title = (v: Variant) => `${v.make} ${v.model} ${v.variant}`;
const cellsOf = (page: Page, row: string | RegExp) =>
  page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: row }) })
    .getByRole("cell");
const pickedStatus = (page: Page) => page.getByRole("status").filter({ hasText: /picked to compare/ });

test("compare three Amaze variants from the model page: pressed buttons, count announced, side by side; axe-clean", async ({
  page,
  request,
}) => {
  // Two pages checked by axe and HTML_CodeSniffer, and a reload, on a machine shared with other test runs.
  test.setTimeout(90_000);
  const variants = await variantsOf(request, "amaze", "car");
  expect(variants.length).toBeGreaterThan(3);
  const [a, b, c, d] = variants as [Variant, Variant, Variant, Variant];
  await page.goto("/new/honda/amaze");
  const button = (v: Variant) => page.getByRole("button", { name: `Compare ${title(v)}`, exact: true });

  await button(a).click();
  await expect(button(a)).toHaveAttribute("aria-pressed", "true");
  await expect(button(a)).toBeFocused();
  await expect(pickedStatus(page)).toHaveText("1 of 3 picked to compare");
  await button(b).click();
  // The keyboard works too, and focus stays on the control.
  await button(c).focus();
  await page.keyboard.press("Space");
  await expect(button(c)).toHaveAttribute("aria-pressed", "true");
  await expect(button(c)).toBeFocused();
  await expect(pickedStatus(page)).toHaveText("3 of 3 picked to compare");
  await expect(button(d)).toBeDisabled();
  // Pressed again: out of the list.
  await button(b).click();
  await expect(button(b)).toHaveAttribute("aria-pressed", "false");
  await expect(pickedStatus(page)).toHaveText("2 of 3 picked to compare");
  await button(b).click();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(button(a)).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "Compare (3)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare vehicles" })).toBeVisible();
  await expect(page).toHaveURL(/\/compare\?variants=[a-z0-9.,-]+$/);
  await expect(page.getByRole("columnheader")).toHaveCount(3);
  for (const v of [a, b, c])
    await expect(
      page.getByRole("link", { name: `Remove New ${title(v)} from the comparison`, exact: true }),
    ).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /^Price/ })).toContainText("differs");
  await expect(cellsOf(page, "Condition")).toHaveText(["New", "New", "New"]);
  await expect(page.getByRole("rowheader", { name: "Condition" })).not.toContainText("differs");
  // Rows that do not apply to a new car are there, with a dash in every column.
  await expect(cellsOf(page, "Mileage")).toHaveText(["—Not listed", "—Not listed", "—Not listed"]);
  await expect(cellsOf(page, "Power").first()).toContainText(`${c.power} kW`);
  await expectNoAxeViolations(page);

  // Printable: the print stylesheet hides the controls, the table stays.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: /^Remove / }).first()).toBeHidden();
  await expect(page.getByRole("table")).toBeVisible();
});

test("a model with one variant has its own Compare button; used vehicles and new models mix in one comparison", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const [bike] = await variantsOf(request, "nx500", "motorcycle");
  const [used] = (await (await request.get("/api/vehicles")).json())["hydra:member"];
  await page.goto(used.uri);
  await page
    .getByRole("button", { name: `Compare ${used.year} ${used.make} ${used.model}`, exact: true })
    .first()
    .click();
  await page.goto("/honda-wing/honda/nx500");
  const toggle = page.getByRole("button", { name: `Compare ${title(bike!)}`, exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(pickedStatus(page)).toHaveText("2 of 3 picked to compare");
  await page.getByRole("link", { name: "Compare (2)" }).click();
  await expect(page.getByRole("columnheader")).toHaveCount(2);
  await expect(page.getByRole("rowheader", { name: /^Condition/ })).toContainText("differs");
  await expect(cellsOf(page, "Body type").nth(1)).toHaveText("Motorcycle");
  await expect(cellsOf(page, "Power").first()).toHaveText("—Not listed");
  await expect(cellsOf(page, "Power").nth(1)).toContainText(`${bike!.power} kW`);
  await page.getByLabel("Your province").selectOption("Gauteng");
  await page.getByRole("button", { name: "Show distances" }).click();
  await expect(page.getByRole("rowheader", { name: /Distance from Gauteng/ })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveCount(2);
  await expect(cellsOf(page, /Distance from Gauteng/).nth(1)).toHaveText("—Not listed");
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tick three variants on the model page and compare them", async ({ page, request }) => {
    const [a, , c, d] = (await variantsOf(request, "amaze", "car")) as Variant[];
    await page.goto("/new/honda/amaze");
    for (const v of [a!, c!, d!])
      await page.getByRole("checkbox", { name: `Compare ${title(v)}`, exact: true }).check();
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?variants=${key(a!)}&variants=${key(c!)}&variants=${key(d!)}$`));
    await expect(page.getByRole("columnheader")).toHaveCount(3);
    await expect(page.getByRole("rowheader", { name: "Estimated instalment" })).toBeVisible();
    await expect(cellsOf(page, "Year")).toHaveText(["—Not listed", "—Not listed", "—Not listed"]);
  });

  test("a variant no longer in the range is named as such; a malformed or fourth one is a 400", async ({
    page,
    request,
  }) => {
    const [a, b, c] = (await variantsOf(request, "wr-v", "car")) as Variant[];
    await page.goto(`/compare?variants=${key(a!)},honda.wr-v.no-such-variant`);
    await expect(page.getByRole("columnheader")).toHaveCount(1);
    await expect(page.getByText("1 of the new models you picked are no longer available.")).toBeVisible();

    const bad = await request.get("/compare?variants=honda/wr-v/x");
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("variants must be new models");
    const used = (await (await request.get("/api/vehicles")).json())["hydra:member"][0];
    const four = await request.get(`/compare?ids=${used.id}&variants=${[a, b, c].map((v) => key(v!)).join(",")}`);
    expect(four.status()).toBe(400);
    expect(await four.text()).toContain("at most 3 vehicles together");
  });
});
