import type { InteractiveResult } from "./interactive.ts";
import { SLOW_PHONE } from "./interactive.ts";
import type { PageResult } from "./lighthouse.ts";
import { isMissKind, type LoadResult } from "./load.ts";

/** The budgets and the ratios to the floor, checked against the bench's figures. */
const BUDGETS = {
  performance: 100,
  otherScores: 100,
  cls: 0,
  homeTransferBytes: 400 * 1024,
  jsGzipBytes: 150 * 1024,
  usedApiP95Ms: 50,
  /** Our page's SSR throughput at least this share of the floor page's, measured in the same run. */
  minThroughputRatio: 0.5,
  /** Our page's Lighthouse FCP and LCP at most this multiple of the floor page's. */
  maxPaintRatio: 1.3,
  /** Our page's time to interactive on a slowed phone at most this multiple of the floor page's. */
  maxInteractiveRatio: 1.3,
} as const;

/** The floor's page (../shared/anchors/rr-floor), measured beside ours: in Lighthouse and in each load run. */
export const FLOOR_PAGE = "Floor page (rr-floor /)";

export type Machine = {
  cpu: string;
  cores: number;
  ramGb: number;
  loadAverage: number[];
  node: string;
  chromium: string;
};
export type LoadRun = { database: string; results: LoadResult[]; leadsCreated?: number; leadsAnswered201?: number };
export type BenchReport = {
  date: Date;
  command: string;
  machine: Machine;
  usedVehicles: number;
  durations: { label: string; seconds: number }[];
  lighthouse?: { runs: number; pages: PageResult[] };
  interactive?: { runs: number; pages: InteractiveResult[] };
  /** Content-Encoding the server chose for a page and for a script when the client accepts br and gzip. */
  compression?: { html: string; script: string };
  load?: { connections: number; seconds: number; runs: LoadRun[] };
  loadAverageAtEnd: number[];
};

export type BudgetCheck = { budget: string; met: boolean; detail: string };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

type BudgetReport = Pick<BenchReport, "lighthouse" | "interactive" | "load" | "compression" | "machine">;

export function checkBudgets(report: BudgetReport): BudgetCheck[] {
  const measured = report.lighthouse?.pages ?? [];
  const pages = measured.filter((page) => page.name !== FLOOR_PAGE);
  const floorPage = measured.find((page) => page.name === FLOOR_PAGE);
  const checks: BudgetCheck[] = pages.length > 0 ? lighthouseChecks(pages, report) : [];
  if (pages.length > 0 && floorPage) checks.push(paintCheck(pages, floorPage));
  const interactive = report.interactive && interactiveCheck(report.interactive.pages);
  if (interactive) checks.push(interactive);
  for (const run of report.load?.runs ?? []) {
    const throughput = throughputCheck(run, "page", "floor");
    if (throughput) checks.push(throughput);
    const missThroughput = throughputCheck(run, "page-miss", "floor-miss");
    if (missThroughput) checks.push(missThroughput);
    checks.push(answeredCheck(run, report.load!.connections));
  }
  checks.push(...usedApiChecks(report));
  return checks;
}

