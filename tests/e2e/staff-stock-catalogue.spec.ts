import { expect, type Page, test } from "@playwright/test";
import { signIn, TEST_STAFF_PASSWORD } from "../support/staff.ts";
import { addStaffAccount } from "./support/staff-accounts.ts";

/**
 * The open catalogue, without JavaScript: the "Add a vehicle" form suggests makes and models from the catalogue (native
 * datalists), refuses a make it does not know until the check box "Add X as a new make" is ticked, then lists
 * the vehicle under the new make; and it says when a VIN typed is already in stock in the group. (axe runs
 * its script in the page, which this context forbids: staff-stock.spec.ts checks the same form with it.)
 */

test.use({ javaScriptEnabled: false });
test.describe.configure({ mode: "serial", timeout: 180_000 });

let email = "";

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  email = `catalogue.manager.${testInfo.project.name}.${Date.now()}@example.co.za`;
  await addStaffAccount(browser, testInfo.project.use.baseURL, {
    email,
    name: "Sipho Dlamini",
    role: "dealer_manager",
    dealer: { slug: "honda-menlyn", name: "Honda Menlyn" },
  });
});

async function fillVehicle(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    const control = page.getByLabel(label, { exact: true });
    if ((await control.evaluate((element) => element.tagName)) === "SELECT")
      await control.selectOption({ label: value });
    else await control.fill(value);
  }
}

const vehicle = (make: string, vin: string) => ({
  Make: make,
  Model: "X5 Pro",
  Variant: "1.5T Luxury DCT",
  Year: "2024",
  Mileage: "8 000",
  Price: "399 900",
  Transmission: "Automatic",
  "Fuel type": "Petrol",
  Colour: "Polar White",
  Condition: "Demo",
  "Body type": "SUV",
  VIN: vin,
});

test("a make the catalogue does not know is added once confirmed, and a VIN already in stock is named", async ({
  page,
}, testInfo) => {
  // One new make per browser project: the first run adds it to the catalogue.
  const make = testInfo.project.name === "mobile" ? "lynk & co" : "kaiyi";
  const shown = make === "kaiyi" ? "Kaiyi" : "Lynk & Co";
  const vin = `LKY${testInfo.project.name === "mobile" ? "M" : "D"}${String(Date.now()).slice(-13)}`;
  await signIn(page, email, TEST_STAFF_PASSWORD);
  await page.goto("/staff/stock/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add a vehicle" })).toBeVisible();
  // The suggestions are the catalogue's, there from the first start.
  for (const known of ["Haval", "GWM", "Mahindra", "Volkswagen"])
    await expect(page.locator(`#stock-makes option[value="${known}"]`)).toHaveCount(1);
  await expect(page.getByLabel(`Add ${shown} as a new make`)).toHaveCount(0);

  await fillVehicle(page, vehicle(make, vin));
  await page.getByRole("button", { name: "Add the vehicle" }).click();
  await expect(page.getByText(`${shown} is not a make in the catalogue yet`).last()).toBeVisible();
  const confirmMake = page.getByLabel(`Add ${shown} as a new make`);
  const confirmModel = page.getByLabel("Add X5 Pro as a new model");
  await expect(confirmMake).toBeVisible();
  await confirmMake.check();
  await confirmModel.check();
  await page.getByRole("button", { name: "Add the vehicle" }).click();
  await expect(page).toHaveURL(/\/staff\/stock\/\d+\?done=created/);
  await expect(page.getByLabel("Make", { exact: true })).toHaveValue(shown);

  // The same VIN again: the form says where it already is.
  await page.goto("/staff/stock/new");
  await fillVehicle(page, vehicle(shown, vin));
  await page.getByRole("button", { name: "Add the vehicle" }).click();
  await expect(page.getByText("A vehicle with this VIN is already in stock at Honda Menlyn").last()).toBeVisible();
  await expect(page.getByLabel(`Add ${shown} as a new make`)).toHaveCount(0);
});
