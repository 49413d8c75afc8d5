import { type APIRequestContext, expect, test } from "@playwright/test";
import { signIn } from "../support/staff.ts";
import { E2E_ADMIN } from "./support/staff-bootstrap.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, pageHydrated } from "./support/page-checks.ts";
import { backOfficeNavigation } from "./support/back-office.ts";

/**
 * Stock feeds in the back office, as the bootstrap group administrator: a feed key is
 * created and shown once, and it works for the feed's API until revoked; the same CSV uploaded in the back
 * office shows the import's report, after the uploader confirms a file that would mark most of the stock sold.
 */

test("an administrator creates a feed key, shown once, which the dealer's DMS can then use", async ({
  page,
  request,
}) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await (await backOfficeNavigation(page)).getByRole("link", { name: "Stock feeds" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stock feeds" })).toBeVisible();
  await expectNoAxeViolations(page);

  const keyName = `Kimberley DMS ${test.info().project.name}`;
  const createForm = page.locator("form", { has: page.getByRole("button", { name: "Create key" }) });
  await createForm.getByLabel("Dealer").selectOption({ label: "Honda Kimberley" });
  await createForm.getByLabel("Name").fill(keyName);
  await createForm.getByRole("button", { name: "Create key" }).click();

  const keyBox = page.getByLabel(`New key for Honda Kimberley (${keyName})`);
  await expect(keyBox).toBeVisible();
  await expect(page.getByText("it is not shown again")).toBeVisible();
  const key = await keyBox.inputValue();
  expect(key).toMatch(/^hdf_/);
  await expectNoAxeViolations(page);

  const row = page.getByRole("row", { name: new RegExp(keyName) });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("Never");

  // The key works for its dealer's feed, over real HTTP.
  const csv = [
    "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition",
    `KIM-${test.info().project.name}-1,Honda,Jazz,1.5 Comfort,2020,61000,219900,Manual,Petrol,Silver,Used`,
  ].join("\n");
  const feed = await request.put("/api/staff/dealers/honda-kimberley/stock?dry_run=1", {
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "text/csv" },
    data: csv,
  });
  expect(feed.status()).toBe(200);
  expect(await feed.json()).toMatchObject({ dealer: "honda-kimberley", dryRun: true, received: 1, created: 1 });

  // Reloaded, the page no longer shows the key, only its first characters and its last use.
  await page.goto("/staff/feeds");
  await expect(page.getByLabel(/^New key for/)).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(keyName) })).not.toContainText("Never");

  await page
    .getByRole("row", { name: new RegExp(keyName) })
    .getByRole("button", { name: /^Revoke/ })
    .click();
  await expect(page.getByRole("status")).toContainText("The key is revoked");
  await expect(page.getByRole("row", { name: new RegExp(keyName) })).toContainText("Revoked");
  const refused = await request.put("/api/staff/dealers/honda-kimberley/stock", {
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "text/csv" },
    data: csv,
  });
  expect(refused.status()).toBe(401);
});

