import { parseArgs } from "node:util";
import { count, sql } from "drizzle-orm";
import { loadEnv } from "../../server/env.ts";
import { openDatabase } from "../client.ts";
import { usedVehicles } from "../schema.ts";
import { addUsedVehicles, DEFAULT_USED_COUNT, seedIfEmpty } from "./seed.ts";

/**
 * `npm run db:seed -- [--used N]`: migrates, then fills an empty database with the demo catalogue and N used
 * vehicles (default 320); on a database that already has the catalogue, `--used N` adds N more used
 * vehicles, e.g. `npm run db:seed -- --used 100000` for benchmarks.
 */
const { values } = parseArgs({ options: { used: { type: "string" } } });
const used = values.used === undefined ? DEFAULT_USED_COUNT : Number(values.used);
if (!Number.isInteger(used) || used < 0 || used > 5_000_000) {
  console.error("--used takes a whole number from 0 to 5000000");
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
await database.migrate();
const started = performance.now();
if (await seedIfEmpty(database.db, { usedCount: used })) {
  console.log(`seeded the demo catalogue with ${used} used vehicles`);
} else if (values.used !== undefined) {
  await database.db.transaction((tx) => addUsedVehicles(tx, used, Date.now() % 2_147_483_647));
  console.log(`added ${used} used vehicles`);
} else {
  console.log("the database already has the demo catalogue; pass --used N to add used vehicles");
}
// Fresh statistics and a visibility map, so that the listing's index-only scans need no heap visits. The
// counts table is rewritten: a bulk load leaves it hundreds of pages of dead rows for its few hundred
// live ones, and every listing request sums it.
await database.db.execute(sql`VACUUM ANALYZE used_vehicles`);
await database.db.execute(sql`VACUUM ANALYZE used_vehicle_images`);
await database.db.execute(sql`VACUUM FULL ANALYZE used_vehicle_counts`);
const [stock] = await database.db.select({ n: count() }).from(usedVehicles);
console.log(`${stock?.n ?? 0} used vehicles in stock; took ${Math.round(performance.now() - started)} ms`);
await database.close();
