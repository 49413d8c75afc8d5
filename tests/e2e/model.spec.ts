import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { monthlyRepayment } from "../../core/finance/repayment.ts";
import { formatRand } from "../../core/shared/format.ts";
import { expectNoAxeViolations, hydrated, saveFullPageScreenshot } from "./support/page-checks.ts";

type Variant = {
  variant: string;
  variant_slug: string;
  modelPrice: number;
  power: number;
  torque: number;
  transmission: string;
  brochure: string | null;
  gallery: { image: string; alt: string }[];
  color: { name: string; colorCode: string; image: string }[];
};

/** The range as the API serves it: the test's expectations come from the data, not from the page. */
async function variantsOf(
  request: APIRequestContext,
  modelSlug: string,
  type: "car" | "motorcycle",
): Promise<Variant[]> {
  const response = await request.get(`/api/renault_ranges?model_slug=${modelSlug}&type=${type}`);
  expect(response.status()).toBe(200);
  return (await response.json())["hydra:member"];
}

/** The one element of a CSS-only choice (a colour's picture or name, a gallery picture) that is shown. */
const shown = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** Rand amounts compared with ordinary spaces (Intl uses no-break spaces). */
const spaced = (text: string) => text.replace(/\s/g, " ");
const rand = (amount: number) => spaced(formatRand(amount));

test("the CR-V page shows the first colour and variant, its summary, price and finance estimate", async ({
  page,
  request,
}) => {
  const variants = await variantsOf(request, "cr-v", "car");
  const first = variants[0]!;
  const response = await page.goto("/new/honda/cr-v");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Honda CR-V | New cars | Honda Dealer Group");
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/^New Honda CR-V car from R/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Honda CR-V");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  await expect(shown(page, "hero-image")).toHaveAttribute("src", first.color[0]!.image);
  await expect(shown(page, "colour-name")).toHaveText(first.color[0]!.name);
  await expect(page.getByRole("radio", { name: first.color[0]!.name, exact: true })).toBeChecked();

  // HP = kW x 1.34102 to one decimal, computed here from the API's kW.
  const hp = (first.power * 1.34102).toFixed(1);
  await expect(page.getByTestId("power")).toHaveText(`${first.power} kW / ${hp} HP`);
  await expect(page.getByTestId("torque")).toHaveText(`${first.torque} Nm`);
  await expect(page.getByTestId("transmission")).toHaveText(first.transmission);

  expect(spaced((await page.getByTestId("variant-price").textContent()) ?? "")).toBe(rand(first.modelPrice));
  const monthly = monthlyRepayment({
    price: first.modelPrice,
    balloonPercent: 40,
    depositRand: 0,
    termMonths: 72,
    annualRatePercent: 12,
  });
  expect(spaced((await page.getByTestId("monthly-repayment").textContent()) ?? "")).toBe(rand(monthly));
  await expect(page.getByText("40% balloon, 0% deposit, 72 months, 12% interest.")).toBeVisible();

  await expect(page.getByRole("link", { name: "Enquire Now" })).toHaveAttribute(
    "href",
    `/new/honda/cr-v/${first.variant_slug}/enquire`,
  );
  await expect(page.getByRole("link", { name: "Book a test drive" }).first()).toHaveAttribute(
    "href",
    "/book-test-drive/honda/cr-v",
  );
  await expectNoAxeViolations(page);
});

test("a colour swatch switches the picture and the colour name", async ({ page, request }) => {
  const [first] = await variantsOf(request, "cr-v", "car");
  const second = first!.color[1]!;
  await page.goto("/new/honda/cr-v");
  await hydrated(page);
  const swatch = page.getByRole("radio", { name: second.name, exact: true });
  await expect(swatch).not.toBeChecked();
  await page.getByTitle(second.name, { exact: true }).click();
  await expect(swatch).toBeChecked();
  await expect(page.getByRole("radio", { name: first!.color[0]!.name, exact: true })).not.toBeChecked();
  await expect(shown(page, "hero-image")).toHaveAttribute("src", second.image);
  await expect(shown(page, "hero-image")).toHaveAttribute("alt", `Honda CR-V in ${second.name}`);
  await expect(shown(page, "colour-name")).toHaveText(second.name);
  // By keyboard too: the swatches are one radio group, the arrow keys move through it.
  const third = first!.color[2]!;
  await swatch.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: third.name, exact: true })).toBeChecked();
  await expect(shown(page, "colour-name")).toHaveText(third.name);
  await expect(shown(page, "hero-image")).toHaveAttribute("src", third.image);
});

