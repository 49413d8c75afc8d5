import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "../tests/support/chromium-flags.ts";
import { median } from "./stats.ts";

/**
 * Lighthouse 12 with its default config: the mobile preset (Moto G Power viewport) and simulated
 * throttling (slow 4G, 4x CPU slowdown). Each run is a first visit: Lighthouse clears the cache and storage.
 */
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

export type PageRun = {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  /** The page's scripts gzipped here (level 9), whatever the server sent: the budget's measure. */
  jsGzipBytes: number;
  /** Audits failed in accessibility, best practices or SEO, e.g. "seo: Document does not have a meta description". */
  failing: string[];
};

/** A page to measure; `baseUrl` when it is another server's (the floor's). */
export type PageTarget = { name: string; path: string; baseUrl?: string };
export type PageResult = PageTarget & { runs: PageRun[]; median: Omit<PageRun, "failing">; failing: string[] };

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

export async function runLighthouse(
  baseUrl: string,
  pages: PageTarget[],
  {
    runs,
    chromePath,
    chromePort,
    log,
  }: { runs: number; chromePath: string; chromePort: number; log: (line: string) => void },
): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    port: chromePort,
    logLevel: "error",
  });
  const gzipSizes = new Map<string, number>();
  try {
    // Chrome's first navigation is slower than the rest (its own caches and JIT are cold), which would count
    // against whichever page comes first: one run of the first page is made and thrown away.
    const urlOf = (page: PageTarget) => `${page.baseUrl ?? baseUrl}${page.path}`;
    if (pages[0])
      await lighthouse(urlOf(pages[0]), {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
    const results: PageResult[] = [];
    for (const page of pages) {
      const pageRuns: PageRun[] = [];
      for (let run = 1; run <= runs; run++) {
        const outcome = await lighthouse(urlOf(page), {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!outcome) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (outcome.lhr.runtimeError)
          throw new Error(`Lighthouse failed on ${page.path}: ${outcome.lhr.runtimeError.message}`);
        const pageRun = await summarise(outcome.lhr, gzipSizes);
        pageRuns.push(pageRun);
        log(
          `  ${page.name} run ${run}/${runs}: perf ${pageRun.scores.performance} a11y ${pageRun.scores.accessibility} ` +
            `bp ${pageRun.scores["best-practices"]} seo ${pageRun.scores.seo} LCP ${Math.round(pageRun.lcpMs)} ms ` +
            `TBT ${Math.round(pageRun.tbtMs)} ms CLS ${pageRun.cls.toFixed(3)} ${Math.round(pageRun.totalBytes / 1024)} KB`,
        );
      }
      results.push({
        ...page,
        runs: pageRuns,
        median: medianRun(pageRuns),
        failing: [...new Set(pageRuns.flatMap((r) => r.failing))],
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

async function summarise(lhr: Lhr, gzipSizes: Map<string, number>): Promise<PageRun> {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (
    (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((item) => item.resourceType === "Script");
  let jsGzipBytes = 0;
  for (const { url } of requests) jsGzipBytes += await gzipSize(url, gzipSizes);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  return {
    scores,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    speedIndexMs: numeric("speed-index"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    totalBytes: numeric("total-byte-weight"),
    jsBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsGzipBytes,
    failing: failingAudits(lhr),
  };
}

function failingAudits(lhr: Lhr): string[] {
  const failing: string[] = [];
  // Performance is told by its metrics (in the report's table), not by audits.
  for (const id of CATEGORIES.filter((category) => category !== "performance")) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push(`${id}: ${audit.title}`);
      }
    }
  }
  return failing;
}

async function gzipSize(url: string, cache: Map<string, number>): Promise<number> {
  const known = cache.get(url);
  if (known !== undefined) return known;
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  const size = response.ok ? gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length : 0;
  cache.set(url, size);
  return size;
}

function medianRun(runs: PageRun[]): PageResult["median"] {
  const of = (pick: (run: PageRun) => number) => median(runs.map(pick));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, of((run) => run.scores[id])])) as Record<Category, number>,
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    speedIndexMs: of((run) => run.speedIndexMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    totalBytes: of((run) => run.totalBytes),
    jsBytes: of((run) => run.jsBytes),
    jsGzipBytes: of((run) => run.jsGzipBytes),
  };
}