/** The Lighthouse scores, the layout shift, the home page's weight and every page's JavaScript. */
function lighthouseChecks(pages: PageResult[], report: BudgetReport): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const below = (pick: (page: PageResult) => number, min: number) => pages.filter((page) => pick(page) < min);
  const scoreCheck = (budget: string, pick: (page: PageResult) => number, min: number) => {
    const missed = below(pick, min);
    checks.push({
      budget,
      met: missed.length === 0,
      detail:
        missed.length === 0
          ? "every page"
          : missed.map((page) => `${page.name} ${pick(page)} (${reasons(page, budget)})`).join("; "),
    });
  };
  scoreCheck(
    `Lighthouse performance >= ${BUDGETS.performance} on every page`,
    (p) => p.median.scores.performance,
    BUDGETS.performance,
  );
  scoreCheck("Accessibility 100", (p) => p.median.scores.accessibility, BUDGETS.otherScores);
  scoreCheck("Best practices 100", (p) => p.median.scores["best-practices"], BUDGETS.otherScores);
  scoreCheck("SEO 100", (p) => p.median.scores.seo, BUDGETS.otherScores);
  const shifting = pages.filter((page) => page.median.cls > BUDGETS.cls);
  checks.push({
    budget: "CLS 0",
    met: shifting.length === 0,
    detail:
      shifting.length === 0
        ? "every page"
        : shifting.map((page) => `${page.name} ${page.median.cls.toFixed(3)}`).join("; "),
  });
  const home = pages.find((page) => page.path === "/");
  if (home) {
    checks.push({
      budget: "Home page < 400 KB transferred on first visit",
      met: home.median.totalBytes < BUDGETS.homeTransferBytes,
      detail:
        `${kb(home.median.totalBytes)} (${kb(home.median.jsBytes)} of it JavaScript as sent)` +
        (report.compression?.html === "none" && home.median.totalBytes >= BUDGETS.homeTransferBytes
          ? "; the server sends pages and scripts uncompressed"
          : ""),
    });
  }
  const heavy = pages.filter((page) => page.median.jsGzipBytes >= BUDGETS.jsGzipBytes);
  const heaviest = [...pages].sort((a, b) => b.median.jsGzipBytes - a.median.jsGzipBytes)[0]!;
  checks.push({
    budget: "Every page < 150 KB JavaScript gzip",
    met: heavy.length === 0,
    detail:
      heavy.length === 0
        ? `heaviest: ${heaviest.name} ${kb(heaviest.median.jsGzipBytes)}`
        : heavy.map((page) => `${page.name} ${kb(page.median.jsGzipBytes)}`).join("; "),
  });
  return checks;
}

/** The used-vehicle API's p95 on PostgreSQL, plain and with the new filters. */
function usedApiChecks(report: BudgetReport): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const postgres = report.load?.runs.find((run) => run.database === "PostgreSQL");
  const api = postgres?.results.find((result) => result.name === USED_API_SCENARIO);
  const ceiling = postgres?.results.find((result) => result.name.startsWith(STATIC_SCENARIO));
  const single = postgres?.results.find((result) => result.name.startsWith(USED_API_ONE_CONNECTION_SCENARIO));
  if (api) {
    checks.push({
      budget: `Used-vehicle API p95 < ${BUDGETS.usedApiP95Ms} ms at ${report.load!.connections} connections, PostgreSQL`,
      met: api.p95 < BUDGETS.usedApiP95Ms && api.failures === 0,
      detail:
        `p95 ${ms(api.p95)} at ${Math.round(api.rps)} requests/s${api.failures > 0 ? `, ${api.failures} failed answers` : ""}` +
        (api.p95 >= BUDGETS.usedApiP95Ms && busy(report.machine) ? `; ${busyNote(report.machine!)}` : "") +
        (api.p95 >= BUDGETS.usedApiP95Ms && ceiling && ceiling.p95 >= BUDGETS.usedApiP95Ms
          ? `; even the static file's p95 was ${ms(ceiling.p95)} (${Math.round(ceiling.rps)} requests/s): the budget is below this machine's ceiling`
          : "") +
        (api.p95 >= BUDGETS.usedApiP95Ms && single ? `; ${queueingNote(report.load!.connections, api, single)}` : "") +
        (api.p95 >= BUDGETS.usedApiP95Ms ? cpuNote(report.machine, api, ceiling) : ""),
    });
  }
  const refined = postgres?.results.find((result) => result.name === USED_API_REFINED_SCENARIO);
  if (refined) {
    checks.push({
      budget: `Used-vehicle API with the new filters p95 < ${BUDGETS.usedApiP95Ms} ms at ${report.load!.connections} connections, PostgreSQL`,
      met: refined.p95 < BUDGETS.usedApiP95Ms && refined.failures === 0,
      detail:
        `p95 ${ms(refined.p95)} at ${Math.round(refined.rps)} requests/s${refined.failures > 0 ? `, ${refined.failures} failed answers` : ""}` +
        (refined.p95 >= BUDGETS.usedApiP95Ms && busy(report.machine) ? `; ${busyNote(report.machine!)}` : ""),
    });
  }
  return checks;
}

const ratio = (value: number) => `${value.toFixed(2)}x`;

