import { expect, type Page, test } from "@playwright/test";
import { enhancedForm, expectNoAxeViolations, hydrated } from "./support/page-checks.ts";
import pg from "pg";
import { mailInOutbox } from "./support/outbox.ts";

/**
 * Every enquiry form in a real browser, with and without JavaScript.
 *
 * Checking the stored lead: the e2e server's embedded PGlite cannot be opened while the server runs, so
 * when E2E_DATABASE_URL is set the server runs on that PostgreSQL database (playwright.config.ts) and these
 * tests read each lead back from it: preset, dealer, uri, normalised phone, and that a resend is not stored
 * twice. Without it they check everything a visitor sees and record that the database check did not run
 * (the same rules are checked against the database in core/leads/enquiries.test.ts and
 * server/api/enquiries.test.ts).
 */

const databaseUrl = process.env.E2E_DATABASE_URL;

// The machine is shared and slow at times, and each test fills and sends its form more than once.
test.describe.configure({ timeout: 120_000 });

type StoredLead = {
  form_name: string;
  lead_type: string;
  source: string | null;
  status: string;
  dealer_slug: string;
  uri: string;
  cell_phone: string;
  make: string;
  model: string | null;
  consent: boolean;
  is_used: number;
};

async function leadsFor(email: string): Promise<StoredLead[] | null> {
  if (!databaseUrl) {
    test.info().annotations.push({
      type: "database check",
      description: "not run: set E2E_DATABASE_URL to read the stored lead",
    });
    return null;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<StoredLead>(
      `select e.form_name, e.lead_type, e.source, e.status, d.slug as dealer_slug, e.uri, e.cell_phone, e.make, e.model,
              e.consent, e.is_used
         from enquiries e join dealers d on d.id = e.dealer_id where e.email = $1`,
      [email],
    );
    return rows;
  } finally {
    await client.end();
  }
}

type FormCase = {
  name: string;
  /** The form's path, or how to find it (the used vehicle comes from the API). */
  path: string | ((page: Page) => Promise<string>);
  formName: string;
  /** The dealer to choose, or the dealer the page fixes. */
  dealer: string;
  chooseDealer: boolean;
  askMakeModel?: boolean;
  /** Test drives and services book a free time. */
  books?: boolean;
  source: string | null;
  isUsed: number;
};

const usedVehiclePath = async (page: Page) => {
  const response = await page.request.get("/api/dealers/honda-sandton/vehicles");
  const body = await response.json();
  return `${body["hydra:member"][0].uri}/enquire`;
};

const FORMS: FormCase[] = [
  {
    name: "new vehicle",
    path: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    formName: "New Vehicles",
    dealer: "honda-menlyn",
    chooseDealer: true,
    source: "Group Website Honda-Online New Vehicles",
    isUsed: 0,
  },
  {
    name: "Honda Wing",
    path: "/honda-wing/honda/nx500/manual/enquire",
    formName: "New Honda Wing",
    dealer: "honda-wing-durban",
    chooseDealer: true,
    source: "Group Website Honda-Online Honda Wing",
    isUsed: 0,
  },
  {
    name: "used vehicle",
    path: usedVehiclePath,
    formName: "Used Vehicles",
    dealer: "honda-sandton",
    chooseDealer: false,
    source: "Group Website Honda-Online Used Vehicles",
    isUsed: 1,
  },
  {
    name: "special",
    path: "/specials/cr-v-e-hev-cash-back",
    formName: "Specials Enquiry",
    dealer: "honda-cape-town",
    chooseDealer: true,
    source: null,
    isUsed: 0,
  },
  {
    name: "parts",
    path: "/parts",
    formName: "Parts Enquiry",
    dealer: "honda-umhlanga",
    chooseDealer: true,
    askMakeModel: true,
    source: "Dealer Website Honda-Online Parts",
    isUsed: 1,
  },
  {
    name: "service",
    path: "/service",
    formName: "Book Service",
    dealer: "honda-kimberley",
    books: true,
    chooseDealer: true,
    askMakeModel: true,
    source: "Group Website Honda-Online Service Booking",
    isUsed: 1,
  },
  {
    name: "dealer's service",
    path: "/dealer/honda-polokwane/service",
    formName: "Book Service",
    dealer: "honda-polokwane",
    books: true,
    chooseDealer: false,
    askMakeModel: true,
    source: "Group Website Honda-Online Service Booking",
    isUsed: 1,
  },
  {
    name: "test drive",
    path: "/book-test-drive/honda/hr-v",
    formName: "Book Test Drive",
    dealer: "honda-bloemfontein",
    books: true,
    chooseDealer: true,
    source: "Group Website Honda-Online Test Drive",
    isUsed: 0,
  },
];

