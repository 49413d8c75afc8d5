import { expect, type Page, test } from "@playwright/test";
import { monthlyRepayment } from "../../core/finance/repayment.ts";
import { leadReference } from "../../core/delivery/lead-source.server.ts";
import { mailInOutbox } from "./support/outbox.ts";
import { expectModal, expectNoAxeViolations, hydrated } from "./support/page-checks.ts";

const ID_NUMBER = "8001015009087";

/** Every field a visitor fills, by its visible label, step by step. */
type Entry = [label: string, value: string, kind?: "select"];
const STEP_ENTRIES: Entry[][] = [
  [
    ["Dealership", "Honda Sandton", "select"],
    ["Vehicle type", "New", "select"],
    ["Make", "Honda", "select"],
    ["Model", "Civic"],
    ["First name", "Thandi"],
    ["Last name", "Nkosi"],
    ["ID number", ID_NUMBER],
    ["Email", "thandi.nkosi@example.co.za"],
    ["Cellphone number", "082 123 4567"],
    ["Work telephone", "011 555 0101"],
    ["Marital status", "Married", "select"],
    ["Date of marriage", "2012-03-10"],
    ["Postal street", "12 Rivonia Road"],
    ["Postal suburb", "Sandhurst"],
    ["Postal code", "2196"],
    ["Years at this address", "4"],
    ["Next of kin full name", "Sipho Nkosi"],
    ["Next of kin phone", "083 765 4321"],
    ["Relationship", "Brother"],
    ["Next of kin street", "5 Jan Smuts Avenue"],
    ["Next of kin suburb", "Parktown"],
    ["Next of kin code", "2193"],
  ],
  [
    ["Occupation", "Engineer"],
    ["Company", "Acme Mining"],
    ["Years worked", "6"],
    ["Tel number", "011 222 3333"],
    ["Street", "1 Main Street"],
    ["Suburb", "Marshalltown"],
    ["Code", "2001"],
    ["Basic monthly salary", "48731"],
    ["Total salary", "52231"],
    ["Nett take home pay", "38950"],
  ],
  [
    ["Bank name", "Capitec"],
    ["Account holder name", "T Nkosi"],
    ["Date purchased", "2015-07-01"],
  ],
  [
    ["Bond payment or rent", "9800"],
    ["Policy and insurance repayments", "1450"],
    ["Transport costs", "2500"],
    ["Food and entertainment", "4300"],
    ["Total monthly household expenses", "27400"],
  ],
];

const STEP_MESSAGES = [
  [
    "Dealership is required",
    "Vehicle type is required",
    "First name is required",
    "Last name is required",
    "ID number is required",
    "Email is required",
    "Phone numbers is required",
    "Postal street is required",
    "Postal suburb is required",
    "Postal code is required",
    "Next of kin phone is required",
    "Relationship is required",
    "Next of kin street is required",
    "Next of kin suburb is required",
    "Next of kin code is required",
  ],
  [
    "Occupation is required",
    "Company is required",
    "Years worked is required",
    "Tel number is required",
    "Street is required",
    "Suburb is required",
    "Code is required",
    "Basic monthly salary is required",
    "Total salary is required",
    "Nett take home pay is required",
  ],
  ["Bank name is required", "Account holder name is required"],
  [
    "Bond payment or rent is required",
    "Policy insurance repayments is required",
    "Total monthly household expenses is required",
    "Food and entertainment is required",
    "Transport costs is required",
  ],
  [
    "Please confirm that you are not a minor",
    "Please confirm that you have a valid South African driver's licence",
    "Please confirm that you consent to a credit bureau check",
    "Please confirm that you have never been declared mentally unfit",
    "Please confirm that you have not previously applied for a debt re-arrangement",
    "Please confirm that you accept the finance terms and conditions",
    "Please confirm that you have no pending credit applications (National Credit Act, section 92)",
    "Please confirm that you are not in debt counselling",
    "Please confirm that you are not under debt review",
    "Please confirm that you are not currently under a debt re-arrangement",
    "Please confirm that you accept the terms and conditions and the privacy policy",
    "Please confirm that you understand your credit limit will only be increased with your consent",
    "Please confirm that you agree to be contacted about this application",
  ],
];

const STEP_TITLES = [
  "Vehicle & Personal Details",
  "Employment & Salary Details",
  "Financial Details",
  "Monthly Expenses",
  "Permission and Confirmation",
];

/** A field by its label; required fields' labels end in an asterisk. */
// Long walks through five steps with axe on each: generous time on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