function paintCheck(pages: PageResult[], floor: PageResult): BudgetCheck {
  const over = pages.filter(
    (page) =>
      page.median.fcpMs > floor.median.fcpMs * BUDGETS.maxPaintRatio ||
      page.median.lcpMs > floor.median.lcpMs * BUDGETS.maxPaintRatio,
  );
  return {
    budget: `FCP and LCP <= ${BUDGETS.maxPaintRatio}x the floor's on every page`,
    met: over.length === 0,
    detail:
      `floor FCP ${ms(floor.median.fcpMs)}, LCP ${ms(floor.median.lcpMs)}; ` +
      (over.length === 0
        ? "every page within"
        : over.map((page) => `${page.name} ${paintRatios(page, floor)}`).join("; ")),
  };
}

/** Each page interactive (hydrated) on the slowed phone within the ratio of the floor's time. */
function interactiveCheck(measured: InteractiveResult[]): BudgetCheck | null {
  const floor = measured.find((page) => page.name === FLOOR_PAGE);
  const pages = measured.filter((page) => page !== floor);
  if (!floor || pages.length === 0) return null;
  const limit = floor.median.interactiveMs * BUDGETS.maxInteractiveRatio;
  const late = pages.filter((page) => !(page.median.interactiveMs <= limit));
  const slowest = [...pages].sort((a, b) => b.median.interactiveMs - a.median.interactiveMs)[0]!;
  const ratioOf = (page: InteractiveResult) =>
    `${page.name} ${ms(page.median.interactiveMs)} = ${ratio(page.median.interactiveMs / floor.median.interactiveMs)}`;
  return {
    budget: `Time to interactive <= ${BUDGETS.maxInteractiveRatio}x the floor's on a slowed phone`,
    met: late.length === 0,
    detail: `floor ${ms(floor.median.interactiveMs)}; ${late.length === 0 ? `slowest ${ratioOf(slowest)}` : late.map(ratioOf).join("; ")}`,
  };
}

const paintRatios = (page: PageResult, floor: PageResult) =>
  `FCP ${ratio(page.median.fcpMs / floor.median.fcpMs)}, LCP ${ratio(page.median.lcpMs / floor.median.lcpMs)}`;

/** Each of our page scenarios' throughput against the floor page's in the same run: as kept, or on cache misses. */
function throughputCheck(
  run: LoadRun,
  pageKind: "page" | "page-miss",
  floorKind: "floor" | "floor-miss",
): BudgetCheck | null {
  const floor = run.results.find((result) => result.kind === floorKind);
  const pages = run.results.filter((result) => result.kind === pageKind);
  if (!floor || pages.length === 0) return null;
  const below = pages.filter((page) => page.rps < floor.rps * BUDGETS.minThroughputRatio);
  const what = pageKind === "page-miss" ? "Cache-miss page throughput (every request rendered)" : "Page throughput";
  return {
    budget: `${what} >= ${BUDGETS.minThroughputRatio}x the floor's, ${run.database}`,
    met: below.length === 0,
    detail:
      `floor ${Math.round(floor.rps)} pages/s; ` +
      (below.length === 0
        ? `lowest ${lowestRatio(pages, floor)}`
        : below.map((page) => `${page.name} ${Math.round(page.rps)}/s = ${ratio(page.rps / floor.rps)}`).join("; ")),
  };
}

const lowestRatio = (pages: LoadResult[], floor: LoadResult) => {
  const lowest = [...pages].sort((a, b) => a.rps - b.rps)[0]!;
  return `${lowest.name} ${Math.round(lowest.rps)}/s = ${ratio(lowest.rps / floor.rps)}`;
};

/** At the run's connections every request gets an answer (none left for autocannon's 10 s, no socket errors). */
function answeredCheck(run: LoadRun, connections: number): BudgetCheck {
  const unanswered = run.results.filter((result) => result.errors > 0);
  return {
    budget: `Every request answered at ${connections} connections, ${run.database}`,
    met: unanswered.length === 0,
    detail:
      unanswered.length === 0
        ? "every scenario"
        : unanswered
            .map(
              (result) =>
                `${result.name}: ${result.timeouts} without an answer in 10 s, ${result.errors - result.timeouts} socket errors`,
            )
            .join("; "),
  };
}

/**
 * Why a request that takes a few milliseconds alone waits hundreds at 50 connections: each connection waits for
 * the answers ahead of it, about connections / throughput (Little's law).
 */
