import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { mailInOutbox } from "./support/outbox.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";

/**
 * Saved searches and alerts: "Email me new matches" on a listing, POPIA consent, the double
 * opt-in through the e-mailed link, the alert e-mail after a matching vehicle arrives (the e2e server runs
 * the alert job every few seconds, playwright.config.ts), and unsubscribing.
 */
const databaseUrl = process.env.E2E_DATABASE_URL;
test.describe.configure({ timeout: 120_000 });

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://[^\\s]+(${path}/[\\w-]+)`).exec(text);
  expect(match, `a ${path} link in the e-mail`).not.toBeNull();
  return match![1]!;
};

async function subscribeAndConfirm(page: Page, email: string): Promise<void> {
  await page.goto("/used?bodyType[]=SUV&price[lte]=900000");
  await page.getByRole("link", { name: "Email me new matches" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Email me new matches" })).toBeVisible();
  await expect(page.getByText(/SUV, up to R\s900\s000/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Send me the confirmation link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeFocused();

  const confirmation = await mailInOutbox(email, (mail) => mail.subject === "Confirm your used-car alert");
  await page.goto(linkIn(confirmation.text ?? "", "/alerts/confirm"));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm my alert" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your alert is on" })).toBeVisible();
}

test("subscribe needs consent; confirm through the e-mailed link; manage and unsubscribe; axe-clean", async ({
  page,
}) => {
  const email = `alert-${Date.now()}-a@example.co.za`;
  await page.goto("/alerts/new?bodyType[]=SUV");
  await page.getByLabel("Email address").fill(email);
  // Without the consent box the browser refuses to send; the server refuses too (422).
  await page.getByRole("button", { name: "Send me the confirmation link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Email me new matches" })).toBeVisible();
  const refused = await page.request.post("/alerts/new?bodyType[]=SUV", {
    form: { email, listing: "bodyType[]=SUV" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(422);

  await subscribeAndConfirm(page, email);
  await page.getByRole("link", { name: "Manage your alerts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your alerts" })).toBeVisible();
  await expect(page.getByRole("link", { name: /SUV, up to R\s900\s000/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Unsubscribe from all alerts" }).click();
  await expect(page.getByRole("status")).toHaveText("You are unsubscribed: we send no more alerts.");
  await expect(page.getByText(/unsubscribed: nothing is sent/)).toBeVisible();
});

test("an alert arrives after a matching vehicle is added, with a working unsubscribe link", async ({ page }) => {
  test.skip(
    !databaseUrl,
    "adding a vehicle needs the server's database: set E2E_DATABASE_URL (the job itself is tested in core/alerts/alerts.test.ts)",
  );
  const email = `alert-${Date.now()}-b@example.co.za`;
  await subscribeAndConfirm(page, email);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      insert into used_vehicles (dealer_id, make_id, model_id, variant, year, mileage_km, price, transmission, fuel_type, state, exterior_color, body_type)
      select dealer_id, make_id, model_id, 'E2E Alert Special', year, mileage_km, 450000, transmission, fuel_type, state, exterior_color, body_type
      from used_vehicles where body_type = 'SUV' limit 1`);
  } finally {
    await client.end();
  }
  const alert = await mailInOutbox(email, (mail) => /new for your used-car alert/.test(mail.subject ?? ""));
  expect(alert.text).toContain("E2E Alert Special");
  expect(alert.headerLines.some((line) => line.key === "list-unsubscribe")).toBe(true);

  await page.goto(linkIn(alert.text ?? "", "/alerts/unsubscribe"));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Unsubscribe from all alerts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
});
