import { expect, type Request, test } from "@playwright/test";
import { signIn } from "../support/staff.ts";
import { expectNoAxeViolations, hydrated } from "./support/page-checks.ts";
import { E2E_ADMIN } from "./support/staff-bootstrap.ts";
import { backOfficeNavigation } from "./support/back-office.ts";

/**
 * Real visitors' Core Web Vitals. A page visit (the e2e server samples every one) sends its vitals
 * in one beacon to the site's own /vitals when it is left, and asks nothing of any other host; the back office shows
 * the p75 per page type and device class.
 */

test("a page visit sends its vitals to the site's own origin, and nothing to another host", async ({
  page,
  baseURL,
}) => {
  const requests: Request[] = [];
  page.context().on("request", (request) => requests.push(request));
  await page.goto("/used");
  await hydrated(page);
  // Loaded lazily, once the page has hydrated and the browser is idle.
  await expect(page.locator("html")).toHaveAttribute("data-vitals", "measuring");
  const beaconSent = page.context().waitForEvent("request", (request) => new URL(request.url()).pathname === "/vitals");
  // A first tap ends the largest paint's candidates (web-vitals finalises LCP on a trusted input) and is an interaction
  // (INP); the beacon goes when the page is hidden (another tab, the phone's home screen, leaving it), as here. The
  // event is the page's own, so not a trusted one: LCP could not be finalised by it alone.
  // The Event Timing API reports an interaction only above its threshold (40 ms for web-vitals' INP), which a tap on a
  // heading stays under on a quiet machine; the page's own handler makes this tap a slow one, as a busy phone's would be.
  await page.getByRole("heading", { level: 1 }).evaluate((heading) =>
    heading.addEventListener("pointerdown", () => {
      const until = performance.now() + 80;
      while (performance.now() < until);
    }),
  );
  // The browser reports a tap's timing only after the frame that follows it is drawn, which a busy machine delays: the
  // page is hidden once the browser has reported it (to an observer of the test's own, beside the library's).
  await page.evaluate(() => {
    (window as unknown as { tapReported: Promise<void> }).tapReported = new Promise<void>((resolve) =>
      new PerformanceObserver((entries) => {
        if (entries.getEntries().some((entry) => entry.name === "pointerdown" || entry.name === "click")) resolve();
      }).observe({ type: "event", durationThreshold: 16 } as PerformanceObserverInit),
    );
  });
  await page.getByRole("heading", { level: 1 }).click();
  await page.evaluate(() => (window as unknown as { tapReported: Promise<void> }).tapReported);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const beacon = await beaconSent;

  expect(beacon.method()).toBe("POST");
  expect(new URL(beacon.url()).origin).toBe(new URL(baseURL!).origin);
  const body = JSON.parse(beacon.postData()!) as { page: string; metrics: { name: string; value: number }[] };
  expect(Object.keys(body).sort()).toEqual(["metrics", "page"]);
  expect(body.page).toBe("/used");
  expect(body.metrics.map((metric) => metric.name).sort()).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
  for (const metric of body.metrics) expect(metric.value).toBeGreaterThanOrEqual(0);
  expect((await beacon.allHeaders()).cookie).toBeUndefined();

  const elsewhere = requests
    .map((request) => new URL(request.url()))
    .filter((url) => /^https?:$/.test(url.protocol) && url.origin !== new URL(baseURL!).origin);
  expect(elsewhere.map(String)).toEqual([]);
});

test("group administrators see the p75 of each vital per page type and device, against Google's thresholds", async ({
  page,
}) => {
  // Two accessibility engines on a long table.
  test.setTimeout(120_000);
  // A visit's vitals as its page sends them; the server adds them to the database within a second (VITALS_FLUSH_SECONDS).
  const sent = await page.request.post("/vitals", {
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
    data: JSON.stringify({
      page: "/blog",
      metrics: [
        { name: "LCP", value: 1900 },
        { name: "CLS", value: 0.01 },
      ],
    }),
  });
  expect(sent.status()).toBe(204);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await (await backOfficeNavigation(page)).getByRole("link", { name: "Web vitals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Web vitals" })).toBeVisible();
  const week = page.getByRole("table", { name: /last 7 days/ });
  const blogRow = week.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Blog" }) });
  await expect(async () => {
    await page.reload();
    await expect(blogRow.first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(blogRow.first()).toContainText(/Good|Needs improvement|Poor/);
  await expect(
    page
      .getByRole("table", { name: /last 28 days/ })
      .getByRole("rowheader", { name: "Blog" })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Thresholds for good and poor" })).toContainText("2,5 s");
  await expectNoAxeViolations(page);
});
