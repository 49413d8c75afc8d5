import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import {
  closeFilters,
  listedTotal as apiTotal,
  openFilters,
  usedListingHydrated as hydrated,
} from "./support/used-filters.ts";

/** The page's h1; by selector, since on a phone the open filters dialog hides it from the accessibility tree. */
const heading = (page: Page) => page.locator("main h1");
/** The vehicle cards (the list's own items, not the facts listed inside each card). */
const cardsOf = (page: Page) => page.getByRole("list", { name: "Vehicles" }).locator(":scope > li");
const found = (n: number) => `Found ${n.toLocaleString("en-ZA")} Used Cars`;
const group = (page: Page, name: string) => page.getByRole("group", { name });
const option = (page: Page, groupName: string, name: string | RegExp) =>
  group(page, groupName).getByRole("checkbox", { name: typeof name === "string" ? new RegExp(`^${name}\\b`) : name });
const anyOf = (page: Page, groupName: string) =>
  group(page, groupName).getByRole("checkbox", { name: "Any", exact: true });

test.describe("used listing", () => {
  test("renders on the server: heading with the true total, 12 cards, pagination, lazy images; axe-clean", async ({
    page,
    request,
  }) => {
    const total = await apiTotal(request);
    const response = await page.goto("/used");
    expect(response?.status()).toBe(200);
    await expect(heading(page)).toHaveText(found(total));
    const cards = cardsOf(page);
    await expect(cards).toHaveCount(12);
    const first = cards.first();
    await expect(first.getByText(/ km$/)).toBeVisible();
    await expect(first.getByText(/^R\s?[\d\s]+$/)).toBeVisible();
    await expect(first.getByText(/p\/m$/)).toBeVisible();
    const images = page.getByRole("list", { name: "Vehicles" }).locator("img");
    expect(await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")))).toEqual([
      ...Array(3).fill("eager"),
      ...Array(9).fill("lazy"),
    ]);
    // Drawn artwork is 800x500 and a photo keeps its own shape (other specs upload photos to this server): each
    // picture has both, so its box takes its shape before the picture arrives.
    for (const img of await images.all()) {
      expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute("height"))).toBeGreaterThan(0);
    }
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("shows a Demo badge on demo vehicles and the dealer on every card", async ({ page }) => {
    await page.goto("/used?vehicle_state=Demo");
    const cards = cardsOf(page);
    await expect(cards.first().getByText("Demo", { exact: true })).toBeVisible();
    expect(await cards.getByText("Demo", { exact: true }).count()).toBe(await cards.count());
    await expect(cards.first().getByText(/^Honda .+, .+$/)).toBeVisible();
  });

  test("filter rules: an option narrows, 'Any' clears, unchecking the last option reverts to 'Any'", async ({
    page,
    request,
  }) => {
    await page.goto("/used?page=2");
    await hydrated(page);
    await openFilters(page);
    await option(page, "Manual/Automatic", "Manual").check();
    await expect(page).toHaveURL(/\/used\?transmissionType=Manual$/); // page back to 1
    await expect(heading(page)).toHaveText(found(await apiTotal(request, "transmissionType=Manual")));
    await expect(anyOf(page, "Manual/Automatic")).not.toBeChecked();

    await option(page, "Fuel type", "Diesel").check();
    await expect(page).toHaveURL(/transmissionType=Manual&fuelType=Diesel$/);
    await expect(heading(page)).toHaveText(found(await apiTotal(request, "transmissionType=Manual&fuelType=Diesel")));

    await anyOf(page, "Manual/Automatic").check();
    await expect(page).toHaveURL(/\/used\?fuelType=Diesel$/);
    await expect(option(page, "Manual/Automatic", "Manual")).not.toBeChecked();
    await expect(anyOf(page, "Manual/Automatic")).toBeChecked();

    await option(page, "Fuel type", "Diesel").uncheck();
    await expect(page).toHaveURL(/\/used$/);
    await expect(anyOf(page, "Fuel type")).toBeChecked();
    await expect(heading(page)).toHaveText(found(await apiTotal(request)));
  });
});

