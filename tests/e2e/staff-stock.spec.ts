import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn, TEST_STAFF_PASSWORD } from "../support/staff.ts";
import { expectNoAxeViolations, pageHydrated } from "./support/page-checks.ts";
import { addStaffAccount } from "./support/staff-accounts.ts";

/**
 * A dealer manager runs their used stock from the back office, and the public site follows: adds a trade-in
 * with three photos (one a sideways phone JPEG with GPS data, a PNG and a WebP), sees it on /used with its
 * responsive renditions and on its page, changes its price, marks it sold (its page then answers 410).
 *
 * The manager's account: the bootstrap administrator adds it at /staff/accounts and the manager sets a
 * password from the e-mailed link (as a group does it); with E2E_DATABASE_URL it is made in the database.
 */

const PHOTOS = ["trade-in-sideways-gps.jpg", "trade-in-side.png", "trade-in-interior.webp"].map((name) =>
  path.join(import.meta.dirname, "../fixtures/photos", name),
);
const PHONE = { width: 390, height: 844 };
const MANAGER_PASSWORD = TEST_STAFF_PASSWORD;

test.describe.configure({ mode: "serial", timeout: 240_000 });

let email = "";

test.beforeAll(async ({ browser }, testInfo) => {
  email = `menlyn.manager.${testInfo.project.name}.${Date.now()}@example.co.za`;
  await addStaffAccount(browser, testInfo.project.use.baseURL, {
    email,
    name: "Naledi Khumalo",
    role: "dealer_manager",
    dealer: { slug: "honda-menlyn", name: "Honda Menlyn" },
  });
});

/** Both accessibility engines, at desktop width and at a phone's. */
async function checkAccessibility(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
  if (desktop) await page.setViewportSize(desktop);
}

async function fillVehicle(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    const control = page.getByLabel(label, { exact: true });
    if ((await control.evaluate((element) => element.tagName)) === "SELECT")
      await control.selectOption({ label: value });
    else await control.fill(value);
  }
}

/** The listing's card shows the photo in responsive renditions, loaded; the vehicle's page, its gallery and JSON-LD. */
async function expectPhotosOnThePublicSite(page: Page, publicPath: string, card: Locator) {
  const avif = card.locator('picture source[type="image/avif"]');
  await expect(avif).toHaveAttribute("srcset", /\/media\/images\/[0-9a-f]{32}\.avif 320w, .* 640w, .* 960w, .* 1200w$/);
  await expect(card.locator("picture img")).toHaveAttribute("srcset", /\.jpg 320w/);
  await expect(card.locator("picture img")).toHaveAttribute("sizes", /.+/);
  const cardImageLoaded = await card
    .locator("picture img")
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(cardImageLoaded).toBe(true);

  const detail = await page.goto(publicPath);
  expect(detail?.status()).toBe(200);
  const gallery = page.getByRole("region", { name: "Photos" });
  await expect(gallery.locator("picture").first().locator('source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    /\.webp 320w/,
  );
  await expect(page.locator('link[rel="preload"][as="image"][imagesrcset]')).toHaveAttribute("imagesizes", /.+/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join("")).toMatch(/\/media\/images\/[0-9a-f]{32}\.jpg/);
}

/** A new price, R 374 900, reaches the public page and the listing. */
async function repriceToR374900(page: Page, id: number, publicPath: string, card: Locator) {
  await page.goto(`/staff/stock/${id}`);
  await page.getByLabel("Price", { exact: true }).fill("374 900");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await page.goto(publicPath);
  await expect(page.getByRole("main")).toContainText(/R\s374\s900/);
  await expect(async () => {
    await page.goto("/used");
    await expect(card).toContainText(/R\s374\s900/);
  }).toPass({ timeout: 15_000 });
}

/** Reserved, the vehicle stays listed and on its page; sold, it leaves the listing and its page answers 410. */
async function reserveThenSell(page: Page, id: number, publicPath: string, card: Locator) {
  // Reserved: still listed and on its page, shown as reserved.
  await page.goto(`/staff/stock/${id}`);
  await page.getByLabel("Status", { exact: true }).selectOption("Reserved");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await page.goto(publicPath);
  await expect(page.getByRole("main")).toContainText("Reserved: another buyer has put down a deposit.");
  await expect(async () => {
    await page.goto("/used");
    await expect(card).toContainText("Reserved");
  }).toPass({ timeout: 15_000 });

  // Sold: it leaves the listing, and its page answers 410 with a way to similar stock.
  await page.goto(`/staff/stock/${id}`);
  await page.getByLabel("Status", { exact: true }).selectOption("Sold");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await expect(async () => {
    await page.goto("/used");
    await expect(card).toHaveCount(0);
  }).toPass({ timeout: 15_000 });
  const gone = await page.goto(publicPath);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This vehicle has been sold" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See other used Honda HR-V vehicles" })).toHaveAttribute(
    "href",
    "/used/honda/hr-v",
  );
}

