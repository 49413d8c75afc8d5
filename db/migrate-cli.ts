import { loadEnv } from "../server/env.ts";
import { openDatabase } from "./client.ts";

/** `npm run db:migrate`: applies the committed migrations to the configured database. */
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
await database.migrate();
await database.close();
console.log(`migrated the ${database.kind} database`);
