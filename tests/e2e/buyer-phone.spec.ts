import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated } from "./support/page-checks.ts";

/**
 * A buyer on a 360 px phone: the used list shows several vehicles a screen, with Save and Compare beside the text
 * and not over the picture; vehicle and model pages carry a call and WhatsApp bar near their price; the
 * footer gives the group's legal details.
 */
const { defaultBrowserType: _engine, ...pixel } = devices["Pixel 7"];
test.use({ ...pixel, viewport: { width: 360, height: 780 } });

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const cardsOf = (page: Page) => page.getByRole("list", { name: "Vehicles" }).locator(":scope > li");

/** A used vehicle on sale at a dealer, from the API (the same service as the pages). */
async function vehicleAt(page: Page, dealer: string) {
  const response = await page.request.get(`/api/dealers/${dealer}/vehicles`);
  expect(response.status()).toBe(200);
  const vehicle = (await response.json())["hydra:member"][0];
  return vehicle as { id: number; uri: string; year: number; make: string; model: string; variant: string };
}

async function dealerOf(page: Page, slug: string): Promise<{ dealerName: string; dealer_contact_no: string }> {
  const response = await page.request.get(`/api/dealers/${slug}`);
  expect(response.status()).toBe(200);
  return response.json();
}

const telOf = (number: string) => `tel:+27${number.replace(/\D/g, "").slice(1)}`;

/** Where a WhatsApp link leads: the chat's number and its greeting. */
async function chatOf(page: Page, href: string): Promise<{ chat: string; text: string }> {
  const response = await page.request.get(href, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location!);
  return { chat: `${location.origin}${location.pathname}`, text: location.searchParams.get("text")! };
}

test.describe("the used list on a phone", () => {
  test("several vehicles to a screen, each a row: the picture beside the text, Save and Compare under the picture", async ({
    page,
  }) => {
    await page.goto("/used");
    await hydrated(page);
    const cards = cardsOf(page);
    await expect(cards).toHaveCount(12);
    for (const index of [0, 1, 2]) {
      const card = cards.nth(index);
      const picture = await boxOf(card.getByRole("img").first());
      const title = await boxOf(card.getByRole("heading", { level: 2 }));
      expect(picture.x + picture.width, "the picture is beside the title").toBeLessThanOrEqual(title.x);
      expect((await boxOf(card)).height, "a third of the screen at most").toBeLessThanOrEqual(780 / 3);
      for (const name of [/^Save /, /^Compare /]) {
        const button = card.getByRole("button", { name });
        await expect(button).toBeVisible();
        expect(overlaps(await boxOf(button), picture), `${name} is not over the picture`).toBe(false);
      }
      // What the card shows on a desktop, it shows here.
      await expect(card.getByText(/ km$/)).toBeVisible();
      await expect(card.getByText(/^R\s?[\d\s]+$/)).toBeVisible();
      await expect(card.getByText(/p\/m$/)).toBeVisible();
      await expect(card.getByText(/^Honda .+, .+$/)).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the rows are the same", async ({ page }) => {
      await page.goto("/used");
      const card = cardsOf(page).first();
      const picture = await boxOf(card.getByRole("img").first());
      const title = await boxOf(card.getByRole("heading", { level: 2 }));
      expect(picture.x + picture.width).toBeLessThanOrEqual(title.x);
      expect((await boxOf(card)).height).toBeLessThanOrEqual(780 / 3);
    });
  });
});

/** The call and WhatsApp bar of the page: two links a thumb can hit, side by side, on a screen the buyer can scroll to. */
async function expectBarOfTwoLinks(bar: Locator) {
  await bar.scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();
  const call = await boxOf(bar.getByRole("link", { name: /^Call / }));
  const chat = await boxOf(bar.getByRole("link", { name: /^WhatsApp/ }));
  for (const target of [call, chat]) expect(target.height).toBeGreaterThanOrEqual(44);
  expect(Math.round(call.y), "side by side").toBe(Math.round(chat.y));
}

