import { parseArgs } from "node:util";
import { leadReport, leadStats, listLeads } from "../../core/delivery/lead-log.ts";
import { resendLead } from "../../core/delivery/outbox.ts";
import { openDatabase } from "../../db/client.ts";
import { loadEnv } from "../env.ts";
import { financeCipherFromEnv } from "../finance-cipher.ts";
import { createLogger } from "../logger.ts";

const USAGE = `Usage: npm run leads -- <command>
  list [--status Queued|Delivered|Failed] [--dealer <slug>] [--limit N]   recent leads
  show <lead id> [--decrypt]                                                one lead and its delivery attempts;
                                                                            --decrypt also prints a finance application
  resend <lead id> [--all]                                                  queue undelivered (or all) deliveries again
  stats                                                                     leads per dealer, kind and status`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    status: { type: "string" },
    dealer: { type: "string" },
    limit: { type: "string" },
    all: { type: "boolean" },
    decrypt: { type: "boolean" },
  },
});
const [command, leadId] = positionals;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
if (!command || !["list", "show", "resend", "stats"].includes(command) || (["show", "resend"].includes(command) && !UUID.test(leadId ?? ""))) {
  console.error(USAGE);
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const db = database.db;
const age = (date: Date) => {
  const minutes = Math.round((Date.now() - date.getTime()) / 60_000);
  return minutes < 60 ? `${minutes} min` : minutes < 2_880 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1_440)} d`;
};

try {
  if (command === "list") {
    const limit = values.limit ? Number(values.limit) : 50;
    const leads = await listLeads(db, { status: values.status, dealerSlug: values.dealer, limit });
    if (leads.length === 0) console.log("no leads");
    else console.table(leads.map((lead) => ({ id: lead.id, kind: lead.kind, dealer: lead.dealer, type: lead.type, status: lead.status, age: age(lead.createdAt) })));
  } else if (command === "stats") {
    const stats = await leadStats(db);
    if (stats.length === 0) console.log("no leads yet");
    else console.table(stats);
  } else if (command === "resend") {
    const count = await resendLead(db, leadId!, { all: values.all });
    console.log(count === 0 ? "nothing to resend (unknown lead, or already delivered: use --all)" : `queued ${count} deliveries again`);
  } else {
    await showLead(leadId!);
  }
} finally {
  await database.close();
}

async function showLead(id: string) {
  const report = await leadReport(db, id, values.decrypt ? financeCipherFromEnv(env, createLogger("warn")) : undefined);
  if (report === null) {
    console.error(`no lead ${id}`);
    process.exitCode = 1;
  } else console.log(report);
}
