import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/page-checks.ts";

/** The API's reference page for people: read in a browser, accessible, served by the app alone. */

test("the API reference lists every operation with South African examples, from this site only", async ({
  page,
  baseURL,
}) => {
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: "Honda Dealer Group API" })).toBeVisible();
  const document = await (await page.request.get("/api/docs.json")).json();
  const operations = Object.entries(document.paths as Record<string, object>).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations.length).toBeGreaterThanOrEqual(25);
  for (const operation of operations) {
    await expect(page.getByRole("heading", { level: 3, name: operation, exact: true })).toHaveCount(1);
  }
  const enquiryExample = page.getByRole("region", { name: "Example request body of POST /api/customer_enquiries" });
  await expect(enquiryExample).toContainText('"cell_phone": "072 815 9130"');
  await expect(page.getByRole("region", { name: "Example answer 200 of GET /api/vehicles/{id}" })).toContainText(
    '"price": 529900',
  );
  await page.getByRole("link", { name: "OpenAPI 3.1 document" }).click();
  await expect(page).toHaveURL(/\/api\/docs\.json$/);
  expect([...hosts]).toEqual([new URL(baseURL!).host]);
});

test("the API reference passes axe and HTML_CodeSniffer, and its skip link takes the keyboard to the reference", async ({
  page,
}) => {
  // Two accessibility engines over the whole reference (every operation and schema) take longer than the default
  // 30 s on a busy 2-CPU machine, as the long back-office journeys do.
  test.setTimeout(120_000);
  await page.goto("/api/docs");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the reference" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document" })).toBeFocused();
});
