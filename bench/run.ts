/**
 * `npm run bench`: builds, seeds a fresh embedded database and a fresh PostgreSQL database
 * with the demo catalogue and 100 000 used vehicles, starts the production server on each, measures Lighthouse
 * (embedded only: the pages are the same) and autocannon load (both), and writes docs/benchmarks.md. The floor
 * (../shared/anchors/rr-floor, the smallest React Router 7 app; see floor.ts) is built and served beside it and
 * measured in the same run, so that the pages' figures are stated as ratios of the framework's own.
 *
 *   npm run bench [-- --runs 3 --seconds 10 --connections 50 --used 100000 --skip-build
 *                     --postgres postgres://postgres@127.0.0.1:5432/postgres | --no-postgres
 *                     --floor ../shared/anchors/rr-floor --database-prefix honda_bench
 *                     --no-lighthouse --no-interactive --no-load --out docs/benchmarks.md]
 *
 * Ports 3510 (embedded), 3520 (PostgreSQL), 3550 (the floor) and 3590 (Chromium's debugging port) unless
 * --port-base moves them.
 * Servers, temporary data folders and the honda_bench_* database (--database-prefix) are removed at the end, also on failure or Ctrl-C.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { adminQuery, adminSelect } from "../db/admin.ts";
import { openDatabase, type DatabaseOptions } from "../db/client.ts";
import { enquiries } from "../db/schema.ts";
import { type AppProcess, startAppProcess } from "../tests/support/app-process.ts";
import { cpuDuring } from "./cpu.ts";
import { DEFAULT_FLOOR_SOURCE, type FloorServer, prepareFloor, serveFloor } from "./floor.ts";
import { measureInteractive } from "./interactive.ts";
import { runLighthouse } from "./lighthouse.ts";
import {
  enquiryRequests,
  fixedPath,
  pageScenario,
  refinedApiScenario,
  runScenario,
  type Scenario,
  uniqueQueryPaths,
  usedApiScenario,
} from "./load.ts";
import {
  type BenchReport,
  checkBudgets,
  FLOOR_PAGE,
  type LoadRun,
  type Machine,
  renderReport,
  STATIC_SCENARIO,
  USED_API_ONE_CONNECTION_SCENARIO,
  USED_API_REFINED_SCENARIO,
  USED_API_SCENARIO,
} from "./report.ts";
import { parseCommandLine } from "../server/cli/command-line.ts";

const projectRoot = path.resolve(import.meta.dirname, "..");
const USAGE = `Usage: npm run bench -- [--runs 3] [--seconds 10] [--connections 50] [--used 100000] [--skip-build]
    [--postgres URL | --no-postgres] [--floor DIR] [--database-prefix honda_bench] [--no-lighthouse] [--no-interactive] [--no-load]
    [--port-base 3510] [--chromium /usr/bin/chromium] [--out docs/benchmarks.md]
  Builds, seeds a fresh embedded and a fresh PostgreSQL database with the demo catalogue and --used used
  vehicles, measures Lighthouse and autocannon load on each beside the React Router floor, and writes --out.`;

const { values: options } = parseCommandLine(USAGE, {
  runs: { type: "string", default: "3" },
  seconds: { type: "string", default: "10" },
  connections: { type: "string", default: "50" },
  used: { type: "string", default: "100000" },
  "skip-build": { type: "boolean", default: false },
  postgres: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  "no-postgres": { type: "boolean", default: false },
  "no-lighthouse": { type: "boolean", default: false },
  "no-interactive": { type: "boolean", default: false },
  "no-load": { type: "boolean", default: false },
  "port-base": { type: "string", default: "3510" },
  chromium: { type: "string", default: "/usr/bin/chromium" },
  floor: { type: "string", default: DEFAULT_FLOOR_SOURCE },
  "database-prefix": { type: "string", default: "honda_bench" },
  out: { type: "string", default: "docs/benchmarks.md" },
});
const runs = Number(options.runs);
const seconds = Number(options.seconds);
const connections = Number(options.connections);
const usedVehicles = Number(options.used);
const portBase = Number(options["port-base"]);
const started = performance.now();
const log = (line: string) =>
  console.log(`[bench ${String(Math.round((performance.now() - started) / 1000)).padStart(4)} s] ${line}`);

// Everything to undo, newest first: servers, seeders, temporary folders, the PostgreSQL database.
const cleanups: { label: string; run: () => Promise<void> }[] = [];
let cleaningUp: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const { label, run } of cleanups.splice(0).reverse()) {
      await run().catch((error: unknown) => console.error(`cleanup of ${label} failed:`, error));
    }
  })();
  return cleaningUp;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const machine = describeMachine(options.chromium);
  log(`${machine.cpu}, ${machine.cores} cores, load average ${machine.loadAverage.map((n) => n.toFixed(2)).join(" ")}`);
  const durations: BenchReport["durations"] = [];
  const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const stepStarted = performance.now();
    log(`${label}...`);
    const result = await work();
    durations.push({ label, seconds: (performance.now() - stepStarted) / 1000 });
    return result;
  };

  if (!options["skip-build"]) await step("build", () => runChild("npm", ["run", "build"], {}));
  const floorFolder = await step("the floor (copied, installed and built once per anchor version)", () =>
    prepareFloor(path.resolve(projectRoot, options.floor), (command, args, cwd) => runChild(command, args, {}, cwd)),
  );
  const floor = await serveFloor(floorFolder, portBase + 40);
  cleanups.push({ label: "the floor's server", run: () => floor.stop() });
  log(`the floor on ${floor.baseUrl} (${floorFolder})`);
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-bench-"));
  cleanups.push({ label: workDir, run: () => fs.rm(workDir, { recursive: true, force: true }) });
  const embedded = { DATA_DIR: path.join(workDir, "pglite"), DATABASE_URL: "" };
  const postgres = options["no-postgres"]
    ? null
    : await createPostgresDatabase(options.postgres, options["database-prefix"]);
  const postgresEnv = postgres ? { DATA_DIR: path.join(workDir, "postgres-server"), DATABASE_URL: postgres.url } : null;

  // Both seeds at once: they are mostly waiting on different processes.
  await step(`seed ${usedVehicles} used vehicles${postgres ? " (embedded and PostgreSQL in parallel)" : ""}`, () =>
    Promise.all([seed(embedded), ...(postgresEnv ? [seed(postgresEnv)] : [])]),
  );
  // The seed leaves PostgreSQL with a checkpoint's worth of dirty pages to write; written now, not while
  // Lighthouse measures the pages' CPU time on the same cores.
  if (postgres)
    await adminQuery(postgres.url, "CHECKPOINT").catch((error) => log(`CHECKPOINT skipped: ${error.message}`));

  // Leads already there (the demo catalogue's), so that those the enquiry scenario stores can be counted.
  const embeddedDb: DatabaseOptions = { dataDir: embedded.DATA_DIR };
  const postgresDb: DatabaseOptions | null = postgres ? { databaseUrl: postgres.url } : null;
  const leadsBefore = [await countLeads(embeddedDb), postgresDb ? await countLeads(postgresDb) : 0];
  const report: BenchReport = { date: new Date(), command, machine, usedVehicles, durations, loadAverageAtEnd: [] };
  const loadRuns: LoadRun[] = [];
  await withServer(embedded, portBase, async (server) => {
    const targets = await discoverTargets(server.baseUrl);
    await warmUp(server.baseUrl, targets);
    report.compression = await compressionOf(server.baseUrl, targets.staticScript);
    if (!options["no-lighthouse"]) {
      const pages = [...targets.pages, { name: FLOOR_PAGE, path: "/", baseUrl: floor.baseUrl }];
      const measured = await step(`Lighthouse, ${pages.length} pages x ${runs} runs`, () =>
        runLighthouse(server.baseUrl, pages, { runs, chromePath: options.chromium, chromePort: portBase + 80, log }),
      );
      report.lighthouse = { runs, pages: measured };
    }
    if (!options["no-interactive"]) {
      const pages = [
        ...targets.pages.filter((page) => INTERACTIVE_PAGES.includes(page.name)),
        { name: FLOOR_PAGE, path: "/", baseUrl: floor.baseUrl },
      ];
      const measured = await step(`time to interactive on a slowed phone, ${pages.length} pages x ${runs} runs`, () =>
        measureInteractive(server.baseUrl, pages, { runs, chromePath: options.chromium }),
      );
      report.interactive = { runs, pages: measured };
    }
    if (!options["no-load"]) {
      loadRuns.push(await step("load, embedded database", () => loadRun("PGlite (embedded)", server, floor, targets)));
    }
  });
  if (postgresEnv && !options["no-load"]) {
    await withServer(postgresEnv, portBase + 10, async (server) => {
      const targets = await discoverTargets(server.baseUrl);
      await warmUp(server.baseUrl, targets);
      loadRuns.push(
        await step("load, PostgreSQL", () => loadRun("PostgreSQL", server, floor, targets, postgres!.backendPids)),
      );
    });
  }
  // Leads stored by the enquiry scenario, counted in each database once its server has stopped.
  if (loadRuns[0]) loadRuns[0].leadsCreated = (await countLeads(embeddedDb)) - leadsBefore[0]!;
  if (loadRuns[1] && postgresDb) loadRuns[1].leadsCreated = (await countLeads(postgresDb)) - leadsBefore[1]!;
  if (loadRuns.length > 0) report.load = { connections, seconds, runs: loadRuns };

  report.loadAverageAtEnd = os.loadavg();
  const out = path.resolve(projectRoot, options.out);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, renderReport(report) + (await sectionsKept(out)));
  log(`wrote ${path.relative(projectRoot, out)}`);
  for (const check of checkBudgets(report)) log(`${check.met ? "met   " : "MISSED"} ${check.budget}: ${check.detail}`);
}

type Targets = {
  pages: { name: string; path: string }[];
  makes: { slug: string; models: string[] }[];
  modelPage: string;
  dealers: string[];
  /** Used vehicles' pages, one after another: what a buyer going through the stock asks for. */
  vehicleUris: string[];
  staticAsset: string;
  staticScript: string;
};

