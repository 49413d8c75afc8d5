import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { validFinanceApplication } from "../support/finance-fixture.ts";
import { expectModal, hydrated, pageHydrated } from "./support/page-checks.ts";
import { E2E_ADMIN } from "./support/staff-bootstrap.ts";
import { listedTotal } from "./support/used-filters.ts";

/**
 * WCAG 2.2 AA journeys as a keyboard-only user makes them, on a desktop (1280x900) and a phone
 * (390x844): every control is reached with Tab from where focus is, values are typed or stepped with the
 * arrow keys, actions are taken with Enter or Space, and after each step the test asserts where focus is.
 */
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page, isMobile }) => {
  await page.setViewportSize(isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
});

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Presses Tab until the target has focus: it must be reachable by keyboard within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused();
}

const apiTotal = listedTotal;

const found = (n: number) => `Found ${n.toLocaleString("en-ZA")} Used Cars`;

/**
 * Fills a form by keyboard only, from where focus is: each control met on the way whose name has a value
 * gets it typed (text), stepped to with the arrow keys (select), typed as month, day, year (date) or
 * toggled with Space (checkbox), or chosen in the file chooser Space opens (file: its path); then Tab, until `until` has focus. At the end every visible control in
 * `scope` with a value must have been met.
 */
async function fillByKeyboard(page: Page, scope: Locator, values: Record<string, unknown>, until: Locator, max = 200) {
  const filled = new Set<string>();
  for (
    let presses = 0;
    presses < max && !(await until.evaluate((element) => element === document.activeElement));
    presses++
  ) {
    const control = await page.evaluate(() => {
      const active = document.activeElement;
      if (
        !(
          active instanceof HTMLInputElement ||
          active instanceof HTMLSelectElement ||
          active instanceof HTMLTextAreaElement
        )
      )
        return null;
      const options = active instanceof HTMLSelectElement ? [...active.options].map((o) => o.value) : [];
      return {
        name: active.name,
        type: active.type,
        value: active.value,
        options,
        selected: active instanceof HTMLSelectElement ? active.selectedIndex : -1,
      };
    });
    const value = control ? values[control.name] : undefined;
    if (control && value !== undefined && value !== "" && value !== false && !filled.has(control.name)) {
      if (control.type === "checkbox") {
        await page.keyboard.press("Space");
      } else if (control.type === "file") {
        const chooser = page.waitForEvent("filechooser");
        await page.keyboard.press("Space");
        await (await chooser).setFiles(String(value));
      } else if (control.type.startsWith("select")) {
        // A select filled after a choice before it (a dealership's free times) is waited for, as its user waits
        // for the status line that announces them.
        const activeOptions = () =>
          page.evaluate(() => [...((document.activeElement as HTMLSelectElement).options ?? [])].map((o) => o.value));
        await expect.poll(activeOptions, { message: control.name }).toContain(String(value));
        const options = await activeOptions();
        const selected = await page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedIndex);
        const steps = options.indexOf(String(value)) - selected;
        for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? "ArrowDown" : "ArrowUp");
      } else if (control.type === "date") {
        const [year, month, day] = String(value).split("-");
        await page.keyboard.type(`${month}${day}${year}`);
      } else {
        if (control.value) await page.keyboard.press("ControlOrMeta+a");
        await page.keyboard.type(String(value));
      }
      filled.add(control.name);
    }
    await page.keyboard.press("Tab");
  }
  await expect(until).toBeFocused();
  const visible = await scope
    .locator("input, select, textarea")
    .evaluateAll((controls) =>
      controls
        .filter((c) => (c as HTMLElement).offsetParent !== null && c.getAttribute("tabindex") !== "-1")
        .map((c) => c.getAttribute("name") ?? ""),
    );
  const wanted = visible.filter((name) => values[name] !== undefined && values[name] !== "" && values[name] !== false);
  expect([...filled].sort()).toEqual([...new Set(wanted)].sort());
}

