import { describe, expect, it } from "vitest";
import type { PageResult } from "./lighthouse.ts";
import type { LoadResult } from "./load.ts";
import {
  type BenchReport,
  checkBudgets,
  FLOOR_PAGE,
  renderReport,
  USED_API_ONE_CONNECTION_SCENARIO,
  USED_API_SCENARIO,
} from "./report.ts";
import { median, quantile } from "./stats.ts";

function page(
  name: string,
  path: string,
  overrides: Partial<PageResult["median"]> = {},
  failing: string[] = [],
): PageResult {
  const figures = {
    scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
    fcpMs: 900,
    lcpMs: 1200,
    speedIndexMs: 1000,
    tbtMs: 0,
    cls: 0,
    totalBytes: 120_000,
    jsBytes: 90_000,
    jsGzipBytes: 90_000,
    ...overrides,
  };
  return { name, path, runs: [{ ...figures, failing }], median: figures, failing };
}

function apiResult(p95: number, failures = 0): LoadResult {
  const statuses: Record<string, number> = failures > 0 ? { 200: 5000 - failures, 503: failures } : { 200: 5000 };
  return {
    name: USED_API_SCENARIO,
    requests: 5000,
    rps: 500,
    p50: 10,
    p95,
    p99: p95 * 2,
    failures,
    errors: 0,
    timeouts: 0,
    statuses,
  };
}

const report = (pages: PageResult[], api: LoadResult): BenchReport => ({
  date: new Date("2026-11-22T21:00:00Z"),
  command: "npm run bench",
  machine: {
    cpu: "Test CPU",
    cores: 2,
    ramGb: 8,
    loadAverage: [1.5, 1, 0.5],
    node: "v20.19.0",
    chromium: "Chromium 140",
  },
  usedVehicles: 100_000,
  durations: [{ label: "build", seconds: 14 }],
  lighthouse: { runs: 3, pages },
  load: {
    connections: 50,
    seconds: 10,
    runs: [{ database: "PostgreSQL", results: [api], leadsCreated: 12, leadsAnswered201: 10 }],
  },
  loadAverageAtEnd: [2, 1, 0.5],
});

describe("bench budgets", () => {
  it("are all met by pages at full marks and a fast API", () => {
    const checks = checkBudgets(report([page("Home", "/"), page("Blog", "/blog")], apiResult(20)));
    expect(checks.map((check) => check.budget)).toHaveLength(9);
    expect(checks.filter((check) => !check.met)).toEqual([]);
  });

  it("name the page, the figure and the failing audits of each missed budget", () => {
    const pages = [
      page("Home", "/", { totalBytes: 500 * 1024, cls: 0.02 }),
      page(
        "Finance",
        "/finance",
        {
          scores: { performance: 88, accessibility: 100, "best-practices": 96, seo: 100 },
          lcpMs: 3100,
          tbtMs: 240,
          jsGzipBytes: 160 * 1024,
        },
        ["best-practices: Browser errors were logged to the console"],
      ),
    ];
    const missed = checkBudgets(report(pages, apiResult(80, 3))).filter((check) => !check.met);
    expect(missed.map((check) => [check.budget, check.detail])).toEqual([
      [
        "Lighthouse performance >= 100 on every page",
        "Finance 88 (FCP 0.9 s, LCP 3.1 s, Speed Index 1.0 s, TBT 240 ms)",
      ],
      ["Best practices 100", "Finance 96 (Browser errors were logged to the console)"],
      ["CLS 0", "Home 0.020"],
      ["Home page < 400 KB transferred on first visit", "500.0 KB (87.9 KB of it JavaScript as sent)"],
      ["Every page < 150 KB JavaScript gzip", "Finance 160.0 KB"],
      ["Used-vehicle API p95 < 50 ms at 50 connections, PostgreSQL", "p95 80 ms at 500 requests/s, 3 failed answers"],
    ]);
  });

  it("say when the server sent everything uncompressed and when the machine was busy", () => {
    const busyUncompressed: BenchReport = {
      ...report([page("Home", "/", { totalBytes: 600 * 1024 })], apiResult(120)),
      compression: { html: "none", script: "none" },
    };
    busyUncompressed.machine = { ...busyUncompressed.machine, loadAverage: [9.5, 8, 7] };
    const details = Object.fromEntries(checkBudgets(busyUncompressed).map((check) => [check.budget, check.detail]));
    expect(details["Home page < 400 KB transferred on first visit"]).toContain(
      "the server sends pages and scripts uncompressed",
    );
    expect(details["Used-vehicle API p95 < 50 ms at 50 connections, PostgreSQL"]).toContain(
      "load average 9.5 on 2 cores",
    );
    expect(renderReport(busyUncompressed)).toContain(
      "**Compression** (client accepting br and gzip): pages none, scripts none",
    );
  });

  it("are written to the report with the machine, the command and the tables", () => {
    const markdown = renderReport(report([page("Home", "/")], apiResult(20)));
    expect(markdown).toContain("`npm run bench`");
    expect(markdown).toContain("Test CPU, 2 cores, 8 GB RAM");
    expect(markdown).toContain("at start 1.50 1.00 0.50");
    expect(markdown).toContain(
      "| Home | `/` | 100 | 100 | 100 | 100 | 900 ms | 1200 ms | 1000 ms | 0 ms | 0.000 | 117.2 KB | 87.9 KB | 87.9 KB |",
    );
    expect(markdown).toContain(
      `| PostgreSQL | ${USED_API_SCENARIO} | 5000 | 500 | 10 ms | 20 ms | 40 ms | 0 | - | - |`,
    );
    expect(markdown).toContain("12 leads stored by the enquiry scenario, 10 of them answered 201");
  });
});