test("staff upload a dealer's CSV in the back office and see the report as tables", async ({ page, request }) => {
  const project = test.info().project.name;
  // A feed is a dealer's whole stock: its first import marks the dealer's demo stock sold (each demo vehicle has a
  // DMS stock number). This spec runs after those that read the stock (playwright.config.ts).
  const dealer = "Honda Polokwane";
  const demoStock = await publicStockCount(request, "honda-polokwane");
  expect(demoStock).toBeGreaterThan(0);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/staff/stock/import");
  await pageHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Import stock" })).toBeVisible();
  await expectNoAxeViolations(page);

  const csv = [
    "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition",
    `PLK-${project}-1,Honda,Civic,1.5T Sport CVT,2022,18000,439900,Automatic,Petrol,Red,Demo`,
    `PLK-${project}-2,Honda,HR-V,1.5 Comfort CVT,2019,77000,319900,Automatic,Petrol,Grey,Used`,
    `PLK-${project}-3,Honda,Jazz,1.5 Comfort,2999,61000,219900,Manual,Petrol,Silver,Used`,
  ].join("\n");
  const upload = async (dryRun: boolean) => {
    await page.getByLabel("Dealer").selectOption({ label: dealer });
    await page
      .getByLabel("Stock file (CSV or Excel)")
      .setInputFiles({ name: "polokwane.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Dry run: only report what would change").setChecked(dryRun);
    await page.getByRole("button", { name: "Import" }).click();
  };

  await upload(true);
  const dryHeading = page.getByRole("heading", { name: "Dry run: what this feed would change (nothing was changed)" });
  await expect(dryHeading).toBeFocused();
  await expect(page.getByRole("row", { name: "Would be created 2" })).toBeVisible();
  await expect(page.getByRole("row", { name: `Would be marked sold ${demoStock}` })).toBeVisible();
  expect(await publicStockCount(request, "honda-polokwane")).toBe(demoStock);

  // It would mark the whole stock sold: the drop guard asks first, and nothing changes until then.
  await upload(false);
  const confirm = page.getByRole("heading", {
    name: new RegExp(`^Confirm: this file would mark ${demoStock} of \\d+ vehicles sold$`),
  });
  await expect(confirm).toBeFocused();
  await expect(page.getByRole("row", { name: `Would be marked sold ${demoStock}` })).toBeVisible();
  expect(await publicStockCount(request, "honda-polokwane")).toBe(demoStock);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Import it and mark ${demoStock} sold` }).click();

  await expect(page.getByRole("heading", { name: "Import report" })).toBeFocused();
  await expect(page.getByRole("row", { name: "Created 2" })).toBeVisible();
  await expect(page.getByRole("row", { name: "Rejected rows 1" })).toBeVisible();
  await expect(page.getByRole("row", { name: `Marked sold ${demoStock}` })).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Rejected rows" })
      .getByRole("row", { name: "3 year Year cannot be in the future" }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Vehicles created, updated or marked sold" })).toContainText(
    `PLK-${project}-1`,
  );
  await expectNoAxeViolations(page);

  // The same file again: nothing to do.
  await upload(false);
  await expect(page.getByRole("row", { name: "Unchanged 2" })).toBeVisible();
  await expect(page.getByRole("row", { name: "Created 0" })).toBeVisible();
  await expect(page.getByRole("row", { name: "Marked sold 0" })).toBeVisible();
  // The site now offers what the feed holds: its two valid vehicles.
  await expect.poll(() => publicStockCount(request, "honda-polokwane")).toBe(2);
});

test("staff map a new DMS layout once on the upload page, and the next file of that layout imports with no mapping clicks", async ({
  page,
  request,
}) => {
  const project = test.info().project.name;
  const header =
    "Stock Code;Manufacturer;Range;Derivative;Year Model;Odometer;Selling Price;Type;Fuel;Gearbox;Colour;Body";
  const file = (price: string) => ({
    name: "mbombela.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `${header}\r\nMBB-${project}-1;TOYOTA;Hilux;2.8 GD-6 Raider;2021;78 500 km;${price};U;D;Manual;Glacier White;D/Cab\r\n`,
      "latin1",
    ),
  });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/staff/stock/import");
  await pageHydrated(page);
  const upload = async (price: string) => {
    await page.getByLabel("Dealer").selectOption({ label: "Honda Mbombela" });
    await page.getByLabel("Stock file (CSV or Excel)").setInputFiles(file(price));
    await page.getByRole("button", { name: "Import", exact: true }).click();
  };

  // A layout the site has not seen: its columns beside the fields they fill, and a preview.
  await upload("R 529 900");
  await expect(page.getByRole("heading", { name: "Match the file's columns to the site's fields" })).toBeFocused();
  await expect(page.getByText("The header row lacks required columns: condition")).toBeVisible();
  await expect(page.getByLabel("Selling Price")).toHaveValue("price");
  await expect(page.getByRole("table", { name: "The first rows as they will land" })).toContainText("529900");
  await expectNoAxeViolations(page);
  // On a 360 px phone the mapping fits the screen (the preview's table scrolls in its own region).
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("Type", { exact: true }).selectOption("condition");
  await page.getByLabel("Values the file writes its own way").fill("fuelType: D = Diesel");
  await page.getByRole("button", { name: "Preview with these choices" }).click();
  await expect(page.getByRole("table", { name: "The first rows as they will land" })).toContainText("Diesel");
  await page.getByRole("button", { name: "Save the mapping and import" }).click();
  // The dealer's first real file would mark its whole demo stock sold: the drop guard asks first.
  await expect(
    page.getByRole("heading", { name: /^Confirm: this file would mark \d+ of \d+ vehicles sold$/ }),
  ).toBeFocused();
  await page.getByRole("button", { name: /^Import it and mark \d+ sold$/ }).click();
  await expect(page.getByRole("heading", { name: "Import report" })).toBeFocused();
  await expect(page.getByRole("row", { name: "Created 1" })).toBeVisible();

  // The next file of that layout: straight to the report, the price changed.
  await page.goto("/staff/stock/import");
  await pageHydrated(page);
  await upload("R 519 900");
  await expect(page.getByRole("heading", { name: "Import report" })).toBeFocused();
  await expect(page.getByRole("row", { name: "Updated 1" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Match the file's columns to the site's fields" })).toHaveCount(0);
  // The public listing follows within seconds (the used-stock notifications).
  await expect
    .poll(async () => (await (await request.get("/api/dealers/honda-mbombela/vehicles")).json())["hydra:member"])
    .toEqual([expect.objectContaining({ make: "Toyota", price: 519900, fuel_type: "Diesel", body_type: "Bakkie" })]);
});

/** How many vehicles the public API lists for a dealer. */
async function publicStockCount(request: APIRequestContext, dealer: string): Promise<number> {
  const response = await request.get(`/api/dealers/${dealer}/vehicles`);
  expect(response.status()).toBe(200);
  return (await response.json())["hydra:totalItems"];
}