test.describe("used listing's filters and sort", () => {
  test("options show how many vehicles each would give", async ({ page, request }) => {
    await page.goto("/used?transmissionType=Automatic");
    await openFilters(page);
    const hybrid = await apiTotal(request, "transmissionType=Automatic&fuelType=Hybrid");
    await expect(option(page, "Fuel type", "Hybrid")).toHaveAccessibleName(`Hybrid (${hybrid})`);
    const manual = await apiTotal(request, "transmissionType=Manual");
    await expect(option(page, "Manual/Automatic", "Manual")).toHaveAccessibleName(`Manual (${manual})`);
  });

  test("make and model: a make goes to its path and clears the model, a model goes to its path", async ({
    page,
    request,
  }) => {
    await page.goto("/used?fuelType=Petrol");
    await hydrated(page);
    await openFilters(page);
    await page.getByLabel("Make", { exact: true }).selectOption("honda");
    await expect(page).toHaveURL(/\/used\/honda\?fuelType=Petrol$/);
    await expect(heading(page)).toHaveText(found(await apiTotal(request, "make_slug=honda&fuelType=Petrol")));
    await openFilters(page);
    await page.getByLabel("Model", { exact: true }).selectOption("jazz");
    await expect(page).toHaveURL(/\/used\/honda\/jazz\?fuelType=Petrol$/);
    await expect(heading(page)).toHaveText(
      found(await apiTotal(request, "make_slug=honda&model_slug=jazz&fuelType=Petrol")),
    );
    await openFilters(page);
    await page.getByLabel("Make", { exact: true }).selectOption("toyota");
    await expect(page).toHaveURL(/\/used\/toyota\?fuelType=Petrol$/);
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("");
    await openFilters(page);
    await page.getByLabel("Make", { exact: true }).selectOption("");
    await expect(page).toHaveURL(/\/used\?fuelType=Petrol$/);
  });

  test("sort menu maps to order[...] and resets the page; prices come in order", async ({ page }) => {
    await page.goto("/used?page=3");
    await hydrated(page);
    await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await expect(page).toHaveURL(/\/used\?order\[price\]=asc$/);
    const prices = async () =>
      (
        await page
          .getByRole("list", { name: "Vehicles" })
          .getByText(/^R\s?[\d\s]+$/)
          .allTextContents()
      ).map((t) => Number(t.replace(/\D/g, "")));
    // The address changes as the navigation commits; React may draw the new list a moment later.
    await expect
      .poll(async () => {
        const ascending = await prices();
        return (
          ascending.length === 12 && ascending.every((price, index) => index === 0 || ascending[index - 1]! <= price)
        );
      })
      .toBe(true);
    await page.getByLabel("Sort by").selectOption({ label: "Mileage: high to low" });
    await expect(page).toHaveURL(/\/used\?order\[mileage\]=desc$/);
    await page.getByLabel("Sort by").selectOption({ label: "Default" });
    await expect(page).toHaveURL(/\/used$/);
  });
});

