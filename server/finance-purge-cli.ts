import { purgeExpiredApplications } from "../core/finance/applications.server.ts";
import { openDatabase } from "../db/client.ts";
import { loadEnv } from "./env.ts";

/**
 * `npm run finance:purge`: deletes finance applications older than FINANCE_RETENTION_DAYS (default 180),
 * as POPIA requires personal information to be kept no longer than needed. Run it daily (cron, systemd timer).
 */
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
await database.migrate();
const deleted = await purgeExpiredApplications(database.db, env.FINANCE_RETENTION_DAYS);
await database.close();
console.log(`deleted ${deleted} finance application(s) older than ${env.FINANCE_RETENTION_DAYS} days`);
