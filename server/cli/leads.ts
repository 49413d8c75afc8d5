import { parseCommandLine, usageError } from "./command-line.ts";
import { runOperator } from "./operator-client.ts";
import { isUuid } from "../../core/shared/uuid.ts";

const USAGE = `Usage: npm run leads -- <command>
  list [--status Queued|Delivered|Failed] [--dealer <slug>] [--limit N]   recent leads
  show <lead id> [--decrypt]                                                one lead and its delivery attempts;
                                                                            --decrypt also prints a finance application
  resend <lead id> [--all]                                                  queue undelivered (or all) deliveries again
  stats                                                                     leads per dealer, kind and status

While the server runs on the embedded database, the command is carried out by the server.`;

const STATUSES = ["Queued", "Delivered", "Failed"] as const;

const { positionals, values } = parseCommandLine(USAGE, {
  status: { type: "string" },
  dealer: { type: "string" },
  limit: { type: "string" },
  all: { type: "boolean" },
  decrypt: { type: "boolean" },
});
const [command, leadId = ""] = positionals;
if ((command === "show" || command === "resend") && !isUuid(leadId))
  usageError(USAGE, `${command} needs a lead id (a UUID)`);
if (values.status !== undefined && !STATUSES.includes(values.status as never))
  usageError(USAGE, `--status takes ${STATUSES.join(", ")}`);
const limit = values.limit === undefined ? undefined : Number(values.limit);
if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 10_000))
  usageError(USAGE, "--limit takes a whole number from 1 to 10000");

if (command === "list")
  await runOperator({
    command: "leads.list",
    status: values.status as (typeof STATUSES)[number] | undefined,
    dealer: values.dealer,
    limit,
  });
else if (command === "show") await runOperator({ command: "leads.show", id: leadId, decrypt: values.decrypt ?? false });
else if (command === "resend") await runOperator({ command: "leads.resend", id: leadId, all: values.all ?? false });
else if (command === "stats") await runOperator({ command: "leads.stats" });
else usageError(USAGE, command ? `unknown command ${command}` : "no command given");
