import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { financeApplications, jobRuns, leadDeliveries, leadWorkNotes } from "../../db/schema.ts";
import { capturingLogger } from "../../tests/support/log-capture.ts";
import { validFinanceApplication } from "../../tests/support/finance-fixture.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { JobRunner } from "../jobs/runner.ts";
import { submitFinanceApplication } from "./applications.server.ts";
import { FINANCE_PURGE_JOB, registerFinancePurgeJob } from "./daily-purge.ts";
import { FinanceCipher } from "./encryption.server.ts";

let database: DatabaseHandle & { url?: string };
/** A second instance's own connection: a second pool on PostgreSQL; the embedded database has one owner. */
let second: DatabaseHandle | null = null;
const cipher = FinanceCipher.ephemeral();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  if (database.url) second = await openDatabase({ databaseUrl: database.url });
});
afterAll(async () => {
  await second?.close();
  await database.close();
});

async function applicationAged(days: number): Promise<string> {
  const stored = await submitFinanceApplication(
    database.db,
    cipher,
    validFinanceApplication({ email: `purge.${days}.${Math.random()}@example.co.za` }),
  );
  if (!stored.ok) throw new Error("not stored");
  await database.db
    .update(financeApplications)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(eq(financeApplications.id, stored.status.id));
  return stored.status.id;
}

function instance(name: string, handle: DatabaseHandle) {
  const log = capturingLogger("info");
  const runner = new JobRunner({ db: handle.db, logger: log.logger, instanceId: name });
  registerFinancePurgeJob(runner, { db: handle.db, retentionDays: 180 });
  return { runner, lines: log.lines };
}

describe("the daily finance purge", () => {
  it("runs once a day across two instances, deletes only expired applications with their deliveries and notes, and logs it", async () => {
    const expired = await applicationAged(200);
    const recent = await applicationAged(10);
    await database.db
      .insert(leadWorkNotes)
      .values({ leadId: expired, status: "Contacted", note: "Spoke to the applicant", actorLabel: "test" });
    const one = instance("instance-1", database);
    const two = instance("instance-2", second ?? database);

    const ran = await Promise.all([one.runner.runDue(), two.runner.runDue()]);
    expect(ran.flat()).toEqual([FINANCE_PURGE_JOB]);

    const remaining = await database.db
      .select({ id: financeApplications.id })
      .from(financeApplications)
      .where(inArray(financeApplications.id, [expired, recent]));
    expect(remaining.map((row) => row.id)).toEqual([recent]);
    const [deliveries] = await database.db
      .select({ n: count() })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, expired));
    expect(deliveries!.n).toBe(0);
    expect(await database.db.select().from(leadWorkNotes).where(eq(leadWorkNotes.leadId, expired))).toEqual([]);

    const finished = [...one.lines, ...two.lines]
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === "job finished");
    expect(finished).toEqual([expect.objectContaining({ job: FINANCE_PURGE_JOB, purged: 1, retentionDays: 180 })]);
    const [run] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, FINANCE_PURGE_JOB));
    expect(run).toMatchObject({ lastOutcome: "ok", leaseHolder: null });
    expect(run!.nextRunAt.getTime() - Date.now()).toBeGreaterThan(DAY - 60 * 60 * 1000);

    // Later the same day, on either instance: not due, nothing runs.
    await applicationAged(181);
    expect((await Promise.all([one.runner.runDue(), two.runner.runDue()])).flat()).toEqual([]);
  });
});
