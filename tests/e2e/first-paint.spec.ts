import { expect, test } from "@playwright/test";
import { HYDRATION_START_LIMIT_MS } from "../../app/framework/hydrate-after-paint.server.ts";
import { hydrated } from "./support/page-checks.ts";

/**
 * Decisions 048 and 062: a page's scripts download beside it from the start, at low priority, but run (the route
 * modules, then the client entry that hydrates) only once the page has loaded and painted its largest content, so
 * that no script's work delays what the buyer sees first; the page then hydrates as before. Order only, no timings.
 */
for (const path of ["/", "/used", "/finance"]) {
  test(`${path}: the scripts download with the page and run only after it has painted its largest content, then it hydrates`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen = { largestPaints: [] as number[], routeModulesAt: Number.NaN };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.largestPaints.push(entry.startTime);
      }).observe({ type: "largest-contentful-paint", buffered: true });
      // The route-modules script sets this once its wait is over and the route modules have run, before hydrating.
      let routeModules: unknown;
      Object.defineProperty(window, "__reactRouterRouteModules", {
        configurable: true,
        get: () => routeModules,
        set: (value) => {
          if (Number.isNaN(seen.routeModulesAt)) seen.routeModulesAt = performance.now();
          routeModules = value;
        },
      });
    });
    await page.goto(path);
    await hydrated(page);
    const timeline = await page.evaluate(() => ({
      loaded: performance.getEntriesByType("navigation")[0]!.toJSON().loadEventStart as number,
      ...(window as unknown as { seen: { largestPaints: number[]; routeModulesAt: number } }).seen,
      scriptsStarted: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timeline.scriptsStarted.length).toBeGreaterThan(2);
    expect(timeline.largestPaints.length).toBeGreaterThan(0);
    expect(timeline.routeModulesAt).toBeGreaterThan(0);
    const firstScript = Math.min(...timeline.scriptsStarted);
    expect(firstScript, "the downloads start with the page, before its load event").toBeLessThan(timeline.loaded);
    // A page that takes longer than the limit to load (a picture that never arrives) runs its scripts at the limit.
    const ran = timeline.routeModulesAt;
    const lastLargestPaint = Math.max(...timeline.largestPaints);
    expect(ran, "the scripts run after the load event, or at the limit").toBeGreaterThanOrEqual(
      Math.min(timeline.loaded, HYDRATION_START_LIMIT_MS),
    );
    expect(ran, "the scripts run after the largest paint, or at the limit").toBeGreaterThanOrEqual(
      Math.min(lastLargestPaint, HYDRATION_START_LIMIT_MS),
    );
  });
}

/**
 * Decision 068: the components most pages never show are not in the chunk every page loads. The lead forms and the
 * home page's sections come with the pages that show them, and only with those.
 */
const FAMILY_CHUNKS = ["forms", "showcase"];
const SHARED_CHUNKS: { path: string; shows: string[] }[] = [
  { path: "/used", shows: [] },
  { path: "/", shows: ["showcase"] },
  { path: "/service", shows: ["forms"] },
];
for (const { path, shows } of SHARED_CHUNKS) {
  test(`${path} loads the shared chunks it shows (${shows.join(", ") || "neither family's"}) and not the others`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.push(pathname);
    });
    await page.goto(path);
    await hydrated(page);
    const loaded = (family: string) => scripts.some((script) => script.startsWith(`/assets/${family}-`));
    expect(loaded("site"), `the site's shared chunk among ${scripts.join(", ")}`).toBe(true);
    for (const family of FAMILY_CHUNKS)
      expect(loaded(family), `${family} among ${scripts.join(", ")}`).toBe(shows.includes(family));
  });
}

/**
 * Decision 070: the framework chunk asks V8 to compile all its functions while it streams in, off the main thread;
 * the hint must be the chunk's first line as the browser receives it (after minification, which drops comments).
 * Only that chunk: a route's own chunk holds code that its page may never call.
 */
test("the framework chunk that every page loads asks to be compiled while it downloads; the page's own chunks do not", async ({
  page,
}) => {
  const scripts = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.add(pathname);
  });
  await page.goto("/used");
  await hydrated(page);
  const firstLines = new Map<string, string>();
  for (const pathname of [...scripts])
    firstLines.set(pathname, (await (await page.request.get(pathname)).text()).split("\n", 1)[0]!);
  const framework = [...firstLines.keys()].filter((pathname) => pathname.startsWith("/assets/framework-"));
  expect(framework, `the framework chunk among ${[...firstLines.keys()].join(", ")}`).toHaveLength(1);
  for (const [pathname, firstLine] of firstLines)
    expect(firstLine === "//# allFunctionsCalledOnLoad", pathname).toBe(pathname === framework[0]);
});
