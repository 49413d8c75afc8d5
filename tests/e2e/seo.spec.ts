import { type APIRequestContext, type APIResponse, expect, type Page, test } from "@playwright/test";

/** Search-engine view of the pages: head tags, JSON-LD, canonical rules and HTTP caching of real pages. */

type JsonLd = Record<string, any>;

async function head(page: Page) {
  const content = (selector: string) => page.locator(selector).first().getAttribute("content");
  return {
    title: await page.title(),
    description: await content('meta[name="description"]'),
    canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
    canonicalCount: await page.locator('link[rel="canonical"]').count(),
    ogTitle: await content('meta[property="og:title"]'),
    ogDescription: await content('meta[property="og:description"]'),
    ogUrl: await content('meta[property="og:url"]'),
    ogType: await content('meta[property="og:type"]'),
  };
}

/** Every JSON-LD block of the page, parsed (a block that does not parse fails the test). */
async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

const ofType = (blocks: JsonLd[], type: string) => blocks.filter((block) => block["@type"] === type);

async function firstMember(request: APIRequestContext, url: string) {
  return (await (await request.get(url)).json())["hydra:member"][0];
}

/** Opens a page and checks the head every page must have; answers the canonical path and the JSON-LD. */
async function openWithHead(page: Page, path: string, canonicalPath = path.split("?")[0]!): Promise<JsonLd[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const tags = await head(page);
  const origin = new URL(page.url()).origin;
  expect(tags.title, path).toMatch(/\S.{10,}/);
  expect(tags.description, path).toMatch(/^\S.{30,}/);
  expect(tags.description!.length, path).toBeLessThanOrEqual(160);
  expect(tags.canonicalCount, path).toBe(1);
  expect(tags.canonical, path).toBe(`${origin}${canonicalPath}`);
  expect(tags.ogTitle, path).toBe(tags.title);
  expect(tags.ogDescription, path).toBe(tags.description);
  expect(tags.ogUrl, path).toBe(tags.canonical);
  expect(tags.ogType, path).toMatch(/^(website|article|product)$/);
  const blocks = await jsonLd(page);
  if (canonicalPath !== "/") {
    const [trail] = ofType(blocks, "BreadcrumbList");
    expect(trail, `${path} breadcrumbs`).toBeDefined();
    expect(trail!.itemListElement[0]).toMatchObject({ position: 1, name: "Home", item: `${origin}/` });
    expect(trail!.itemListElement.at(-1).item).toBe(`${origin}${new URL(page.url()).pathname}`);
  }
  return blocks;
}