/** How many used vehicles' pages the "another each time" miss goes through. */
const VEHICLE_PAGES = 2_000;

/** The pages to measure, found on the running site: a model, a used vehicle and a blog post that exist. */
async function discoverTargets(baseUrl: string): Promise<Targets> {
  const json = async (pathname: string) => {
    const response = await fetch(`${baseUrl}${pathname}`);
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
    return (await response.json()) as Record<string, any>;
  };
  const newCars = await (await fetch(`${baseUrl}/new`)).text();
  const modelPage = /href="(\/new\/honda\/[a-z0-9-]+)"/.exec(newCars)?.[1];
  if (!modelPage) throw new Error("no model link on /new");
  const vehicle = (await json("/api/vehicles"))["hydra:member"]?.[0] as { uri: string } | undefined;
  const post = (await json("/api/blog"))["hydra:member"]?.[0] as { slug: string } | undefined;
  const dealers = ((await json("/api/dealers"))["hydra:member"] as { slug: string }[]).map((dealer) => dealer.slug);
  if (!vehicle || !post) throw new Error("the seeded database has no used vehicle or no blog post");
  const makes = [];
  for (const make of (await json("/api/filters")).makes as { slug: string }[]) {
    const models = ((await json(`/api/filters/${make.slug}`)).models as { slug: string }[]).map((model) => model.slug);
    makes.push({ slug: make.slug, models });
  }
  const vehicleUris: string[] = [];
  for (let page = 1; vehicleUris.length < VEHICLE_PAGES; page++) {
    const members = (await json(`/api/vehicles?page=${page}`))["hydra:member"] as { uri: string }[];
    if (members.length === 0) break;
    vehicleUris.push(...members.map((member) => member.uri));
  }
  const assets = await fs.readdir(path.join(projectRoot, "build/client/assets"));
  const css = assets.find((file) => file.endsWith(".css"));
  // The largest script (the framework chunk): the client entry itself is now a few hundred bytes, below the compression threshold.
  const scripts = await Promise.all(
    assets
      .filter((file) => file.endsWith(".js"))
      .map(async (file) => ({ file, size: (await fs.stat(path.join(projectRoot, "build/client/assets", file))).size })),
  );
  const script = scripts.sort((a, b) => b.size - a.size)[0]?.file;
  if (!css || !script) throw new Error("no built stylesheet or client entry under build/client/assets: build first");
  return {
    pages: [
      { name: "Home", path: "/" },
      { name: "New cars", path: "/new" },
      { name: "Model", path: modelPage },
      { name: "Used listing", path: "/used" },
      { name: "Used, two filters", path: "/used?transmissionType=Automatic&fuelType=Petrol" },
      { name: "Used vehicle", path: vehicle.uri },
      { name: "Finance", path: "/finance" },
      { name: "Blog", path: "/blog" },
      { name: "Blog post", path: `/blog/${post.slug}` },
    ],
    makes,
    modelPage,
    dealers,
    vehicleUris: vehicleUris.slice(0, VEHICLE_PAGES),
    staticAsset: `/assets/${css}`,
    staticScript: `/assets/${script}`,
  };
}