describe("bench budgets for the used-vehicle API", () => {
  it("compare a missed API budget with the static file's ceiling and list the failed answers", () => {
    const slow = report([page("Home", "/")], apiResult(300, 7));
    slow.load!.runs[0]!.results.push({ ...apiResult(60), name: "Static file /assets/root.css (ceiling)" });
    const api = checkBudgets(slow).find((check) => check.budget.startsWith("Used-vehicle API"))!;
    expect(api.detail).toContain("even the static file's p95 was 60 ms (500 requests/s)");
    expect(renderReport(slow)).toContain("| 7 (7 x 503) |");
    const starved = { ...apiResult(20), failures: 4, errors: 4, timeouts: 3 };
    slow.load!.runs[0]!.results.push({ ...starved, name: "Model page" });
    expect(renderReport(slow)).toContain("| 4 (3 without an answer in 10 s, 1 socket errors) |");
  });

  it("explain a missed API budget by queueing when one connection alone is fast", () => {
    const queued = report([page("Home", "/")], { ...apiResult(350), rps: 200 });
    queued.load!.runs[0]!.results.push({
      ...apiResult(12),
      p50: 7,
      name: `${USED_API_ONE_CONNECTION_SCENARIO} (no queueing)`,
    });
    const api = checkBudgets(queued).find((check) => check.budget.startsWith("Used-vehicle API"))!;
    expect(api.met).toBe(false);
    expect(api.detail).toContain("alone, one request takes p50 7 ms and p95 12 ms");
    expect(api.detail).toContain("about 50 / 200 requests/s = 250 ms on average");
    expect(api.detail).toContain("roughly 1000 or more answers a second");
  });

  it("tell a missed API budget's CPU cost per answer and what the cores can give at that cost", () => {
    const costly = report([page("Home", "/")], {
      ...apiResult(130),
      rps: 590,
      cpuMsPerAnswer: { server: 1.2, database: 1.3 },
    });
    costly.load!.runs[0]!.results.push({
      ...apiResult(28),
      name: "Static file /assets/app.css (ceiling)",
      cpuMsPerAnswer: { server: 0.45, database: 0 },
    });
    const api = checkBudgets(costly).find((check) => check.budget.startsWith("Used-vehicle API"))!;
    expect(api.detail).toContain(
      "Each answer costs 1.20 ms of the server's CPU and 1.30 ms of PostgreSQL's, where the static file costs the server 0.45 ms: " +
        "2.50 ms in all, so 2 cores give at most about 800 answers a second",
    );
    expect(renderReport(costly)).toContain(
      `| PostgreSQL | ${USED_API_SCENARIO} | 5000 | 590 | 10 ms | 130 ms | 260 ms | 0 | 1.20 ms | 1.30 ms |`,
    );
  });
});

const pageLoad = (
  name: string,
  rps: number,
  kind: NonNullable<LoadResult["kind"]>,
  extra: Partial<LoadResult> = {},
): LoadResult => ({
  ...apiResult(30),
  name,
  rps,
  kind,
  cpuMsPerAnswer: { server: kind.startsWith("floor") ? 1 : 4, database: null },
  ...extra,
});

