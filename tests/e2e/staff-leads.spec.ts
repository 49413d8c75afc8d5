import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { validFinanceApplication, VALID_ID_NUMBER } from "../support/finance-fixture.ts";
import { mailInOutbox } from "./support/outbox.ts";
import { expectNoAxeViolations, pageHydrated } from "./support/page-checks.ts";
import { E2E_ADMIN } from "./support/staff-bootstrap.ts";
import { addStaffAccount } from "./support/staff-accounts.ts";
import { TEST_STAFF_PASSWORD } from "../support/staff.ts";
import { backOfficeNavigation, openLeadFilters } from "./support/back-office.ts";

/**
 * The leads inbox in a real browser: a lead sent on the public site appears in the inbox of its
 * dealer's manager, is given a status and a note, is sent to the dealer again and is exported as CSV; a finance
 * application is opened (decrypted, audited, not stored by the browser). axe and HTML_CodeSniffer on every page,
 * at desktop and phone width.
 *
 * Who signs in: with E2E_DATABASE_URL (the server on PostgreSQL) the test creates a manager of Honda Menlyn in
 * the database and checks the audit log there; on the embedded database, which only the server may open, it
 * signs in as the group administrator the server creates at first start (STAFF_BOOTSTRAP_EMAIL,
 * playwright.config.ts), and the audit-log check is recorded as not run (core/leads/inbox.test.ts checks it on
 * both databases).
 */

const databaseUrl = process.env.E2E_DATABASE_URL;
const DEALER = "honda-menlyn";
const ENQUIRY_PATH = "/new/honda/cr-v/1-5t-comfort-cvt/enquire";
const PHONE = { width: 390, height: 844 };

test.describe.configure({ timeout: 180_000 });

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The account the test signs in with: a Menlyn manager on PostgreSQL, else the bootstrap administrator. */
async function staffAccount(tag: string): Promise<{ email: string; password: string }> {
  if (!databaseUrl) {
    test.info().annotations.push({
      type: "account",
      description: "the group administrator: set E2E_DATABASE_URL to sign in as the dealer's manager",
    });
    return E2E_ADMIN;
  }
  const { createStaffUser, TEST_STAFF_PASSWORD: password } = await import("../support/staff.ts");
  const { openDatabase } = await import("../../db/client.ts");
  const handle = await openDatabase({ databaseUrl });
  try {
    const email = `manager.${tag}@menlyn.example.co.za`;
    await createStaffUser(handle.db, { email, role: "dealer_manager", dealerSlugs: [DEALER], password });
    return { email, password };
  } finally {
    await handle.close();
  }
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/staff/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
}

