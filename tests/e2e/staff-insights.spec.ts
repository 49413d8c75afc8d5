import { expect, type Locator, type Page } from "@playwright/test";
import { backOfficeNavigation, signedInAsAdministrator as test } from "./support/back-office.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";

/**
 * /staff/insights in a real browser (decision 057). A visit from a campaign link is counted and shows under its
 * campaign within seconds (PAGE_COUNTS_FLUSH_SECONDS is 1 here); a crawler's is not. The page passes axe and
 * HTML_CodeSniffer; its period form and a sort link work by keyboard; a table downloads as CSV. On a 360 px phone
 * its figures come first, the long tables unfold on demand with the columns a phone has room for, and nothing is
 * wider than the screen.
 */
test.describe.configure({ timeout: 180_000 });

/** Presses Tab until the target has focus: it must be reachable by keyboard within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 250): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused();
}

const sourceRow = (page: Page, campaign: string) =>
  page
    .getByRole("table", { name: /by source, medium and campaign/ })
    .getByRole("row", { name: new RegExp(`e2e-insights / test / ${campaign}`) });

test("a campaign's visit shows under its campaign, a crawler's does not, and the page passes both engines", async ({
  page,
  browser,
  baseURL,
}) => {
  const run = `${test.info().project.name}-${Date.now()}`;
  // Strangers to the back office: a context made in a test takes the test's options, the administrator's session among them.
  const stranger = { cookies: [], origins: [] };
  const visitor = await browser.newContext({ baseURL, storageState: stranger });
  await (await visitor.newPage()).goto(`/used?utm_source=e2e-insights&utm_medium=test&utm_campaign=visit-${run}`);
  await visitor.close();
  const crawler = await browser.newContext({
    baseURL,
    storageState: stranger,
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  await (await crawler.newPage()).goto(`/used?utm_source=e2e-insights&utm_medium=test&utm_campaign=crawler-${run}`);
  await crawler.close();

  await page.goto("/staff");
  await (await backOfficeNavigation(page)).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  // Counted in the server's memory, in the database within a second.
  await expect(async () => {
    await page.reload();
    await expect(sourceRow(page, `visit-${run}`)).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(sourceRow(page, `visit-${run}`).getByRole("cell").first()).toHaveText("1");
  await expect(sourceRow(page, `crawler-${run}`)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "First response times" })).toHaveAttribute("href", "/staff/leads/report");
  await expectNoAxeViolations(page);
  // The wide tables scroll in their own boxes: the page is never wider than the screen (a phone's browser would zoom out).
  expect(await page.evaluate(() => window.innerWidth)).toBe(page.viewportSize()!.width);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of the stock table" }).click();
  expect((await download).suggestedFilename()).toMatch(/^insights-stock-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("the period form and the stock table's sort links work by keyboard", async ({ page }) => {
  await page.goto("/staff/insights");
  const from = page.getByLabel("From", { exact: true }).first();
  const before = await from.inputValue();
  await page.getByRole("heading", { level: 1 }).click();
  await tabTo(page, from);
  // The date's year (its third part in this browser's locale: arrows move between the parts) one year back.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  const show = page.getByRole("button", { name: "Show" });
  await tabTo(page, show);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}/);
  const chosen = new URL(page.url()).searchParams.get("from")!;
  expect(chosen < before).toBe(true);
  await expect(page.getByText(/^Showing \d{2}\.\d{2}\.\d{4} to/)).toContainText(chosen.split("-").reverse().join("."));
  await expect(show).toBeFocused();

  const stock = page.getByRole("table", { name: /days in stock, views, leads and price changes/ });
  const views = stock.getByRole("link", { name: "Views (sort descending)" });
  await tabTo(page, views);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=views&dir=desc/);
  await expect(stock.getByRole("columnheader", { name: "Views (sort ascending)" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  expect(new URL(page.url()).searchParams.get("from")).toBe(chosen);
  await expect(stock.getByRole("link", { name: "Views (sort ascending)" })).toBeFocused();
  await expectNoAxeViolations(page);
});

test("the sources table shows 25 sources a page, and its Next page link takes focus to the table", async ({
  page,
  browser,
  baseURL,
}) => {
  const run = `${test.info().project.name}-${Date.now()}`;
  const visitor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/used");
  // 30 campaign links, each a visit of its own: more sources than one page shows.
  const statuses = await visitorPage.evaluate(
    (campaigns) =>
      Promise.all(
        campaigns.map((campaign) =>
          fetch(`/used?utm_source=e2e-paging&utm_medium=test&utm_campaign=${campaign}`).then((answer) => answer.status),
        ),
      ),
    Array.from({ length: 30 }, (_, index) => `page-${run}-${index}`),
  );
  expect(statuses).toEqual(Array(30).fill(200));
  await visitor.close();

  await page.goto("/staff/insights");
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^Sources 1 to 25 of [\d\s,]+, page 1 of \d+/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const sources = page.getByRole("table", { name: /by source, medium and campaign/ });
  await expect(sources.getByRole("row")).toHaveCount(1 + 25 + 1);
  const pages = page.getByRole("navigation", { name: "Pages of sources" });
  await pages.getByRole("link", { name: "Next page of sources" }).click();
  await expect(page).toHaveURL(/[?&]sources=2/);
  await expect(page.getByText(/^Sources 26 to \d+ of/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Visits and leads by source" })).toBeFocused();
  await expect(pages.getByRole("link", { name: "Previous page of sources" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => window.innerWidth)).toBe(page.viewportSize()!.width);
});

/** The page is no wider than the window: nothing scrolls the whole page sideways. */
async function expectNoWiderThanScreen(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(innerWidth).toBe(page.viewportSize()!.width);
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test("the figures come first, the stock table unfolds on demand, reads without scrolling sideways and sorts by a form", async ({
    page,
  }) => {
    await page.goto("/staff/insights");
    await expectNoWiderThanScreen(page);
    const glance = page.getByRole("region", { name: "At a glance" });
    await expect(glance.getByRole("definition")).toHaveCount(8);
    const available = page.getByRole("term").filter({ hasText: "Available vehicles" });
    await expect(glance.locator(available)).toBeVisible();
    const vehicles = Number(
      (await page.getByRole("link", { name: /^All available \(\d+\)$/ }).textContent())!.replace(/\D/g, ""),
    );
    expect(vehicles).toBeGreaterThan(0);
    await expect(glance.locator("div", { has: available }).getByRole("definition")).toHaveText(String(vehicles));

    const stock = page.getByRole("table", { name: /days in stock, views, leads and price changes/ });
    await expect(stock).toBeHidden();
    await page.getByText(`The ${vehicles} vehicles: views, leads and price changes`).click();
    await expect(stock).toBeVisible();
    // Two columns on a phone; each vehicle's dealer, price, views and leads on its own line.
    await expect(stock.getByRole("columnheader").filter({ visible: true })).toHaveText([/^Vehicle/, /^Days in stock/]);
    await expect(stock.getByRole("row").nth(1).getByRole("cell").first()).toContainText(
      /Honda [A-Za-z ]+ · R\s[\d\s]+ · \d+ views? \([\d.,]+ a day\) · \d+ leads?/,
    );
    await expectNoWiderThanScreen(page);

    await page.getByLabel("Sort by", { exact: true }).selectOption({ label: "Views" });
    await page.getByLabel("Order", { exact: true }).selectOption({ label: "Lowest first" });
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=views&dir=asc/);
    await expect(page.getByRole("table", { name: /sorted by views, ascending$/ })).toBeVisible();

    // Every fold open: still no wider than the screen, and both engines pass.
    const folded = page.locator("main details:not([open])");
    for (let count = await folded.count(); count > 0; count--) {
      await folded.first().locator("> summary").click();
      await expect(folded).toHaveCount(count - 1);
    }
    await expectNoWiderThanScreen(page);
    await expectNoAxeViolations(page);
  });
});
