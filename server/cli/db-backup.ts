import fs from "node:fs";
import path from "node:path";
import { parseCommandLine, usageError } from "./command-line.ts";
import { runOperator } from "./operator-client.ts";

const USAGE = `Usage: npm run db:backup -- FILE
  Writes a consistent snapshot of the database to FILE (readable by its owner only) while the site keeps
  taking leads: the embedded database through the running server (or directly when none runs), PostgreSQL
  with pg_dump. The finance encryption key and the appointment link key are not in the backup; the
  command says where they are.
  Restore with npm run db:restore -- FILE.`;

const { positionals } = parseCommandLine(USAGE, {});
const [target] = positionals;
if (!target || positionals.length > 1) usageError(USAGE, "give one file to write");
const file = path.resolve(target);
if (fs.existsSync(file)) usageError(USAGE, `${file} already exists; choose a new name, so no backup is overwritten`);
if (!fs.existsSync(path.dirname(file))) usageError(USAGE, `the folder ${path.dirname(file)} does not exist`);
await runOperator({ command: "backup", file });
