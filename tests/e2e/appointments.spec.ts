import { expect, type Page, type Route, test } from "@playwright/test";
import { mailInOutbox } from "./support/outbox.ts";
import { enhancedForm, expectNoAxeViolations, expectSocialLinksCoverNothing } from "./support/page-checks.ts";

/** Booking a test drive or service at a free time, the .ics in the confirmation, moving and cancelling. */

/** The date field (an <input type=date>, which has no textbox role). */
const dateField = (page: Page) => page.locator("input[name=appointment_date]");

const icsTime = (iso: string) => new Date(iso).toISOString().replace(/[-:]|\.\d{3}/g, "");

/** The next Sunday within the booking window, as YYYY-MM-DD in South African time. */
function nextSunday(): string {
  const sa = new Date(Date.now() + 2 * 3_600_000);
  const daysAhead = (7 - sa.getUTCDay()) % 7 || 7;
  return new Date(sa.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** The first day with two free test-drive times or more at Honda Menlyn, and its free times (HH:MM). */
async function dayWithTwoFreeTimes(page: Page): Promise<[string, string[]]> {
  const offered = (await (await page.request.get("/api/dealers/honda-menlyn/slots?type=test-drive")).json())[
    "hydra:member"
  ] as { start: string; placesLeft: number }[];
  const freeByDay = new Map<string, string[]>();
  for (const slot of offered.filter((s) => s.placesLeft > 0))
    freeByDay.set(slot.start.slice(0, 10), [
      ...(freeByDay.get(slot.start.slice(0, 10)) ?? []),
      slot.start.slice(11, 16),
    ]);
  return [...freeByDay].find(([, free]) => free.length >= 2)!;
}

/** Moves the appointment open on the page to the last free time of its day; the buyer and the CRM are told. */
async function moveToLastFreeTime(page: Page, email: string, date: string, firstTime: string) {
  const moveTime = page.getByRole("combobox", { name: "Time", exact: true });
  const options = await moveTime
    .locator("option")
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const later = options.at(-1)!;
  expect(later).not.toBe(firstTime);
  await moveTime.selectOption(later);
  await page.getByRole("button", { name: "Move appointment" }).click();
  await expect(page.getByText(/^Moved\./)).toBeVisible();
  await expect(page.getByText(`at ${later}`)).toBeVisible();
  const moved = await mailInOutbox(email, (mail) =>
    (mail.attachments[0]?.content.toString("utf8") ?? "").includes(`DTSTART:${icsTime(`${date}T${later}:00+02:00`)}`),
  );
  expect(moved.subject).toMatch(/^Booked: /);
  // The dealer's CRM gets the lead again as ADF, marked as a resend, with the new time.
  const crmMoved = await mailInOutbox(
    "crm@honda-menlyn.example.co.za",
    (mail) => (mail.text ?? "").includes(`<email>${email}</email>`) && /^Appointment moved: /.test(mail.subject ?? ""),
  );
  expect(crmMoved.subject).toMatch(/^Appointment moved: Honda Menlyn: Book Test Drive lead HDG-[0-9A-F]{8}$/);
  expect(crmMoved.text).toContain('<prospect status="resend">');
  expect(crmMoved.text).toContain(`<earliestdate>${date}T${later}:00+02:00</earliestdate>`);
}

/** Cancels the appointment open on the page; the buyer, the dealer's people and its CRM are told. */
async function cancelAndExpectNotices(page: Page, email: string) {
  await page.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(page.getByText(/^Cancelled\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel appointment" })).toHaveCount(0);
  const cancelled = await mailInOutbox(email, (mail) => /^Cancelled: /.test(mail.subject ?? ""));
  expect(cancelled.attachments[0]!.content.toString("utf8")).toContain("METHOD:CANCEL");
  await mailInOutbox(
    "leads@honda-menlyn.example.co.za",
    (mail) => mail.replyTo?.value[0]?.address === email && /^Appointment cancelled: /.test(mail.subject ?? ""),
  );
  const crmCancelled = await mailInOutbox(
    "crm@honda-menlyn.example.co.za",
    (mail) =>
      (mail.text ?? "").includes(`<email>${email}</email>`) && /^Appointment cancelled: /.test(mail.subject ?? ""),
  );
  expect(crmCancelled.text).toMatch(/<description>Test drive on .* \(cancelled by the buyer\)<\/description>/);
}

test("book a test drive at a free time in three choices, get the .ics by e-mail, then move and cancel it", async ({
  page,
}, testInfo) => {
  // Three e-mail round trips through the delivery worker.
  test.setTimeout(150_000);
  const email = `booker.${testInfo.project.name}.${Date.now()}@example.co.za`;
  await page.goto("/book-test-drive/honda/hr-v");
  await enhancedForm(page);
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Ayanda");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Zulu");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill("082 555 0142");
  await page.getByLabel(/I accept the/).check();

  // The three choices: the dealership, the day (its first free day is shown), the time.
  await page.getByRole("combobox", { name: "Dealership", exact: true }).selectOption("honda-menlyn");
  await expect(page.getByRole("status").filter({ hasText: /free on \w+day/ })).toBeVisible();
  await expect(dateField(page)).toHaveAccessibleName("Date");
  // A day with two free times or more, so that the booking can be moved within it (late in the afternoon
  // the first free day, today, may have one time left).
  const [date, times] = await dayWithTwoFreeTimes(page);
  if ((await dateField(page).inputValue()) !== date) await dateField(page).fill(date);
  const time = page.getByRole("combobox", { name: "Time", exact: true });
  await expect(time.locator("option").nth(1)).toHaveAttribute("value", times[0]!);
  const firstTime = times[0]!;
  expect(firstTime).toMatch(/^\d{2}:(00|30)$/);
  await expect(time.locator("option").nth(1)).toHaveText(/\d{2}:\d{2} \(2 places left\)/);
  await time.selectOption(firstTime);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/book-test-drive\/honda\/hr-v\/thank-you$/);

  // The slot has one place fewer.
  const slots = await (await page.request.get(`/api/dealers/honda-menlyn/slots?type=test-drive&from=${date}`)).json();
  const booked = slots["hydra:member"].find(
    (slot: { start: string }) => slot.start === `${date}T${firstTime}:00+02:00`,
  );
  expect(booked.placesLeft).toBe(1);

  const confirmation = await mailInOutbox(email);
  expect(confirmation.subject).toMatch(/^Booked: your test drive of the Honda HR-V at Honda Menlyn/);
  const ics = confirmation.attachments.find((file) => file.filename === "appointment.ics")!;
  expect(ics.contentType).toBe("text/calendar");
  const calendar = ics.content.toString("utf8");
  expect(calendar).toContain("BEGIN:VEVENT");
  expect(calendar).toContain(`DTSTART:${icsTime(`${date}T${firstTime}:00+02:00`)}`);
  expect(calendar).toContain("METHOD:REQUEST");

  // The dealer sees the appointment in the lead.
  const dealerMail = await mailInOutbox(
    "leads@honda-menlyn.example.co.za",
    (mail) => mail.replyTo?.value[0]?.address === email,
  );
  expect(dealerMail.text).toMatch(new RegExp(`Appointment: Test drive on \\w+day .* at ${firstTime}`));

  // The signed link opens the appointment; a tampered one is refused.
  const link = new URL(/https?:\/\/\S+\/appointments\/\S+/.exec(confirmation.text!)![0]);
  const tampered = await page.goto(
    `${link.pathname}?expires=${link.searchParams.get("expires")}&signature=AAAA${link.searchParams.get("signature")!.slice(4)}`,
  );
  expect(tampered?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your test drive");
  // Its move and cancel forms: the floating social links cover none of their controls.
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 700 });
    await expectSocialLinksCoverNothing(page, `the appointment page at ${width} px`);
  }
  await page.setViewportSize(testInfo.project.use.viewport ?? { width: 1280, height: 800 });
  await expect(page.getByText(`at ${firstTime}`)).toBeVisible();
  // Hydrated: the times follow the date without the server's "Show times" button.
  await expect(page.getByRole("button", { name: "Show times for this dealership and date" })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);

  await moveToLastFreeTime(page, email, date, firstTime);
  await cancelAndExpectNotices(page, email);
});

