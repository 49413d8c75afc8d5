import { expect, type Page } from "@playwright/test";
import { backOfficeNavigation, signedInAsAdministrator as test } from "./support/back-office.ts";
import { expectNoAxeViolations, pageHydrated } from "./support/page-checks.ts";

/**
 * The channels page as the bootstrap group administrator. The demo data switches on every channel a dealer has
 * stock for, so the page is a summary: what needs attention, then a table per channel with a row per dealer. A
 * dealer's name opens its channels: the feed URL answers the channel's file, the fetch shows on the page, and a
 * new URL leaves the old one working for the grace period. On a 360 px phone the page is no wider than the screen.
 */

/** The page is no wider than the window: nothing scrolls the whole page sideways. */
async function expectNoWiderThanScreen(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(innerWidth).toBe(page.viewportSize()!.width);
}

test("an administrator opens a dealer's channels from the summary, copies its Meta feed URL, sees Meta's fetch, and makes a new URL without downtime", async ({
  page,
  request,
}) => {
  // Two accessibility engines three times, and three feed fetches, on a machine the other specs share.
  test.setTimeout(120_000);
  const dealer = "Honda Cape Town";
  await page.goto("/staff");
  await (await backOfficeNavigation(page)).getByRole("link", { name: "Channels" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Channels" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Needs attention" })).toBeVisible();
  const metaTable = page.getByRole("table", { name: /^Meta vehicles: each dealer's state/ });
  await expect(metaTable.getByRole("row")).toHaveCount(1 + 12);
  await expect(metaTable.getByRole("row", { name: new RegExp(`^${dealer}`) })).toContainText("On");
  await expect(page.getByRole("article")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await pageHydrated(page);
  await metaTable.getByRole("link", { name: dealer }).click();
  const heading = page.getByRole("heading", { level: 1, name: `${dealer} channels` });
  await expect(heading).toBeFocused();
  await expect(page.getByRole("article")).toHaveCount(4);
  const meta = page.getByRole("article", { name: "Meta vehicles (on)" });
  const feedUrl = () => meta.getByLabel("Feed URL (CSV)");
  const url = await feedUrl().inputValue();
  expect(url).toMatch(/\/feeds\/meta-vehicles\/honda-cape-town\.csv\?key=/);

  const feed = await request.get(url, { headers: { "User-Agent": "facebookexternalhit/1.1" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/csv");
  const lines = (await feed.text()).trim().split("\r\n");
  expect(lines[0]).toMatch(/^vehicle_id,vin,title,/);
  const items = lines.length - 1;
  expect(items).toBeGreaterThan(0);

  await page.reload();
  await expect(meta).toContainText(`Meta fetched ${items} vehicles just now`);

  await pageHydrated(page);
  await meta.getByRole("button", { name: /^Make a new URL/ }).click();
  await expect(page.getByRole("status")).toContainText("The old one keeps working");
  await expect(feedUrl()).not.toHaveValue(url);
  await expect(meta.getByRole("button", { name: /^Make a new URL/ })).toBeFocused();
  const rotated = await feedUrl().inputValue();
  expect((await request.get(rotated)).status()).toBe(200);
  expect((await request.get(url)).status()).toBe(200);
  await expect(meta).toContainText("The previous URL keeps working until");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Every dealer's channels" }).click();
  await expect(metaTable.getByRole("row", { name: new RegExp(`^${dealer}`) })).toContainText("Fetched just now");
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test("the summary fits the screen, alarms come first, and how to connect a channel is written on the page", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A car dealer's motorcycle catalogue switched on is an empty file: an alarm.
    const dealer = "Honda Kimberley";
    await page.goto("/staff/channels?dealer=honda-kimberley");
    await expect(page.getByRole("heading", { level: 1, name: `${dealer} channels` })).toBeVisible();
    await expectNoWiderThanScreen(page);
    await pageHydrated(page);
    await page.getByRole("button", { name: `Switch on Meta products (motorcycles) for ${dealer}` }).click();
    await expect(page.getByRole("status")).toContainText("The channel is switched on");
    await expect(
      page.getByRole("button", { name: `Switch off Meta products (motorcycles) for ${dealer}` }),
    ).toBeFocused();
    await expect(page.getByRole("article", { name: "Meta products (motorcycles) (on)" })).toContainText(
      "Switched on, but the file is empty",
    );

    await page.goto("/staff/channels");
    await expectNoWiderThanScreen(page);
    const attention = page.getByRole("region", { name: "Needs attention" });
    await expect(attention.getByRole("link", { name: `${dealer}, Meta products (motorcycles)` })).toBeVisible();
    await expect(attention).toContainText("Switched on, but the file is empty");
    // Each channel's table is folded under its heading on a phone, its dealers' count above it.
    const products = page.getByRole("region", { name: "Meta products (motorcycles)", exact: true });
    await expect(products).toContainText("On for 4 of 12 dealers; 1 needs attention.");
    const table = products.getByRole("table");
    await expect(table).toBeHidden();
    await products.getByText("Meta products (motorcycles), dealer by dealer").click();
    const first = table.getByRole("row").nth(1);
    await expect(first.getByRole("rowheader")).toHaveText(dealer);
    await expect(first.getByRole("cell").first()).toContainText("Switched on, but the file is empty");
    await expectNoWiderThanScreen(page);

    // What staff need to connect a channel is on the page, not in a file of the code.
    await page.getByText("How to connect a channel, and what it publishes").click();
    await expect(page.getByRole("heading", { level: 2, name: "Connecting each channel" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("In Meta's Commerce Manager: Catalogues, Create catalogue");
    await expect(page.getByRole("main")).not.toContainText(/docs\/|\.md\b/);
    await expectNoWiderThanScreen(page);
    await expectNoAxeViolations(page);

    await page.goto("/staff/channels?dealer=honda-kimberley");
    await pageHydrated(page);
    await page.getByRole("button", { name: `Switch off Meta products (motorcycles) for ${dealer}` }).click();
    await expect(page.getByRole("article", { name: "Meta products (motorcycles) (off)" })).toBeVisible();
  });
});