const pathOf = (form: FormCase, page: Page) =>
  typeof form.path === "string" ? Promise.resolve(form.path) : form.path(page);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const field =
    label === "Dealership" || label === "Time"
      ? page.getByRole("combobox", { name: label, exact: true })
      : typeof label === "string"
        ? page.getByRole("textbox", { name: label, exact: true })
        : page.getByLabel(label).first();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

let run = 0;
function person(form: FormCase, testInfo: { project: { name: string } }) {
  run += 1;
  const tag = `${form.name.replace(/\W+/g, "-")}.${testInfo.project.name}.${Date.now()}.${run}`;
  return {
    first: "Lerato",
    last: "Mofokeng-Smith",
    email: `lerato.${tag}@example.co.za`.toLowerCase(),
    phone: "082 555 0199",
  };
}

/**
 * Picks the first free time offered: with JavaScript the times follow the chosen dealership at once; without,
 * "Show times" has the server render them for the dealership chosen.
 */
async function pickFirstFreeTime(page: Page, form: FormCase, javaScript: boolean) {
  if (!form.books) return;
  if (!javaScript && form.chooseDealer) {
    // The page was drawn before a dealership was chosen, so its date is today, which late in the afternoon has
    // no free time left: a visitor then picks the next free day, as the page tells them. So does the test.
    const kind = form.formName === "Book Service" ? "service" : "test-drive";
    const slots = await (await page.request.get(`/api/dealers/${form.dealer}/slots?type=${kind}`)).json();
    const firstFree = (slots["hydra:member"] as { start: string; placesLeft: number }[]).find(
      (slot) => slot.placesLeft > 0,
    )!;
    await page.locator("input[name=appointment_date]").fill(firstFree.start.slice(0, 10));
    await page.getByRole("button", { name: "Show times for this dealership and date" }).click();
    await expect(page.getByRole("combobox", { name: "Dealership", exact: true })).toHaveValue(form.dealer);
  }
  const time = page.getByRole("combobox", { name: "Time", exact: true });
  await expect(time.locator("option")).not.toHaveCount(1);
  await time.selectOption({ index: 1 });
}

async function fillGoodEnquiry(page: Page, form: FormCase, who: ReturnType<typeof person>, javaScript = true) {
  await page.getByRole("textbox", { name: "First name", exact: true }).fill(who.first);
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill(who.last);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(who.email);
  await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill(who.phone);
  if (form.askMakeModel) await page.getByRole("textbox", { name: "Model", exact: true }).fill("Jazz");
  if (form.askMakeModel) await page.getByRole("textbox", { name: "Year", exact: true }).fill("2016");
  if (form.chooseDealer)
    await page.getByRole("combobox", { name: "Dealership", exact: true }).selectOption(form.dealer);
  await page.getByLabel(/You may contact me/).check();
  await page.getByLabel(/I accept the/).check();
  await pickFirstFreeTime(page, form, javaScript);
}

async function expectStored(form: FormCase, email: string, uri: string) {
  const leads = await leadsFor(email);
  if (leads === null) return;
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    form_name: form.formName,
    lead_type: form.formName,
    source: form.source,
    // Stored as Queued; the delivery worker may already have delivered it (to the outbox) by the time we look.
    status: expect.stringMatching(/^(?:Queued|Delivered)$/),
    dealer_slug: form.dealer,
    uri,
    cell_phone: "+27825550199",
    // A used vehicle keeps its own make (the path's make slug); every other form here is about a Honda.
    make: form.name === "used vehicle" ? expect.stringMatching(new RegExp(`^${uri.split("/")[2]}$`, "i")) : "Honda",
    consent: true,
    is_used: form.isUsed,
  });
}

