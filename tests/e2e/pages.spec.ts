import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated } from "./support/page-checks.ts";

test("the dealer list shows cards with a map link, name, address, hours and phone", async ({ page }) => {
  const response = await page.goto("/dealer");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Our dealers | Honda Dealer Group");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our dealers");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(12);
  const kimberley = cards.filter({ has: page.getByRole("heading", { name: "Honda Kimberley" }) });
  await expect(kimberley.getByRole("link", { name: "Honda Kimberley", exact: true })).toHaveAttribute(
    "href",
    "/dealer/honda-kimberley",
  );
  await expect(kimberley).toContainText("17 Bultfontein Road, Kimberley, 8301");
  await expect(kimberley.getByRole("link", { name: "053 832 6640" })).toHaveAttribute("href", "tel:+27538326640");
  await expect(kimberley).toContainText("07:15 – 17:15");
  const map = kimberley.getByRole("link", { name: /View on map/ });
  await expect(map).toHaveAttribute("href", "/go/directions/honda-kimberley");
  const directions = await page.request.get("/go/directions/honda-kimberley", { maxRedirects: 0 });
  expect(directions.headers().location).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Kimberley/);
  await expect(map).toHaveAttribute("target", "_blank");
  await expect(map).toHaveAttribute("rel", /noopener/);
  expect(await page.locator("iframe").count()).toBe(0);
  await expectNoAxeViolations(page);
});

for (const [list, dataUrl, linkHref, status, heading] of [
  ["dealer list", /\/dealer\.data/, "/dealer", "Loading dealers", "Our dealers"],
  ["blog list", /\/blog\.data/, "/blog", "Loading articles", "News"],
] as const) {
  test(`the ${list} shows a skeleton while it loads on client-side navigation`, async ({ page }) => {
    await page.goto("/popia");
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(dataUrl, async (route) => {
      await held;
      await route.continue();
    });
    // Click the header link through the DOM: on small screens it sits in the closed drawer.
    await page.evaluate(
      (href) => document.querySelector<HTMLAnchorElement>(`header a[href="${href}"]`)?.click(),
      linkHref,
    );
    await expect(page.getByRole("status")).toContainText(status);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
    release();
    // The held request now reaches a server that may be busy with the other worker's tests: what is asserted
    // is that the page replaces its skeleton, not how fast (no timing asserts), so wait as long as a load may take.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading, { timeout: 20_000 });
    await expect(page.getByRole("status")).toHaveCount(0);
  });
}