/** axe and HTML_CodeSniffer at desktop width, then at phone width, and back. */
async function expectAccessible(page: Page) {
  const desktop = page.viewportSize();
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
  // The page itself never scrolls sideways (a table may, inside its own focusable scroll region); if it does, the culprits.
  const tooWide = await page.evaluate(() =>
    document.documentElement.scrollWidth <= document.documentElement.clientWidth
      ? []
      : [...document.querySelectorAll("main *")]
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(tooWide, "the page fits a phone's width").toEqual([]);
  if (desktop) await page.setViewportSize(desktop);
}

/** `autofill`: what a browser's autofill puts in the form's hidden field, which people never see. */
async function sendEnquiry(
  page: Page,
  who: { first: string; last: string; email: string },
  autofill?: string,
  dealer = DEALER,
) {
  await page.goto(ENQUIRY_PATH);
  await expect(page.locator("form[data-enhanced='true']")).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole("textbox", { name: "First name", exact: true }).fill(who.first);
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill(who.last);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(who.email);
  await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill("082 555 0199");
  await page.getByRole("combobox", { name: "Dealership", exact: true }).selectOption(dealer);
  await page.getByLabel(/You may contact me/).check();
  await page.getByLabel(/I accept the/).check();
  if (autofill) await page.locator("input[name='website']").fill(autofill, { force: true });
  await page.getByRole("button", { name: /Submit|Loading/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank You for Your Enquiry!" })).toBeVisible();
}

/** Letters only, as a last name must be: a name no other test run uses. */
function uniqueLastName(): string {
  return `Inbox${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
}

/** Resend: once every delivery has gone, the dealer's deliveries go out again: each shows a second attempt. */
async function resendAndExpectSecondAttempts(page: Page) {
  const deliveredAttempts = () =>
    page
      .getByRole("region", { name: "Deliveries to the dealer" })
      .getByText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}: delivered$/);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("region", { name: "Deliveries to the dealer" }).getByText("Overall: Delivered").count();
      },
      { timeout: 60_000, message: "the lead is delivered" },
    )
    .toBe(1);
  const deliveredBefore = await deliveredAttempts().count();
  expect(deliveredBefore).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Resend to the dealer" }).click();
  await expect(page.getByRole("status")).toContainText(/Sending again: \d+ deliver(y|ies) to the dealer queued\./);
  await expect
    .poll(
      async () => {
        await page.reload();
        return deliveredAttempts().count();
      },
      { timeout: 60_000, message: "the resent deliveries are delivered again" },
    )
    .toBe(deliveredBefore * 2);
}

/** The CSV export of the Contacted leads at Honda Menlyn, read from the download, holds the lead. */
async function expectContactedInTheCsv(page: Page, who: { first: string; last: string; email: string }) {
  await page.goto("/staff/leads?work=Contacted&dealer=honda-menlyn");
  await openLeadFilters(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await fs.readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.trim().split("\r\n");
  expect(header).toBe(
    "Reference,Received,Dealer,Lead type,Delivery,Work status,First response,Name,E-mail,Phone,Vehicle,Message,Source,Medium,Campaign",
  );
  const row = rows.find((line) => line.includes(who.email));
  expect(row).toContain(`Honda Menlyn,New Vehicles,`);
  expect(row).toContain(`,Contacted,`);
  // A cell starting with + is written with a leading apostrophe, so that a spreadsheet reads it as text, not a formula.
  expect(row).toContain(`${who.first} ${who.last},${who.email},'+27825550199,Honda CR-V 1.5T Comfort CVT`);
  expect(rows.every((line) => line.includes(",Contacted,"))).toBe(true);
}

test("a lead sent on the site is worked in the inbox: status, note, resend, CSV export", async ({ page }) => {
  const last = uniqueLastName();
  const who = { first: "Lerato", last, email: `lerato.${last.toLowerCase()}@example.co.za` };
  await sendEnquiry(page, who);
  const account = await staffAccount(last.toLowerCase());
  await signIn(page, account);

  // The inbox, filtered to the dealer, shows the lead.
  await (await backOfficeNavigation(page)).getByRole("link", { name: "Leads" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await openLeadFilters(page);
  await page.getByLabel("Dealer").selectOption(DEALER);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/dealer=honda-menlyn/);
  const leadLink = page.getByRole("link", { name: new RegExp(`Lerato ${last} \\(HDG-[0-9A-F]{8}\\)`) });
  await expect(leadLink).toBeVisible();
  await expectAccessible(page);

  // The lead: what was sent, the vehicle's page, its deliveries.
  await leadLink.click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Lerato ${last}`) })).toBeVisible();
  await expect(page.getByRole("link", { name: who.email })).toHaveAttribute("href", `mailto:${who.email}`);
  await expect(page.getByRole("link", { name: "The vehicle's page on the website" })).toHaveAttribute(
    "href",
    "/new/honda/cr-v/1-5t-comfort-cvt",
  );
  const deliveries = page.getByRole("region", { name: "Deliveries to the dealer" });
  await expect(deliveries).toContainText(`crm@${DEALER}.example.co.za`);
  // Once delivered, the deliveries show the ADF exactly as the CRM's e-mail carried it.
  const crm = await mailInOutbox(`crm@${DEALER}.example.co.za`, (mail) =>
    (mail.text ?? "").includes(`<email>${who.email}</email>`),
  );
  const adfSent = deliveries.getByText("ADF as sent", { exact: true }).first();
  await expect(async () => {
    await page.reload();
    await expect(adfSent).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await pageHydrated(page);
  await adfSent.click();
  expect(`${await deliveries.locator("pre").first().textContent()}\n`).toBe(crm.text);
  await expect(page.getByRole("heading", { name: "Work status: New" })).toBeVisible();
  await expectAccessible(page);

  // Worked: Contacted, with a note; who did it is shown.
  await page.getByLabel("Work status", { exact: true }).selectOption("Contacted");
  await page.getByLabel("Note").fill("Called back, coming in on Saturday at 10");
  const save = page.getByRole("button", { name: "Save status and note" });
  await save.click();
  await expect(page.getByRole("status")).toContainText("Saved. The lead is Contacted.");
  await expect(page.getByRole("heading", { name: "Work status: Contacted" })).toBeVisible();
  const history = page.getByRole("list", { name: "History" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Status set to Contacted");
  await expect(history.first()).toContainText("Called back, coming in on Saturday at 10");
  await expect(history.first()).toContainText(account.email);
  await expect(page.getByLabel("Note")).toHaveValue("");
  await expect(save).toBeFocused();
  await expectAccessible(page);

  // An empty change is refused with a message on the form, not stored.
  await save.click();
  await expect(page.getByRole("alert")).toContainText("The lead is already Contacted");
  await expect(history).toHaveCount(1);

  await resendAndExpectSecondAttempts(page);
  await expectContactedInTheCsv(page, who);

  if (databaseUrl) {
    const actions = await withDatabase(async (client) => {
      const { rows: entries } = await client.query<{ action: string; actor_label: string }>(
        "select a.action, a.actor_label from audit_log a join enquiries e on e.id::text = a.entity_id where e.email = $1 order by a.id",
        [who.email],
      );
      return entries.map((entry) => `${entry.action} by ${entry.actor_label}`);
    });
    expect(actions).toEqual([`lead.work_status by ${account.email}`, `lead.resend by ${account.email}`]);
  }

  // The first response report has the week's figure for the dealer.
  await page.goto("/staff/leads/report");
  await expect(page.getByRole("heading", { level: 2, name: "Honda Menlyn" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Median first response per week, Honda Menlyn" })).toBeVisible();
  await expect(page.getByRole("table", { name: "First response per week, Honda Menlyn" })).toBeVisible();
  await expectAccessible(page);
});

test("an enquiry whose hidden field autofill filled is held, shown with its reason, and delivered once released", async ({
  page,
}) => {
  const last = uniqueLastName();
  const who = { first: "Naledi", last, email: `naledi.${last.toLowerCase()}@example.co.za` };
  // The buyer sees the thank-you page as for any lead.
  await sendEnquiry(page, who, "https://www.example.co.za");
  const account = await staffAccount(`held.${last.toLowerCase()}`);
  await signIn(page, account);

  // Not among the leads: in the held view, with its reason.
  await page.goto(`/staff/leads?dealer=${DEALER}`);
  const leadName = new RegExp(`Naledi ${last} \\(HDG-[0-9A-F]{8}\\)`);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.getByRole("link", { name: leadName })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Inbox views" })
    .getByRole("link", { name: /^Held as automated \(\d+\)$/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Held as automated" })).toBeVisible();
  const heldItem = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: leadName }) });
  await expect(heldItem.getByRole("definition").filter({ hasText: "hidden field filled" })).toHaveCount(1);
  await expectAccessible(page);

  // Insights count it apart from the leads.
  await page.goto("/staff/insights");
  await expect(
    page.getByText(/^Not counted as leads: [1-9]\d* enquir(y|ies) received in this period (is|are) held as automated/),
  ).toBeVisible();
  await page.goto(`/staff/leads?view=held&dealer=${DEALER}`);

  // Opened: why it was held, nothing delivered; released, it is delivered to the dealer as any lead.
  await heldItem.getByRole("link", { name: leadName }).click();
  const held = page.getByRole("region", { name: "Held as automated" });
  await expect(held).toContainText("Why: hidden field filled.");
  await expect(page.getByRole("region", { name: "Deliveries to the dealer" })).toHaveCount(0);
  await expectAccessible(page);
  await pageHydrated(page);
  await held.getByRole("button", { name: "Release to the dealer" }).click();
  await expect(page.getByRole("status")).toContainText(
    /Released: the enquiry is a lead now, \d+ deliver(y|ies) queued\./,
  );
  await expect(page.getByRole("region", { name: "Held as automated" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Deliveries to the dealer" })).toBeFocused();
  const crm = await mailInOutbox(`crm@${DEALER}.example.co.za`, (mail) =>
    (mail.text ?? "").includes(`<email>${who.email}</email>`),
  );
  expect(crm.subject).toMatch(/^Honda Menlyn: New Vehicles lead HDG-[0-9A-F]{8}$/);
  // The buyer's confirmation waited for the release.
  expect((await mailInOutbox(who.email)).subject).toMatch(/^Your enquiry to Honda Menlyn \(HDG-[0-9A-F]{8}\)$/);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("region", { name: "Deliveries to the dealer" }).getByText("Overall: Delivered").count();
      },
      { timeout: 60_000, message: "the released lead is delivered" },
    )
    .toBe(1);
  await page.goto(`/staff/leads?dealer=${DEALER}`);
  await expect(page.getByRole("link", { name: leadName })).toBeVisible();

  if (databaseUrl) {
    const actions = await withDatabase(async (client) => {
      const { rows: entries } = await client.query<{ action: string; actor_label: string }>(
        "select a.action, a.actor_label from audit_log a join enquiries e on e.id::text = a.entity_id where e.email = $1 order by a.id",
        [who.email],
      );
      return entries.map((entry) => `${entry.action} by ${entry.actor_label}`);
    });
    expect(actions).toEqual([`lead.release by ${account.email}`]);
  }
});

test("a finance application is opened only decrypted for the request, and not stored by the browser", async ({
  page,
}) => {
  const last = uniqueLastName();
  const submitted = await page.request.post("/api/finance_applications", {
    data: validFinanceApplication({ dealership: DEALER, surname: last, email: `${last.toLowerCase()}@example.co.za` }),
  });
  expect(submitted.status()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  const account = await staffAccount(`finance.${last.toLowerCase()}`);
  await signIn(page, account);

  await page.goto("/staff/leads?type=Finance+Application");
  await expect(page.locator("main")).not.toContainText(VALID_ID_NUMBER);
  await expect(page.locator("main")).not.toContainText(last);
  await page.goto(`/staff/leads/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: /Finance application/ })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(VALID_ID_NUMBER);

  // The page itself or, after hydration, its data request (/staff/finance/{id}.data): neither may be stored.
  const opened = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith(`/staff/finance/${id}`),
  );
  await page.getByRole("link", { name: "Open the application" }).click();
  expect((await opened).headers()["cache-control"]).toMatch(/(^|[ ,])no-store($|,)/);
  await expect(page.getByRole("heading", { level: 1, name: /Finance application HDG-/ })).toBeVisible();
  await expect(page.getByText(VALID_ID_NUMBER)).toBeVisible();
  await expect(page.getByText(last, { exact: true })).toBeVisible();
  await expectAccessible(page);

  if (databaseUrl) {
    const openings = await withDatabase(async (client) => {
      const { rows } = await client.query<{ actor_label: string }>(
        "select actor_label from audit_log where action = 'finance_application.open' and entity_id = $1",
        [id],
      );
      return rows.map((row) => row.actor_label);
    });
    expect(openings.length).toBeGreaterThanOrEqual(1);
    expect(new Set(openings)).toEqual(new Set([account.email]));
  }
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  /** A dealer no other spec sends leads to: its manager's counts are this test's alone. */
  const QUIET_DEALER = { slug: "honda-gqeberha", name: "Honda Gqeberha" };

  test("the staff home counts today's uncontacted lead; the lead opens with call, WhatsApp and e-mail and its status first", async ({
    page,
    browser,
  }, testInfo) => {
    const email = `gqeberha.manager.${Date.now()}@example.co.za`;
    await addStaffAccount(browser, testInfo.project.use.baseURL, {
      email,
      name: "Sipho Ndlovu",
      role: "dealer_manager",
      dealer: QUIET_DEALER,
    });
    const last = uniqueLastName();
    const who = { first: "Ayanda", last, email: `ayanda.${last.toLowerCase()}@example.co.za` };
    await sendEnquiry(page, who, undefined, QUIET_DEALER.slug);
    await signIn(page, { email, password: TEST_STAFF_PASSWORD });

    // The home: what needs doing, for this manager's dealer.
    const jobs = page.getByRole("region", { name: "What needs doing" });
    await expect(jobs.getByRole("listitem").first()).toContainText("1 new lead today not contacted yet");
    await expect(jobs.getByText(/^\d+ vehicles? in stock without photos$/)).toBeVisible();
    await expect(jobs.getByText(/^\d+ channel alarms?$/)).toBeVisible();
    await expectAccessible(page);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date());
    const newLeads = jobs.getByRole("link", { name: /^Open them in the inbox/ });
    await expect(newLeads).toHaveAttribute("href", `/staff/leads?work=New&from=${today}&to=${today}`);
    await newLeads.click();
    await expect(page.getByRole("heading", { level: 2, name: "1 lead" })).toBeVisible();
    const leadLink = page.getByRole("link", { name: new RegExp(`Ayanda ${last} \\(HDG-[0-9A-F]{8}\\)`) });
    await leadLink.click();

    // The lead: one tap to call, WhatsApp or e-mail, then its status and note, the delivery details further down.
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Ayanda ${last}`) })).toBeVisible();
    const reference = /\((HDG-[0-9A-F]{8})\)/.exec((await page.getByRole("heading", { level: 1 }).textContent())!)![1]!;
    const contact = page.getByRole("navigation", { name: `Contact Ayanda ${last}` });
    await expect(contact.getByRole("link", { name: `Call Ayanda ${last}` })).toHaveAttribute(
      "href",
      "tel:+27825550199",
    );
    await expect(contact.getByRole("link", { name: `WhatsApp Ayanda ${last}` })).toHaveAttribute(
      "href",
      `https://wa.me/27825550199?${new URLSearchParams({ text: `Hello Ayanda, this is ${QUIET_DEALER.name} about your enquiry ${reference}.` })}`,
    );
    await expect(contact.getByRole("link", { name: `E-mail Ayanda ${last}` })).toHaveAttribute(
      "href",
      `mailto:${who.email}`,
    );
    const top = async (name: string) => (await page.getByRole("region", { name }).boundingBox())!.y;
    const contactBottom = await contact.boundingBox().then((box) => box!.y + box!.height);
    expect(contactBottom).toBeLessThanOrEqual(page.viewportSize()!.height);
    const order = [
      await top("Work status: New"),
      await top("What the visitor sent"),
      await top("Deliveries to the dealer"),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await expectAccessible(page);

    await pageHydrated(page);
    await page.getByLabel("Work status", { exact: true }).selectOption("Contacted");
    await page.getByLabel("Note").fill("WhatsApp sent, test drive on Friday");
    const save = page.getByRole("button", { name: "Save status and note" });
    await save.click();
    await expect(page.getByRole("status")).toContainText("Saved. The lead is Contacted.");
    await expect(save).toBeFocused();

    // Contacted: no longer waiting on the home.
    await page.goto("/staff");
    await expect(jobs.getByRole("listitem").first()).toContainText("0 new leads today not contacted yet");
  });
});
