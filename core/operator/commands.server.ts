import { Console } from "node:console";
import { Writable } from "node:stream";
import { count, sql } from "drizzle-orm";
import { z } from "../shared/zod.ts";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { usedVehicles } from "../../db/schema.ts";
import { leadReport, leadStats, listLeads } from "../delivery/lead-log.server.ts";
import { resendLead } from "../delivery/outbox.server.ts";
import type { FinanceCipher } from "../finance/encryption.server.ts";
import { purgeExpiredApplications } from "../finance/applications.server.ts";

/**
 * The operators' commands (decision 016), one implementation: the running server carries them out for a
 * command-line tool over its owner-only control socket, or the tool runs them itself on the database when no
 * server runs (and always on PostgreSQL). Either way they print the same text.
 */
export const operatorRequestSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("leads.list"),
    status: z.enum(["Queued", "Delivered", "Failed"]).optional(),
    dealer: z.string().min(1).max(100).optional(),
    limit: z.number().int().min(1).max(10_000).default(50),
  }),
  z.object({ command: z.literal("leads.show"), id: z.uuid(), decrypt: z.boolean().default(false) }),
  z.object({ command: z.literal("leads.resend"), id: z.uuid(), all: z.boolean().default(false) }),
  z.object({ command: z.literal("leads.stats") }),
  z.object({ command: z.literal("finance.purge") }),
  z.object({ command: z.literal("seed"), used: z.number().int().min(0).max(5_000_000).optional() }),
  /** An absolute path: the process that writes it may run in another folder. */
  z.object({
    command: z.literal("backup"),
    file: z
      .string()
      .min(1)
      .refine((file) => file.startsWith("/"), "must be an absolute path"),
  }),
]);

export type OperatorRequest = z.input<typeof operatorRequestSchema>;
export type OperatorResult = { stdout: string; stderr: string; exitCode: number };

/** The demo catalogue (seed/, a layer above core/), handed in by whoever runs the commands. */
export type DemoCatalogue = {
  defaultUsedCount: number;
  /** Fills an empty database, all or nothing; answers whether it did. */
  seedIfEmpty(db: Database, options: { usedCount: number }): Promise<boolean>;
  /** Adds `total` generated used vehicles in one transaction; a different `seed` gives different vehicles. */
  addUsedVehicles(db: Database, total: number, seed: number): Promise<void>;
};

export type OperatorContext = {
  database: DatabaseHandle;
  demoCatalogue: DemoCatalogue;
  financeCipher: () => FinanceCipher;
  financeRetentionDays: number;
  /** What the backup message names as the database it copied, e.g. "the embedded database in /srv/data". */
  databaseLabel: string;
  /** Where the finance key is kept, for the backup message: the key file's path or the setting's name. */
  financeKeyLocation: string;
  /** Where the key that signs buyers' appointment links is kept, likewise. */
  linkKeyLocation: string;
};

/** Commands that migrate the database first when they open it themselves, as their tools always did. */
export const MIGRATING_COMMANDS: ReadonlySet<OperatorRequest["command"]> = new Set(["seed", "finance.purge"]);

/** Runs one command; a failure (e.g. pg_dump missing, a disk full) is its message and exit code 1, not a throw. */
export async function runOperatorCommand(context: OperatorContext, input: OperatorRequest): Promise<OperatorResult> {
  const request = operatorRequestSchema.parse(input);
  const out = new TextConsole();
  try {
    await execute(context, request, out);
  } catch (error) {
    out.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
    out.exitCode = 1;
  }
  return out.result();
}