/**
 * A server just started compiles its code on its first requests; measuring those would charge that to
 * whichever page or scenario comes first. So every page is fetched a few times, and the API mix runs
 * briefly (with another seed), before anything is measured.
 */
async function warmUp(baseUrl: string, targets: Targets): Promise<void> {
  await usedStockInMemory(baseUrl);
  for (let round = 0; round < 3; round++) {
    for (const page of targets.pages) {
      await (await fetch(`${baseUrl}${page.path}`, { headers: { "Accept-Encoding": "br, gzip" } })).arrayBuffer();
    }
  }
  await runScenario(baseUrl, usedApiScenario("warm-up", targets.makes, { seed: 7 }), { connections: 10, seconds: 2 });
}

/**
 * Waits until the server answers the used listing from memory (/readyz), as a production server would be
 * before it takes traffic; until then its listing is a query per request.
 */
async function usedStockInMemory(baseUrl: string, timeoutMs = 300_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    const ready = (await (await fetch(`${baseUrl}/readyz`)).json()) as { usedStock?: string };
    if (ready.usedStock === "current") break;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the used stock was not in memory after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`used stock in memory after ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** What the server answers a browser that accepts brotli and gzip: the Content-Encoding of a page and a script. */
async function compressionOf(baseUrl: string, script: string): Promise<{ html: string; script: string }> {
  const encoding = async (pathname: string) => {
    const response = await fetch(`${baseUrl}${pathname}`, { headers: { "Accept-Encoding": "br, gzip" } });
    await response.arrayBuffer();
    return response.headers.get("content-encoding") ?? "none";
  };
  return { html: await encoding("/"), script: await encoding(script) };
}

/**
 * Every scenario against one server, with the CPU time the server and (PostgreSQL) the database's backends
 * spent per answer; PGlite runs inside the server, so its share is in the server's.
 */
/** The pages timed to interactive on a slowed phone. */
const INTERACTIVE_PAGES = ["Home", "Used listing", "Model", "Used vehicle", "Finance"];

/** The pages measured on cache misses: those a buyer reaches most, and the used listing's endless URL space. */
const MISS_PAGES = ["Home", "Model", "Used listing", "Used, two filters", "Used vehicle", "Finance", "Blog"];

async function loadRun(
  database: string,
  server: AppProcess,
  floor: FloorServer,
  targets: Targets,
  backendPids?: () => Promise<number[]>,
): Promise<LoadRun> {
  const runId = randomBytes(4).toString("hex");
  const twoFilters = targets.pages.find((page) => page.name === "Used, two filters")!.path;
  const scenarios: Scenario[] = [
    usedApiScenario(USED_API_SCENARIO, targets.makes),
    refinedApiScenario(USED_API_REFINED_SCENARIO, targets.makes, targets.dealers),
    usedApiScenario(`${USED_API_ONE_CONNECTION_SCENARIO} (a request's own time, no queueing)`, targets.makes, {
      connections: 1,
    }),
    // The floor's page between ours, so that it meets the same moment's load on the machine.
    pageScenario("Home page /", "/"),
    pageScenario("Used listing page /used", "/used"),
    pageScenario(FLOOR_PAGE, "/", "floor", floor.baseUrl),
    pageScenario(`Used listing, two filters ${twoFilters}`, twoFilters),
    pageScenario(`Model page ${targets.modelPage}`, targets.modelPage),
    // Cache misses: each request its own query string, so each answer is a render; the floor too.
    ...targets.pages
      .filter((page) => MISS_PAGES.includes(page.name))
      .map((page) => pageScenario(`${page.name} ${page.path}, cache miss`, page.path, "page-miss")),
    // A buyer going through the stock: another vehicle's page on each request, so that nothing about the path is
    // remembered either (server/pages.ts remembers the last 1,000 paths' route matches).
    {
      ...pageScenario(`Used vehicles, another each time (${targets.vehicleUris.length}), cache miss`, "/", "page-miss"),
      next: uniqueQueryPaths(targets.vehicleUris),
    },
    pageScenario(`${FLOOR_PAGE}, cache miss`, "/", "floor-miss", floor.baseUrl),
    {
      name: "Enquiry POST (a new lead each)",
      method: "POST",
      next: enquiryRequests(runId),
      headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json" },
    },
    { name: `${STATIC_SCENARIO} ${targets.staticAsset} (ceiling)`, next: fixedPath(targets.staticAsset) },
  ];
  const results = [];
  const noProcesses = async () => [];
  for (const scenario of scenarios) {
    const isFloor = scenario.kind === "floor" || scenario.kind === "floor-miss";
    const serverPid = async () => [isFloor ? floor.pid : server.child.pid!];
    const run = () => runScenario(server.baseUrl, scenario, { connections, seconds });
    const serverCpu = await cpuDuring(serverPid, () =>
      cpuDuring(isFloor ? noProcesses : (backendPids ?? noProcesses), run),
    );
    const { result, cpuMs: databaseCpuMs } = serverCpu.result;
    result.cpuMsPerAnswer = {
      server: serverCpu.cpuMs / result.requests,
      database: backendPids && !isFloor ? databaseCpuMs / result.requests : null,
    };
    const ms = (value: number) => `${Math.round(value)} ms`;
    log(
      `  ${database} ${scenario.name}: ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, ${result.failures} failures`,
    );
    results.push(result);
  }
  const posts = results.find((result) => result.name.startsWith("Enquiry"));
  return { database, results, leadsAnswered201: posts?.statuses["201"] ?? 0 };
}

