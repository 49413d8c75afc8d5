import { parseCommandLine } from "./command-line.ts";
import { loadEnv } from "../env.ts";
import { openDatabase } from "../../db/client.ts";
import { DataDirBusyError } from "../../db/data-dir-lock.ts";

const USAGE = `Usage: npm run db:migrate
  Applies the committed migrations to the configured database. The server applies them itself when it
  starts, so on the embedded database this is refused while a server runs.`;

parseCommandLine(USAGE, {});
const env = loadEnv();
try {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  await database.migrate();
  await database.close();
  console.log(`migrated the ${database.kind} database`);
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