async function execute(
  context: OperatorContext,
  request: z.output<typeof operatorRequestSchema>,
  out: TextConsole,
): Promise<void> {
  switch (request.command) {
    case "leads.list": {
      const leads = await listLeads(context.database.db, {
        status: request.status,
        dealerSlug: request.dealer,
        limit: request.limit,
      });
      if (leads.length === 0) out.log("no leads");
      else
        out.table(
          leads.map((lead) => ({
            id: lead.id,
            kind: lead.kind,
            dealer: lead.dealer,
            type: lead.type,
            status: lead.status,
            age: age(lead.createdAt),
          })),
        );
      break;
    }
    case "leads.stats": {
      const stats = await leadStats(context.database.db);
      if (stats.length === 0) out.log("no leads yet");
      else out.table(stats);
      break;
    }
    case "leads.resend": {
      const resent = await resendLead(context.database.db, request.id, { all: request.all });
      out.log(
        resent === 0
          ? "nothing to resend (unknown lead, or already delivered: use --all)"
          : `queued ${resent} deliveries again`,
      );
      break;
    }
    case "leads.show":
      await showLead(context, request.id, request.decrypt, out);
      break;
    case "finance.purge": {
      const anonymised = await purgeExpiredApplications(
        context.database.db,
        context.financeCipher(),
        context.financeRetentionDays,
      );
      out.log(`anonymised ${anonymised} finance application(s) older than ${context.financeRetentionDays} days`);
      break;
    }
    case "seed":
      await seed(context.database, context.demoCatalogue, request.used, out);
      break;
    case "backup": {
      const bytes = await context.database.backup(request.file);
      out.log(
        `wrote a backup of ${context.databaseLabel} to ${request.file} (${(bytes / 1_048_576).toFixed(1)} MB, readable by its owner only)`,
      );
      out.log(`The finance encryption key is not in the backup: it is in ${context.financeKeyLocation}.`);
      out.log(
        "Keep a copy of the key apart from the backup: without it the finance applications in this backup cannot be decrypted.",
      );
      out.log(
        `Nor is the appointment link key (${context.linkKeyLocation}): without it, the links buyers were sent to move or cancel an appointment stop working.`,
      );
      break;
    }
  }
}

async function showLead(context: OperatorContext, id: string, decrypt: boolean, out: TextConsole) {
  const report = await leadReport(context.database.db, id, decrypt ? context.financeCipher() : undefined);
  if (report === null) {
    out.error(`no lead ${id}`);
    out.exitCode = 1;
  } else out.log(report);
}

/**
 * Fills an empty database with the demo catalogue and `used` used vehicles (default 320), or adds `used` more
 * to one that has it; then fresh statistics, so the listing's index-only scans need no heap visits. The
 * counts table is rewritten: a bulk load leaves it hundreds of pages of dead rows that every listing sums.
 */
async function seed(database: DatabaseHandle, demo: DemoCatalogue, used: number | undefined, out: TextConsole) {
  const started = performance.now();
  const usedCount = used ?? demo.defaultUsedCount;
  if (await demo.seedIfEmpty(database.db, { usedCount })) {
    out.log(`seeded the demo catalogue with ${usedCount} used vehicles`);
  } else if (used !== undefined) {
    await demo.addUsedVehicles(database.db, used, Date.now() % 2_147_483_647);
    out.log(`added ${used} used vehicles`);
  } else {
    out.log("the database already has the demo catalogue; pass --used N to add used vehicles");
  }
  await database.db.execute(sql`VACUUM ANALYZE used_vehicles`);
  await database.db.execute(sql`VACUUM ANALYZE used_vehicle_images`);
  await database.db.execute(sql`VACUUM FULL ANALYZE used_vehicle_counts`);
  const [stock] = await database.db.select({ n: count() }).from(usedVehicles);
  out.log(`${stock?.n ?? 0} used vehicles in stock; took ${Math.round(performance.now() - started)} ms`);
}

function age(date: Date): string {
  const minutes = Math.round((Date.now() - date.getTime()) / 60_000);
  return minutes < 60
    ? `${minutes} min`
    : minutes < 2_880
      ? `${Math.round(minutes / 60)} h`
      : `${Math.round(minutes / 1_440)} d`;
}

/** console.log, console.error and console.table into strings, so the text can travel over the control socket. */
class TextConsole {
  exitCode = 0;
  #stdout = "";
  #stderr = "";
  readonly #console = new Console({
    stdout: new Writable({
      write: (chunk, _encoding, done) => {
        this.#stdout += chunk;
        done();
      },
    }),
    stderr: new Writable({
      write: (chunk, _encoding, done) => {
        this.#stderr += chunk;
        done();
      },
    }),
  });
  log = (text: string) => this.#console.log(text);
  error = (text: string) => this.#console.error(text);
  table = (rows: object[]) => this.#console.table(rows);
  result = (): OperatorResult => ({ stdout: this.#stdout, stderr: this.#stderr, exitCode: this.exitCode });
}
