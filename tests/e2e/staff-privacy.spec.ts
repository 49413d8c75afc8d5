import fs from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { backOfficeNavigation, signedInAsAdministrator as test } from "./support/back-office.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "./support/page-checks.ts";

/**
 * /staff/privacy in a real browser (a phone in the mobile project): a person's enquiry sent on the public site is found
 * by their cell number in another spelling, handed over as a file to read and as JSON, corrected, put on the
 * do-not-contact list and erased; a new search then finds nothing. Each step passes axe and HTML_CodeSniffer, never
 * widens the page past the screen, and puts focus on its outcome; the searched number is never in an address. The
 * processing register states the retention settings at the same width.
 */
test.describe.configure({ timeout: 180_000 });

const ENQUIRY_PATH = "/new/honda/cr-v/1-5t-comfort-cvt/enquire";

/** Letters only, as a last name must be, and digits for a cell number no other run or spec uses. */
function uniquePerson() {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const digits = Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join("");
  return {
    first: "Nomvula",
    last: `Privacy${letters}`,
    corrected: `Mokoena${letters}`,
    email: `nomvula.${letters}@example.co.za`,
    /** As the buyer types it on the form, and as the information officer types it in the back office. */
    cellTyped: `083 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    cellSearched: `+2783${digits}`,
  };
}

type Person = ReturnType<typeof uniquePerson>;

async function sendEnquiry(page: Page, person: Person) {
  await page.goto(ENQUIRY_PATH);
  await expect(page.locator("form[data-enhanced='true']")).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole("textbox", { name: "First name", exact: true }).fill(person.first);
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill(person.last);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(person.email);
  await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill(person.cellTyped);
  await page.getByRole("combobox", { name: "Dealership", exact: true }).selectOption("honda-menlyn");
  await page.getByLabel(/You may contact me/).check();
  await page.getByLabel(/I accept the/).check();
  await page.getByRole("button", { name: /Submit|Loading/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank You for Your Enquiry!" })).toBeVisible();
}

/** Both engines, and the page no wider than the screen (a list per kind, no table). */
async function expectAccessibleOnThisScreen(page: Page) {
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
}

const outcome = (page: Page) => page.locator("#outcome");

async function search(page: Page, value: string) {
  const field = page.getByLabel("E-mail address, phone number or ID number");
  await field.fill(value);
  // By keyboard: Enter in the field sends the search.
  await field.press("Enter");
}

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await fs.readFile((await file.path())!, "utf8") };
}

/** The name corrected on every record; an e-mail address the enquiry form would refuse is refused first. */
async function correctTheName(page: Page, person: ReturnType<typeof uniquePerson>) {
  const correct = page.getByRole("form", { name: "Correct every record" });
  // A value the enquiry form would refuse is refused here too, in the form's error summary, which takes focus.
  await correct.getByLabel("E-mail address").fill("not an address");
  await correct.getByRole("button", { name: "Correct every record" }).click();
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page.getByRole("alert").getByRole("link", { name: /^E-mail address: / })).toHaveAttribute(
    "href",
    "#correct-email",
  );
  await expectAccessibleOnThisScreen(page);
  await correct.getByLabel("E-mail address").fill("");
  await correct.getByLabel("Name").fill(`Nomvula ${person.corrected}`);
  await correct.getByRole("button", { name: "Correct every record" }).click();
  await expect(page.getByRole("status")).toContainText("Corrected on every record");
  await expect(outcome(page)).toBeFocused();
  const corrected = await downloaded(page, "Download the file to read");
  expect(corrected.text).toContain(person.corrected);
}

/** Erasing names what will go before anything does; confirmed by keyboard, it erases. */
async function eraseWhatIsHeld(page: Page, person: ReturnType<typeof uniquePerson>) {
  await page.getByRole("button", { name: "Erase…" }).click();
  await expect(outcome(page)).toHaveText(
    new RegExp(`^Erase \\d+ records that hold the phone number \\${person.cellSearched}\\?$`),
  );
  await expect(outcome(page)).toBeFocused();
  await expect(page.getByRole("main").getByRole("listitem").first()).toHaveText("Enquiries (leads): 1");
  await expectAccessibleOnThisScreen(page);
  const confirm = page.getByRole("button", { name: /^Erase \d+ records$/ });
  await confirm.focus();
  await page.keyboard.press("Enter");
  await expect(outcome(page)).toHaveText(`Erased what was held under the phone number ${person.cellSearched}`);
  await expect(outcome(page)).toBeFocused();
}

test("a person's enquiry is found by their number, handed over, corrected, kept from marketing and erased", async ({
  page,
  browser,
  baseURL,
}) => {
  const person = uniquePerson();
  const visitor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  await sendEnquiry(await visitor.newPage(), person);
  await visitor.close();
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));

  await page.goto("/staff");
  await (await backOfficeNavigation(page)).getByRole("link", { name: "Privacy requests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy requests" })).toBeVisible();
  await expectAccessibleOnThisScreen(page);

  // A one-letter search is refused in the form's error summary, which takes focus.
  await search(page, "n");
  await expect(page.getByRole("alert")).toContainText("too short");
  await expect(page.getByRole("alert")).toBeFocused();
  // The summary names the field it links to, as every form's summary does.
  await expect(
    page.getByRole("alert").getByRole("link", { name: /^E-mail address, phone number or ID number: / }),
  ).toHaveAttribute("href", "#search-person");

  // The number as the information officer types it, not as the buyer did.
  await search(page, person.cellSearched);
  // The enquiry, and the copies made of it (its delivery to the dealer, the e-mails in the outbox).
  await expect(outcome(page)).toHaveText(new RegExp(`^\\d+ records hold the phone number \\${person.cellSearched}$`));
  await expect(outcome(page)).toBeFocused();
  const leads = page.getByRole("list", { name: /^Enquiries/ });
  await expect(leads.getByRole("listitem")).toHaveCount(1);
  await expect(leads).toContainText("CR-V");
  await expect(leads).toContainText("Honda Menlyn");
  await expectAccessibleOnThisScreen(page);

  const readable = await downloaded(page, "Download the file to read");
  expect(readable.name).toMatch(/^personal-information-\d{4}-\d{2}-\d{2}\.txt$/);
  expect(readable.text).toContain(person.last);
  const json = await downloaded(page, "Download the JSON");
  expect(json.name).toMatch(/^personal-information-\d{4}-\d{2}-\d{2}\.json$/);
  expect(json.text).toContain(person.email);

  await correctTheName(page, person);

  await page.getByRole("button", { name: "Stop marketing to this person" }).click();
  await expect(page.getByRole("status")).toContainText(
    `The phone number ${person.cellSearched} is now on the do-not-contact list`,
  );

  await eraseWhatIsHeld(page, person);

  // On the narrowest phone: the e-mail address in the outcome's heading breaks to fit.
  await page.setViewportSize({ width: 360, height: 780 });
  await search(page, person.email);
  await expect(outcome(page)).toHaveText(`Nothing is held under the e-mail address ${person.email}`);
  await expectAccessibleOnThisScreen(page);
  await search(page, person.cellTyped);
  await expect(outcome(page)).toHaveText(`Nothing is held under the phone number ${person.cellSearched}`);
  await expectAccessibleOnThisScreen(page);

  // The processing register, on the same phone: each kind's retention, from the server's settings (the defaults
  // here), and the information officer's e-mail address broken to fit.
  await page.getByRole("link", { name: "Processing register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Processing register" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Enquiries (leads)" })).toContainText(
    "24 months after the lead's last activity",
  );
  await expectAccessibleOnThisScreen(page);

  const digits = person.cellSearched.slice(3);
  expect(addresses.filter((address) => address.includes(digits) || address.includes("%40example"))).toEqual([]);
});