test.describe("used listing's pages and history", () => {
  test("pagination: page in the query string, kept with the filters, shown only above one page", async ({
    page,
    request,
  }) => {
    const total = await apiTotal(request, "transmissionType=Automatic");
    const last = Math.ceil(total / 12);
    await page.goto("/used?transmissionType=Automatic");
    await hydrated(page);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    const firstTitle = await page.getByRole("list", { name: "Vehicles" }).getByRole("heading").first().textContent();
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/used\?transmissionType=Automatic&page=2$/);
    await expect(heading(page)).toHaveText(found(total));
    await expect(pager.getByText("Page 2")).toHaveAttribute("aria-current", "page");
    expect(await page.getByRole("list", { name: "Vehicles" }).getByRole("heading").first().textContent()).not.toBe(
      firstTitle,
    );

    await pager.getByRole("link", { name: `Page ${last}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${last}$`));
    await expect(cardsOf(page)).toHaveCount(total - (last - 1) * 12);
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);

    // A page past the end still answers, with the true total and a way back.
    await page.goto(`/used?transmissionType=Automatic&page=${last + 5}`);
    await expect(heading(page)).toHaveText(found(total));
    await expect(page.getByRole("link", { name: "Go to the first page" })).toHaveAttribute(
      "href",
      "/used?transmissionType=Automatic",
    );

    // One page or none: no pager.
    const makes = (await (await request.get("/api/makes")).json())["hydra:member"];
    const small = makes
      .flatMap((m: any) => m.models.map((model: any) => ({ make: m.slug, ...model })))
      .find((m: any) => m.count > 0 && m.count <= 12);
    await page.goto(`/used/${small.make}/${small.slug}`);
    await expect(heading(page)).toHaveText(found(small.count));
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    await page.goto("/used?make=trabant");
    await expect(heading(page)).toHaveText("Found 0 Used Cars");
  });

  test("back and forward restore each listing state", async ({ page, request }) => {
    await page.goto("/used");
    await hydrated(page);
    await openFilters(page);
    await option(page, "Demo/Used", "Demo").check();
    await expect(page).toHaveURL(/\/used\?vehicle_state=Demo$/);
    await closeFilters(page);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/used\?vehicle_state=Demo&page=2$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/used\?vehicle_state=Demo$/);
    await expect(heading(page)).toHaveText(found(await apiTotal(request, "vehicle_state=Demo")));
    await openFilters(page);
    await expect(option(page, "Demo/Used", "Demo")).toBeChecked();
    await page.goBack();
    await expect(page).toHaveURL(/\/used$/);
    await expect(heading(page)).toHaveText(found(await apiTotal(request)));
    await openFilters(page);
    await expect(anyOf(page, "Demo/Used")).toBeChecked();
    await page.goForward();
    await expect(page).toHaveURL(/\/used\?vehicle_state=Demo$/);
    await page.reload();
    await expect(heading(page)).toHaveText(found(await apiTotal(request, "vehicle_state=Demo")));
  });
});

test.describe("used listing of cars, motorcycles and one dealer's stock", () => {
  test("lists and counts cars unless motorcycles are asked for, and its heading says which", async ({
    page,
    request,
  }) => {
    const count = async (query: string, base = "/api") =>
      (await (await request.get(`${base}/vehicles?${query}`)).json())["hydra:totalItems"] as number;
    const everything = await count("");
    const motorcycles = await count("bodyType[]=Motorcycle");
    expect(motorcycles).toBeGreaterThan(0);

    await page.goto("/used");
    await expect(heading(page)).toHaveText(`Found ${(everything - motorcycles).toLocaleString("en-ZA")} Used Cars`);
    await expect(page).toHaveTitle("Used cars for sale | Honda Dealer Group");
    await expect(cardsOf(page).getByText("Motorcycle", { exact: true })).toHaveCount(0);

    await page.goto("/used?bodyType[]=Motorcycle");
    await expect(heading(page)).toHaveText(`Found ${motorcycles} Used Motorcycles`);
    const [bike] = (await (await request.get("/api/vehicles?bodyType[]=Motorcycle")).json())["hydra:member"];
    await page.goto(`/used/${bike.make_slug}/${bike.model_slug}`);
    await expect(heading(page)).toHaveText(
      `Found ${await count(`make_slug=${bike.make_slug}&model_slug=${bike.model_slug}`)} Used Motorcycles`,
    );
    await expect(page).toHaveTitle(`Used ${bike.make} ${bike.model} motorcycles for sale | Honda Dealer Group`);
    await page.goto(bike.uri);
    await expect(page).toHaveTitle(/ \| Used motorcycles \| Honda Dealer Group$/);

    // A Honda Wing dealer sells motorcycles: its used page lists them.
    const wing = await count("bodyType[]=Motorcycle", "/api/dealers/honda-wing-durban");
    expect(wing).toBeGreaterThan(0);
    await page.goto("/dealer/honda-wing-durban/used");
    await expect(heading(page)).toHaveText(`Found ${wing} Used Motorcycles`);
  });

  test("under /dealer/{dealerName} it lists that dealer's stock only, with scoped links", async ({ page, request }) => {
    const total = await apiTotal(request, "fuelType=Petrol", "/api/dealers/honda-sandton");
    await page.goto("/dealer/honda-sandton/used?fuelType=Petrol");
    await expect(heading(page)).toHaveText(found(total));
    const cards = cardsOf(page);
    expect(await cards.getByText(/^Honda Sandton, Gauteng$/).count()).toBe(await cards.count());
    const href = await cards.first().getByRole("link").getAttribute("href");
    expect(href).toMatch(/^\/dealer\/honda-sandton\/used\/[^/]+\/[^/]+\/\d+$/);
    await hydrated(page);
    await openFilters(page);
    await page.getByLabel("Make", { exact: true }).selectOption("honda");
    await expect(page).toHaveURL(/\/dealer\/honda-sandton\/used\/honda\?fuelType=Petrol$/);
    expect((await page.goto("/dealer/no-such-dealer/used"))?.status()).toBe(404);
  });
});

