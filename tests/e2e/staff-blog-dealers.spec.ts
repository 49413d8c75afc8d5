import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signIn, TEST_STAFF_PASSWORD } from "../support/staff.ts";
import { expectNoAxeViolations, pageHydrated } from "./support/page-checks.ts";
import { addStaffAccount } from "./support/staff-accounts.ts";

/**
 * The blog and the dealers in the back office, in a real browser against the built server (which
 * keeps dealers and posts in memory, refreshed by the change notification): a dealer manager changes their
 * dealer's Saturday hours and /contact shows them; a content editor schedules a post a few seconds ahead and
 * it appears on /blog by itself once the time passes (the page is reloaded until it does; no fake clock).
 * axe and HTML_CodeSniffer on every new staff page, at desktop and phone width.
 */

const HERO = path.join(import.meta.dirname, "../fixtures/photos/trade-in-side.png");
const PHONE = { width: 390, height: 844 };
/** Each project edits its own dealer, as the two run at the same time against one server. */
const DEALERS = {
  desktop: { slug: "honda-sandton", name: "Honda Sandton" },
  mobile: { slug: "honda-umhlanga", name: "Honda Umhlanga" },
} as const;
/** Each screen's own dealer, so that the two projects running at once never change the same one. */
const screenOf = (projectName: string) => (projectName.startsWith("mobile") ? "mobile" : "desktop");

test.describe.configure({ mode: "serial", timeout: 240_000 });

let managerEmail = "";
let editorEmail = "";

test.beforeAll(async ({ browser }, testInfo) => {
  // Two accounts made through the back office and its e-mail: slower than a hook's default 30 s on a busy machine.
  testInfo.setTimeout(180_000);
  const tag = `${testInfo.project.name}.${Date.now()}`;
  const dealer = DEALERS[screenOf(testInfo.project.name)];
  managerEmail = `manager.${tag}@example.co.za`;
  editorEmail = `editor.${tag}@example.co.za`;
  await addStaffAccount(browser, testInfo.project.use.baseURL, {
    email: managerEmail,
    name: "Sipho Ndlovu",
    role: "dealer_manager",
    dealer,
  });
  await addStaffAccount(browser, testInfo.project.use.baseURL, {
    email: editorEmail,
    name: "Lerato Dlamini",
    role: "content_editor",
  });
});

async function checkAccessibility(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
  if (desktop) await page.setViewportSize(desktop);
}

/** "2026-11-25T10:31:15": South African time, as a datetime-local field takes it. */
const saLocal = (instant: Date) => new Date(instant.getTime() + 2 * 3_600_000).toISOString().slice(0, 19);

test("a dealer manager changes their dealer's Saturday hours and /contact shows them", async ({ page }, testInfo) => {
  const dealer = DEALERS[screenOf(testInfo.project.name)];
  const minute = screenOf(testInfo.project.name) === "desktop" ? "10" : "20";
  await signIn(page, managerEmail, TEST_STAFF_PASSWORD);
  await page.goto("/staff/dealers");
  await expect(page.getByRole("heading", { level: 1, name: "Dealers" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link")).toHaveText([dealer.name]);
  await checkAccessibility(page);
  await page.getByRole("link", { name: dealer.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: dealer.name })).toBeVisible();
  await pageHydrated(page);
  // A manager edits contact details and hours, not where leads go.
  await expect(page.getByLabel("CRM webhook URL")).toHaveCount(0);
  await checkAccessibility(page);

  await page.getByLabel("Saturday closes").fill("08:00");
  await page.getByRole("button", { name: "Save changes" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Saturday: closing time must be after the opening time");
  await expect(summary).toBeFocused();
  await checkAccessibility(page);

  await page.getByLabel("Saturday opens").fill(`09:${minute}`);
  await page.getByLabel("Saturday closes").fill(`12:${minute}`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("Changes saved.");

  const card = () =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: dealer.name, exact: true }) });
  await expect(async () => {
    await page.goto("/contact");
    await expect(card()).toContainText(`09:${minute} – 12:${minute}`, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card()).toContainText("Public holidays");
});

test("an editor schedules a post a few seconds ahead and it appears on /blog once the time passes", async ({
  page,
}, testInfo) => {
  const title = `Summer road trip checklist ${testInfo.project.name} ${Date.now()}`;
  await signIn(page, editorEmail, TEST_STAFF_PASSWORD);
  await page.goto("/staff/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog posts" })).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole("link", { name: "Write a post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Write a post" })).toBeVisible();
  await checkAccessibility(page);

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Author", { exact: true }).fill("Lerato Dlamini");
  await page.getByLabel("Summary", { exact: true }).fill("Five things to check before a long drive this summer.");
  await page
    .getByLabel("Body", { exact: true })
    .fill("## Tyres\n\nCheck the pressure and the tread.\n\n- Spare wheel\n- Jack\n\n[Book a service](/service)");
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  // Whole seconds: the field takes no milliseconds.
  const publishAt = new Date(Math.ceil((Date.now() + 15_000) / 1_000) * 1_000);
  await page.getByLabel("Publish date and time").fill(saLocal(publishAt));
  await page.getByLabel("Hero image").setInputFiles(HERO);
  await page.getByRole("button", { name: "Save the post" }).click();

  await expect(page.getByRole("status")).toContainText("Post saved.");
  await expect(page.getByRole("main")).toContainText("Status: Scheduled");
  await checkAccessibility(page);
  await page.getByRole("link", { name: "Preview it as a visitor would see it" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Tyres" })).toBeVisible();
  await checkAccessibility(page);

  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  if (Date.now() < publishAt.getTime()) await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("link", { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("article").getByRole("link", { name: "Book a service" })).toHaveAttribute(
    "href",
    "/service",
  );
});
