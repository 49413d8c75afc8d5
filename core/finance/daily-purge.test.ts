import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { dailyJobRuns, financeApplications, leadDeliveries, leadWorkNotes } from "../../db/schema.ts";
import { capturingLogger } from "../../tests/support/log-capture.ts";
import { validFinanceApplication } from "../../tests/support/finance-fixture.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { submitFinanceApplication } from "./applications.server.ts";
import { FINANCE_PURGE_JOB, runDailyFinancePurge } from "./daily-purge.ts";
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
  const stored = await submitFinanceApplication(database.db, cipher, validFinanceApplication({ email: `purge.${days}.${Math.random()}@example.co.za` }));
  if (!stored.ok) throw new Error("not stored");
  await database.db
    .update(financeApplications)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(eq(financeApplications.id, stored.status.id));
  return stored.status.id;
}

describe("the daily finance purge", () => {
  it("runs once a day across two instances, deletes only expired applications with their deliveries and notes, and logs it", async () => {
    const expired = await applicationAged(200);
    const recent = await applicationAged(10);
    await database.db.insert(leadWorkNotes).values({ leadId: expired, status: "Contacted", note: "Spoke to the applicant", actorLabel: "test" });
    const one = capturingLogger("debug");
    const two = capturingLogger("debug");
    const now = new Date();
    const results = await Promise.all([
      runDailyFinancePurge(database.db, one.logger, { retentionDays: 180, instance: "instance-1", now }),
      runDailyFinancePurge((second ?? database).db, two.logger, { retentionDays: 180, instance: "instance-2", now }),
    ]);
    expect(results.filter((result) => result !== null)).toEqual([1]);
    expect(results.filter((result) => result === null)).toHaveLength(1);

    const remaining = await database.db.select({ id: financeApplications.id }).from(financeApplications).where(inArray(financeApplications.id, [expired, recent]));
    expect(remaining.map((row) => row.id)).toEqual([recent]);
    const [deliveries] = await database.db.select({ n: count() }).from(leadDeliveries).where(eq(leadDeliveries.leadId, expired));
    expect(deliveries!.n).toBe(0);
    expect(await database.db.select().from(leadWorkNotes).where(eq(leadWorkNotes.leadId, expired))).toEqual([]);

    const [run] = await database.db.select().from(dailyJobRuns).where(eq(dailyJobRuns.job, FINANCE_PURGE_JOB));
    expect(run).toMatchObject({ runOn: now.toISOString().slice(0, 10), outcome: "deleted 1 finance application(s) older than 180 days" });
    expect(run!.finishedAt).not.toBeNull();
    const logs = [...one.lines, ...two.lines].join("\n");
    expect(logs).toContain("daily finance purge done");
    expect(logs).toContain("today's finance purge has already run");

    // Later the same day: nothing; the next day: it runs again.
    await applicationAged(181);
    expect(await runDailyFinancePurge(database.db, one.logger, { retentionDays: 180, instance: "instance-1", now })).toBeNull();
    expect(await runDailyFinancePurge(database.db, two.logger, { retentionDays: 180, instance: "instance-2", now: new Date(now.getTime() + DAY) })).toBe(1);
  });
});