test.describe("used listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and the sort menu work as a plain GET form", async ({ page, request }) => {
    await page.goto("/used?page=2");
    const toggle = page.getByRole("link", { name: /^Filters/ });
    if (await toggle.isVisible()) {
      // The drawer opens by :target, and its Close link (server-rendered) closes it.
      await toggle.click();
      const panel = page.locator("#used-filters-panel");
      await expect(panel.getByRole("heading", { name: "Filters" })).toBeVisible();
      await panel.getByRole("link", { name: "Close" }).click();
      await expect(panel.getByRole("heading", { name: "Filters" })).toBeHidden();
      await toggle.click();
    }
    await option(page, "Manual/Automatic", "Automatic").check();
    await page.getByLabel("Make", { exact: true }).selectOption("honda");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/used\/honda\?transmissionType=Automatic$/);
    await expect(heading(page)).toHaveText(
      found(await apiTotal(request, "make_slug=honda&transmissionType=Automatic")),
    );

    await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/\/used\/honda\?transmissionType=Automatic&order\[price\]=desc$/);

    // 'Any' checked beside a chosen option clears the group.
    if (await toggle.isVisible()) await toggle.click();
    await anyOf(page, "Manual/Automatic").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/used\/honda\?order\[price\]=desc$/);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/used\/honda\?order\[price\]=desc&page=2$/);
  });

  test("a faulty query shows page 1 instead of failing", async ({ page, request }) => {
    const response = await page.goto("/used?page=abc&fuelType=Diesel&order[colour]=up");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/used\?fuelType=Diesel$/);
    await expect(heading(page)).toHaveText(found(await apiTotal(request, "fuelType=Diesel")));
  });
});