async function fillStep(page: Page, entries: Entry[]) {
  for (const [label, value, kind] of entries) {
    if (kind === "select") await field(page, label).selectOption({ label: value });
    else await field(page, label).fill(value);
  }
}

async function tickAll(page: Page) {
  const boxes = page.getByRole("checkbox");
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
}

/** The step shown. */
const inStep = (page: Page) => page.locator("fieldset:not([hidden])");

const stepHeading = (page: Page, index: number) =>
  page.getByText(`Step ${index + 1}: ${STEP_TITLES[index]}`, { exact: true });

async function openWizard(page: Page) {
  await page.goto("/finance");
  await page.evaluate(() => localStorage.clear());
  await page.goto("/finance");
  // The wizard takes over once JavaScript runs (after the first paint, decision 048): the step list appears.
  await hydrated(page);
  await expect(page.getByRole("list", { name: "Application steps" })).toBeVisible();
}

test("each step shows the spec's messages on an empty Next, the banner, Previous, and axe passes on every step", async ({
  page,
}) => {
  await openWizard(page);
  await expect(page).toHaveTitle(/Vehicle Finance/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply for Vehicle Finance");
  await expect(page.getByRole("button", { name: "Previous" })).toHaveCount(0);

  for (let step = 0; step < 5; step++) {
    await expect(stepHeading(page, step)).toBeVisible();
    // Both engines run on each step once, with its messages showing: the same fields as before the empty Next, and the
    // messages, the banner and the invalid states besides.
    const button = page.getByRole("button", { name: step === 4 ? "Submit" : "Next" });
    await button.click();
    // Each message under its field (the summary above the step lists them again, as links).
    for (const message of STEP_MESSAGES[step]!)
      await expect(inStep(page).getByText(message, { exact: true })).toBeVisible();
    const banner = page.getByRole("alert").filter({ hasText: "errors on this page" });
    await expect(banner.getByRole("paragraph")).toHaveText(
      `There are ${STEP_MESSAGES[step]!.length} errors on this page. Please correct them before moving on.`,
    );
    await expectNoAxeViolations(page);
    if (step === 0) {
      await banner.getByRole("button", { name: "Close error message" }).click();
      await expect(banner).toBeHidden();
      // Make and model are required only for a new vehicle.
      await field(page, "Vehicle type").selectOption({ label: "New" });
      await field(page, "Make").selectOption({ label: "Please select" });
      await button.click();
      await expect(inStep(page).getByText("Make is required for new vehicles", { exact: true })).toBeVisible();
      await expect(inStep(page).getByText("Model is required for new vehicles", { exact: true })).toBeVisible();
      await fillStep(page, STEP_ENTRIES[0]!);
      await field(page, "ID number").fill("8001015009088");
      await button.click();
      await expect(
        inStep(page).getByText("ID number is not valid: please check it for a typing mistake", { exact: true }),
      ).toBeVisible();
      await field(page, "ID number").fill(ID_NUMBER);
    } else if (step < 4) {
      await fillStep(page, STEP_ENTRIES[step]!);
    } else {
      break;
    }
    await button.click();
    await expect(stepHeading(page, step + 1)).toBeVisible();
    await expect(stepHeading(page, step)).toBeHidden();
    // Errors clear on a successful advance.
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText(STEP_MESSAGES[step]![0]!, { exact: true })).toHaveCount(0);
    if (step === 2) {
      await page.getByRole("button", { name: "Previous" }).click();
      await expect(stepHeading(page, 2)).toBeVisible();
      await expect(field(page, "Bank name")).toHaveValue("Capitec");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(stepHeading(page, 3)).toBeVisible();
    }
  }
});

