import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn, TEST_STAFF_PASSWORD } from "../support/staff.ts";
import { expectNoAxeViolations, pageHydrated } from "./support/page-checks.ts";
import { addStaffAccount } from "./support/staff-accounts.ts";
import { E2E_ADMIN } from "./support/staff-bootstrap.ts";

/**
 * The group runs its new range from /staff/range, each role as far as it may: a group administrator adds a model
 * (a draft only staff see, at its real address), gives it a variant, puts it on sale under a new address (the old
 * one answers 301) and finally retires it (410 with the range linked); a content editor adds a colour with its
 * picture, which the model page then shows, and is refused a brochure that is not a PDF; a dealer manager reads.
 * The model is this run's own, so the seeded range other specs read is left as it is.
 */

const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial", timeout: 240_000 });

let editorEmail = "";
let managerEmail = "";
let modelName = "";
let modelPath = "";
let staffModelPath = "";

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  const tag = `${testInfo.project.name}.${Date.now()}`;
  modelName = `Prelude ${testInfo.project.name} ${Date.now() % 100_000}`;
  editorEmail = `range.editor.${tag}@example.co.za`;
  managerEmail = `range.manager.${tag}@example.co.za`;
  const baseURL = testInfo.project.use.baseURL;
  await addStaffAccount(browser, baseURL, { email: editorEmail, name: "Lerato Dlamini", role: "content_editor" });
  await addStaffAccount(browser, baseURL, {
    email: managerEmail,
    name: "Sipho Ndlovu",
    role: "dealer_manager",
    dealer: { slug: "honda-sandton", name: "Honda Sandton" },
  });
});

async function checkAccessibility(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
  if (desktop) await page.setViewportSize(desktop);
}

/** The status a visitor with no session gets at a public address, without following a redirect. */
async function anonymousStatus(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0, headers: { Cookie: "" } });
  return { status: response.status(), location: response.headers().location ?? null };
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