/**
 * The lead reached the dealer's CRM address as ADF (the XML is the whole body) and its people as a readable
 * e-mail with Reply-To the visitor, and the visitor got one confirmation with a reference.
 */
async function expectDelivered(form: FormCase, who: ReturnType<typeof person>) {
  const crm = await mailInOutbox(`crm@${form.dealer}.example.co.za`, (mail) =>
    (mail.text ?? "").includes(`<email>${who.email}</email>`),
  );
  expect(crm.subject).toMatch(new RegExp(`^Honda [\\w ]+: ${escapeRegExp(form.formName)} lead HDG-[0-9A-F]{8}$`));
  expect(crm.text).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<\?adf version="1.0"\?>\n<adf>\n[\s\S]*<\/adf>\n$/,
  );
  expect(crm.html).toBe(false);
  if (form.askMakeModel) expect(crm.text).toContain("<year>2016</year>");
  const people = await mailInOutbox(
    `leads@${form.dealer}.example.co.za`,
    (mail) => mail.replyTo?.value[0]?.address === who.email,
  );
  expect(people.html).toContain(`${who.first} ${who.last}`);
  expect(people.text).toContain("Cell: +27825550199");
  const confirmation = await mailInOutbox(who.email);
  // A booking is confirmed with its time and an .ics for the calendar.
  expect(confirmation.subject).toMatch(
    form.books
      ? /^Booked: your (test drive|service)\b.* at Honda [\w ]+, \w+day .* at \d{2}:\d{2} \(HDG-[0-9A-F]{8}\)$/
      : /^Your enquiry to Honda [\w ]+ \(HDG-[0-9A-F]{8}\)$/,
  );
  if (form.books) expect(confirmation.attachments.map((file) => file.filename)).toEqual(["appointment.ics"]);
  expect(confirmation.text).toContain(`Dear ${who.first},`);
  expect(confirmation.subject).toContain(/HDG-[0-9A-F]{8}/.exec(crm.subject ?? "")![0]);
  return confirmation;
}

