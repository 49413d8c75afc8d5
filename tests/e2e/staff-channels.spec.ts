import { expect } from "@playwright/test";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { backOfficeNavigation, signedInAsAdministrator as test } from "./support/back-office.ts";

/**
 * The channels page (issue 34, item 3) as the bootstrap group administrator: the demo data switches every
 * channel on, so the page shows each feed URL; the URL answers the channel's file, the fetch shows on the
 * page, and a new URL leaves the old one working for the grace period.
 */

test("an administrator copies a dealer's Meta feed URL, sees Meta's fetch, and makes a new URL without downtime", async ({
  page,
  request,
}) => {
  // Two accessibility engines twice on a long page, and three feed fetches, on a machine the other specs share.
  test.setTimeout(120_000);
  // Each project works on its own dealer, so that one's new URL never replaces the other's.
  const dealer = test.info().project.name === "mobile" ? "Honda Umhlanga" : "Honda Cape Town";
  await page.goto("/staff");
  await (await backOfficeNavigation(page)).getByRole("link", { name: "Channels" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Channels" })).toBeVisible();
  await expectNoAxeViolations(page);

  const meta = () =>
    page.getByRole("region", { name: dealer, exact: true }).getByRole("article", { name: "Meta vehicles (on)" });
  const feedUrl = () => meta().getByLabel("Feed URL (CSV)");
  const url = await feedUrl().inputValue();
  expect(url).toMatch(/\/feeds\/meta-vehicles\/honda-[a-z-]+\.csv\?key=/);

  const feed = await request.get(url, { headers: { "User-Agent": "facebookexternalhit/1.1" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/csv");
  const lines = (await feed.text()).trim().split("\r\n");
  expect(lines[0]).toMatch(/^vehicle_id,vin,title,/);
  const items = lines.length - 1;
  expect(items).toBeGreaterThan(0);

  await page.reload();
  await expect(meta()).toContainText(`Meta fetched ${items} vehicles just now`);

  await meta()
    .getByRole("button", { name: /^Make a new URL/ })
    .click();
  await expect(page.getByRole("status")).toContainText("The old one keeps working");
  await expect(feedUrl()).not.toHaveValue(url);
  const rotated = await feedUrl().inputValue();
  expect((await request.get(rotated)).status()).toBe(200);
  expect((await request.get(url)).status()).toBe(200);
  await expect(meta()).toContainText("The previous URL keeps working until");
  await expectNoAxeViolations(page);
});
