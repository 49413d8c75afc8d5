import { expect, test } from "@playwright/test";
import { HYDRATION_START_LIMIT_MS } from "../../app/lib/hydrate-after-paint.server.ts";
import { hydrated } from "./support/page-checks.ts";

/**
 * Decision 048: a page's scripts are fetched only once the page has loaded and painted its largest picture, so they
 * never share the connection with what the buyer sees first; the page then hydrates as before. Order only, no timings.
 */
for (const path of ["/", "/used", "/finance"]) {
  test(`${path}: no script is fetched before the page has painted its largest content, and the page then hydrates`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const paints: number[] = [];
      (window as unknown as { largestPaints: number[] }).largestPaints = paints;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) paints.push(entry.startTime);
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(path);
    await hydrated(page);
    const timeline = await page.evaluate(() => ({
      loaded: performance.getEntriesByType("navigation")[0]!.toJSON().loadEventStart as number,
      largestPaints: (window as unknown as { largestPaints: number[] }).largestPaints,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ url: entry.name, started: entry.startTime })),
    }));
    expect(timeline.scripts.length).toBeGreaterThan(2);
    expect(timeline.largestPaints.length).toBeGreaterThan(0);
    const firstScript = Math.min(...timeline.scripts.map((script) => script.started));
    // A page that takes longer than the limit to load (a picture that never arrives) hydrates at the limit.
    const atTheLimit = firstScript >= HYDRATION_START_LIMIT_MS;
    const lastLargestPaint = Math.max(...timeline.largestPaints);
    expect(
      atTheLimit || firstScript >= timeline.loaded,
      `first script at ${firstScript} ms, load at ${timeline.loaded} ms`,
    ).toBe(true);
    expect(
      atTheLimit || firstScript >= lastLargestPaint,
      `first script at ${firstScript} ms, largest paint at ${lastLargestPaint} ms`,
    ).toBe(true);
  });
}