test("the dealer home shows the dealer principal and the sell-your-car steps", async ({ page }) => {
  await page.goto("/dealer/honda-sandton");
  await expect(page).toHaveTitle("Welcome | Honda Sandton");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Honda Sandton");
  const principal = page.getByRole("region", { name: "Dealer principal" });
  await expect(principal).toContainText("Thandi Mokoena");
  await expect(principal.getByRole("link", { name: /@honda-sandton\.example\.co\.za/ })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await expect(principal.getByRole("link", { name: "082 441 2210" })).toHaveAttribute("href", "tel:+27824412210");
  const sell = page.getByRole("region", { name: /Sell your car/ });
  await expect(sell.getByRole("heading", { level: 3 })).toHaveText([
    "Quick details",
    "Hassle-free inspection",
    "Top rand, fast sale",
  ]);
  await expectNoAxeViolations(page);

  // Its button opens the dealer's sell-your-car form.
  await hydrated(page);
  await sell.getByRole("link", { name: "Get started: offer us your car" }).click();
  await expect(page).toHaveURL(/\/dealer\/honda-sandton\/sell-your-car$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell or trade in your car");
});

test("each dealer's card maps its own town in South Africa", async ({ page }) => {
  await page.goto("/dealer");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(12);
  /** Where a card's pin sits within its map, in map widths and heights from the map's top left corner. */
  const pinOf = async (dealer: string) => {
    const card = cards.filter({ has: page.getByRole("heading", { name: dealer, exact: true }) });
    const map = card.getByRole("img", { name: new RegExp(`^Map of South Africa: ${dealer} in `) });
    await expect(map).toBeVisible();
    const [box, pin] = [await map.boundingBox(), await map.locator("[data-map-pin]").boundingBox()];
    return { x: (pin!.x + pin!.width / 2 - box!.x) / box!.width, y: (pin!.y + pin!.height / 2 - box!.y) / box!.height };
  };
  const names = await cards.getByRole("heading").allTextContents();
  const pins = new Map<string, string>();
  for (const name of names) {
    const { x, y } = await pinOf(name);
    pins.set(name, `${x.toFixed(3)} ${y.toFixed(3)}`);
  }
  // Two dealers share a town (Cape Town): every other dealer's pin is its own.
  expect(new Set(pins.values()).size).toBe(names.length - 1);
  expect(pins.get("Honda Cape Town")).toBe(pins.get("Honda Wing Cape Town"));
  const [capeTown, durban, polokwane, gqeberha] = await Promise.all(
    ["Honda Cape Town", "Honda Wing Durban", "Honda Polokwane", "Honda Gqeberha"].map(pinOf),
  );
  expect(capeTown!.x).toBeLessThan(durban!.x);
  expect(polokwane!.y).toBeLessThan(gqeberha!.y);
  await expect(
    cards.getByRole("img", { name: "Map of South Africa: Honda Kimberley in Kimberley, Northern Cape" }),
  ).toBeVisible();
});

test("the service page's icons are 48 px badges level with their headings, on a phone and a desktop", async ({
  page,
}) => {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/service");
    const promises = page.getByRole("list", { name: "Why service with us" }).getByRole("listitem");
    await expect(promises).toHaveCount(4);
    for (const promise of await promises.all()) {
      const icon = await promise.locator("[data-promise-icon]").boundingBox();
      const heading = await promise.getByRole("heading").boundingBox();
      expect(icon!.width, `${width} px`).toBe(48);
      expect(icon!.height, `${width} px`).toBe(48);
      // The heading's first line (28 px) is centred on the icon.
      expect(Math.abs(heading!.y + 14 - (icon!.y + 24)), `${width} px`).toBeLessThanOrEqual(2);
    }
  }
});

test("/honda-wing lists the whole motorcycle range and the Honda Wing dealers only", async ({ page, request }) => {
  await page.goto("/honda-wing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Honda Wing");
  const range = (await (await request.get("/api/vehicle_range/motorcycle")).json())["hydra:member"] as {
    model: string;
    model_slug: string;
  }[];
  const models = [...new Map(range.map((bike) => [bike.model_slug, bike.model])).entries()];
  expect(models.length).toBeGreaterThan(10);
  const cards = page.getByRole("region", { name: "The motorcycle range" }).getByRole("article");
  expect(await cards.getByRole("heading").allTextContents()).toEqual(models.map(([, name]) => name));
  for (const [slug, name] of models) {
    await expect(cards.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/honda-wing/honda/${slug}`);
  }
  const dealers = page.getByRole("region", { name: "Honda Wing dealers" }).getByRole("article");
  expect(await dealers.getByRole("heading").allTextContents()).toEqual([
    "Honda Wing Midrand",
    "Honda Wing Durban",
    "Honda Wing Cape Town",
  ]);
  const featured = page.getByRole("region", { name: "Featured motorcycles" });
  await expect(featured.getByRole("listitem")).toHaveCount(3);
  await expect(featured.getByRole("link", { name: /Africa Twin/ })).toHaveAttribute(
    "href",
    "/honda-wing/honda/crf1100l-africa-twin",
  );
  await expectNoAxeViolations(page);

  await page.goto("/dealer/honda-wing-durban/honda-wing");
  await expect(
    page.getByRole("region", { name: "Featured motorcycles" }).getByRole("link", { name: /Africa Twin/ }),
  ).toHaveAttribute("href", "/dealer/honda-wing-durban/honda-wing/honda/crf1100l-africa-twin");
});

test("Contact Us lists all dealers with the group's hours and Kimberley's own", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  const hours = page.getByRole("region", { name: "Opening hours" });
  await expect(hours).toContainText("Monday to Friday07:30 – 17:30");
  await expect(hours).toContainText("Saturday and public holidays08:00 – 13:00");
  await expect(hours).toContainText("SundayClosed");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(12);
  const kimberley = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Honda Kimberley" }) });
  await expect(kimberley).toContainText("Monday to Friday07:15 – 17:15");
  await expect(kimberley).toContainText("Saturday and public holidaysClosed");
  expect((await page.goto("/dealer/honda-sandton/contact"))?.status()).toBe(404);
  await page.goto("/contact");
  await expectNoAxeViolations(page);
});

test.describe("blog", () => {
  test("pages six posts at a time with the page in the query string", async ({ page, request }) => {
    // The seed's posts, and any a back-office spec running beside this one has published meanwhile.
    const { total } = await (await request.get("/api/blog")).json();
    const pages = Math.ceil(total / 6);
    expect(pages).toBeGreaterThanOrEqual(3);
    await page.goto("/blog");
    await expect(page).toHaveTitle("News | Honda Dealer Group");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pager.getByRole("link", { name: /^Page \d$/ })).toHaveCount(pages);
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await hydrated(page);
    await pager.getByRole("link", { name: `Page ${pages}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?page=${pages}$`));
    await expect(pager.getByRole("link", { name: `Page ${pages}` })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(total - 6 * (pages - 1));
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    expect((await page.goto(`/blog?page=${pages + 1}`))?.status()).toBe(404);
    await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
    expect((await page.goto("/blog?page=abc"))?.status()).toBe(400);
    expect((await page.goto("/dealer/honda-sandton/blog"))?.status()).toBe(404);
  });

  test("a post has its hero image, author, title, DD.MM.YYYY date, body and meta", async ({ page }) => {
    // Page 3 with the seed's posts; later when a back-office spec beside this one has published more.
    const link = page.getByRole("link", { name: /^Balloon payments explained/ });
    for (const listPage of [3, 4, 5]) {
      await page.goto(`/blog?page=${listPage}`);
      if ((await link.count()) > 0) break;
    }
    await link.click();
    await expect(page).toHaveURL(/\/blog\/balloon-payments-explained$/);
    const article = page.getByRole("main").getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(/Balloon payments/i);
    await expect(article.locator("time")).toHaveText("30.04.2025");
    await expect(article.locator("img").first()).toHaveAttribute("src", /^\/media\/blog\//);
    await expect(article).toContainText("By ");
    await expect(article.getByRole("heading", { level: 2 }).first()).toBeVisible();
    expect(await page.title()).not.toBe("");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /balloon payment/);
    await expectNoAxeViolations(page);
  });

  test("an unknown post is the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

const LEGAL_PAGES: [string, string][] = [
  ["/popia", "PAIA manual"],
  ["/terms", "Terms and Conditions"],
  ["/cookie", "Cookie policy"],
  ["/policy", "Privacy Policy"],
];

for (const [path, heading] of LEGAL_PAGES) {
  test(`the legal page ${path} renders group-wide and scoped and passes axe`, async ({ page }) => {
    for (const url of [path, `/dealer/honda-menlyn${path}`]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.getByRole("main")).toContainText(/Information Officer|cookie/i);
    }
    await expectNoAxeViolations(page);
  });
}

test("the PAIA manual carries POPIA section 11 on consent, justification and objection", async ({ page }) => {
  await page.goto("/popia");
  await expect(page.getByRole("heading", { name: /section 11/ })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("You may withdraw your consent at any time");
  await expect(page.getByRole("main")).toContainText("You may object at any time");
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("navigation, dealer and blog pages still work", async ({ page }) => {
    await page.goto("/dealer");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(12);
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      // The drawer opens through its #site-menu link and :target.
      await page.getByRole("link", { name: "Menu" }).click();
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
      await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "News" }).click();
    } else {
      await page.getByRole("navigation", { name: "Top bar" }).getByRole("link", { name: "News" }).click();
    }
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await page.getByRole("main").getByRole("article").first().getByRole("link").click();
    await expect(page.locator("article time")).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);

    await page.goto("/dealer/honda-sandton");
    await expect(page.getByRole("region", { name: "Dealer principal" })).toContainText("Thandi Mokoena");
    await page.goto("/honda-wing");
    await expect(page.getByRole("region", { name: "Honda Wing dealers" }).getByRole("article")).toHaveCount(3);
    await expect(page.getByRole("region", { name: "The motorcycle range" }).getByRole("article").first()).toBeVisible();
  });
});