/** The dealer as the API gives it: its name and the number the site shows. */
async function dealerOf(page: Page, slug: string): Promise<{ dealerName: string; dealer_contact_no: string }> {
  const response = await page.request.get(`/api/dealers/${slug}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** The thank-you page's receipt: the lead's reference, the dealer who will answer and its number to call; the reference. */
async function expectReceipt(page: Page, dealerSlug: string): Promise<string> {
  const dealer = await dealerOf(page, dealerSlug);
  const reference = page.locator("dt:text-is('Your reference') + dd");
  await expect(reference).toHaveText(/^HDG-[0-9A-F]{8}$/);
  await expect(page.locator("dt:text-is('Dealer') + dd")).toHaveText(dealer.dealerName);
  const call = page.locator("dt:text-is('Phone') + dd").getByRole("link", { name: dealer.dealer_contact_no });
  await expect(call).toHaveAttribute("href", `tel:+27${dealer.dealer_contact_no.replace(/\D/g, "").slice(1)}`);
  return (await reference.textContent())!;
}

for (const form of FORMS) {
  test.describe(`the ${form.name} enquiry form`, () => {
    test("an empty submit shows each field's message, announced, axe-clean; editing a field clears its message", async ({
      page,
    }) => {
      const path = await pathOf(form, page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await enhancedForm(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("combobox", { name: "Dealership", exact: true })).toHaveCount(
        form.chooseDealer ? 1 : 0,
      );
      await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("type", "email");
      await expect(page.getByRole("textbox", { name: "Cell phone", exact: true })).toHaveAttribute("type", "tel");
      if (form.askMakeModel) await page.getByRole("textbox", { name: "Make", exact: true }).fill("");
      await page.getByRole("button", { name: "Submit" }).click();

      await expect(page.getByRole("alert").filter({ hasText: "problems with your enquiry" })).toBeVisible();
      await expectFieldError(page, "First name", "Please enter your first name");
      await expectFieldError(page, "Last name", "Please enter your last name");
      await expectFieldError(page, "Email", "Please enter your email address");
      await expectFieldError(page, "Cell phone", "Please enter your cell phone number");
      await expectFieldError(page, /I accept the/, "Please accept the terms and privacy policy");
      if (form.chooseDealer) await expectFieldError(page, "Dealership", "Please choose a dealership");
      if (form.books && !form.chooseDealer) await expectFieldError(page, "Time", "Please choose a date and time");
      if (form.askMakeModel) {
        await expectFieldError(page, "Make", "Please enter the make");
        await expectFieldError(page, "Model", "Please enter the model");
        await expectFieldError(page, "Year", "Please enter your vehicle's year");
      }
      expect(page.url()).toContain(path);
      await expectNoAxeViolations(page);

      await page.getByRole("textbox", { name: "First name", exact: true }).fill("Lerato");
      await expect(page.getByRole("textbox", { name: "First name", exact: true })).not.toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(page.getByText("Please enter your first name")).toHaveCount(0);
      await expect(page.getByText("Please enter your last name").first()).toBeVisible();
    });

    test("a good enquiry reaches the thank-you page, replacing the form in history, and is stored once", async ({
      page,
    }, testInfo) => {
      const path = await pathOf(form, page);
      await page.goto("/");
      await page.goto(path);
      await enhancedForm(page);
      const who = person(form, testInfo);
      await fillGoodEnquiry(page, form, who);
      await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill("bad number");
      await page.getByRole("button", { name: "Submit" }).click();
      await expectFieldError(page, "Cell phone", "Please enter a South African cell number, like 082 123 4567");
      await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill(who.phone);
      const submit = page.getByRole("button", { name: /Submit|Loading/ });
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}/thank-you$`));
      await expect(page.getByRole("heading", { level: 1, name: "Thank You for Your Enquiry!" })).toBeVisible();
      await expect(page.getByText("Our team will get back to you shortly.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back Home" })).toBeVisible();
      const reference = await expectReceipt(page, form.dealer);
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);

      // The same person sends the same enquiry again from a fresh page: still one lead.
      await page.goto(path);
      await enhancedForm(page);
      await fillGoodEnquiry(page, form, who);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}/thank-you$`));
      // The same lead, so the same reference; the confirmation e-mail gives it too.
      expect(await expectReceipt(page, form.dealer)).toBe(reference);
      await expectStored(form, who.email, path);
      const confirmation = await expectDelivered(form, who);
      expect(confirmation.subject).toContain(`(${reference})`);
    });
  });
}

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  for (const form of FORMS) {
    test(`the ${form.name} form shows the server's messages, then posts and redirects to the thank-you page`, async ({
      page,
    }, testInfo) => {
      const path = await pathOf(form, page);
      await page.goto(path);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByText(/There are \d+ problems with your enquiry/)).toBeVisible();
      await expectFieldError(page, "First name", "Please enter your first name");
      await expectFieldError(page, "Email", "Please enter your email address");
      if (form.chooseDealer) await expectFieldError(page, "Dealership", "Please choose a dealership");
      // axe needs JavaScript in the page; the same server-rendered markup is checked with errors showing above.

      const who = person(form, testInfo);
      await fillGoodEnquiry(page, form, who, false);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}/thank-you$`));
      await expect(page.getByRole("heading", { level: 1, name: "Thank You for Your Enquiry!" })).toBeVisible();
      await expectReceipt(page, form.dealer);
      await expectStored(form, who.email, path);
    });
  }
});

test("the thank-you page names the lead only to the browser that sent it, and no cache may keep it", async ({
  page,
  browser,
}, testInfo) => {
  const form = FORMS.find((candidate) => candidate.name === "parts")!;
  await page.goto(form.path as string);
  await enhancedForm(page);
  await fillGoodEnquiry(page, form, person(form, testInfo));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/parts\/thank-you$/);
  const reference = await expectReceipt(page, form.dealer);
  await expectNoAxeViolations(page);
  const again = await page.reload();
  expect(again?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByText(reference)).toBeVisible();

  // Another visitor at the same address, and one with a receipt cookie of their own making, see the plain page.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    const plain = await other.goto(page.url());
    expect(plain?.status()).toBe(200);
    await expect(other.getByRole("heading", { level: 1, name: "Thank You for Your Enquiry!" })).toBeVisible();
    await expect(other.getByText("Your reference")).toHaveCount(0);
    await stranger.addCookies([
      {
        name: "enquiry_receipt",
        value: "00000000-0000-4000-8000-000000000000.9999999999.forged",
        url: page.url(),
      },
    ]);
    await other.reload();
    await expect(other.getByRole("heading", { level: 1, name: "Thank You for Your Enquiry!" })).toBeVisible();
    await expect(other.getByText("Your reference")).toHaveCount(0);
    await expect(other.getByText(reference)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test.describe("what the enquiry pages refuse", () => {
  test("unknown vehicles, variants, specials and a wing dealer's car enquiry show the not-found page with 404", async ({
    page,
  }) => {
    for (const path of [
      "/new/honda/no-such-model/anything/enquire",
      "/new/honda/cr-v/no-such-variant/enquire",
      "/honda-wing/honda/cr-v/1-5t-comfort-cvt/enquire",
      "/used/honda/jazz/999999/enquire",
      "/used/honda/jazz/abc/enquire",
      "/specials/no-such-special",
      "/book-test-drive/honda/no-such-model",
      "/dealer/honda-wing-durban/new/honda/cr-v/1-5t-comfort-cvt/enquire",
      "/dealer/nowhere/service",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
    }
  });

  test("the wing form offers only wing dealers and the new-car form none of them", async ({ page }) => {
    await page.goto("/honda-wing/honda/nx500/manual/enquire");
    const wing = await page
      .getByRole("combobox", { name: "Dealership", exact: true })
      .locator("option:not([value=''])")
      .allTextContents();
    expect(wing.length).toBeGreaterThan(0);
    for (const name of wing) expect(name).toMatch(/wing/i);
    await page.goto("/new/honda/cr-v/1-5t-comfort-cvt/enquire");
    const cars = await page
      .getByRole("combobox", { name: "Dealership", exact: true })
      .locator("option:not([value=''])")
      .allTextContents();
    expect(cars.length).toBeGreaterThan(0);
    for (const name of cars) expect(name).not.toMatch(/wing/i);
  });

  test("the service page shows the dealer's name, the promises, a 10-row message and Loading... while sending", async ({
    page,
  }) => {
    await page.goto("/dealer/honda-menlyn/service");
    await expect(page.getByRole("heading", { level: 2, name: "Honda Menlyn" })).toBeVisible();
    // The page remembers its dealer once hydrated; that must happen before the test forgets it below.
    await hydrated(page);
    for (const promise of [
      "Free wireless internet",
      "Complimentary car wash and vacuum",
      "Genuine parts",
      "Quality you can trust",
    ]) {
      await expect(page.getByRole("heading", { name: promise })).toBeVisible();
    }
    await expect(page.getByLabel(/What does your vehicle need/)).toHaveAttribute("rows", "10");
    // Without a remembered dealer (neither the cookie nor local storage), the group's page shows the group's name.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto("/service");
    await expect(page.getByRole("heading", { level: 2, name: "Honda Dealer Group", exact: true })).toBeVisible();
    await enhancedForm(page);
    // The submission is held back until its pending state has been seen, rather than for a time.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/service\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("button", { name: "Loading..." })).toBeDisabled();
    release();
    await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled({ timeout: 10_000 });
  });

  test("a failure other than validation shows a short retry message", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    await page.goto("/parts");
    await enhancedForm(page);
    await page.route(/\/parts\.data/, (route) => route.abort("failed"));
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "could not send your enquiry just now" })).toBeVisible();
    expect(messages.some((text) => text.includes("An error occurred"))).toBe(true);
    // The page stays, with what the visitor typed, ready for another try.
    await expect(page.getByRole("heading", { level: 1, name: "Genuine Parts Available" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  });
});
