import { expect, type Locator, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, saveFullPageScreenshot } from "./support/page-checks.ts";

/** Mobile first (docs/decisions/010): 1 below 600 px, 2 from 600, 3 from 900, 4 from 1200. */
const slidesPerViewAt = (width: number) => (width >= 1200 ? 4 : width >= 900 ? 3 : width >= 600 ? 2 : 1);

const scrollLeftOf = (carousel: Locator) =>
  carousel.locator("div.snap-x").evaluate((row) => Math.round((row as HTMLElement).scrollLeft));

test("the home page shows every section from the server and passes axe", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Honda Dealer Group/);
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/Honda/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next Honda");

  const promotions = page.getByRole("region", { name: "Promotions" });
  await expect(promotions.getByRole("link", { name: /Meet the CR-V/ })).toHaveAttribute("href", "/new/honda/cr-v");

  const cars = page.getByRole("region", { name: "New car collection" });
  await expect(cars.getByRole("heading", { name: "The new-car collection" })).toBeVisible();
  await expect(cars.getByRole("link", { name: "CR-V", exact: true })).toHaveAttribute("href", "/new/honda/cr-v");
  await expect(cars.getByRole("group").first()).toHaveAttribute("aria-roledescription", "slide");

  const offers = page.getByRole("region", { name: "Latest offers" });
  const offerLinks = offers.getByRole("listitem").getByRole("link");
  expect(await offerLinks.count()).toBeGreaterThan(0);
  for (const href of await offerLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/specials\/[a-z0-9-]+$/);
  }

  const motorcycles = page.getByRole("region", { name: "New motorcycle collection" });
  const motorcycleHrefs = await motorcycles
    .getByRole("group")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(motorcycleHrefs.length).toBeGreaterThan(0);
  expect(new Set(motorcycleHrefs).size).toBe(motorcycleHrefs.length);
  expect(motorcycleHrefs.every((href) => href?.startsWith("/honda-wing/honda/"))).toBe(true);

  await expect(
    page.getByRole("region", { name: "Book a service" }).getByRole("link", { name: /Book a service/ }),
  ).toHaveAttribute("href", "/service");
  await expect(
    page.getByRole("region", { name: /Genuine parts/ }).getByRole("link", { name: /Enquire about parts/ }),
  ).toHaveAttribute("href", "/parts");
  await expectNoAxeViolations(page);
});

test("the new-car carousel shows the right number of slides and moves by keyboard", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const cars = page.getByRole("region", { name: "New car collection" });
  const next = cars.getByRole("button", { name: "Next slides: New car collection" });
  const previous = cars.getByRole("button", { name: "Previous slides: New car collection" });
  await expect(next).toBeVisible();

  const width = page.viewportSize()!.width;
  const [rowWidth, slideWidth] = await cars
    .locator("div.snap-x")
    .evaluate((row) => [
      row.clientWidth,
      (row.querySelector('[aria-roledescription="slide"]') as HTMLElement).offsetWidth,
    ]);
  expect(Math.round(rowWidth! / slideWidth!)).toBe(slidesPerViewAt(width));

  expect(await scrollLeftOf(cars)).toBe(0);
  await next.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => scrollLeftOf(cars)).toBeGreaterThan(0);
  await expect(cars.getByText(/^Showing slides? \d/)).toHaveText(
    slidesPerViewAt(width) === 1
      ? /^Showing slide 2 of \d+$/
      : new RegExp(`^Showing slides ${slidesPerViewAt(width) + 1} to \\d+ of \\d+$`),
  );
  await previous.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => scrollLeftOf(cars)).toBe(0);
  // From the first page, Previous wraps round to the end.
  await page.keyboard.press("Enter");
  await expect
    .poll(() => cars.locator("div.snap-x").evaluate((row) => row.scrollLeft + row.clientWidth >= row.scrollWidth - 2))
    .toBe(true);
  // With reduced motion there is no autoplay, so no stop button either.
  await expect(cars.getByRole("button", { name: /automatic slides/ })).toHaveCount(0);
});

