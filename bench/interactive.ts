import { type Browser, chromium, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../tests/support/chromium-flags.ts";
import type { PageTarget } from "./lighthouse.ts";
import { median } from "./stats.ts";

/**
 * Time to interactive on a slowed phone: a first visit in Chromium with the CPU slowed four times
 * and a slow 4G link (150 ms, 1.6 Mbit/s down, 750 kbit/s up), through the DevTools protocol. "Interactive" is the
 * moment React has hydrated the whole page: the last element of the body (in document order, scripts and React's
 * hidden streamed segments aside) carries
 * React's fiber, which it gets only when its part of the page hydrates. The same rule for the floor and for our pages,
 * whatever each marks itself; a control before that moment works as it does without JavaScript (decision 051).
 */
export const SLOW_PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
} as const;

/** First paint, the largest paint as the phone's browser reported it (its last entry by the time the page hydrated), and interactive. */
export type InteractiveRun = { fcpMs: number; lcpMs: number; interactiveMs: number };
export type InteractiveResult = PageTarget & { runs: InteractiveRun[]; median: InteractiveRun };

/** Never longer than this for one load: a page that does not hydrate in it is reported as failed, not waited for. */
const LOAD_LIMIT_MS = 60_000;

export async function measureInteractive(
  baseUrl: string,
  pages: PageTarget[],
  { runs, chromePath }: { runs: number; chromePath: string },
): Promise<InteractiveResult[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--headless=new", ...CHROMIUM_FLAGS] });
  try {
    // The first load of a fresh browser pays for its own start; made once and thrown away.
    if (pages[0]) await loadOnce(browser, `${pages[0].baseUrl ?? baseUrl}${pages[0].path}`);
    // Each round visits every page once, the floor's among them, so that a slower stretch of the machine falls on
    // every page alike instead of on the few measured during it.
    const measured = pages.map((page) => ({ page, runs: [] as InteractiveRun[] }));
    for (let round = 0; round < runs; round++)
      for (const { page, runs: pageRuns } of measured)
        pageRuns.push(await loadOnce(browser, `${page.baseUrl ?? baseUrl}${page.path}`));
    return measured.map(({ page, runs: pageRuns }) => ({
      ...page,
      runs: pageRuns,
      median: {
        fcpMs: median(pageRuns.map((r) => r.fcpMs)),
        lcpMs: median(pageRuns.map((r) => r.lcpMs)),
        interactiveMs: median(pageRuns.map((r) => r.interactiveMs)),
      },
    }));
  } finally {
    await browser.close();
  }
}

/** One first visit (a new context: no cache, no cookies) on the slowed phone, until the page has hydrated. */
async function loadOnce(browser: Browser, url: string): Promise<InteractiveRun> {
  const { defaultBrowserType: _type, ...phone } = devices["Moto G4"];
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
      uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
    await page.addInitScript(WATCH_HYDRATION);
    await page.goto(url, { waitUntil: "commit", timeout: LOAD_LIMIT_MS });
    await page.waitForFunction(
      () => (window as unknown as { __interactiveAt?: number }).__interactiveAt !== undefined,
      null,
      { timeout: LOAD_LIMIT_MS, polling: 250 },
    );
    return await page.evaluate(() => ({
      fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      lcpMs: (window as unknown as { __largestPaintAt?: number }).__largestPaintAt ?? Number.NaN,
      interactiveMs: (window as unknown as { __interactiveAt: number }).__interactiveAt,
    }));
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page before its own scripts: notes when the last element of the body has been hydrated. A string,
 * not a function: tsx compiles a function's inner arrow functions with a helper (`__name`) the page does not have.
 */
const WATCH_HYDRATION = `
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__largestPaintAt = entry.startTime;
}).observe({ type: "largest-contentful-paint", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  // Not React's streamed segments (hidden, moved into place and removed when they arrive on a slow link).
  const elements = document.body.querySelectorAll(":not(script):not(template):not(link):not(style):not([hidden]):not([hidden] *)");
  const last = elements[elements.length - 1];
  if (!last) return;
  const check = () => {
    if (Object.keys(last).some((key) => key.startsWith("__reactFiber$"))) window.__interactiveAt = performance.now();
    else setTimeout(check, 10);
  };
  check();
}, { once: true });`;
