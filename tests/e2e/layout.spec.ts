import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated } from "./support/page-checks.ts";

/** This year in South Africa, from the clock: the footer's copyright runs from 2024 to it. */
const southAfricanYear = () =>
  new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", year: "numeric" }).format(new Date());

/** The hrefs of the main navigation (read from the markup, so it works on both viewports). */
async function mainNavHrefs(page: Page): Promise<Record<string, string>> {
  return page
    .locator('nav[aria-label="Main"] a')
    .evaluateAll((links) =>
      Object.fromEntries(links.map((link) => [link.textContent?.trim() ?? "", link.getAttribute("href") ?? ""])),
    );
}

/** The visible main navigation: the header bar on desktop, the opened drawer on small screens. */
async function visibleMainNav(page: Page) {
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await menu.click();
    return page.getByRole("navigation", { name: "Main menu" });
  }
  return page.getByRole("navigation", { name: "Main", exact: true });
}

test("the layout has the main navigation, top bar, footer groups and social links", async ({ page }) => {
  await page.goto("/dealer");
  expect(await mainNavHrefs(page)).toEqual({
    "New Cars": "/new",
    "Used Cars": "/used",
    "Honda Wing": "/honda-wing",
    Specials: "/specials",
    Service: "/service",
    Parts: "/parts",
    Finance: "/finance",
    Dealers: "/dealer",
  });
  const topBar = page.getByRole("navigation", { name: "Top bar" });
  await expect(topBar.getByRole("link", { name: "News" })).toHaveAttribute("href", "/blog");
  await expect(topBar.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");

  const footer = page.getByRole("contentinfo");
  for (const heading of ["Legal", "Honda Deals", "Owning a Honda"]) {
    await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
  }
  for (const [name, href] of [
    ["PAIA manual", "/popia"],
    ["Terms", "/terms"],
    ["Cookie policy", "/cookie"],
    ["Privacy policy", "/policy"],
    ["New", "/new"],
    ["Pre-owned", "/used"],
    ["Specials", "/specials"],
    ["Book a service", "/service"],
  ]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href as string);
  }
  const notice = footer.getByRole("link", { name: /Section 18 notice/ });
  await expect(notice).toHaveAttribute("href", /^https:\/\//);
  await expect(notice).toHaveAttribute("rel", /noopener/);
  await expect(footer).toContainText(`© 2024–${southAfricanYear()} Honda Dealer Group. All rights reserved.`);

  const social = page.getByRole("complementary", { name: "Social media" });
  const whatsApp = social.getByRole("link", { name: /WhatsApp/ });
  // Through the same-origin redirect that counts the click (server/go-links.ts), to the chat with its greeting.
  await expect(whatsApp).toHaveAttribute("href", "/go/whatsapp/head-office");
  const chat = await page.request.get("/go/whatsapp/head-office", { maxRedirects: 0 });
  const href = chat.headers().location ?? "";
  expect(href).toMatch(/^https:\/\/wa\.me\/27\d{9}\?text=/);
  expect(decodeURIComponent(href.split("text=")[1] ?? "")).toMatch(/^Hi /);
  await expect(social.getByRole("link", { name: /Facebook/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.facebook\.com\//,
  );
  await expect(social.getByRole("link", { name: /Instagram/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.instagram\.com\//,
  );
  expect(await page.locator("script[src^='http'], iframe").count()).toBe(0);
});

test("the active item is highlighted by path", async ({ page }) => {
  await page.goto("/dealer");
  const nav = await visibleMainNav(page);
  await expect(nav.getByRole("link", { name: "Dealers" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Specials" })).not.toHaveAttribute("aria-current", /.+/);

  await page.goto("/blog/balloon-payments-explained");
  await expect(page.getByRole("navigation", { name: "Top bar" }).getByRole("link", { name: "News" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.locator('nav[aria-label="Main"] [aria-current]')).toHaveCount(0);

  await page.goto("/dealer/honda-sandton/popia");
  await expect(page.locator('nav[aria-label="Main"] [aria-current]')).toHaveCount(0);
  await page.goto("/dealer/honda-sandton/dealer");
  await expect(page.locator('nav[aria-label="Main"] a[aria-current="page"]')).toHaveText("Dealers");
});

test("the mobile drawer works by keyboard: opens, keeps focus inside, closes on Escape", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/contact");
  // By selector: while the drawer is open the header around it is hidden from the accessibility tree.
  const menu = page.locator('button[aria-controls="site-menu"]');
  await expect(menu).toHaveAccessibleName("Menu");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toHaveAttribute("aria-controls", "site-menu");
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();

  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("banner")).toHaveCount(0); // the page behind is hidden from screen readers
  const focusInside = () =>
    page.evaluate(() => document.getElementById("site-menu")?.contains(document.activeElement) ?? false);
  expect(await focusInside()).toBe(true);
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside()).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInside()).toBe(true);
  }
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();

  // A link in the drawer navigates and closes it.
  await menu.click();
  await dialog.getByRole("link", { name: "Dealers" }).click();
  await expect(page).toHaveURL(/\/dealer$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our dealers");
});

test.describe("dealer scoping", () => {
  test("a car dealer's links are prefixed, group-only links are not, and Honda Wing is hidden", async ({ page }) => {
    await page.goto("/dealer/honda-sandton");
    expect(await mainNavHrefs(page)).toEqual({
      "New Cars": "/dealer/honda-sandton/new",
      "Used Cars": "/dealer/honda-sandton/used",
      Specials: "/dealer/honda-sandton/specials",
      Service: "/dealer/honda-sandton/service",
      Parts: "/dealer/honda-sandton/parts",
      Finance: "/finance",
      Dealers: "/dealer/honda-sandton/dealer",
    });
    await expect(page.getByRole("navigation", { name: "Top bar" }).getByRole("link", { name: "News" })).toHaveAttribute(
      "href",
      "/blog",
    );
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "PAIA manual" })).toHaveAttribute(
      "href",
      "/dealer/honda-sandton/popia",
    );
  });

  test("a wing dealer shows only Honda Wing, Specials and Used among prefixed links", async ({ page }) => {
    await page.goto("/dealer/honda-wing-durban");
    const hrefs = await mainNavHrefs(page);
    const prefixed = Object.entries(hrefs).filter(([, href]) => href.startsWith("/dealer/"));
    expect(prefixed.map(([label]) => label).sort()).toEqual(["Honda Wing", "Specials", "Used Cars"]);
    expect(hrefs["Honda Wing"]).toBe("/dealer/honda-wing-durban/honda-wing");
    expect(hrefs.Finance).toBe("/finance");
  });

  test("the chosen dealer is remembered on pages without a dealer in the route, and / clears it", async ({
    page,
    context,
  }) => {
    await page.goto("/dealer/honda-sandton");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("dealer_slug"))).toBe("honda-sandton");
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "dealer_slug")?.value)
      .toBe("honda-sandton");

    // Rendered by the server already scoped, from the cookie.
    await page.goto("/popia");
    expect((await mainNavHrefs(page))["Used Cars"]).toBe("/dealer/honda-sandton/used");
    await expect(page.getByRole("banner").getByRole("link", { name: /Honda Sandton home/ })).toBeVisible();

    // Cookies cleared: the cookie is the one source of truth, so the page is the group's and local storage follows it.
    await context.clearCookies();
    await page.goto("/terms");
    await hydrated(page);
    expect((await mainNavHrefs(page))["Used Cars"]).toBe("/used");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("dealer_slug"))).toBeNull();
    expect((await context.cookies()).some((c) => c.name === "dealer_slug")).toBe(false);

    await page.goto("/dealer/honda-sandton");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("dealer_slug"))).toBe("honda-sandton");
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("dealer_slug"))).toBeNull();
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "dealer_slug")).toBe(false);
    await page.goto("/popia");
    expect((await mainNavHrefs(page))["Used Cars"]).toBe("/used");
  });

  test("an unknown dealer shows the not-found page inside the layout with status 404", async ({ page }) => {
    const response = await page.goto("/dealer/no-such-dealer");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(`© 2024–${southAfricanYear()} Honda Dealer Group`);
    expect(await mainNavHrefs(page)).toHaveProperty("Dealers", "/dealer");
    const scoped = await page.goto("/dealer/no-such-dealer/popia");
    expect(scoped?.status()).toBe(404);
    await expectNoAxeViolations(page);
  });
});