test("the collection carousel shows 1, 2, 3 or 4 slides at the spec's breakpoints", async ({ page }) => {
  await page.goto("/");
  const row = page.getByRole("region", { name: "New car collection" }).locator("div.snap-x");
  for (const width of [390, 599, 600, 899, 900, 1199, 1200, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(
        () =>
          row.evaluate((el) =>
            Math.round(
              el.clientWidth / (el.querySelector('[aria-roledescription="slide"]') as HTMLElement).offsetWidth,
            ),
          ),
        { message: `slides per view at ${width} px` },
      )
      .toBe(slidesPerViewAt(width));
  }
});

test("the carousel autoplays every 5 seconds, pauses on focus and can be stopped", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  // The page's timers run on Playwright's clock: it flows as usual while the page loads and hydrates, then stands
  // still, so that autoplay moves only when the test moves the clock (the slides' smooth scroll itself is the browser's).
  await page.clock.install();
  await page.goto("/");
  const cars = page.getByRole("region", { name: "New car collection" });
  const stop = cars.getByRole("button", { name: "Stop automatic slides: New car collection" });
  await expect(stop).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  // The pointer over the carousel pauses autoplay and leaving restarts it: its 5 seconds count from this paused moment.
  await cars.hover();
  await page.mouse.move(0, 0);
  const start = await settledScrollLeftOf(cars);
  await page.clock.runFor(4_999);
  expect(await settledScrollLeftOf(cars)).toBe(start);
  await page.clock.runFor(1);
  await expect.poll(() => scrollLeftOf(cars)).not.toBe(start);

  // Focus inside pauses it.
  await stop.focus();
  const paused = await settledScrollLeftOf(cars);
  await page.clock.runFor(11_000);
  expect(await settledScrollLeftOf(cars)).toBe(paused);

  // Stopped stays stopped after focus leaves.
  await page.keyboard.press("Enter");
  await expect(cars.getByRole("button", { name: "Start automatic slides: New car collection" })).toBeFocused();
  await page.getByRole("heading", { level: 1 }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(11_000);
  expect(await settledScrollLeftOf(cars)).toBe(paused);
});

test("the first banner is preloaded from the head, the collection pictures are lazy and the site icon loads", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Promotions" }).locator("img").first();
  const src = await banner.getAttribute("src");
  expect(head).toContain(`<link rel="preload" href="${src}" as="image" fetchPriority="high"/>`);
  await expect(banner).not.toHaveAttribute("loading", "lazy");
  const cards = page.getByRole("region", { name: "New car collection" }).locator("img");
  expect(await cards.evaluateAll((images) => images.map((image) => image.getAttribute("loading")))).toEqual(
    Array(await cards.count()).fill("lazy"),
  );
  const icon = await request.get((await page.locator('link[rel="icon"]').getAttribute("href")) ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("nothing on the home page moves when JavaScript takes over (no layout shift)", async ({ page }) => {
  await page.goto("/");
  // The carousel's buttons appear once it has hydrated.
  await expect(page.getByRole("button", { name: "Next slides: Promotions" })).toBeVisible();
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries arrive in a task of their own.
        setTimeout(() => resolve(total), 200);
      }),
  );
  expect(shifted).toBe(0);
});