test("times that arrive while the time select has focus fill it in place: focus stays, the times are there", async ({
  page,
}) => {
  await page.goto("/service");
  await enhancedForm(page);
  const held: Route[] = [];
  await page.route("**/api/dealers/*/slots*", (route) => void held.push(route));
  const dealer = page.locator("select[name=dealer_slug]");
  await dealer.selectOption({ index: 1 });
  await expect.poll(() => held.length).toBe(1);
  const time = page.getByRole("combobox", { name: "Time", exact: true });
  await time.focus();
  await held[0]!.continue();
  await expect(page.getByRole("status").filter({ hasText: /free on|No free times on/ })).toBeVisible();
  await expect(time).toBeFocused();
  await expect(time.locator("option")).not.toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(time).not.toHaveValue("");
});

test("a Sunday is never offered, with JavaScript or without", async ({ page, browser }) => {
  const sunday = nextSunday();
  const api = await (await page.request.get("/api/dealers/honda-sandton/slots?type=service")).json();
  const days = new Set(
    api["hydra:member"].map((slot: { start: string }) => new Date(slot.start.slice(0, 10)).getUTCDay()),
  );
  expect(days.has(0)).toBe(false);

  await page.goto("/dealer/honda-sandton/service");
  await enhancedForm(page);
  await dateField(page).fill(sunday);
  await expect(page.getByRole("status").filter({ hasText: "No free times on" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Time", exact: true }).locator("option")).toHaveText([
    "No free times on this date",
  ]);
  await expect(page.getByText(/The next day with free times is Monday/)).toBeVisible();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/dealer/honda-sandton/service");
  await dateField(plain).fill(sunday);
  await plain.getByRole("button", { name: "Show times for this dealership and date" }).click();
  await expect(dateField(plain)).toHaveValue(sunday);
  await expect(plain.getByRole("combobox", { name: "Time", exact: true }).locator("option")).toHaveText([
    "No free times on this date",
  ]);
  await noScript.close();
});

test("the booking and appointment pages pass axe and HTML_CodeSniffer at phone width, with the form's messages showing", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/service");
  await enhancedForm(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "problems with your enquiry" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Time", exact: true })).toHaveAccessibleDescription(
    /Please choose a date and time/,
  );
  await expectNoAxeViolations(page);
  await page.goto("/appointments/5b4f0c4e-8f0e-4d8a-9a55-3f1d2c7b9e10?expires=1&signature=x");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Enter in a text field books the service (the form's own button), not Show times; Show times still works", async ({
    page,
  }, testInfo) => {
    await page.goto("/dealer/honda-sandton/service");
    // Show times first, as a visitor without JavaScript picks another date.
    const date = await dateField(page).inputValue();
    await page.getByRole("button", { name: "Show times for this dealership and date" }).click();
    await expect(dateField(page)).toHaveValue(date);
    const time = page.getByRole("combobox", { name: "Time", exact: true });
    const firstTime = (await time.locator("option").nth(1).getAttribute("value"))!;
    expect(firstTime).toMatch(/^\d{2}:(00|30)$/);
    await time.selectOption(firstTime);
    await page.getByRole("textbox", { name: "First name", exact: true }).fill("Lindiwe");
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Khumalo");
    await page
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(`enter.${testInfo.project.name}.${Date.now()}@example.co.za`);
    await page.getByRole("textbox", { name: "Model", exact: true }).fill("Jazz");
    await page.getByRole("textbox", { name: "Year", exact: true }).fill("2019");
    await page.getByLabel(/I accept the/).check();
    const phone = page.getByRole("textbox", { name: "Cell phone", exact: true });
    await phone.fill("082 555 0177");
    // The hidden default button is reachable by Enter only: not by Tab, not by a screen reader.
    await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(1);
    await phone.press("Enter");
    await expect(page).toHaveURL(/\/dealer\/honda-sandton\/service\/thank-you$/);
  });
});
