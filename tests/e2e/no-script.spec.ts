import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { hydrated } from "./support/page-checks.ts";
import { findPage, openPage, PUBLIC_PAGES } from "./support/public-pages.ts";

/**
 * Every control in the server's HTML works without JavaScript, and a tap made before the scripts
 * have come is not lost when they take over. "Before hydration" is made certain, not raced: the page's scripts are
 * held back (page.route on /assets/*.js) until the test has tapped, then let through.
 */
test.describe.configure({ timeout: 120_000 });

/**
 * Visible controls that do nothing without a script: a button that only a script gives meaning (type=button, or a
 * submit button in no form), an element that says it is a button but is neither a button nor a link, a link to
 * nowhere.
 */
async function deadControls(page: Page): Promise<string[]> {
  const candidates = page
    .locator('button, input[type="submit"], input[type="button"], [role="button"], a:not([href])')
    .filter({ visible: true });
  const dead = await candidates.evaluateAll((elements) =>
    elements
      .filter((element) => {
        if (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) {
          return element.type === "button" || (element.type === "submit" && !element.form);
        }
        if (element instanceof HTMLAnchorElement) return !element.hasAttribute("href");
        return true; // role=button on something that is not a control
      })
      .map((element) => element.outerHTML.slice(0, 160)),
  );
  return dead;
}

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  for (const [file, finders] of Object.entries(PUBLIC_PAGES)) {
    test(`${file} shows no control that needs a script`, async ({ page }) => {
      for (const finder of finders) {
        const { url, status } = await findPage(page, finder);
        await test.step(url, async () => {
          await openPage(page, url, status);
          await expect(page.getByRole("heading", { level: 1 }).first(), url).toBeVisible();
          expect(await deadControls(page), url).toEqual([]);
        });
      }
    });
  }

  test("a colour swatch and a gallery thumbnail change the picture and the colour's name", async ({ page }) => {
    await page.goto("/new/honda/cr-v");
    await chooseSecondColour(page);
    await chooseThirdPicture(page);
  });

  test("a ticked filter is applied by the Apply button", async ({ page }) => {
    await page.goto("/used");
    await openFiltersWithoutScript(page);
    await transmission(page, "Automatic").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/used\?transmissionType=Automatic$/);
    await openFiltersWithoutScript(page);
    await expect(transmission(page, "Automatic")).toBeChecked();
  });

  test("a dealer's page remembers its dealer and the home page forgets it", async ({ page, context }) => {
    await rememberedDealerJourney(page, context);
  });
});

