import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/staff.ts";
import { backOfficeNavigation, openLeadFilters } from "./support/back-office.ts";
import { expectNoAxeViolations, pageHydrated } from "./support/page-checks.ts";
import { E2E_ADMIN } from "./support/staff-bootstrap.ts";

/**
 * The visit's source in a real browser: a visit without JavaScript that lands from a campaign's link moves
 * through the site by its links and sends an enquiry, whose source and campaign the staff lead page then shows;
 * and the back office on a phone, where the menu is behind one button and the inbox's filters are folded, so
 * that the first lead shows in the first screen (axe and HTML_CodeSniffer clean, menu and filters opened too).
 * server/attribution.test.ts covers every kind of lead, the ADF, the webhook, the CSV and the counter.
 */
const PHONE = { width: 390, height: 844 };

test.describe.configure({ timeout: 120_000 });

/** Letters only, as a last name must be: a name no other test run uses. */
function uniqueLastName(): string {
  return `Visit${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visit landing with utm_source sends an enquiry whose source and campaign the staff lead page shows", async ({
    page,
  }, testInfo) => {
    const campaign = `e2e-${testInfo.project.name}-${Date.now()}`;
    const last = uniqueLastName();
    await page.goto(`/used?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
    // Through the site by its links: a car from the listing, then its enquiry form (the internal referrers keep the source).
    await page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/used\/[^/]+\/[^/]+\/\d+$/);
    await page.getByRole("link", { name: "Enquire Now" }).click();
    await expect(page).toHaveURL(/\/enquire$/);
    await page.getByRole("textbox", { name: "First name", exact: true }).fill("Naledi");
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill(last);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(`naledi.${last.toLowerCase()}@example.co.za`);
    await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill("082 555 0142");
    await page.getByLabel(/You may contact me/).check();
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank You for Your Enquiry!" })).toBeVisible();

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/staff/leads?source=newsletter");
    await page.getByRole("link", { name: new RegExp(`Naledi ${last} \\(HDG-[0-9A-F]{8}\\)`) }).click();
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Naledi ${last}`) })).toBeVisible();
    const visit = page.getByRole("region", { name: "Where the visit came from" });
    await expect(visit.getByRole("definition").filter({ hasText: /^newsletter$/ })).toBeVisible();
    await expect(visit.getByRole("definition").filter({ hasText: /^email$/ })).toBeVisible();
    await expect(visit.getByRole("definition").filter({ hasText: campaign })).toBeVisible();
    await expect(visit.getByRole("definition").filter({ hasText: /^\/used$/ })).toBeVisible();
  });
});

async function signInAndOpenTheInbox(page: Page) {
  // At least one lead in the inbox, whichever test ran first: one sent by an API client (no visit: "Not recorded").
  const lead = await page.request.post("/api/customer_enquiries", {
    headers: { "Content-Type": "application/ld+json" },
    data: {
      form_name: "Parts Enquiry",
      first_name: "Kagiso",
      last_name: uniqueLastName(),
      email: `kagiso.${Date.now()}@example.co.za`,
      cell_phone: "072 815 9130",
      make: "Honda",
      model: "Jazz",
      year: 2016,
      partNo: "08P01-T5A-100",
      contact: true,
      terms: true,
      dealer_slug: "honda-sandton",
      uri: "/parts",
    },
  });
  expect(lead.status()).toBe(201);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.setViewportSize(PHONE);
  await page.goto("/staff/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await pageHydrated(page);
}

test("on a phone the back office's menu is one button and the inbox's filters are folded: the first lead is in the first screen", async ({
  page,
}) => {
  await signInAndOpenTheInbox(page);
  const navigation = page.getByRole("navigation", { name: "Back office" });
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu" });
  await expect(navigation).toBeHidden();
  await expect(menu).toBeVisible();
  await expect(page.getByText("Filters and download", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeHidden();
  // A lead is a list item with a heading (the inbox's views above the leads are list items too).
  const firstLead = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) })
    .first();
  await expect(firstLead).toBeVisible();
  const box = (await firstLead.getByRole("heading", { level: 3 }).boundingBox())!;
  expect(box.y + box.height, "the first lead's name is in the first screen").toBeLessThanOrEqual(PHONE.height);
  await expectNoAxeViolations(page);

  // The menu: a dialog with every page the role may use; a link in it goes there and closes it.
  await menu.click();
  const dialog = page.getByRole("dialog", { name: "Back office menu" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Leads" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  await dialog.getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
  await expect(dialog).toBeHidden();
  // Focus goes to the new page's heading, as after any navigation, not back to the Menu button.
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeFocused();

  // The filters unfold in place and work as on a computer.
  await page.goto("/staff/leads");
  await openLeadFilters(page);
  await expect(page.getByLabel("Source")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Source").selectOption("(not recorded)");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/source=%28not\+recorded%29|source=\(not\+recorded\)/);
  await expect(page.getByText(/in use: Source/)).toBeVisible();
});

test("on a computer's screen the menu and the filters are open, with no button to unfold them", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "a computer's width");
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/staff/leads");
  await expect((await backOfficeNavigation(page)).getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Menu" })).toBeHidden();
  await expect(page.getByLabel("Source")).toBeVisible();
  await expect(page.getByText("Filters and download", { exact: true })).toBeHidden();
});