test.describe("the call and WhatsApp bar", () => {
  test("a used vehicle's page calls its dealer and opens a chat that names the vehicle", async ({ page }) => {
    const vehicle = await vehicleAt(page, "honda-sandton");
    const dealer = await dealerOf(page, "honda-sandton");
    await page.goto(vehicle.uri);
    const bar = page.getByRole("complementary", {
      name: `Call or WhatsApp ${dealer.dealerName} about the ${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    });
    await expectBarOfTwoLinks(bar);
    const call = bar.getByRole("link", { name: `Call ${dealer.dealer_contact_no}` });
    await expect(call).toHaveAttribute("href", telOf(dealer.dealer_contact_no));
    const whatsApp = bar.getByRole("link", { name: "WhatsApp (opens in a new tab)" });
    await expect(whatsApp).toHaveAttribute("target", "_blank");
    const { chat, text } = await chatOf(page, (await whatsApp.getAttribute("href"))!);
    expect(chat).toBe("https://wa.me/27115550123");
    expect(text).toBe(
      `Hi Honda Dealer Group, I'd like some help with the ${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.variant} (ref. ${vehicle.id}) at ${dealer.dealerName}.`,
    );
    await expectNoAxeViolations(page);
  });

  test("a new model's page calls the group, or the dealer in the address, and the chat names the model", async ({
    page,
  }) => {
    await page.goto("/new/honda/cr-v");
    const bar = page.getByRole("complementary", {
      name: "Call or WhatsApp Honda Dealer Group about the new Honda CR-V",
    });
    await expectBarOfTwoLinks(bar);
    await expect(bar.getByRole("link", { name: "Call 011 555 0123" })).toHaveAttribute("href", "tel:+27115550123");
    const groupChat = await chatOf(page, (await bar.getByRole("link", { name: /^WhatsApp/ }).getAttribute("href"))!);
    expect(groupChat).toEqual({
      chat: "https://wa.me/27115550123",
      text: "Hi Honda Dealer Group, I'd like some help with the new Honda CR-V.",
    });
    await expectNoAxeViolations(page);

    const dealer = await dealerOf(page, "honda-menlyn");
    await page.goto("/dealer/honda-menlyn/new/honda/cr-v");
    const dealerBar = page.getByRole("complementary", {
      name: `Call or WhatsApp ${dealer.dealerName} about the new Honda CR-V`,
    });
    await expect(dealerBar.getByRole("link", { name: `Call ${dealer.dealer_contact_no}` })).toHaveAttribute(
      "href",
      telOf(dealer.dealer_contact_no),
    );
    const dealerChat = await chatOf(
      page,
      (await dealerBar.getByRole("link", { name: /^WhatsApp/ }).getAttribute("href"))!,
    );
    expect(dealerChat.text).toBe(
      `Hi Honda Dealer Group, I'd like some help with the new Honda CR-V at ${dealer.dealerName}.`,
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the bar is there and its links are plain links", async ({ page }) => {
      await page.goto("/honda-wing/honda/nx500");
      const bar = page.getByRole("complementary", { name: /^Call or WhatsApp .+ about the new Honda NX500$/ });
      await expect(bar.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+27\d{9}$/);
      await expect(bar.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute(
        "href",
        "/go/whatsapp/head-office?model=honda/nx500",
      );
    });
  });
});

test("the footer gives the group's company registration, VAT, credit-provider and FSP numbers", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Honda Dealer Group company details" })).toBeAttached();
  const details = await footer
    .locator("dl div")
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]),
    );
  expect(details).toEqual([
    ["Company registration no.", "2015/123456/07"],
    ["VAT no.", "4123456789"],
    ["Registered credit provider", "NCRCP12345"],
    ["Authorised financial services provider, FSP", "12345"],
  ]);
  await expect(footer.getByText("NCRCP12345")).toBeVisible();
});