function queueingNote(connections: number, loaded: LoadResult, single: LoadResult): string {
  const neededRps = Math.ceil((connections * 1000) / BUDGETS.usedApiP95Ms / 100) * 100;
  return (
    `alone, one request takes p50 ${ms(single.p50)} and p95 ${ms(single.p95)}; at ${connections} connections each waits for those ahead ` +
    `of it, about ${connections} / ${Math.round(loaded.rps)} requests/s = ${ms((connections / loaded.rps) * 1000)} on average (Little's law), ` +
    `so the budget needs roughly ${neededRps} or more answers a second from this server on this machine's CPUs, shared with PostgreSQL and autocannon`
  );
}

/** What the answers cost in CPU, and so how many a second the machine's cores can give at most. */
function cpuNote(machine: Machine | undefined, api: LoadResult, ceiling: LoadResult | undefined): string {
  const cost = api.cpuMsPerAnswer;
  if (!machine || !cost || cost.database === null) return "";
  const perAnswer = cost.server + cost.database;
  const most = Math.floor((machine.cores * 1000) / perAnswer / 10) * 10;
  const staticCost = ceiling?.cpuMsPerAnswer
    ? `, where the static file costs the server ${ceiling.cpuMsPerAnswer.server.toFixed(2)} ms`
    : "";
  return (
    `. Each answer costs ${cost.server.toFixed(2)} ms of the server's CPU and ${cost.database.toFixed(2)} ms of PostgreSQL's${staticCost}: ` +
    `${perAnswer.toFixed(2)} ms in all, so ${machine.cores} cores give at most about ${most} answers a second before autocannon takes its share`
  );
}

const busy = (machine: Machine | undefined) => !!machine && (machine.loadAverage[0] ?? 0) > machine.cores;
const busyNote = (machine: Machine) =>
  `the machine was busy (load average ${(machine.loadAverage[0] ?? 0).toFixed(1)} on ${machine.cores} cores at the start), so the server and autocannon waited for a CPU`;

export const USED_API_SCENARIO = "Used-vehicle API, random filters/sorts/pages";
export const STATIC_SCENARIO = "Static file";
export const USED_API_REFINED_SCENARIO = "Used-vehicle API, price/year/mileage/body/province/keyword filters";
export const USED_API_ONE_CONNECTION_SCENARIO = "Used-vehicle API, same mix, 1 connection";

function reasons(page: PageResult, budget: string): string {
  if (budget.startsWith("Lighthouse performance")) {
    const { fcpMs, lcpMs, speedIndexMs, tbtMs } = page.median;
    const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
    return `FCP ${seconds(fcpMs)}, LCP ${seconds(lcpMs)}, Speed Index ${seconds(speedIndexMs)}, TBT ${ms(tbtMs)}`;
  }
  const category = budget.startsWith("Accessibility")
    ? "accessibility"
    : budget.startsWith("Best")
      ? "best-practices"
      : "seo";
  const found = page.failing
    .filter((line) => line.startsWith(`${category}: `))
    .map((line) => line.slice(category.length + 2));
  return found.length > 0 ? found.join(", ") : "no single audit below its mark";
}

export function renderReport(report: BenchReport): string {
  const { machine } = report;
  const lines: string[] = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (bench/run.ts); do not edit by hand, run it again.",
    "",
    `- **Date:** ${report.date.toISOString().replace("T", " ").slice(0, 16)} UTC`,
    `- **Command:** \`${report.command}\``,
    `- **Machine:** ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM; Node ${machine.node}; ${machine.chromium}`,
    `- **Load average** at start ${machine.loadAverage.map((n) => n.toFixed(2)).join(" ")}, at end ${report.loadAverageAtEnd.map((n) => n.toFixed(2)).join(" ")} ` +
      `(1, 5, 15 min; above ${machine.cores} means other work was competing for the CPUs, which inflates TBT and latencies)`,
    `- **Data:** a fresh database per engine with the demo catalogue and ${report.usedVehicles.toLocaleString("en-US")} used vehicles (\`server/cli/db-seed.ts --used\`)`,
    `- **Compression** (client accepting br and gzip): pages ${report.compression?.html ?? "not checked"}, scripts ${report.compression?.script ?? "not checked"}`,
    `- **Steps:** ${report.durations.map((d) => `${d.label} ${Math.round(d.seconds)} s`).join(", ")}`,
    '- **Warm-up:** each server, once started, has read the used stock into memory (`/readyz` says "current") and answered every page three times and 2 s of the API mix (another seed) before anything is measured',
    "",
    "## Budgets",
    "",
    "| Budget | Met | Figure / why |",
    "| --- | --- | --- |",
    ...checkBudgets(report).map(
      (check) => `| ${check.budget} | ${check.met ? "met" : "**missed**"} | ${escapeCell(check.detail)} |`,
    ),
    "",
  ];
  lines.push(...floorSection(report));
  if (report.lighthouse) lines.push(...lighthouseSection(report.lighthouse));
  if (report.load) lines.push(...loadSection(report.load));
  return `${lines.join("\n")}\n`;
}

