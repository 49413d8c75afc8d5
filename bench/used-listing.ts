/**
 * Times the used listing as the page loader runs it (one page of vehicles plus the filter panel's counts)
 * over random filter/sort/page combinations, on the configured database (DATABASE_URL, else DATA_DIR).
 *
 *   npm run db:seed -- --used 100000          # once, on the database to measure
 *   npm run bench:used [-- --runs 300 --pages shallow|deep --explain 3]
 *
 * --pages shallow (default): 60% page 1, 25% pages 2-5, 15% any page of the result; deep: any page.
 * --explain N prints EXPLAIN (ANALYZE, BUFFERS) of the page query of the N slowest combinations.
 */
import os from "node:os";
import { mulberry32 } from "../seed/used-stock.ts";
import { openDatabase } from "../db/client.ts";
import { loadEnv } from "../server/env.ts";
import { findDealerId, listDealers } from "../core/dealers/dealers.server.ts";
import {
  FUEL_TYPES,
  TRANSMISSIONS,
  type UsedVehicleQuery,
  usedPageCount,
  VEHICLE_STATES,
} from "../core/inventory/used-query.ts";
import {
  listUsedVehicles,
  usedFilters,
  usedListingPageSql,
  type UsedVehicleScope,
} from "../core/inventory/used-vehicles.server.ts";
import { parseCommandLine } from "../server/cli/command-line.ts";

const USAGE = `Usage: npm run bench:used -- [--runs 250] [--warmup 20] [--pages shallow|deep] [--explain N] [--seed 42]
  Times the used listing (a page of vehicles and the filter counts) over random filter, sort and page
  combinations on the configured database (DATABASE_URL, else DATA_DIR; stop the server first on the embedded
  one). --explain N prints EXPLAIN ANALYZE of the N slowest. Seed stock first: npm run db:seed -- --used 100000.`;

const { values } = parseCommandLine(USAGE, {
  runs: { type: "string", default: "250" },
  warmup: { type: "string", default: "20" },
  pages: { type: "string", default: "shallow" },
  explain: { type: "string", default: "0" },
  seed: { type: "string", default: "42" },
});
const runs = Number(values.runs);
const deep = values.pages === "deep";
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const { db } = database;
const random = mulberry32(Number(values.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const subset = <T>(items: readonly T[]): T[] => (random() < 0.55 ? [] : items.filter(() => random() < 0.5));

const emptyQuery: UsedVehicleQuery = { page: 1, fuelTypes: [], transmissions: [], states: [], order: [] };
const everything = await usedFilters(db, emptyQuery);
const dealers = await listDealers(db);
const dealerIds = new Map<string, number>();
for (const dealer of dealers) dealerIds.set(dealer.slug, (await findDealerId(db, dealer.slug)) ?? 0);
const SORTS: UsedVehicleQuery["order"][] = [
  [],
  [{ field: "price", direction: "asc" }],
  [{ field: "price", direction: "desc" }],
  [{ field: "mileage", direction: "asc" }],
  [{ field: "mileage", direction: "desc" }],
];

async function randomCombination(): Promise<{ query: UsedVehicleQuery; scope: UsedVehicleScope; label: string }> {
  const scope: UsedVehicleScope = random() < 0.2 ? { dealerId: dealerIds.get(pick(dealers).slug) } : {};
  const query: UsedVehicleQuery = {
    ...emptyQuery,
    fuelTypes: subset(FUEL_TYPES),
    transmissions: subset(TRANSMISSIONS),
    states: subset(VEHICLE_STATES),
    order: pick(SORTS),
  };
  if (random() < 0.5) {
    query.makeSlug = pick(everything.makes).slug;
    if (random() < 0.5) {
      const models = (await usedFilters(db, { ...emptyQuery, makeSlug: query.makeSlug })).models;
      query.modelSlug = pick(models).slug;
    }
  }
  const pages = Math.max(1, usedPageCount((await usedFilters(db, query, scope)).total));
  const roll = random();
  query.page =
    deep || roll >= 0.85
      ? 1 + Math.floor(random() * pages)
      : roll < 0.6
        ? 1
        : Math.min(pages, 2 + Math.floor(random() * 4));
  const label = JSON.stringify({ ...query, dealerId: scope.dealerId });
  return { query, scope, label };
}

async function time<T>(run: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const combos = [];
for (let i = 0; i < runs + Number(values.warmup); i++) combos.push(await randomCombination());
const results: { label: string; list: number; filters: number; page: number; combo: (typeof combos)[number] }[] = [];
for (const [index, combo] of combos.entries()) {
  const list = await time(() => listUsedVehicles(db, combo.query, combo.scope));
  const filters = await time(() => usedFilters(db, combo.query, combo.scope));
  // As the loader runs them: both at once.
  const page = await time(() =>
    Promise.all([listUsedVehicles(db, combo.query, combo.scope), usedFilters(db, combo.query, combo.scope)]),
  );
  if (index >= Number(values.warmup)) results.push({ label: combo.label, list, filters, page, combo });
}

const quantile = (numbers: number[], q: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
const row = (name: string, numbers: number[]) =>
  `${name.padEnd(34)} median ${quantile(numbers, 0.5).toFixed(2).padStart(7)} ms   p95 ${quantile(numbers, 0.95).toFixed(2).padStart(7)} ms   max ${Math.max(
    ...numbers,
  )
    .toFixed(2)
    .padStart(7)} ms`;
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")} on ${os.cpus().length} CPUs`,
);
console.log(
  `${database.kind}, ${everything.total} vehicles, ${results.length} combinations (${deep ? "any page" : "mostly early pages"}), seed ${values.seed}`,
);
console.log(
  row(
    "listing (page + total)",
    results.map((r) => r.list),
  ),
);
console.log(
  row(
    "filter option counts",
    results.map((r) => r.filters),
  ),
);
console.log(
  row(
    "both, as the page loader runs them",
    results.map((r) => r.page),
  ),
);

const explain = Number(values.explain);
if (explain > 0) {
  // The heaviest page queries by the database's own execution time (wall-clock times above include waiting
  // for a busy CPU); each is explained with the plan PostgreSQL chose.
  const client = (
    db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> };
    }
  ).$client;
  const plans: { ms: number; label: string; sql: string; params: unknown[]; plan: string }[] = [];
  for (const result of results) {
    const statement = await usedListingPageSql(db, result.combo.query, result.combo.scope);
    if (!statement) continue;
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    const plan = rows.map((r) => Object.values(r)[0]).join("\n");
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
    plans.push({ ms, label: result.label, sql: statement.sql, params: statement.params, plan });
  }
  plans.sort((a, b) => b.ms - a.ms);
  const executions = plans.map((p) => p.ms);
  console.log(row("page query, database execution", executions));
  for (const heavy of plans.slice(0, explain)) {
    console.log(
      `\n-- ${heavy.ms.toFixed(2)} ms: ${heavy.label}\n${heavy.sql}\n-- params ${JSON.stringify(heavy.params)}\n${heavy.plan}`,
    );
  }
}
await database.close();
