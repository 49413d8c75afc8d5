import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseCommandLine, usageError } from "./command-line.ts";
import { loadEnv } from "../env.ts";
import { databaseLabel, financeKeyLocation, linkKeyLocation } from "../operations.ts";
import { backupKindOf, restorePgliteBackup, restorePostgresBackup } from "../../db/backup.ts";
import { DataDirBusyError, type DataDirLock, lockDataDir } from "../../db/data-dir-lock.ts";

const USAGE = `Usage: npm run db:restore -- FILE [--yes]
  Replaces the database with a backup written by npm run db:backup, after asking (--yes: without asking,
  for scripts). Stop the server first. The embedded database being replaced is kept beside the restored
  one as DATA_DIR/pglite.replaced-<time>; delete it once the restored site works.`;

const { positionals, values } = parseCommandLine(USAGE, { yes: { type: "boolean", short: "y" } });
const [source] = positionals;
if (!source || positionals.length > 1) usageError(USAGE, "give one backup file");
const file = path.resolve(source);
if (!fs.existsSync(file)) usageError(USAGE, `${file} does not exist`);
const env = loadEnv();
const wanted = env.DATABASE_URL ? "postgres" : "pglite";
const kind = backupKindOf(file);
if (kind !== wanted) {
  usageError(
    USAGE,
    kind
      ? `${file} is a backup of ${kind === "pglite" ? "an embedded" : "a PostgreSQL"} database, and this is configured for ${databaseLabel(env)}`
      : `${file} is not a backup written by npm run db:backup`,
  );
}
if (!values.yes && !(await confirmed(`This replaces ${databaseLabel(env)} with ${file}. Type yes to go on: `))) {
  console.error("not restored");
  process.exit(1);
}

if (env.DATABASE_URL) {
  await restorePostgresBackup(env.DATABASE_URL, file);
} else {
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(env.DATA_DIR);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(`Stop the server before restoring. ${error.message}`);
    process.exit(1);
  }
  try {
    fs.mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const live = path.join(env.DATA_DIR, "pglite");
    const restoring = path.join(env.DATA_DIR, `pglite.restoring-${stamp}`);
    await restorePgliteBackup(file, restoring);
    if (fs.existsSync(live)) {
      fs.renameSync(live, path.join(env.DATA_DIR, `pglite.replaced-${stamp}`));
      console.log(`kept the replaced database as ${path.join(env.DATA_DIR, `pglite.replaced-${stamp}`)}`);
    }
    fs.renameSync(restoring, live);
  } finally {
    await lock.release();
  }
}
console.log(`restored ${databaseLabel(env)} from ${file}`);
console.log(
  `Finance applications in it can be read only with the key that was in use when the backup was taken (now: ${financeKeyLocation(env)}).`,
);
console.log(
  `Buyers' appointment links work only with the link key that was in use then (now: ${linkKeyLocation(env)}).`,
);

async function confirmed(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) usageError(USAGE, "not a terminal: add --yes to restore without asking");
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question(question)).trim().toLowerCase() === "yes";
  } finally {
    prompt.close();
  }
}