test("Next with gaps left takes the view and the focus to the summary of the step's problems, linked to their fields", async ({
  page,
}) => {
  await openWizard(page);
  await field(page, "First name").fill("Thandi");
  // The button is at the bottom of a long step: on a phone, a few screens below the first field.
  await page.getByRole("button", { name: "Next" }).click();
  const summary = page.locator("#finance-problems");
  await expect(summary).toBeFocused();
  await expect.poll(() => summary.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  expect(await summary.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
  await expect(
    summary.getByText(`There are ${STEP_MESSAGES[0]!.length - 1} problems with your application:`),
  ).toBeVisible();
  await expect(summary.getByRole("link", { name: "Last name is required", exact: true })).toBeVisible();
  await expect(summary.getByRole("link", { name: "First name is required", exact: true })).toHaveCount(0);
  // One announcement, not two: the spec's banner is the alert, the list sits under it.
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(page.getByRole("alert")).toHaveText(/errors on this page/);
  await expect(page.getByRole("alert")).toBeInViewport();
  await summary.getByRole("link", { name: "ID number is required", exact: true }).click();
  await expect(field(page, "ID number")).toBeFocused();
});

test("a visitor walks all five steps, reloads, finds the draft without the ID number and bank details, and submits", async ({
  page,
}, testInfo) => {
  // An address of this run's own, so that its confirmation can be told from the other runs'.
  const email = `thandi.nkosi.${testInfo.project.name}.${Date.now()}@example.co.za`;
  await openWizard(page);
  for (let step = 0; step < 4; step++) {
    await fillStep(page, STEP_ENTRIES[step]!);
    if (step === 0) await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(stepHeading(page, step + 1)).toBeVisible();
    // The new step scrolls into view.
    await expect(stepHeading(page, step + 1)).toBeInViewport();
  }
  const draft = await page.evaluate(() => localStorage.getItem("finance_application"));
  expect(draft).toContain("Thandi");
  expect(draft).not.toContain(ID_NUMBER);
  expect(draft).not.toContain("Capitec");
  expect(draft).not.toContain("T Nkosi");

  await page.reload();
  await expect(stepHeading(page, 4)).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  for (let step = 3; step >= 0; step--) {
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Previous" })).toHaveCount(0);
  await expect(field(page, "First name")).toHaveValue("Thandi");
  await expect(field(page, "Email")).toHaveValue(email);
  await expect(field(page, "ID number")).toHaveValue("");

  // The ID number and bank details are asked again; everything else was kept.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(inStep(page).getByText("ID number is required", { exact: true })).toBeVisible();
  await field(page, "ID number").fill(ID_NUMBER);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, 2)).toBeVisible();
  await fillStep(page, STEP_ENTRIES[2]!);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stepHeading(page, 4)).toBeVisible();
  await tickAll(page);

  const posted = page.waitForResponse(
    (r) => r.url().endsWith("/api/finance_applications") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Submit" }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const application = await response.json();
  expect(application).toMatchObject({ "@type": "FinanceApplicationStatus", status: "Queued" });
  await expect(page).toHaveURL(/\/finance\/thank-you$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Enquiry!");
  await expect(page.getByText("Our team will get back to you shortly.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("finance_application"))).toBeNull();
  await expectNoAxeViolations(page);
  // History was replaced: going back does not return to the filled-in wizard.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/finance\/thank-you$/);

  // The dealer's CRM gets an ADF lead with a finance element, people a readable copy, the applicant a
  // confirmation; none of them carries the identity number, the salary or the bank.
  const reference = leadReference(application.id);
  const crm = await mailInOutbox(
    "crm@honda-sandton.example.co.za",
    (mail) => mail.subject === `Honda Sandton: Finance Application lead ${reference}`,
  );
  expect(crm.text).toMatch(/<finance>\s*<method>finance<\/method>\s*<\/finance>/);
  expect(crm.text).toContain(`<email>${email}</email>`);
  const people = await mailInOutbox(
    "finance@honda-sandton.example.co.za",
    (mail) => mail.replyTo?.value[0]?.address === email,
  );
  const confirmation = await mailInOutbox(email);
  expect(confirmation.subject).toBe(`Your enquiry to Honda Sandton (${reference})`);
  for (const mail of [crm, people, confirmation]) {
    const everything = [mail.text, mail.html || "", ...mail.attachments.map((a) => a.content.toString("utf8"))].join(
      "\n",
    );
    expect(everything).not.toContain(ID_NUMBER);
    expect(everything).not.toContain("48731");
    expect(everything).not.toContain("Capitec");
  }
});

test("on small screens only the active step's label shows", async ({ page, isMobile }) => {
  await openWizard(page);
  const labels = page.getByRole("list", { name: "Application steps" }).getByRole("listitem");
  const widthOf = async (index: number) => (await labels.nth(index).locator("span").nth(1).boundingBox())?.width ?? 0;
  expect(await widthOf(0)).toBeGreaterThan(20);
  if (isMobile) expect(await widthOf(1)).toBeLessThanOrEqual(1);
  else expect(await widthOf(1)).toBeGreaterThan(20);
});

test("the calculator recalculates on every change, Reset restores the defaults and Disclaimer opens the dialog", async ({
  page,
}) => {
  await page.goto("/finance");
  await expect(page.getByRole("list", { name: "Application steps" })).toBeVisible();
  const repayment = page.getByTestId("monthly-repayment");
  const rand = (n: number) =>
    new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", minimumFractionDigits: 2 }).format(n);
  const headlineFigure = new Intl.NumberFormat("en-ZA", {
    style: "currency",
    currency: "ZAR",
    maximumFractionDigits: 0,
  }).format(monthlyRepayment({ price: 350_000 }));
  await expect(page.getByTestId("calculator-headline")).toHaveText(
    `from ${headlineFigure} per month, 0% deposit, 72 months, 12% interest`,
  );
  await expect(repayment).toHaveText(rand(monthlyRepayment({ price: 350_000 })));

  await page.getByLabel("Vehicle price (R)").fill("400000");
  await expect(repayment).toHaveText(rand(monthlyRepayment({ price: 400_000 })));
  await page.getByLabel("Deposit (R)").fill("50000");
  await expect(repayment).toHaveText(rand(monthlyRepayment({ price: 400_000, depositRand: 50_000 })));
  await page.getByLabel("Term (months)").selectOption("48");
  await page.getByLabel("Balloon (% of price)").fill("20");
  await page.getByLabel("Interest rate (% a year)").fill("10.5");
  const changed = monthlyRepayment({
    price: 400_000,
    depositRand: 50_000,
    termMonths: 48,
    balloonPercent: 20,
    annualRatePercent: 10.5,
  });
  await expect(repayment).toHaveText(rand(changed));

  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByLabel("Vehicle price (R)")).toHaveValue("350000");
  await expect(page.getByLabel("Term (months)")).toHaveValue("72");
  await expect(repayment).toHaveText(rand(monthlyRepayment({ price: 350_000 })));

  await page.getByRole("button", { name: "Disclaimer" }).click();
  const dialog = page.getByRole("dialog", { name: "Disclaimer" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("not binding");
  await expect(dialog).toContainText(
    "excludes on-the-road costs, service and delivery fees, insurance, bank initiation fees, accessories and value-added products",
  );
  await expectModal(page, dialog);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("a ?model= query prices the calculator at that model's price", async ({ page, request }) => {
  const ranges = await (await request.get("/api/vehicle_range/car")).json();
  const model = ranges["hydra:member"][0] as { model: string; model_slug: string; minPrice: number };
  await page.goto(`/finance?model=${model.model_slug}`);
  await expect(page.getByLabel("Vehicle price (R)")).toHaveValue(String(model.minPrice));
  await expect(page.getByTestId("calculator-headline")).toContainText(model.model);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page shows every step as one form, shows the server's messages per field, and submits", async ({
    page,
  }) => {
    await page.goto("/finance");
    for (const title of STEP_TITLES) await expect(page.getByText(`. ${title}`)).toBeVisible();

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(inStep(page).getByText("First name is required", { exact: true })).toBeVisible();
    await expect(inStep(page).getByText("Transport costs is required", { exact: true })).toBeVisible();
    await expect(inStep(page).getByText("Please confirm that you are not a minor", { exact: true })).toBeVisible();

    for (const entries of STEP_ENTRIES) await fillStep(page, entries);
    await tickAll(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/finance\/thank-you$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Enquiry!");
  });

  test("the calculator's Disclaimer opens its text and Close hides it again", async ({ page }) => {
    await page.goto("/finance");
    const text = page.getByText("not binding");
    await expect(text).toBeHidden();
    await page.getByRole("link", { name: "Disclaimer" }).click();
    await expect(page.getByRole("heading", { name: "Disclaimer" })).toBeVisible();
    await expect(text).toBeVisible();
    await page.getByRole("link", { name: "Close", exact: true }).click();
    await expect(text).toBeHidden();
  });

  test("the calculator calculates on the server", async ({ page }) => {
    await page.goto("/finance");
    await page.getByLabel("Vehicle price (R)").fill("500000");
    await page.getByRole("button", { name: "Calculate" }).click();
    const expected = new Intl.NumberFormat("en-ZA", {
      style: "currency",
      currency: "ZAR",
      minimumFractionDigits: 2,
    }).format(monthlyRepayment({ price: 500_000 }));
    await expect(page.getByTestId("monthly-repayment")).toHaveText(expected);
  });
});

test("the page as served without its scripts (one long form, with and without errors) passes axe", async ({ page }) => {
  // axe needs JavaScript to run, so the page's own scripts are blocked instead of switching JavaScript off.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/finance");
  for (const title of STEP_TITLES) await expect(page.getByText(`. ${title}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(inStep(page).getByText("First name is required", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