/** Our pages as ratios of the floor's figures in the same run: what the ratio budgets compare. */
function floorSection(report: BenchReport): string[] {
  const lines: string[] = [];
  const floor = report.lighthouse?.pages.find((page) => page.name === FLOOR_PAGE);
  const runsWithFloor = (report.load?.runs ?? []).filter((run) =>
    run.results.some((result) => result.kind === "floor"),
  );
  if (!floor && !report.interactive && runsWithFloor.length === 0) return lines;
  lines.push(
    "## Against the floor",
    "",
    "The floor is ../shared/anchors/rr-floor, the smallest server-rendered React Router 7 app (one page with a loader),",
    "built and served by the bench beside our server and measured in the same run on the same machine.",
    "",
  );
  if (floor) {
    lines.push(
      `Lighthouse (median of ${report.lighthouse!.runs}): the floor's FCP ${ms(floor.median.fcpMs)}, LCP ${ms(floor.median.lcpMs)}, performance ${floor.median.scores.performance}.`,
      "",
      `| Page | FCP | FCP / floor | LCP | LCP / floor | Perf |`,
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...report
        .lighthouse!.pages.filter((page) => page !== floor)
        .map(
          ({ name, median: m }) =>
            `| ${name} | ${ms(m.fcpMs)} | ${ratio(m.fcpMs / floor.median.fcpMs)} | ${ms(m.lcpMs)} | ${ratio(m.lcpMs / floor.median.lcpMs)} | ${m.scores.performance} |`,
        ),
      "",
    );
  }
  if (report.interactive) lines.push(...interactiveSection(report.interactive));
  if (runsWithFloor.length > 0) {
    lines.push(
      `Server-side rendering at ${report.load!.connections} connections (HTML, br/gzip accepted): pages a second and the server's CPU per answer, beside the floor's. ` +
        'A "cache miss" asks with a query string of its own on every request, so that each answer is a render, and is compared with the floor asked the same way.',
      "",
      "| Database | Page | Pages/s | / floor | CPU/answer (server + PostgreSQL) | floor's CPU/answer | Failures |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const run of runsWithFloor) {
      for (const page of run.results.filter((result) => result.kind !== undefined)) {
        const floorRun =
          run.results.find((result) => result.kind === (isMissKind(page.kind) ? "floor-miss" : "floor")) ??
          run.results.find((result) => result.kind === "floor")!;
        const cpu = page.cpuMsPerAnswer ? page.cpuMsPerAnswer.server + (page.cpuMsPerAnswer.database ?? 0) : undefined;
        lines.push(
          `| ${run.database} | ${page.name} | ${Math.round(page.rps)} | ${ratio(page.rps / floorRun.rps)} | ${cpuText(cpu)} | ${cpuText(floorRun.cpuMsPerAnswer?.server)} | ${failureText(page)} |`,
        );
      }
    }
    lines.push("");
  }
  return lines;
}

function interactiveSection({ runs, pages }: NonNullable<BenchReport["interactive"]>): string[] {
  const floor = pages.find((page) => page.name === FLOOR_PAGE);
  const per = (value: number, of: number | undefined) => (of ? ratio(value / of) : "-");
  return [
    `Time to interactive on a slowed phone (bench/interactive.ts, median of ${runs} first visits, every page and the floor's visited once a round): Chromium with the CPU slowed ` +
      `${SLOW_PHONE.cpuSlowdown} times and a ${SLOW_PHONE.latencyMs} ms, ${(SLOW_PHONE.downloadBytesPerSecond * 8) / 1e6} Mbit/s link; interactive is when ` +
      "React has hydrated the page's last element; FCP and LCP as that phone's browser reported them (not Lighthouse's model). Before it, every control works as it does without JavaScript (decision 051).",
    "",
    "| Page | FCP | LCP | Interactive | Interactive / floor | Runs (interactive) |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...pages.map(
      (page) =>
        `| ${page.name} | ${ms(page.median.fcpMs)} | ${ms(page.median.lcpMs)} | ${ms(page.median.interactiveMs)} | ${per(page.median.interactiveMs, floor?.median.interactiveMs)} | ${page.runs.map((run) => ms(run.interactiveMs)).join(", ")} |`,
    ),
    "",
  ];
}