test.describe("a tap before the scripts have come", () => {
  test("a colour and a gallery picture chosen before hydration stay chosen after it", async ({ page }) => {
    const release = await holdScripts(page);
    await open(page, "/new/honda/cr-v");
    const { colour } = await chooseSecondColour(page);
    const { picture } = await chooseThirdPicture(page);
    release();
    await hydrated(page);
    await expect(page.getByRole("radio", { name: colour, exact: true })).toBeChecked();
    await expect(shown(page, "colour-name")).toHaveText(colour);
    await expect(page.getByRole("list", { name: "Gallery thumbnails" }).getByRole("radio").nth(2)).toBeChecked();
    await expect(shown(page, "gallery-main")).toHaveAttribute("src", picture);
  });

  test("a variant ticked to compare before hydration is in the compare list after it", async ({ page }) => {
    const release = await holdScripts(page);
    await open(page, "/new/honda/cr-v");
    await page
      .getByRole("checkbox", { name: /^Compare / })
      .first()
      .check();
    release();
    await hydrated(page);
    await expect(page.getByRole("button", { name: /^Compare / }).first()).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: "picked to compare" })).toHaveText(
      /^1 of \d+ picked to compare$/,
    );
  });

  test("a filter ticked before hydration is applied when the scripts arrive", async ({ page }) => {
    const release = await holdScripts(page);
    await open(page, "/used");
    await openFiltersWithoutScript(page);
    await transmission(page, "Automatic").check();
    await expect(page).toHaveURL(/\/used(?:#[\w-]+)?$/);
    release();
    await hydrated(page);
    await expect(page).toHaveURL(/\/used\?transmissionType=Automatic$/);
    await expect(transmission(page, "Automatic")).toBeChecked();
    await expect(transmission(page, "Any")).not.toBeChecked();
  });

  test("an appointment time chosen before hydration stays chosen after it", async ({ page }) => {
    const release = await holdScripts(page);
    await open(page, "/dealer/honda-sandton/service");
    const time = page.getByRole("combobox", { name: "Time", exact: true });
    const chosen = await time.locator("option").nth(2).getAttribute("value");
    expect(chosen).toMatch(/^\d\d:\d\d$/);
    await time.selectOption(chosen!);
    release();
    await hydrated(page);
    await expect(time).toHaveValue(chosen!);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("the menu opened before hydration is taken over, and a link in it leaves no menu over the next page", async ({
      page,
    }) => {
      const release = await holdScripts(page);
      await open(page, "/");
      const header = page.getByRole("banner");
      await header.getByRole("link", { name: "Menu" }).click();
      const menu = page.getByRole("heading", { name: "Menu", level: 2 });
      await expect(menu).toBeVisible();
      release();
      await hydrated(page);
      // Still open, now as the dialog: its links take the keyboard's focus inside it.
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Used Cars" }).first().click();
      await expect(page).toHaveURL(/\/used$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      await expect(menu).toBeHidden();
      await expect(header.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    });
  });
});

test.describe("the remembered dealer before the scripts have come", () => {
  test("the remembered dealer holds although the page's scripts never run", async ({ page, context }) => {
    await holdScripts(page);
    await rememberedDealerJourney(page, context);
  });

  test("a home page left before its scripts ran has forgotten the dealer on the next page", async ({
    page,
    context,
  }) => {
    await page.goto("/dealer/honda-sandton");
    await hydrated(page);
    await expect.poll(() => storedDealer(page)).toBe("honda-sandton");
    await holdScripts(page);
    await open(page, "/");
    // On to the next page while the home page's scripts are still held back: they never run.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await open(page, "/popia");
    await hydrated(page);
    await expect.poll(() => storedDealer(page)).toBeNull();
    expect(await dealerCookie(context)).toBeUndefined();
    await expect(usedCarsLink(page)).toHaveAttribute("href", "/used");
    await expect(page.getByRole("banner").getByRole("link", { name: "Honda Dealer Group home" })).toBeVisible();
  });
});

/** Holds back every script of the site until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js(?:\?.*)?$/, async (route) => {
    await released;
    await route.continue().catch(() => {}); // the page may have gone on meanwhile
  });
  return release;
}

/** The one element of a CSS-only choice (a colour's picture or name, a gallery picture) that is shown. */
const shown = (page: Page, testId: string): Locator => page.getByTestId(testId).filter({ visible: true });

/** Taps the second colour's swatch and checks what it shows; the colour's name and picture. */
async function chooseSecondColour(page: Page): Promise<{ colour: string }> {
  const swatches = page.getByRole("list", { name: "Colours" }).locator("label");
  const second = swatches.nth(1);
  const colour = (await second.getAttribute("title"))!;
  const first = (await swatches.first().getAttribute("title"))!;
  await expect(shown(page, "colour-name")).toHaveText(first);
  await second.click();
  await expect(shown(page, "colour-name")).toHaveText(colour);
  await expect(shown(page, "hero-image")).toHaveAttribute("alt", `Honda CR-V in ${colour}`);
  return { colour };
}

/** Taps the third gallery thumbnail and checks the main picture is now that one. */
async function chooseThirdPicture(page: Page): Promise<{ picture: string }> {
  const thumbnails = page.getByRole("list", { name: "Gallery thumbnails" }).locator("label");
  const picture = (await thumbnails.nth(2).locator("img").getAttribute("src"))!;
  await expect(shown(page, "gallery-main")).not.toHaveAttribute("src", picture);
  await thumbnails.nth(2).click();
  await expect(shown(page, "gallery-main")).toHaveAttribute("src", picture);
  return { picture };
}

const transmission = (page: Page, name: string) =>
  page.getByRole("group", { name: "Manual/Automatic" }).getByRole("checkbox", { name: new RegExp(`^${name}\\b`) });

/** On a phone the filters sit in a drawer that a link opens (CSS :target) before and without JavaScript. */
async function openFiltersWithoutScript(page: Page) {
  const opener = page.getByRole("link", { name: /^Filters/ });
  if (await opener.isVisible()) await opener.click();
  await expect(transmission(page, "Automatic")).toBeVisible();
}

const storedDealer = (page: Page) => page.evaluate(() => localStorage.getItem("dealer_slug"));
const dealerCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "dealer_slug")?.value;
/** By selector: on a phone the main navigation is in a closed drawer, out of the accessibility tree. */
const usedCarsLink = (page: Page) => page.locator('nav[aria-label="Main"] a', { hasText: "Used Cars" }).first();

/** Opens a page and waits for its heading, not for its scripts (which may be held back). */
async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.locator("main h1")).toBeVisible();
}

/** A dealer's page sets the remembered dealer, a group page then comes scoped, and the home page forgets it. */
async function rememberedDealerJourney(page: Page, context: BrowserContext) {
  await open(page, "/dealer/honda-sandton");
  expect(await dealerCookie(context)).toBe("honda-sandton");
  await open(page, "/popia");
  await expect(usedCarsLink(page)).toHaveAttribute("href", "/dealer/honda-sandton/used");
  await open(page, "/");
  expect(await dealerCookie(context)).toBeUndefined();
  await open(page, "/popia");
  await expect(usedCarsLink(page)).toHaveAttribute("href", "/used");
}