test("a dealer manager lists a trade-in with photos, reprices it and sells it; the public site follows", async ({
  page,
}) => {
  await signIn(page, email, MANAGER_PASSWORD);
  await page.goto("/staff/stock");
  await expect(page.getByRole("heading", { level: 1, name: "Used stock" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Vehicles" }).getByRole("listitem").first()).toContainText(
    "Honda Menlyn",
  );
  await checkAccessibility(page);

  await page.getByRole("link", { name: "Add a vehicle" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a vehicle" })).toBeVisible();
  await pageHydrated(page);
  await checkAccessibility(page);
  await fillVehicle(page, {
    Make: "Honda",
    Model: "HR-V",
    Variant: "1.5 Executive CVT",
    Year: "2022",
    Mileage: "31 500",
    Price: "389 900",
    Transmission: "Automatic",
    "Fuel type": "Petrol",
    Colour: "Meteoroid Grey",
    Condition: "Used",
    "Stock number": `MEN-${Date.now() % 100000}`,
    VIN: "MRHRV1234OQ000001",
    Dealer: "Honda Menlyn",
    Status: "Available",
    Description: "Traded in this morning. One owner.",
  });
  await page.getByRole("button", { name: "Add the vehicle" }).click();
  // The VIN has an O and a Q: refused on its field, the summary takes focus, nothing else is lost.
  const summary = page.getByRole("alert").filter({ hasText: "Please correct the following" });
  await expect(summary).toBeFocused();
  await expect(page.getByText("VIN must be 17 letters and digits, without I, O or Q").last()).toBeVisible();
  await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("Meteoroid Grey");
  await checkAccessibility(page);

  await page.getByLabel("VIN", { exact: true }).fill(`MRHRV1234NX${String(Date.now()).slice(-6)}`);
  await page.getByRole("button", { name: "Add the vehicle" }).click();
  await expect(page.getByText("Vehicle added. Add its photos below.")).toBeVisible();
  const id = Number(/\/staff\/stock\/(\d+)/.exec(page.url())![1]);

  await page.getByLabel("Photos", { exact: true }).setInputFiles(PHOTOS);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByText("Photos added.")).toBeVisible({ timeout: 120_000 });
  const photos = page.getByRole("list", { name: /^Photos of the/ }).getByRole("listitem");
  await expect(photos).toHaveCount(3);
  await expect(photos.first()).toContainText("Main photo");
  await checkAccessibility(page);

  // Keyboard reorder: the PNG (second) moves up and becomes the main photo; focus stays with it (its Move
  // up is now disabled, so on its Move down).
  const secondPhoto = await photos.nth(1).getByRole("img").getAttribute("src");
  await photos.nth(1).getByRole("button", { name: "Move up" }).click();
  await expect(page.getByText("Photo moved.")).toBeVisible();
  await expect(photos.first().getByRole("img")).toHaveAttribute("src", secondPhoto!);
  await expect(photos.first().getByRole("button", { name: "Move down" })).toBeFocused();

  // The public listing (newest first) and the vehicle's page, within seconds.
  const publicPath = `/used/honda/hr-v/${id}`;
  const card = page
    .getByRole("list", { name: "Vehicles" })
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="${publicPath}"]`) });
  await expect(async () => {
    await page.goto("/used");
    await expect(card).toHaveCount(1);
  }).toPass({ timeout: 15_000 });
  await expect(card).toContainText(/R\s389\s900/);
  await expectPhotosOnThePublicSite(page, publicPath, card);

  await repriceToR374900(page, id, publicPath, card);
  await reserveThenSell(page, id, publicPath, card);
});

test("the stock pages work without JavaScript: add a vehicle and upload a photo with a plain form", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, email, MANAGER_PASSWORD);
  await page.goto("/staff/stock/new");
  await fillVehicle(page, {
    Make: "Honda",
    Model: "Jazz",
    Variant: "1.5 Elegance CVT",
    Year: "2020",
    Mileage: "61 000",
    Price: "259 900",
    Transmission: "Automatic",
    "Fuel type": "Petrol",
    Colour: "Crystal Black",
    Condition: "Used",
    Dealer: "Honda Menlyn",
    Status: "Draft",
  });
  await page.getByRole("button", { name: "Add the vehicle" }).click();
  await expect(page.getByText("Vehicle added. Add its photos below.")).toBeVisible();
  await page.getByLabel("Photos", { exact: true }).setInputFiles(PHOTOS[2]!);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByText("Photos added.")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("list", { name: /^Photos of the/ }).getByRole("listitem")).toHaveCount(1);
  // A draft is not public: its page is not found.
  const id = Number(/\/staff\/stock\/(\d+)/.exec(page.url())![1]);
  expect((await page.request.get(`/used/honda/jazz/${id}`)).status()).toBe(404);
  await context.close();
});

/** The first vehicle of the list at this address: its row, id and name as the list shows it. */
async function firstVehicle(page: Page, address: string) {
  await page.goto(address);
  const link = page.getByRole("list", { name: "Vehicles" }).getByRole("listitem").first().getByRole("link").first();
  const id = Number(/^\/staff\/stock\/(\d+)$/.exec((await link.getAttribute("href"))!)![1]);
  return { id, name: (await link.textContent())!.trim(), row: page.locator(`#vehicle-${id}`) };
}

async function publicPathOf(page: Page, id: number): Promise<string> {
  await page.goto(`/staff/stock/${id}`);
  return (await page.getByRole("link", { name: "See it on the public site" }).getAttribute("href"))!;
}

test.describe("on a 360 px phone, from the stock list", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test("a manager changes a price in a few taps (a bad one refused on its row) and marks a vehicle sold", async ({
    page,
  }) => {
    await signIn(page, email, MANAGER_PASSWORD);
    const vehicle = await firstVehicle(page, "/staff/stock?status=Available");
    const publicPath = await publicPathOf(page, vehicle.id);
    await page.goto("/staff/stock?status=Available");
    await pageHydrated(page);
    await vehicle.row.locator("summary", { hasText: "Change price" }).click();
    const price = vehicle.row.getByLabel("New price (R)");
    await price.fill("12 000 000 000");
    await vehicle.row.getByRole("button", { name: "Save price" }).click();

    // Refused: the summary takes focus and names the vehicle, the row keeps what was typed and says why.
    const summary = page.getByRole("alert").filter({ hasText: "Please correct the following" });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(`Price of the ${vehicle.name}: Price must be at most R`);
    await expect(price).toHaveValue("12 000 000 000");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(vehicle.row.getByText(/^Price must be at most R\s20\s000\s000$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await summary.getByRole("link").click();
    await expect(price).toBeFocused();
    await price.fill("R 201 900");
    await vehicle.row.getByRole("button", { name: "Save price" }).click();
    await expect(page.getByRole("status").first()).toContainText(/: the price is now R\s201\s900\./);
    await expect(vehicle.row).toBeFocused();
    await expect(vehicle.row).toContainText(/R\s201\s900/);
    await expectNoAxeViolations(page);

    // Sold, in one tap: the vehicle leaves this list of Available stock, and focus stays with the notice.
    await vehicle.row.getByRole("button", { name: `Mark sold ${vehicle.name}` }).click();
    const notice = page.locator("#stock-notice");
    await expect(notice).toContainText(`${vehicle.name}: marked sold.`);
    await expect(notice).toBeFocused();
    await expect(vehicle.row).toHaveCount(0);
    const gone = await page.goto(publicPath);
    expect(gone?.status()).toBe(410);
  });

  test("both quick changes work without JavaScript: a refused price answers 422, a sale reaches the public site", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signIn(page, email, MANAGER_PASSWORD);
    const vehicle = await firstVehicle(page, "/staff/stock?status=Available");
    const publicPath = await publicPathOf(page, vehicle.id);
    await page.goto("/staff/stock?status=Available");

    await vehicle.row.locator("summary", { hasText: "Change price" }).click();
    await vehicle.row.getByLabel("New price (R)").fill("cheap");
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await vehicle.row.getByRole("button", { name: "Save price" }).click();
    expect((await refused).status()).toBe(422);
    await expect(vehicle.row.getByText("Price must be a whole number", { exact: true })).toBeVisible();
    await expect(vehicle.row.getByLabel("New price (R)")).toHaveValue("cheap");

    await vehicle.row.getByLabel("New price (R)").fill("199 500");
    await vehicle.row.getByRole("button", { name: "Save price" }).click();
    await expect(page).toHaveURL(new RegExp(`done=priced&vehicle=${vehicle.id}#vehicle-${vehicle.id}$`));
    await expect(vehicle.row).toContainText(/R\s199\s500/);
    await page.goto(publicPath);
    await expect(page.getByRole("main")).toContainText(/R\s199\s500/);

    await page.goto("/staff/stock?status=Available");
    await vehicle.row.getByRole("button", { name: `Mark sold ${vehicle.name}` }).click();
    await expect(page.getByText(`${vehicle.name}: marked sold.`)).toBeVisible();
    expect((await page.goto(publicPath))?.status()).toBe(410);
    await context.close();
  });
});