test("/specials lists the group's specials linking to their pages", async ({ page }) => {
  const response = await page.goto("/specials");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Specials | Honda Dealer Group");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Specials");
  const links = page.getByRole("main").getByRole("listitem").getByRole("link");
  expect(await links.count()).toBeGreaterThan(1);
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
  expect(hrefs.every((href) => /^\/specials\/[a-z0-9-]+$/.test(href ?? ""))).toBe(true);
  await expect(page.getByRole("heading", { level: 2, name: /CR-V e:HEV/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a dealer's specials and new cars keep the dealer prefix in their links", async ({ page }) => {
  await page.goto("/dealer/honda-sandton/specials");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Specials");
  const specials = await page
    .getByRole("main")
    .getByRole("listitem")
    .getByRole("link")
    .evaluateAll((all) => all.map((a) => a.getAttribute("href")));
  expect(specials[0]).toBe("/dealer/honda-sandton/specials/sandton-zr-v-launch-offer");
  expect(specials.every((href) => href?.startsWith("/dealer/honda-sandton/specials/"))).toBe(true);
  await expectNoAxeViolations(page);

  const response = await page.goto("/dealer/honda-sandton/new");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("New Honda cars | Honda Sandton");
  const models = await page
    .getByRole("main")
    .getByRole("listitem")
    .getByRole("link")
    .evaluateAll((all) => all.map((a) => a.getAttribute("href")));
  expect(models.length).toBeGreaterThan(4);
  expect(models.every((href) => href?.startsWith("/dealer/honda-sandton/new/honda/"))).toBe(true);
  await page.getByRole("link", { name: "CR-V", exact: true }).click();
  await expect(page).toHaveURL(/\/dealer\/honda-sandton\/new\/honda\/cr-v$/);
  await expect(page.getByRole("link", { name: "Enquire Now" })).toHaveAttribute(
    "href",
    "/dealer/honda-sandton/new/honda/cr-v/1-5t-comfort-cvt/enquire",
  );
  await expect(page.getByRole("link", { name: "Book a test drive" }).first()).toHaveAttribute(
    "href",
    "/dealer/honda-sandton/book-test-drive/honda/cr-v",
  );
  await expectNoAxeViolations(page);
});

test("/new shows the Car banners and a card per car model; an unknown make is a 404", async ({ page }) => {
  const response = await page.goto("/new");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("New Honda cars | Honda Dealer Group");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Honda cars");
  await expect(page.getByRole("region", { name: "New car promotions" })).toBeVisible();
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: "CR-V" }).first();
  await expect(card).toContainText(/From R\s689\s900/);
  const image = card.locator("img");
  expect(await image.getAttribute("width")).toBe("800");
  expect(await image.getAttribute("height")).toBe("500");
  await expectNoAxeViolations(page);

  expect((await page.goto("/new/honda"))?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Civic Type R", exact: true })).toHaveAttribute(
    "href",
    "/new/honda/civic-type-r",
  );

  expect((await page.goto("/new/no-such-make"))?.status()).toBe(404);
  await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("client navigation to a model shows the loading skeleton", async ({ page }) => {
  await page.goto("/new");
  await hydrated(page);
  // The model's data is held back until the skeleton has been seen, rather than for a time.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/new/honda/cr-v.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "CR-V", exact: true }).click();
  await expect(page.getByTestId("skeleton-model")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Honda CR-V");
  await expect(page.getByTestId("skeleton-model")).toHaveCount(0);
});

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page still shows its content and the carousel is a scrollable row", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next Honda");
    const cars = page.getByRole("region", { name: "New car collection" });
    await expect(cars.getByRole("link", { name: "Amaze", exact: true })).toBeVisible();
    await expect(cars.getByRole("button")).toHaveCount(0);
    expect(await cars.locator("div.snap-x").evaluate((row) => getComputedStyle(row).overflowX)).toBe("auto");
    await expect(page.getByRole("heading", { name: "Latest offers" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /Book a service/ })).toBeVisible();
  });
});

test("screenshots of the home page", async ({ page }, testInfo) => {
  const width = testInfo.project.name === "mobile" ? 390 : 1280;
  await page.setViewportSize({ width, height: 844 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await saveFullPageScreenshot(page, `home-${width}`);
  await expectNoAxeViolations(page);
});

/**
 * The row's scroll position once a smooth scroll in progress has come to rest: two readings 400 ms apart agree (the
 * browser's smooth scroll runs on its own frames, whatever the page's clock says).
 */
async function settledScrollLeftOf(region: Locator): Promise<number> {
  let previous: number | undefined;
  await expect
    .poll(
      async () => {
        const current = await scrollLeftOf(region);
        const settled = current === previous;
        previous = current;
        return settled;
      },
      { message: "the carousel's row comes to rest", intervals: [400] },
    )
    .toBe(true);
  return previous!;
}
