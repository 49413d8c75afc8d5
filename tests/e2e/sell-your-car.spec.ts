import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { mailInOutbox } from "./support/outbox.ts";
import { enhancedForm, expectNoAxeViolations } from "./support/page-checks.ts";

/** Sell or trade in your car, with photos, from every dealer page and /sell-your-car. */

const PHOTOS = path.resolve(import.meta.dirname, "../fixtures/photos");

async function fillSeller(page: Page, email: string) {
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Pieter");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Botha");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Cell phone", exact: true }).fill("083 555 0177");
  await page.getByRole("textbox", { name: "Make", exact: true }).fill("Toyota");
  await page.getByRole("textbox", { name: "Model", exact: true }).fill("Corolla Quest");
  await page.getByRole("textbox", { name: "Year", exact: true }).fill("2018");
  await page.getByRole("textbox", { name: "Mileage (km)", exact: true }).fill("112000");
  await page.getByRole("combobox", { name: "Condition", exact: true }).selectOption("good");
  await page
    .getByRole("group", { name: /finance still owing/ })
    .getByLabel("No")
    .check();
  await page.getByLabel(/I accept the/).check();
}

test("from the dealer page: a seller offers their car with two photos, and the dealer gets everything to make an offer", async ({
  page,
}, testInfo) => {
  const email = `seller.${testInfo.project.name}.${Date.now()}@example.co.za`;
  await page.goto("/dealer/honda-sandton");
  await page
    .getByRole("region", { name: /Sell your car/ })
    .getByRole("link", { name: "Get started: offer us your car" })
    .click();
  await expect(page).toHaveURL(/\/dealer\/honda-sandton\/sell-your-car$/);
  await enhancedForm(page);
  await expect(page.getByRole("combobox", { name: "Dealership", exact: true })).toHaveCount(0);
  await fillSeller(page, email);
  await page
    .getByRole("group", { name: /trade-in towards a car/ })
    .getByLabel("No")
    .check();
  await page
    .getByLabel(/^Photos/)
    .setInputFiles([path.join(PHOTOS, "trade-in-side.png"), path.join(PHOTOS, "trade-in-sideways-gps.jpg")]);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/dealer\/honda-sandton\/sell-your-car\/thank-you$/, { timeout: 30_000 });

  const crm = await mailInOutbox("crm@honda-sandton.example.co.za", (mail) =>
    (mail.text ?? "").includes(`<email>${email}</email>`),
  );
  expect(crm.subject).toMatch(/^Honda Sandton: Sell Your Car lead HDG-[0-9A-F]{8}$/);
  expect(crm.text).toContain('<vehicle interest="trade-in" status="used">');
  expect(crm.text).toContain('<odometer status="original" units="km">112000</odometer>');
  expect(crm.text).toContain("<condition>good</condition>");
  expect(crm.text).toContain("<year>2018</year>");
  expect(crm.html).toBe(false);
  const reference = /HDG-[0-9A-F]{8}$/.exec(crm.subject ?? "")![0];

  // The seller is told it arrived: what they offered, the reference, the dealer's phone; nothing they did not type.
  const confirmation = await mailInOutbox(email);
  expect(confirmation.subject).toBe(`Your enquiry to Honda Sandton (${reference})`);
  expect(confirmation.text).toContain("Dear Pieter,");
  expect(confirmation.text).toContain(
    "Honda Sandton has received your enquiry (Sell Your Car: 2018 Toyota Corolla Quest)",
  );
  expect(confirmation.text).toContain(`Your reference: ${reference}`);
  expect(confirmation.text).toMatch(/Honda Sandton: 0\d[\d ]+/);
  expect(confirmation.text).toContain("Opening hours:");

  const people = await mailInOutbox(
    "leads@honda-sandton.example.co.za",
    (mail) => mail.replyTo?.value[0]?.address === email,
  );
  expect(people.subject).toMatch(/^New lead: Sell Your Car - Pieter Botha - Corolla Quest$/);
  expect(people.text).toMatch(/Their vehicle: 2018 Toyota Corolla Quest \(used\), 112\s000 km, in good condition/);
  expect(people.text).toContain("Note: Outstanding finance: no");
  expect(people.text).toContain("Form: Sell Your Car (Group Website Honda-Online Sell Your Car)");
  const links = [...people.text!.matchAll(/^Photo (\d): (\S+)$/gm)].map((match) => match[2]!);
  expect(links).toHaveLength(2);

  // Each photo opens through its signed link, as a JPEG without EXIF; not without the signature.
  for (const link of links) {
    const photo = await page.request.get(link);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/jpeg");
    expect(photo.headers()["cache-control"]).toBe("private, no-store");
    const bytes = await photo.body();
    expect(bytes.subarray(0, 2).toString("hex")).toBe("ffd8");
    expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
  }
  const unsigned = new URL(links[0]!);
  expect((await page.request.get(unsigned.pathname)).status()).toBe(403);
  // Its first character changed (to one it is not: a signature may well start with "x").
  const signature = unsigned.searchParams.get("signature")!;
  const tampered = `${signature.startsWith("x") ? "y" : "x"}${signature.slice(1)}`;
  expect(
    (
      await page.request.get(
        `${unsigned.pathname}?expires=${unsigned.searchParams.get("expires")}&signature=${tampered}`,
      )
    ).status(),
  ).toBe(403);
});

