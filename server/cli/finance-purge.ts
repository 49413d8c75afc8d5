import { parseCommandLine } from "./command-line.ts";
import { runOperator } from "./operator-client.ts";

const USAGE = `Usage: npm run finance:purge
  Deletes finance applications older than FINANCE_RETENTION_DAYS (default 180), as POPIA requires personal
  information to be kept no longer than needed. The server also runs it itself once a day (one instance per
  day); use this to purge now. While the server runs on the embedded database, the server carries it out.`;

parseCommandLine(USAGE, {});
await runOperator({ command: "finance.purge" });