function lighthouseSection({ runs, pages }: NonNullable<BenchReport["lighthouse"]>): string[] {
  return [
    `## Lighthouse 12 (mobile preset, simulated throttling, median of ${runs} runs)`,
    "",
    'Embedded database (PGlite) server. Bytes as transferred by this server; "JS gzip" is the page\'s scripts gzipped',
    "(level 9) by the bench, the budget's measure whatever compression the server applies.",
    "",
    "| Page | Path | Perf | A11y | BP | SEO | FCP | LCP | SI | TBT | CLS | Total bytes | JS bytes | JS gzip |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...pages
      .map(({ name, path, median: m }) =>
        [
          name,
          `\`${path}\``,
          m.scores.performance,
          m.scores.accessibility,
          m.scores["best-practices"],
          m.scores.seo,
          ms(m.fcpMs),
          ms(m.lcpMs),
          ms(m.speedIndexMs),
          ms(m.tbtMs),
          m.cls.toFixed(3),
          kb(m.totalBytes),
          kb(m.jsBytes),
          kb(m.jsGzipBytes),
        ].join(" | "),
      )
      .map((row) => `| ${row} |`),
    "",
    "Accessibility, best-practice and SEO audits failed (any run):",
    "",
    ...pages.flatMap((page) =>
      page.failing.length > 0 ? [`- ${page.name}: ${page.failing.map(escapeCell).join("; ")}`] : [],
    ),
    ...(pages.every((page) => page.failing.length === 0) ? ["- none"] : []),
    "",
  ];
}

function loadSection({ connections, seconds, runs }: NonNullable<BenchReport["load"]>): string[] {
  const lines = [
    `## Load (autocannon, loopback, ${connections} connections unless the scenario says otherwise, ${seconds} s each)`,
    "",
    "Latencies are measured per answer; a failure is an answer outside 2xx, a socket error or a request",
    "without an answer in 10 s (autocannon's timeout; such requests are not in the percentiles). CPU per",
    "answer is the CPU time (user + system, from /proc) the server process and PostgreSQL's backends for the",
    "bench database used during the scenario, divided by the answers; PGlite's is inside the server's.",
    "",
    "| Database | Scenario | Requests | Requests/s | p50 | p95 | p99 | Failures | CPU/answer, server | CPU/answer, PostgreSQL |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const run of runs) {
    for (const r of run.results) {
      lines.push(
        `| ${run.database} | ${r.name} | ${r.requests} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${failureText(r)} | ` +
          `${cpuText(r.cpuMsPerAnswer?.server)} | ${cpuText(r.cpuMsPerAnswer?.database)} |`,
      );
    }
  }
  lines.push("");
  for (const run of runs) {
    if (run.leadsCreated !== undefined) {
      lines.push(
        `- ${run.database}: ${run.leadsCreated} leads stored by the enquiry scenario, ${run.leadsAnswered201 ?? 0} of them answered 201 within ` +
          "the time (the rest were in flight when autocannon stopped; the server finished them).",
      );
    }
  }
  lines.push("");
  return lines;
}

const cpuText = (msPerAnswer: number | null | undefined) =>
  msPerAnswer === null || msPerAnswer === undefined || Number.isNaN(msPerAnswer) ? "-" : `${msPerAnswer.toFixed(2)} ms`;

function failureText(result: LoadResult): string {
  if (result.failures === 0) return "0";
  const kinds = Object.entries(result.statuses)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, n]) => `${n} x ${code}`);
  if (result.timeouts > 0) kinds.push(`${result.timeouts} without an answer in 10 s`);
  if (result.errors > result.timeouts) kinds.push(`${result.errors - result.timeouts} socket errors`);
  return `${result.failures} (${kinds.join(", ")})`;
}

const escapeCell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