/** The breadcrumb trail's words, Home first. */
async function crumbLabels(page: Page): Promise<string[]> {
  const items = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  return (await items.allInnerTexts()).map((text) => text.replace(/^\s*\/\s*/, "").trim());
}

test("breadcrumbs name the dealer, make, model, vehicle and post as the site does, and are absent on the home page", async ({
  page,
  request,
}) => {
  await page.goto("/dealer/honda-wing-durban");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  expect(await crumbLabels(page)).toEqual(["Home", "Dealers", "Honda Wing Durban"]);
  await expect(crumbs.getByRole("link", { name: "Dealers" })).toHaveAttribute("href", "/dealer");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Honda Wing Durban");

  await page.goto("/new/honda/cr-v");
  expect(await crumbLabels(page)).toEqual(["Home", "New Cars", "Honda", "CR-V"]);
  await page.goto("/honda-wing/honda/crf1100l-africa-twin");
  expect(await crumbLabels(page)).toEqual(["Home", "Honda Wing", "Honda", "CRF1100L Africa Twin"]);

  const [vehicle] = (await (await request.get("/api/vehicles?make_slug=bmw")).json())["hydra:member"];
  await page.goto(vehicle.uri);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${vehicle.year} BMW ${vehicle.model}`);
  expect(await crumbLabels(page)).toEqual([
    "Home",
    "Used Cars",
    "BMW",
    vehicle.model,
    `${vehicle.year} BMW ${vehicle.model}`,
  ]);

  // The top bar's word for the section: News, as the header says, not the path's "blog".
  await page.goto("/blog/balloon-payments-explained");
  const title = (await page.getByRole("heading", { level: 1 }).textContent())?.trim();
  expect(await crumbLabels(page)).toEqual(["Home", "News", title]);
  await expect(page.getByRole("navigation", { name: "Top bar" }).getByRole("link", { name: "News" })).toHaveAttribute(
    "href",
    "/blog",
  );

  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
});

test("a page that is not found shows no breadcrumbs made from its address", async ({ page }) => {
  for (const path of [
    "/this-page-does-not-exist",
    "/new/honda/no-such-model",
    "/dealer/honda-sandton/used/honda/jazz/999999",
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }), path).toHaveCount(0);
  }
});

test("every breadcrumb leads to a page: a step that is no page of its own goes on to the page above it", async ({
  page,
}) => {
  const steps = new Map<string, string>();
  for (const path of [
    "/dealer/honda-sandton/book-test-drive/honda/cr-v",
    "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    "/honda-wing/honda/crf1100l-africa-twin",
    "/alerts/new",
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    const links = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link");
    for (const href of await links.evaluateAll((all) => all.map((link) => link.getAttribute("href")!))) {
      const answer = await page.request.get(href);
      expect(answer.status(), href).toBe(200);
      steps.set(href, new URL(answer.url()).pathname);
    }
  }
  expect(steps.get("/dealer/honda-sandton/book-test-drive/honda")).toBe("/dealer/honda-sandton/new");
  expect(steps.get("/new/honda/cr-v/1-5t-comfort-cvt")).toBe("/new/honda/cr-v");
  expect(steps.get("/honda-wing/honda")).toBe("/honda-wing");
  expect(steps.get("/alerts")).toBe("/alerts/new");
  // Followed in the page: a navigation of the router, whose data request is redirected the same way.
  await page.goto("/honda-wing/honda/crf1100l-africa-twin");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Honda", exact: true }).click();
  await expect(page).toHaveURL("/honda-wing");
});

test("a route change starts at the top of the new page", async ({ page }) => {
  await page.goto("/popia");
  // Hydrated, the footer too (it hydrates after the header's menu button appears), so the next click is a client-side navigation.
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the layout passes axe on desktop and mobile, scoped and unscoped", async ({ page }) => {
  for (const path of ["/dealer", "/dealer/honda-wing-durban/popia"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});