test("a group administrator adds a draft model, previews it, gives it a variant and puts it on sale at a new address", async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/staff/range");
  await expect(page.getByRole("heading", { level: 1, name: "New range" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Cars" }).getByRole("link", { name: "HR-V" })).toBeVisible();
  await pageHydrated(page);
  await checkAccessibility(page);

  await page.getByLabel("Name", { exact: true }).fill(modelName);
  await page.getByLabel("Body type").selectOption({ label: "Hot hatch" });
  await page.getByLabel("Description").fill("A two-door hybrid coupé with a lively chassis.");
  await page.getByRole("button", { name: "Add the model" }).click();
  await expect(page.getByRole("status")).toContainText("Model added as a draft.");
  await expect(page.getByText("No real pictures yet: drawings stand in")).toBeVisible();
  staffModelPath = new URL(page.url()).pathname;
  const draftPath = `/new/honda/${slugOf(modelName)}`;
  await checkAccessibility(page);

  // A duplicate M&M code is refused on its field; the summary takes focus.
  const addVariant = page.locator("form", { hasText: "Add a variant" });
  await addVariant.getByLabel("Name", { exact: true }).fill("2.0 e:HEV");
  await addVariant.getByLabel("M&M code").fill("22013011");
  await addVariant.getByLabel("Transmission", { exact: true }).fill("e-CVT");
  await addVariant.getByLabel("Fuel").selectOption("Hybrid");
  await addVariant.getByLabel("Power (kW)").fill("147");
  await addVariant.getByLabel("Torque (Nm)").fill("315");
  await addVariant.getByLabel("Price including VAT").fill("1099900");
  await addVariant.getByRole("button", { name: "Add the variant" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("M&M code: Another variant of the range has this M&M code");
  await addVariant.getByLabel("M&M code").fill(String(30_000_000 + (Date.now() % 9_999_999)));
  await addVariant.getByRole("button", { name: "Add the variant" }).click();
  await expect(page.getByRole("status")).toContainText("Variant added.");
  await expect(page.getByRole("table", { name: `Variants of the ${modelName}` })).toContainText("R 1 099 900");

  // A draft is not public; staff preview it at its real address.
  expect((await anonymousStatus(anonymous, draftPath)).status).toBe(404);
  await page.goto(draftPath);
  await expect(page.getByRole("note")).toContainText("Draft preview");
  await expect(page.getByRole("heading", { level: 1, name: `Honda ${modelName}` })).toBeVisible();

  // On sale under a new address: the old one answers 301.
  await page.goto(staffModelPath);
  await page.getByLabel("State").selectOption("on_sale");
  await page.getByLabel("Address", { exact: true }).fill(`${slugOf(modelName)}-coupe`);
  await page.getByRole("button", { name: "Save the model" }).click();
  await expect(page.getByRole("status")).toContainText("Changes saved.");
  modelPath = `${draftPath}-coupe`;
  await expect.poll(async () => (await anonymousStatus(anonymous, modelPath)).status).toBe(200);
  expect(await anonymousStatus(anonymous, draftPath)).toEqual({ status: 301, location: modelPath });
  await anonymous.dispose();
});

test("a content editor adds a colour with its picture, shown on the model page; a brochure that is not a PDF is refused", async ({
  page,
}, testInfo) => {
  await signIn(page, editorEmail, TEST_STAFF_PASSWORD);
  await page.goto(staffModelPath);
  await expect(page.getByRole("heading", { level: 1, name: modelName })).toBeVisible();
  await expect(page.getByLabel("Address", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add the variant" })).toHaveCount(0);
  await pageHydrated(page);

  const picture = testInfo.outputPath("ignite-red.png");
  await sharp({ create: { width: 960, height: 600, channels: 3, background: "#a8161f" } })
    .png()
    .toFile(picture);
  const addColour = page.locator("form", { hasText: "Add a colour" });
  await addColour.getByLabel("Name", { exact: true }).fill("Ignite Red Metallic");
  await addColour.getByLabel("Paint code").fill("R-569M");
  await addColour.getByLabel("Swatch").fill("#A8161F");
  await addColour.getByLabel("Picture").setInputFiles(picture);
  await addColour.getByRole("button", { name: "Add the colour" }).click();
  // The picture's renditions (AVIF among them) take a while on a busy machine.
  await expect(page.getByRole("status")).toContainText("Colour added.", { timeout: 60_000 });
  await expect(page.getByText("1 of 1 colours pictured")).toBeVisible();
  await checkAccessibility(page);

  const notPdf = testInfo.outputPath("brochure.pdf");
  await sharp({ create: { width: 10, height: 10, channels: 3, background: "#ffffff" } })
    .png()
    .toFile(notPdf);
  await page.getByLabel("Headline").fill("Made to be driven");
  await page.getByLabel("Brochure").setInputFiles(notPdf);
  await page.getByRole("button", { name: "Save the model" }).click();
  await expect(page.getByRole("alert")).toContainText("Brochure: brochure.pdf: The brochure must be a PDF file");
  await expect(page.getByLabel("Headline")).toHaveValue("Made to be driven");

  await page.goto(modelPath);
  const hero = page.locator('img[src^="/media/images/"]').first();
  await expect(hero).toBeVisible();
  await expect(page.getByText("Made to be driven")).toHaveCount(0);
});

test("a dealer manager reads the range and its models but has no form to change them", async ({ page }) => {
  await signIn(page, managerEmail, TEST_STAFF_PASSWORD);
  await page.goto("/staff/range");
  await expect(page.getByRole("heading", { level: 1, name: "New range" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add the model" })).toHaveCount(0);
  await page.getByRole("link", { name: modelName }).click();
  await expect(page.getByRole("heading", { level: 1, name: modelName })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true }).first()).toBeDisabled();
  await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Add/ })).toHaveCount(0);
  await checkAccessibility(page);
});

test("a retired model with no successor answers 410 with the range linked", async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(staffModelPath);
  await page.getByLabel("State").selectOption("retired");
  await page.getByRole("button", { name: "Save the model" }).click();
  await expect(page.getByRole("status")).toContainText("Changes saved.");
  await expect.poll(async () => (await anonymousStatus(anonymous, modelPath)).status).toBe(410);
  await anonymous.dispose();
  await page.context().clearCookies();
  await page.goto(modelPath);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is no longer sold");
  await page.getByRole("link", { name: "See the models on sale" }).click();
  await expect(page).toHaveURL(/\/new$/);
});
