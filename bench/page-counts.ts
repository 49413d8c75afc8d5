/**
 * What counting page views costs the server per page (decision 057): the built site in this process on
 * an in-memory embedded database with the demo catalogue, the same pages asked for with counting on and off,
 * alternately, in rounds; the process's CPU time (user + system) per answer is compared. Pages come from the page
 * cache (what most views are, and where counting is the largest share of an answer) and rendered (cache off).
 *
 *   npm run build && npx tsx bench/page-counts.ts [-- --requests 400 --rounds 6]
 *
 * The whole-server figure under load is `npm run bench` (its page scenarios send a browser's User-Agent, so
 * their views are counted): run it on this commit and on the one before, and compare the pages' server CPU per answer.
 */
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { PageCountsAggregator } from "../core/insights/counts.server.ts";
import { UsedStock } from "../core/inventory/used-stock.server.ts";
import { ChangeNotifications } from "../core/shared/change-notifications.ts";
import { ReadModels } from "../core/shared/read-model.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { openDatabase } from "../db/client.ts";
import { usedVehicles } from "../db/schema.ts";
import { seedDatabase } from "../seed/seed.ts";
import { createApp } from "../server/app.ts";
import { parseCommandLine } from "../server/cli/command-line.ts";
import { createLogger } from "../server/logger.ts";
import { PageCache } from "../server/page-cache.ts";
import { builtPages } from "../server/pages.ts";
import { PUBLIC_READ_MODELS } from "../server/public-read-models.ts";
import { BROWSER_USER_AGENT } from "./load.ts";

const USAGE = "Usage: npx tsx bench/page-counts.ts [-- --requests 400 --rounds 6]";
const { values } = parseCommandLine(USAGE, {
  requests: { type: "string", default: "400" },
  rounds: { type: "string", default: "6" },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);

const database = await openDatabase({ pglite: await PGlite.create() });
await database.migrate();
await seedDatabase(database.db, { usedCount: 2_000 });
const changes = new ChangeNotifications();
await changes.start(database);
const usedStock = new UsedStock(database.db);
usedStock.watch(changes);
const readModels = new ReadModels(database.db, { changes });
readModels.preload(PUBLIC_READ_MODELS);
const pages = await builtPages();
const counts = new PageCountsAggregator(database.db);
const shared = {
  db: database.db,
  logger: createLogger("silent"),
  usedStock,
  readModels,
  rateLimiter: new MemoryRateLimiter(1e9, 60_000),
  ...pages,
};
const cache = new PageCache({ maxAgeMs: 3_600_000 });
cache.watch(changes);
const apps = {
  cachedCounting: createApp({ ...shared, pageCache: cache, recordPageCount: (count) => counts.record(count) }),
  cachedNotCounting: createApp({ ...shared, pageCache: cache }),
  renderedCounting: createApp({ ...shared, recordPageCount: (count) => counts.record(count) }),
  renderedNotCounting: createApp({ ...shared }),
};

const [onSale] = await database.db
  .select({ id: usedVehicles.id })
  .from(usedVehicles)
  .where(eq(usedVehicles.status, "Available"))
  .limit(1);
const vehicle = (await usedStock.vehicle(onSale!.id))!;
const paths = [vehicle.uri, "/new/honda/cr-v", "/parts", "/"];
const headers = {
  "User-Agent": BROWSER_USER_AGENT,
  Accept: "text/html",
  "Accept-Encoding": "gzip",
  Referer: "https://www.google.com/",
};

/** CPU ms per answer of `count` requests to the app, the paths in turn. */
async function cpuPerAnswer(app: (typeof apps)[keyof typeof apps], count: number): Promise<number> {
  const before = process.cpuUsage();
  for (let index = 0; index < count; index++) {
    const response = await app.fetch(new Request(`http://127.0.0.1${paths[index % paths.length]}`, { headers }));
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${paths[index % paths.length]} answered ${response.status}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const app of Object.values(apps)) await cpuPerAnswer(app, 40);
const results: Record<keyof typeof apps, number[]> = {
  cachedCounting: [],
  cachedNotCounting: [],
  renderedCounting: [],
  renderedNotCounting: [],
};
for (let round = 0; round < rounds; round++) {
  // Each pair in turn, first one then the other, so that neither always pays for the garbage of the run before it.
  const pairs: (keyof typeof apps)[][] = [
    ["cachedCounting", "cachedNotCounting"],
    ["renderedCounting", "renderedNotCounting"],
  ];
  for (const pair of pairs) {
    for (const name of round % 2 === 0 ? pair : [...pair].reverse()) {
      results[name].push(
        await cpuPerAnswer(apps[name], name.startsWith("cached") ? requests : Math.ceil(requests / 4)),
      );
    }
  }
  await counts.flush();
}
const line = (label: string, on: number[], off: number[]) =>
  `${label}: ${median(on).toFixed(3)} ms with counting, ${median(off).toFixed(3)} ms without: ${((median(on) - median(off)) * 1000).toFixed(0)} µs a page (${(((median(on) - median(off)) / median(off)) * 100).toFixed(1)}%)`;
console.log(`Server CPU per page (median of ${rounds} rounds; ${paths.join(", ")}):`);
console.log(line("From the page cache", results.cachedCounting, results.cachedNotCounting));
console.log(line("Rendered", results.renderedCounting, results.renderedNotCounting));
cache.stop();
await usedStock.stop();
await readModels.stop();
await changes.stop();
await database.close();