/** From the listing: sorts by price with the sort menu, then goes to the next page and Tabs to its first car. */
async function sortAndTurnThePageByKeyboard(page: Page, listingRequests: string[]) {
  // The sort menu: an arrow step loads nothing, Enter applies it; focus stays on the menu.
  const sort = page.getByLabel("Sort by");
  await tabTo(page, sort);
  const before = listingRequests.length;
  await page.keyboard.press("ArrowDown");
  await expect(sort).toHaveValue("price-asc");
  expect(listingRequests).toHaveLength(before);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/order\[price\]=asc$/);
  await expect(sort).toBeFocused();

  // A page change moves focus to the results heading; the next Tabs reach the new page's first car.
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await tabTo(page, pager.getByRole("link", { name: "Next" }), 200);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/order\[price\]=asc&page=2$/);
  await expect(heading(page)).toBeFocused();
  const firstCar = page.getByRole("list", { name: "Vehicles" }).getByRole("link").first();
  await tabTo(page, firstCar, 3);
}

/** From a car in the listing: opens it, its enquiry form, sends the form empty, then filled in. */
async function enquireAboutTheCarByKeyboard(page: Page) {
  // The car: focus on its heading; Enquire Now is reachable.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/used\/[^/]+\/[^/]+\/\d+$/);
  await expect(heading(page)).toBeFocused();
  await tabTo(page, page.getByRole("link", { name: "Enquire Now" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/enquire$/);
  await expect(heading(page)).toBeFocused();

  // The enquiry form: sent empty, focus goes to the error summary; filled in and sent, to the thank-you heading.
  const form = page.locator("form[method=post]");
  const submit = form.getByRole("button", { name: "Submit" });
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  const summary = form.locator('[id$="-summary"]');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("problems with your enquiry");
  await fillByKeyboard(
    page,
    form,
    {
      first_name: "Lerato",
      last_name: "Dlamini",
      email: "lerato@example.co.za",
      cell_phone: "082 555 0101",
      message: "Is it still available?",
      terms: true,
    },
    submit,
  );
  await page.keyboard.press("Enter");
  await expect(heading(page)).toHaveText("Thank You for Your Enquiry!");
  await expect(heading(page)).toBeFocused();
}

test("used cars by keyboard: filter, sort, page, open a car, enquire, thank-you", async ({
  page,
  request,
  isMobile,
}) => {
  const listingRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(".data")) listingRequests.push(r.url());
  });
  await page.goto("/used");
  await hydrated(page);
  const status = page.getByRole("status");

  // Phones: the filters are a modal dialog opened by a button; it holds focus and hides the page behind.
  let filters: Locator = page.locator("#used-filters-panel");
  if (isMobile) {
    const opener = page.getByRole("button", { name: /^Filters/ });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    filters = page.getByRole("dialog", { name: "Filters" });
    await expectModal(page, filters);
  }

  // The Make select: three arrow steps (to Honda, with more than a page of automatics) load nothing, Enter applies
  // the make; focus stays on the select.
  const make = filters.getByLabel("Make", { exact: true });
  await tabTo(page, make);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const chosenMake = await make.inputValue();
  expect(chosenMake).toBe("honda");
  expect(page.url()).toMatch(/\/used$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/used/${chosenMake}$`));
  expect(listingRequests).toHaveLength(1);
  await expect(make).toBeFocused();
  await expect(status).toHaveText(found(await apiTotal(request, `make_slug=${chosenMake}`)));

  // A checkbox applies on Space; focus stays on it.
  const automatic = filters
    .getByRole("group", { name: "Manual/Automatic" })
    .getByRole("checkbox", { name: /^Automatic\b/ });
  await tabTo(page, automatic);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(new RegExp(`/used/${chosenMake}\\?transmissionType=Automatic$`));
  await expect(automatic).toBeFocused();
  await expect(automatic).toBeChecked();
  const total = await apiTotal(request, `make_slug=${chosenMake}&transmissionType=Automatic`);
  await expect(status).toHaveText(found(total));
  await expect(page.locator("h1")).toHaveText(found(total)); // behind the dialog on a phone, hidden from screen readers

  if (isMobile) {
    // Escape closes the dialog and gives focus back to its opener.
    await page.keyboard.press("Escape");
    await expect(filters).toBeHidden();
    await expect(page.getByRole("button", { name: /^Filters \(2\)/ })).toBeFocused();
  }

  await sortAndTurnThePageByKeyboard(page, listingRequests);
  await enquireAboutTheCarByKeyboard(page);
});

test("a service booking by keyboard: errors, then the thank-you page", async ({ page }) => {
  await page.goto("/service");
  await hydrated(page);
  const form = page.locator("form[method=post]");
  const submit = form.getByRole("button", { name: "Submit" });
  await tabTo(page, submit, 200);
  await page.keyboard.press("Enter");
  const summary = form.locator('[id$="-summary"]');
  await expect(summary).toBeFocused();
  const dealer = await form.locator("select[name=dealer_slug] option").nth(1).getAttribute("value");
  // The first free time of that dealer: choosing the dealer shows its first day with free times.
  const slots = await (await page.request.get(`/api/dealers/${dealer}/slots?type=service`)).json();
  const firstTime = String(slots["hydra:member"][0].start).slice(11, 16);
  await fillByKeyboard(
    page,
    form,
    {
      first_name: "Sipho",
      last_name: "Mokoena",
      email: "sipho@example.co.za",
      cell_phone: "083 555 0199",
      dealer_slug: dealer,
      appointment_time: firstTime,
      model: "Jazz",
      year: "2018",
      message: "A 15 000 km service, please.",
      terms: true,
    },
    submit,
  );
  await page.keyboard.press("Enter");
  await expect(heading(page)).toHaveText("Thank You for Your Enquiry!");
  await expect(heading(page)).toBeFocused();
});

test("the whole finance wizard by keyboard, focus on each step's heading and on the thank-you heading", async ({
  page,
}) => {
  await page.goto("/finance");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const steps = page.getByRole("list", { name: "Application steps" });
  await expect(steps).toBeVisible();
  const wizard = page.getByRole("form", { name: "Finance application" });
  const values = Object.fromEntries(
    Object.entries(validFinanceApplication()).map(([name, value]) => [
      name,
      typeof value === "number" ? String(value) : value,
    ]),
  );

  // Next with nothing filled in: focus goes to the summary of the problems at the top of the step.
  const next = wizard.getByRole("button", { name: "Next" });
  await tabTo(page, next, 200);
  await page.keyboard.press("Enter");
  await expect(wizard.locator("#finance-problems")).toBeFocused();
  await expect(wizard.locator("#finance-problems")).toContainText("problems with your application");

  for (let step = 0; step < 5; step++) {
    const fieldset = wizard.locator("fieldset:not([hidden])");
    await expect(fieldset.locator("legend")).toContainText(`Step ${step + 1}:`);
    const button = wizard.getByRole("button", { name: step < 4 ? "Next" : "Submit" });
    // From the step's heading (or, on the first, the summary of its problems), Tab through the step to its button.
    await fillByKeyboard(page, fieldset, values, button);
    await page.keyboard.press("Enter");
    if (step < 4) {
      await expect(wizard.locator("fieldset:not([hidden]) legend")).toBeFocused();
      await expect(steps.locator('[aria-current="step"]')).toContainText(`Step ${step + 2} of 5`);
    }
  }
  await expect(page).toHaveURL(/\/finance\/thank-you$/);
  await expect(heading(page)).toBeFocused();
});

test("keywords by keyboard: Enter applies them, the count is announced, focus is not lost", async ({
  page,
  request,
  isMobile,
}) => {
  await page.goto("/used");
  await hydrated(page);
  let filters: Locator = page.locator("#used-filters-panel");
  if (isMobile) {
    await tabTo(page, page.getByRole("button", { name: /^Filters/ }));
    await page.keyboard.press("Enter");
    filters = page.getByRole("dialog", { name: "Filters" });
    await expectModal(page, filters);
  }
  const keywords = filters.getByRole("searchbox", { name: "Keywords" });
  await tabTo(page, keywords);
  await page.keyboard.type("jazz");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/used\?q=jazz$/);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Found/ })
      .first(),
  ).toHaveText(found(await apiTotal(request, "q=jazz")));
  if (isMobile) {
    // Enter is "Show results" in the phone's dialog: it closes and gives focus back to its opener.
    await expect(filters).toBeHidden();
    await expect(page.getByRole("button", { name: /^Filters \(1\)/ })).toBeFocused();
  } else {
    // The field is not rebuilt: focus and the typed words stay; a second search starts from there.
    await expect(keywords).toBeFocused();
    await expect(keywords).toHaveValue("jazz");
  }
});

const backOffice = (page: Page) => page.getByRole("navigation", { name: "Back office" });

/** Signs in by keyboard: a refused attempt focuses the error summary, a good one the back office's heading. */
async function signInByKeyboard(page: Page, next = "") {
  await page.goto(`/staff/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await pageHydrated(page);
  const form = page.locator("form[method=post]");
  const submit = form.getByRole("button", { name: "Sign in" });
  await tabTo(page, form.getByLabel("Email"));
  // A new unknown address each time: every account, known or not, has its own 5 refused sign-ins in 15 minutes,
  // and these journeys run on two projects and in reruns.
  const nobody = `nobody.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.co.za`;
  await fillByKeyboard(page, form, { email: nobody, password: "not the password" }, submit);
  await page.keyboard.press("Enter");
  const summary = page.getByRole("alert").filter({ hasText: "Email or password is incorrect" });
  await expect(summary).toBeFocused();
  await fillByKeyboard(page, form, { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, submit);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${next || "/staff"}$`));
  await expect(heading(page)).toBeFocused();
}

test.describe("the back office by keyboard", () => {
  test("sign in, then add a vehicle to the stock: errors, then its page", async ({ page, isMobile }) => {
    await signInByKeyboard(page);
    await expect(heading(page)).toHaveText("Back office");

    if (isMobile) {
      // On a phone the pages are behind the Menu button: a dialog that holds focus.
      await tabTo(page, page.getByRole("banner").getByRole("button", { name: "Menu" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog", { name: "Back office menu" })).toBeVisible();
    }
    await tabTo(page, backOffice(page).getByRole("link", { name: "Used stock" }));
    await page.keyboard.press("Enter");
    await expect(heading(page)).toHaveText("Used stock");
    await expect(heading(page)).toBeFocused();
    await tabTo(page, page.getByRole("main").getByRole("link", { name: "Add a vehicle" }));
    await page.keyboard.press("Enter");
    await expect(heading(page)).toHaveText("Add a vehicle");
    await expect(heading(page)).toBeFocused();

    const form = page
      .locator("form[method=post]")
      .filter({ has: page.getByRole("button", { name: "Add the vehicle" }) });
    const submit = form.getByRole("button", { name: "Add the vehicle" });
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    const summary = page.getByRole("alert").filter({ hasText: "Please correct the following" });
    await expect(summary).toBeFocused();
    // From the summary, Tab through its links and every field to the button; a draft stays off the public site.
    const stamp = String(Date.now()).slice(-6);
    await fillByKeyboard(
      page,
      form,
      {
        make: "Honda",
        model: "Jazz",
        variant: "1.5 Elegance CVT",
        year: "2021",
        mileage: "42000",
        price: "259900",
        transmission: "Automatic",
        fuelType: "Petrol",
        colour: "Lunar Silver",
        condition: "Used",
        stockNumber: `KBD-${stamp}`,
        vin: `MRHGK5850MP${stamp}`,
        dealer: "honda-menlyn",
        status: "Draft",
        description: "Added by keyboard only.",
      },
      submit,
    );
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/staff\/stock\/\d+\?done=created$/);
    await expect(heading(page)).toBeFocused();
    await expect(page.getByRole("status")).toContainText("Vehicle added");
  });
});

test.describe("the back office's leads by keyboard", () => {
  test("the leads inbox: filters apply and keep focus, the count is announced, a lead is opened and its status saved", async ({
    page,
    isMobile,
  }) => {
    // A lead to work: a parts enquiry, sent as the public form sends it.
    await page.goto("/parts");
    await hydrated(page);
    const parts = page.locator("form[method=post]");
    const send = parts.getByRole("button", { name: "Submit" });
    const dealer = await parts.locator("select[name=dealer_slug] option").nth(1).getAttribute("value");
    await tabTo(page, parts.getByRole("textbox", { name: "First name", exact: true }), 200);
    await fillByKeyboard(
      page,
      parts,
      {
        first_name: "Thabo",
        last_name: "Keyboard",
        email: "thabo.keyboard@example.co.za",
        cell_phone: "082 555 0177",
        model: "Jazz",
        year: "2019",
        dealer_slug: dealer,
        message: "Wiper blades, please.",
        terms: true,
      },
      send,
    );
    await page.keyboard.press("Enter");
    await expect(heading(page)).toHaveText("Thank You for Your Enquiry!");

    await signInByKeyboard(page, "/staff/leads");
    await expect(heading(page)).toHaveText("Leads");

    // On a phone the filters are folded: their summary opens them from the keyboard.
    if (isMobile) {
      await tabTo(page, page.locator("summary", { hasText: "Filters and download" }));
      await page.keyboard.press("Enter");
    }
    // A filter is chosen with the arrow keys and applied with its button: focus stays there, the count is announced.
    const filter = page.getByRole("form", { name: "Filter leads" });
    const type = filter.getByLabel("Lead type");
    await tabTo(page, type);
    const options = await type
      .locator("option")
      .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
    for (let i = 0; i < options.indexOf("Parts Enquiry"); i++) await page.keyboard.press("ArrowDown");
    await expect(type).toHaveValue("Parts Enquiry");
    const apply = filter.getByRole("button", { name: "Apply filters" });
    await tabTo(page, apply);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/staff\/leads\?(.*&)?type=Parts\+Enquiry(&|$)/);
    await expect(apply).toBeFocused();
    const results = page.getByRole("heading", { level: 2, name: /^\d+ leads?/ });
    await expect(page.getByRole("status").filter({ hasText: /leads?/ })).toHaveText(
      (await results.textContent()) ?? "",
    );

    // The lead: focus on its heading; its status and a note are saved, focus stays and the outcome is announced.
    await tabTo(page, page.getByRole("link", { name: /^Thabo Keyboard/ }).first(), 200);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/staff\/leads\/[^/?]+$/);
    await expect(heading(page)).toContainText("Thabo Keyboard");
    await expect(heading(page)).toBeFocused();
    const work = page.getByRole("region", { name: /^Work status/ });
    const save = work.getByRole("button", { name: "Save status and note" });
    const statuses = await work
      .getByLabel("Work status")
      .locator("option")
      .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
    await fillByKeyboard(page, work, { status: statuses[1], note: "Called back, quoted the blades." }, save);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(`Saved. The lead is ${statuses[1]}.`);
    await expect(save).toBeFocused();
    await expect(work.getByRole("heading", { level: 2 })).toHaveText(`Work status: ${statuses[1]}`);
  });
});

test.describe("the back office's blog by keyboard", () => {
  test("a blog post: a draft is written, refused once, saved, then edited", async ({ page }) => {
    await signInByKeyboard(page, "/staff/blog");
    await expect(heading(page)).toHaveText("Blog posts");
    await tabTo(page, page.getByRole("main").getByRole("link", { name: "Write a post" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/staff\/blog\/new$/);
    await expect(heading(page)).toBeFocused();

    const form = page.locator("form[method=post]").filter({ has: page.getByRole("button", { name: "Save the post" }) });
    const submit = form.getByRole("button", { name: "Save the post" });
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    const summary = page.getByRole("alert").filter({ hasText: "Please correct the following" });
    await expect(summary).toBeFocused();
    const stamp = Date.now();
    await fillByKeyboard(
      page,
      form,
      {
        title: `Keyboard draft ${stamp}`,
        author: "Kagiso Molefe",
        heroImage: path.join(import.meta.dirname, "../fixtures/photos/trade-in-side.png"),
        description: "Written without a mouse.",
        body: "A post written and saved with the keyboard alone.",
      },
      submit,
    );
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/staff\/blog\/\d+\?done=created$/);
    await expect(heading(page)).toBeFocused();

    // The edit: the summary changed and saved; focus on the heading, the outcome announced.
    const edit = page.locator("form[method=post]").filter({ has: page.getByRole("button", { name: "Save changes" }) });
    const saveEdit = edit.getByRole("button", { name: "Save changes" });
    await tabTo(page, edit.getByLabel("Summary"));
    await fillByKeyboard(page, edit, { description: "Written and edited without a mouse." }, saveEdit);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/staff\/blog\/\d+\?done=saved$/);
    await expect(heading(page)).toBeFocused();
    await expect(page.getByRole("status").first()).not.toBeEmpty();
    await expect(edit.getByLabel("Summary")).toHaveValue("Written and edited without a mouse.");
  });
});