test.describe("every kind of page has a title, description, absolute canonical URL and Open Graph tags", () => {
  for (const path of [
    "/",
    "/new",
    "/new/honda",
    "/honda-wing",
    "/used",
    "/specials",
    "/dealer",
    "/contact",
    "/blog",
    "/finance",
    "/service",
    "/parts",
    "/popia",
    "/terms",
    "/cookie",
    "/policy",
  ]) {
    test(path, async ({ page }) => {
      await openWithHead(page, path);
    });
  }

  test("a blog list page past the first keeps its page number in the canonical URL", async ({ page }) => {
    await openWithHead(page, "/blog?page=2", "/blog?page=2");
  });

  test("a special, with its enquiry form", async ({ page, request }) => {
    const special = await firstMember(request, "/api/specials");
    await openWithHead(page, `/specials/${special.slug}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^https?:\/\/[^/]+\/uploads\/.+\.svg$/,
    );
  });
});

test.describe("JSON-LD per kind of page", () => {
  test("a used vehicle is a Car with an Offer in ZAR and its mileage in kilometres", async ({ page, request }) => {
    const vehicle = await firstMember(request, "/api/vehicles?page=1");
    const blocks = await openWithHead(page, vehicle.uri);
    const [car] = ofType(blocks, "Car");
    expect(car).toMatchObject({
      "@context": "https://schema.org",
      name: expect.stringContaining(`${vehicle.make} ${vehicle.model}`),
      brand: { name: vehicle.make },
      mileageFromOdometer: { "@type": "QuantitativeValue", value: vehicle.mileage.value, unitCode: "KMT" },
      offers: { "@type": "Offer", price: vehicle.price, priceCurrency: "ZAR" },
    });
    expect(car!.offers.url).toBe(new URL(vehicle.uri, page.url()).toString());
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  });

  test("a new model is a Car with an Offer in ZAR per variant, and a motorcycle a Motorcycle", async ({
    page,
    request,
  }) => {
    const car = await firstMember(request, "/api/vehicle_range/car");
    const carPath = `/new/${car.make_slug}/${car.model_slug}`;
    const [model] = ofType(await openWithHead(page, carPath), "Car");
    expect(model).toMatchObject({
      name: `${car.make} ${car.model}`,
      mileageFromOdometer: { value: 0, unitCode: "KMT" },
    });
    expect(model!.offers.length).toBeGreaterThan(0);
    for (const offer of model!.offers) {
      expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "ZAR" });
      expect(offer.price).toBeGreaterThan(0);
    }

    const bike = await firstMember(request, "/api/vehicle_range/motorcycle");
    const [motorcycle] = ofType(
      await openWithHead(page, `/honda-wing/${bike.make_slug}/${bike.model_slug}`),
      "Motorcycle",
    );
    expect(motorcycle).toMatchObject({
      offers: expect.arrayContaining([expect.objectContaining({ priceCurrency: "ZAR" })]),
    });
  });

  test("a dealer home is an AutoDealer with its address and opening hours", async ({ page }) => {
    const [dealer] = ofType(await openWithHead(page, "/dealer/honda-kimberley"), "AutoDealer");
    expect(dealer).toMatchObject({
      name: "Honda Kimberley",
      telephone: "053 832 6640",
      address: {
        "@type": "PostalAddress",
        streetAddress: expect.stringContaining("17 Bultfontein Road"),
        addressCountry: "ZA",
      },
    });
    expect(dealer!.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `https://schema.org/${day}`),
      opens: "07:15",
      closes: "17:15",
    });
  });

  test("the dealer list describes every dealer as an AutoDealer", async ({ page, request }) => {
    const total = (await (await request.get("/api/dealers")).json())["hydra:totalItems"];
    const dealers = ofType(await openWithHead(page, "/dealer"), "AutoDealer");
    expect(dealers).toHaveLength(total);
    for (const dealer of dealers) expect(dealer.openingHoursSpecification.length).toBeGreaterThan(0);
  });

  test("a blog post is a BlogPosting", async ({ page, request }) => {
    const [post] = (await (await request.get("/api/blog")).json()).blogs;
    const [posting] = ofType(await openWithHead(page, `/blog/${post.slug}`), "BlogPosting");
    expect(posting).toMatchObject({
      headline: post.title,
      datePublished: post.publish_date,
      author: { name: post.author },
    });
    expect(posting!.image).toMatch(/^https?:\/\//);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  });
});

test.describe("canonical rule for dealer-scoped pages (docs/decisions/011)", () => {
  test("a dealer-scoped copy points its canonical at the group page", async ({ page, request }) => {
    const vehicle = await firstMember(request, "/api/dealers/honda-sandton/vehicles");
    await openWithHead(page, `/dealer/honda-sandton${vehicle.uri}`, vehicle.uri);
    await openWithHead(page, "/dealer/honda-sandton/used", "/used");
    await openWithHead(page, "/dealer/honda-sandton/specials", "/specials");
    await openWithHead(page, "/dealer/honda-sandton/terms", "/terms");
  });

  test("the dealer home is its own canonical page", async ({ page }) => {
    await openWithHead(page, "/dealer/honda-sandton");
  });

  test("filters and the chosen variant do not change the canonical URL", async ({ page, request }) => {
    const car = await firstMember(request, "/api/vehicle_range/car");
    const path = `/new/${car.make_slug}/${car.model_slug}`;
    await openWithHead(page, `${path}?variant=${car.variant_slug}`, path);
    await openWithHead(page, "/used?fuelType=Petrol", "/used");
  });
});

test.describe("removed vehicles", () => {
  test("an id that names no vehicle (sold or removed) answers 404 with the friendly not-found page", async ({
    page,
  }) => {
    const response = await page.goto("/used/honda/jazz/987654321");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back Home" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
  });
});

test.describe("HTTP caching of real pages", () => {
  /**
   * The first page of a visit sets the visit's cookie, and an answer that sets a cookie is never stored
   * (decision 056): the visit starts on the home page, and the pages after it are the ones a browser keeps.
   */
  const startVisit = async (request: APIRequestContext) => {
    const home = await request.get("/");
    expect(home.headers()["set-cookie"]).toMatch(/^hdg_visit=/);
    expect(home.headers()["cache-control"]).toBe("private, no-store");
  };

  test("a catalogue page is kept by the browser only (its nonce), varies by the dealer cookie, and revalidates with 304", async ({
    request,
  }) => {
    await startVisit(request);
    const first = await request.get("/used");
    expect(first.headers()["cache-control"]).toBe("private, no-cache");
    expect(first.headers().vary).toMatch(/Cookie/);
    const etag = first.headers().etag;
    expect(etag).toMatch(/^W\//);
    const again = await request.get("/used", { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
  });

  test("a dealer-scoped page does not vary by the cookie: its dealer is in the path", async ({ request }) => {
    await startVisit(request);
    // The first visit remembers the dealer (decision 051): an answer that sets a cookie is never stored.
    const first = await request.get("/dealer/honda-sandton/used");
    expect(first.headers()["set-cookie"]).toMatch(/^dealer_slug=honda-sandton;/);
    expect(first.headers()["cache-control"]).toBe("private, no-store");
    // The request context now sends the remembered dealer, as the browser would.
    const answer = await request.get("/dealer/honda-sandton/used");
    expect(answer.headers()["set-cookie"]).toBeUndefined();
    expect(answer.headers()["cache-control"]).toBe("private, no-cache");
    const data = await request.get("/dealer/honda-sandton/used.data");
    expect(data.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(answer.headers().vary ?? "").not.toMatch(/Cookie/);
  });

  test("the remembered dealer changes a group page, which is why it varies by the cookie", async ({ request }) => {
    const plain = await (await request.get("/specials")).text();
    const scoped = await (
      await request.get("/specials", { headers: { Cookie: "dealer_slug=honda-kimberley" } })
    ).text();
    expect(plain).not.toContain("Honda Kimberley</p>");
    expect(scoped).toContain("Honda Kimberley</p>");
  });

  test("form pages, thank-you pages and the not-found page are never stored", async ({ request }) => {
    for (const path of ["/finance", "/service", "/parts", "/service/thank-you", "/used/honda/jazz/987654321"]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.headers()["cache-control"], path).toBe("private, no-store");
      expect(answer.headers().etag, path).toBeUndefined();
    }
  });
});

test.describe("compression of pages and their assets", () => {
  test("the page's hashed styles and scripts are kept a year as immutable and sent compressed", async ({ request }) => {
    const html = await (await request.get("/used")).text();
    // Attribute order varies (the CSP nonce comes first on some), so each link tag is read whole.
    const links = [...html.matchAll(/<link [^>]*>/g)].map((match) => match[0]);
    const hrefs = (rel: string) =>
      links.filter((tag) => tag.includes(` rel="${rel}"`)).map((tag) => tag.match(/ href="([^"]+)"/)![1]!);
    // The stylesheet is inlined (decision 036): no render-blocking link; its file is still served for the href it stands for.
    expect(hrefs("stylesheet")).toEqual([]);
    const stylesheet = html.match(/<style [^>]*data-href="([^"]+)"/)?.[1];
    expect(html).toMatch(/<style nonce="[^"]+" data-precedence="default" data-href="\/assets\/[^"]+\.css">/);
    // The scripts are listed in the page's hydration script, which preloads them once the page has painted (decision 048).
    const scripts = JSON.parse(html.match(/const modules = (\[[^\]]*\]);/)?.[1] ?? "[]") as string[];
    expect(scripts.length).toBeGreaterThan(0);
    const encodings: string[] = [];
    for (const asset of [stylesheet!, ...scripts]) {
      expect(asset, asset).toMatch(/^\/assets\//);
      const answer = await request.get(asset, { headers: { "Accept-Encoding": "gzip, br" } });
      expect(answer.status(), asset).toBe(200);
      expect(answer.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      encodings.push(answer.headers()["content-encoding"] ?? "none");
    }
    expect(encodings[0]).toBe("br");
    expect(encodings.filter((encoding) => encoding === "br").length).toBeGreaterThan(scripts.length / 2);
  });

  test("pages are compressed in the coding the browser accepts, rendered or kept (decision 047)", async ({
    request,
  }) => {
    // Three asks of each: the page is kept from its second ask, so each coding is answered rendered and kept.
    const answers: [string, APIResponse][] = [];
    for (const coding of ["br", "gzip"])
      for (let visit = 0; visit < 3; visit++)
        answers.push([coding, await request.get("/used", { headers: { "Accept-Encoding": coding } })]);
    for (const [coding, answer] of answers) {
      expect(answer.headers()["content-encoding"]).toBe(coding);
      const text = await answer.text();
      expect(text).toContain("<!DOCTYPE html>");
      expect(Number(answer.headers()["content-length"])).toBeLessThan(Buffer.byteLength(text) / 4);
    }
  });
});