describe("bench against the floor", () => {
  it("state each page's paint and throughput as ratios of the floor's in the same run, and which fall short", () => {
    const floorPage = page(FLOOR_PAGE, "/", { fcpMs: 700, lcpMs: 800 });
    const withFloor = report(
      [page("Home", "/", { fcpMs: 2100, lcpMs: 2200 }), page("Blog", "/blog", { fcpMs: 850, lcpMs: 900 }), floorPage],
      apiResult(20),
    );
    withFloor.load!.runs[0]!.results.push(
      pageLoad("Home page /", 300, "page"),
      pageLoad(FLOOR_PAGE, 1000, "floor"),
      pageLoad("Used listing page /used", 600, "page", { failures: 12, errors: 12, timeouts: 12 }),
    );
    const missed = Object.fromEntries(
      checkBudgets(withFloor)
        .filter((check) => !check.met)
        .map((check) => [check.budget, check.detail]),
    );
    expect(missed).toEqual({
      "FCP and LCP <= 1.3x the floor's on every page": "floor FCP 700 ms, LCP 800 ms; Home FCP 3.00x, LCP 2.75x",
      "Page throughput >= 0.5x the floor's, PostgreSQL": "floor 1000 pages/s; Home page / 300/s = 0.30x",
      "Every request answered at 50 connections, PostgreSQL":
        "Used listing page /used: 12 without an answer in 10 s, 0 socket errors",
    });
    const markdown = renderReport(withFloor);
    expect(markdown).toContain("| Blog | 850 ms | 1.21x | 900 ms | 1.13x | 100 |");
    expect(markdown).toContain("| PostgreSQL | Home page / | 300 | 0.30x | 4.00 ms | 1.00 ms | 0 |");
    // The floor's page is the measure, not one of the pages the budgets are about.
    expect(checkBudgets(withFloor).find((check) => check.budget.startsWith("Accessibility"))!.detail).toBe(
      "every page",
    );
  });

  it("compare cache misses with the floor asked the same way, apart from the kept pages", () => {
    const withMisses = report([], apiResult(20));
    withMisses.load!.runs[0]!.results.push(
      pageLoad("Home page /", 900, "page"),
      pageLoad(FLOOR_PAGE, 1000, "floor"),
      pageLoad("Home / , cache miss", 200, "page-miss"),
      pageLoad("Used vehicle /used/x, cache miss", 450, "page-miss"),
      pageLoad(`${FLOOR_PAGE}, cache miss`, 800, "floor-miss"),
    );
    const checks = Object.fromEntries(
      checkBudgets(withMisses).map((check) => [check.budget, [check.met, check.detail]]),
    );
    expect(checks["Page throughput >= 0.5x the floor's, PostgreSQL"]).toEqual([
      true,
      "floor 1000 pages/s; lowest Home page / 900/s = 0.90x",
    ]);
    expect(checks["Cache-miss page throughput (every request rendered) >= 0.5x the floor's, PostgreSQL"]).toEqual([
      false,
      "floor 800 pages/s; Home / , cache miss 200/s = 0.25x",
    ]);
    expect(renderReport(withMisses)).toContain(
      "| PostgreSQL | Used vehicle /used/x, cache miss | 450 | 0.56x | 4.00 ms | 1.00 ms | 0 |",
    );
  });

  it("are met when every page is within the ratios", () => {
    const close = report(
      [page("Home", "/", { fcpMs: 900, lcpMs: 1000 }), page(FLOOR_PAGE, "/", { fcpMs: 800, lcpMs: 800 })],
      apiResult(20),
    );
    close.load!.runs[0]!.results.push(pageLoad("Home page /", 600, "page"), pageLoad(FLOOR_PAGE, 1000, "floor"));
    const ours = checkBudgets(close).filter((check) => /floor|answered/.test(check.budget));
    expect(ours.map((check) => [check.budget, check.met])).toEqual([
      ["FCP and LCP <= 1.3x the floor's on every page", true],
      ["Page throughput >= 0.5x the floor's, PostgreSQL", true],
      ["Every request answered at 50 connections, PostgreSQL", true],
    ]);
  });
});

describe("bench statistics", () => {
  it("take the nearest-rank quantile and the middle value", () => {
    const numbers = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(quantile(numbers, 0.95)).toBe(95);
    expect(quantile(numbers, 0.5)).toBe(50);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("bench against the floor on a slowed phone", () => {
  it("hold each page's time to interactive on a slowed phone to 1.3 times the floor's", () => {
    const timed = (name: string, interactiveMs: number[]) => ({
      name,
      path: "/",
      runs: interactiveMs.map((ms) => ({ fcpMs: 500, lcpMs: 600, interactiveMs: ms })),
      median: { fcpMs: 500, lcpMs: 600, interactiveMs: [...interactiveMs].sort((a, b) => a - b)[1]! },
    });
    const withTimes = {
      ...report([], apiResult(20)),
      interactive: {
        runs: 3,
        pages: [
          timed("Home", [1500, 1400, 1600]),
          timed("Finance", [2100, 1900, 2000]),
          timed(FLOOR_PAGE, [1200, 1100, 1300]),
        ],
      },
    };
    const check = checkBudgets(withTimes).find(
      (c) => c.budget === "Time to interactive <= 1.3x the floor's on a slowed phone",
    )!;
    expect(check).toMatchObject({ met: false, detail: "floor 1200 ms; Finance 2000 ms = 1.67x" });
    expect(renderReport(withTimes)).toContain(
      "| Home | 500 ms | 600 ms | 1500 ms | 1.25x | 1500 ms, 1400 ms, 1600 ms |",
    );
  });
});