test("/sell-your-car asks for the dealership and each missing detail, and refuses a file that is not a photo", async ({
  page,
}) => {
  await page.goto("/sell-your-car");
  await enhancedForm(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "problems with your enquiry" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Mileage (km)", exact: true })).toHaveAccessibleDescription(
    /Please enter the mileage in km/,
  );
  await expect(page.getByRole("combobox", { name: "Condition", exact: true })).toHaveAccessibleDescription(
    /Please choose the condition/,
  );
  await expect(page.getByRole("group", { name: /finance still owing/ })).toHaveAccessibleDescription(
    /Say whether there is finance outstanding/,
  );
  await expect(page.getByRole("combobox", { name: "Dealership", exact: true })).toHaveAccessibleDescription(
    /Please choose a dealership/,
  );
  await expectNoAxeViolations(page);

  await fillSeller(page, `not-a-photo.${Date.now()}@example.co.za`);
  await page.getByRole("combobox", { name: "Dealership", exact: true }).selectOption("honda-menlyn");
  await page
    .getByRole("group", { name: /trade-in towards a car/ })
    .getByLabel("Yes")
    .check();
  await page
    .getByLabel(/^Photos/)
    .setInputFiles({ name: "car.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is not a photo at all") });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel(/^Photos/)).toHaveAccessibleDescription(/Photo 1: This file is not a photo we can read/);
  expect(page.url()).toMatch(/\/sell-your-car$/);
});

test("a trade-in from a used car's page is linked to that car and goes to its dealer; the page passes axe at phone width", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const stock = await (await page.request.get("/api/dealers/honda-cape-town/vehicles")).json();
  const car = stock["hydra:member"][0];
  await page.goto(`/sell-your-car?vehicle=${car.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell or trade in your car");
  await expect(page.getByRole("link", { name: new RegExp(`${car.year} ${car.make} ${car.model}`) })).toHaveAttribute(
    "href",
    car.uri,
  );
  await expect(page.getByRole("combobox", { name: "Dealership", exact: true })).toHaveCount(0);
  await expect(page.getByRole("group", { name: /trade-in towards a car/ }).getByLabel("Yes")).toBeChecked();
  await expectNoAxeViolations(page);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with the page's script" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a photo cut off halfway is refused on the photos field, and everything the seller typed is still there", async ({
      page,
    }) => {
      await page.goto("/sell-your-car");
      if (javaScriptEnabled) await enhancedForm(page);
      const email = `cut-off.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.co.za`;
      await fillSeller(page, email);
      await page.getByRole("combobox", { name: "Dealership", exact: true }).selectOption("honda-menlyn");
      await page
        .getByRole("group", { name: /trade-in towards a car/ })
        .getByLabel("No")
        .check();
      await page
        .getByLabel(/^Photos/)
        .setInputFiles([path.join(PHOTOS, "trade-in-side.png"), path.join(PHOTOS, "trade-in-cut-off.jpg")]);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByLabel(/^Photos/)).toHaveAccessibleDescription(
        /Photo 2: This photo could not be read; please take it again/,
      );
      expect(page.url()).toMatch(/\/sell-your-car$/);
      await expect(page.getByRole("textbox", { name: "Last name", exact: true })).toHaveValue("Botha");
      await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
      await expect(page.getByRole("textbox", { name: "Model", exact: true })).toHaveValue("Corolla Quest");
      await expect(page.getByRole("textbox", { name: "Mileage (km)", exact: true })).toHaveValue("112000");
      await expect(page.getByRole("combobox", { name: "Condition", exact: true })).toHaveValue("good");
      await expect(page.getByRole("combobox", { name: "Dealership", exact: true })).toHaveValue("honda-menlyn");
      // axe runs in the page: only where the page may run a script.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  });
}
