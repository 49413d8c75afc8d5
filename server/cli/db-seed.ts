import { parseCommandLine, usageError } from "./command-line.ts";
import { runOperator } from "./operator-client.ts";

const USAGE = `Usage: npm run db:seed -- [--used N]
  Migrates, then fills an empty database with the demo catalogue and N used vehicles (default 320); on a
  database that already has the catalogue, --used N adds N more used vehicles (e.g. --used 100000 for the
  benchmarks). While the server runs on the embedded database, the server carries it out.`;

const { values } = parseCommandLine(USAGE, { used: { type: "string" } });
const used = values.used === undefined ? undefined : Number(values.used);
if (used !== undefined && !(Number.isInteger(used) && used >= 0 && used <= 5_000_000))
  usageError(USAGE, "--used takes a whole number from 0 to 5000000");
await runOperator({ command: "seed", used });