test("choosing a variant updates the summary and price without reloading, and the URL can be shared", async ({
  page,
  request,
}) => {
  const variants = await variantsOf(request, "cr-v", "car");
  const hybrid = variants.find((v) => v.power !== variants[0]!.power)!;
  await page.goto("/new/honda/cr-v");
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { pageMarker: string }).pageMarker = "same document";
  });
  const option = page.getByRole("link", { name: new RegExp(`^${hybrid.variant}`) });
  await option.click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${hybrid.variant_slug}$`));
  await expect(option).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("variant-name")).toHaveText(hybrid.variant);
  await expect(page.getByTestId("power")).toHaveText(`${hybrid.power} kW / ${(hybrid.power * 1.34102).toFixed(1)} HP`);
  await expect
    .poll(async () => spaced((await page.getByTestId("variant-price").textContent()) ?? ""))
    .toBe(rand(hybrid.modelPrice));
  expect(spaced((await page.getByTestId("monthly-repayment").textContent()) ?? "")).toBe(
    rand(monthlyRepayment({ price: hybrid.modelPrice })),
  );
  await expect(page.getByRole("link", { name: "Enquire Now" })).toHaveAttribute(
    "href",
    `/new/honda/cr-v/${hybrid.variant_slug}/enquire`,
  );
  expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe("same document");

  // The shared URL opens on that variant.
  await page.goto(`/new/honda/cr-v?variant=${hybrid.variant_slug}`);
  await expect(page.getByTestId("variant-name")).toHaveText(hybrid.variant);
});

test("clicking a gallery thumbnail makes it the main picture", async ({ page, request }) => {
  const [first] = await variantsOf(request, "cr-v", "car");
  const gallery = first!.gallery;
  expect(gallery.length).toBeGreaterThan(2);
  await page.goto("/new/honda/cr-v");
  await hydrated(page);
  const main = shown(page, "gallery-main");
  await expect(main).toHaveAttribute("src", gallery[0]!.image);
  const list = page.getByRole("list", { name: "Gallery thumbnails" });
  const thumbnails = list.getByRole("radio");
  await expect(thumbnails).toHaveCount(gallery.length);
  await list.locator("label").nth(2).click();
  await expect(main).toHaveAttribute("src", gallery[2]!.image);
  await expect(main).toHaveAttribute("alt", gallery[2]!.alt);
  await expect(thumbnails.nth(2)).toBeChecked();
  await expect(thumbnails.nth(0)).not.toBeChecked();
});

test("the disclaimer dialog opens and closes by keyboard and gives focus back", async ({ page }) => {
  await page.goto("/new/honda/cr-v");
  const button = page.getByRole("button", { name: "Disclaimer" });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Repayment disclaimer" });
  await expect(dialog).toBeVisible();
  for (const words of [
    "on-the-road",
    "service",
    "delivery",
    "insurance",
    "bank initiation",
    "accessories",
    "value-added products",
    "not binding",
  ]) {
    await expect(dialog).toContainText(words);
  }
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  // Its Close button works too.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("the brochure link downloads a PDF", async ({ page, request }) => {
  await page.goto("/new/honda/cr-v");
  const link = page.getByRole("link", { name: "Download brochure" });
  await expect(link).toHaveAttribute("download", "");
  const href = await link.getAttribute("href");
  expect(href).toBe("/media/brochures/honda/cr-v.pdf");
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a motorcycle page has no power summary and no brochure", async ({ page, request }) => {
  const [first] = await variantsOf(request, "crf1100l-africa-twin", "motorcycle");
  const response = await page.goto("/honda-wing/honda/crf1100l-africa-twin");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Honda CRF1100L Africa Twin | New motorcycles | Honda Dealer Group");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Honda CRF1100L Africa Twin");
  await expect(page.getByTestId("performance-summary")).toHaveCount(0);
  await expect(page.getByText(/\bkW\b/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download brochure" })).toHaveCount(0);
  await expect(shown(page, "hero-image")).toHaveAttribute("src", first!.color[0]!.image);
  await expect(page.getByRole("link", { name: "Enquire Now" })).toHaveAttribute(
    "href",
    `/honda-wing/honda/crf1100l-africa-twin/${first!.variant_slug}/enquire`,
  );
  await expect(page.getByRole("link", { name: "Book a test drive" }).first()).toHaveAttribute(
    "href",
    "/book-test-drive/honda/crf1100l-africa-twin",
  );
  await expectNoAxeViolations(page);
});

test("unknown models, and a car under /honda-wing, are 404s", async ({ page }) => {
  for (const path of [
    "/new/honda/no-such-model",
    "/honda-wing/honda/cr-v",
    "/new/honda/crf1100l-africa-twin",
    "/dealer/no-such-dealer/new/honda/cr-v",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  test("the model page shows the first colour, the first variant and working links", async ({ page, request }) => {
    const variants = await variantsOf(request, "cr-v", "car");
    await page.goto("/new/honda/cr-v");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Honda CR-V");
    await expect(shown(page, "colour-name")).toHaveText(variants[0]!.color[0]!.name);
    await expect(page.getByTestId("variant-name")).toHaveText(variants[0]!.variant);
    await expect(page.getByTestId("power")).toContainText(`${variants[0]!.power} kW`);
    // Variant options are plain links that the server answers.
    const last = variants.at(-1)!;
    await page.getByRole("link", { name: new RegExp(`^${last.variant}`) }).click();
    await expect(page).toHaveURL(new RegExp(`\\?variant=${last.variant_slug}$`));
    await expect(page.getByTestId("variant-name")).toHaveText(last.variant);
    await expect(page.getByRole("link", { name: "Enquire Now" })).toHaveAttribute(
      "href",
      `/new/honda/cr-v/${last.variant_slug}/enquire`,
    );
  });
});

test("screenshots of a model page", async ({ page }, testInfo) => {
  const width = testInfo.project.name === "mobile" ? 390 : 1280;
  await page.setViewportSize({ width, height: 844 });
  await page.goto("/new/honda/cr-v");
  await saveFullPageScreenshot(page, `model-${width}`);
  await expectNoAxeViolations(page);
});