async function withServer(env: Record<string, string>, port: number, work: (server: AppProcess) => Promise<void>) {
  const server = await startAppProcess(
    { ...env, PORT: String(port), POST_RATE_LIMIT: "100000000", LEAD_DELIVERY: "off", LOG_LEVEL: "warn" },
    120_000,
  );
  const cleanup = { label: `server on ${port}`, run: () => server.stop() };
  cleanups.push(cleanup);
  log(`server on ${server.baseUrl} (${env.DATABASE_URL ? "PostgreSQL" : "embedded database"})`);
  try {
    await work(server);
  } finally {
    cleanups.splice(cleanups.indexOf(cleanup), 1);
    await server.stop();
  }
}

function seed(env: Record<string, string>): Promise<void> {
  return runChild(process.execPath, ["--import", "tsx", "server/cli/db-seed.ts", "--used", String(usedVehicles)], env);
}

/** Runs a command to the end with its output kept back, shown only if it fails. */
function runChild(command: string, args: string[], env: Record<string, string>, cwd = projectRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const cleanup = { label: `${command} ${args.join(" ")}`, run: async () => void child.kill("SIGTERM") };
    cleanups.push(cleanup);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      cleanups.splice(cleanups.indexOf(cleanup), 1);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; backendPids: () => Promise<number[]> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix))
    throw new Error(`--database-prefix must be lower-case letters, digits and _: ${prefix}`);
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  cleanups.push({
    label: `database ${name}`,
    run: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  log(`created PostgreSQL database ${name}`);
  // The processes serving this database's connections (the server is on this machine: its /proc is ours).
  const backendPids = async () =>
    (await adminSelect(serverUrl, "select pid from pg_stat_activity where datname = $1", [name])).map((row) =>
      Number(row.pid),
    );
  return { url: url.toString(), backendPids };
}

async function countLeads(options: DatabaseOptions): Promise<number> {
  const database = await openDatabase(options);
  try {
    const [row] = await database.db.select({ n: count() }).from(enquiries);
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

function describeMachine(chromiumPath: string): Machine {
  let chromium = "Chromium (version unknown)";
  try {
    chromium = execFileSync(chromiumPath, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    // Lighthouse will fail with a clear message if the browser is missing.
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: os.cpus().length,
    ramGb: Math.round(os.totalmem() / 1024 ** 3),
    loadAverage: os.loadavg(),
    node: process.version,
    chromium,
  };
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

/**
 * Sections of the report other benches write by hand (`npm run bench:prices`) begin at this heading marker and are
 * kept when this bench rewrites the file.
 */
const KEPT_SECTIONS_MARKER = "\n<!-- sections below are kept by npm run bench -->\n";

async function sectionsKept(out: string): Promise<string> {
  const previous = await fs.readFile(out, "utf8").catch(() => "");
  const at = previous.indexOf(KEPT_SECTIONS_MARKER);
  return at === -1 ? "" : previous.slice(at);
}