test.describe("used vehicle detail", () => {
  test("shows the gallery, every field, price, instalment, dealer and the two actions; axe-clean", async ({
    page,
    request,
  }) => {
    // The dearest BMW: a car of no model of the new range.
    const [vehicle] = (await (await request.get("/api/vehicles?make_slug=bmw&order[price]=desc")).json())[
      "hydra:member"
    ];
    await page.goto("/used/bmw?order[price]=desc");
    await page.getByRole("list", { name: "Vehicles" }).getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`${vehicle.uri}$`));
    await expect(heading(page)).toHaveText(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    for (const text of [
      vehicle.variant,
      vehicle.transmission,
      vehicle.fuel_type,
      vehicle.exterior_color,
      vehicle.state_of_vehicle,
    ]) {
      await expect(
        page
          .getByRole("definition")
          .filter({ hasText: new RegExp(`^${text}$`) })
          .first(),
      ).toBeVisible();
    }
    // The VIN from the dealer's record: 17 characters, never I, O or Q.
    await expect(page.getByRole("term").filter({ hasText: /^VIN$/ })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^[A-HJ-NPR-Z0-9]{17}$/ })).toHaveCount(1);
    await expect(page.getByText(/p\/m$/).first()).toBeVisible();
    await expect(page.getByText(vehicle.dealer_name, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^0\d/ })).toHaveAttribute("href", /^tel:/);
    await expect(page.getByRole("link", { name: "Enquire Now" })).toHaveAttribute("href", `${vehicle.uri}/enquire`);
    // A BMW is not a model of the new range: there is no test-drive form to link to.
    expect((await request.get(`/book-test-drive/${vehicle.make_slug}/${vehicle.model_slug}`)).status()).toBe(404);
    await expect(page.getByRole("link", { name: "Book a test drive" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Trade in your car" })).toHaveAttribute(
      "href",
      `/sell-your-car?vehicle=${vehicle.id}`,
    );
    const main = page.getByRole("img", { name: /photo 1 of/ });
    await expect(main).toHaveAttribute("src", vehicle.images[0].uri);
    await page.getByRole("link", { name: "Photo 2" }).click();
    await expect(page.getByRole("img", { name: /photo 2 of/ })).toHaveAttribute("src", vehicle.images[1].uri);
    await expectNoAxeViolations(page);
  });

  test("under a dealer's prefix, Enquire Now and Book a test drive keep the prefix", async ({ page, request }) => {
    const hondas = (await (await request.get("/api/dealers/honda-menlyn/vehicles?make_slug=honda")).json())[
      "hydra:member"
    ] as {
      id: number;
      uri: string;
      year: number;
      make: string;
      model: string;
      make_slug: string;
      model_slug: string;
    }[];
    const testDriveOf = (vehicle: (typeof hondas)[number]) =>
      `/dealer/honda-menlyn/book-test-drive/${vehicle.make_slug}/${vehicle.model_slug}`;
    const statuses = await Promise.all(hondas.map(async (v) => (await request.get(testDriveOf(v))).status()));
    const vehicle = hondas[statuses.indexOf(200)]!;
    const path = `/dealer/honda-menlyn${vehicle.uri}`;
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Enquire Now" })).toHaveAttribute("href", `${path}/enquire`);
    await expect(page.getByRole("link", { name: "Book a test drive" })).toHaveAttribute("href", testDriveOf(vehicle));
    // A Honda no longer sold new has no test-drive form, and no link to one.
    const retired = hondas[statuses.indexOf(404)]!;
    await page.goto(`/dealer/honda-menlyn${retired.uri}`);
    await expect(page.getByRole("link", { name: "Enquire Now" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book a test drive" })).toHaveCount(0);
    await page.goto(path);
    await page.getByRole("link", { name: "Trade in your car" }).click();
    await expect(page).toHaveURL(`/dealer/honda-menlyn/sell-your-car?vehicle=${vehicle.id}`);
    await expect(
      page.getByRole("link", { name: new RegExp(`${vehicle.year} ${vehicle.make} ${vehicle.model}`) }),
    ).toHaveAttribute("href", vehicle.uri);
  });
});

test.describe("used vehicle detail not found", () => {
  test("a missing vehicle, or a make/model/dealer that is not the vehicle's, is the not-found page (404)", async ({
    page,
    request,
  }) => {
    const [vehicle] = (await (await request.get("/api/dealers/honda-menlyn/vehicles")).json())["hydra:member"];
    const otherMake = vehicle.make_slug === "toyota" ? "honda" : "toyota";
    for (const path of [
      `/used/${vehicle.make_slug}/${vehicle.model_slug}/99999999`,
      `/used/${vehicle.make_slug}/${vehicle.model_slug}/abc`,
      `/used/${otherMake}/${vehicle.model_slug}/${vehicle.id}`,
      `/used/${vehicle.make_slug}/not-the-model/${vehicle.id}`,
      `/dealer/honda-sandton${vehicle.uri}`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });
});
