import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  alertAddresses,
  enquiries,
  financeApplications,
  imageRenditions,
  jobRuns,
  leadDeliveries,
  leadWorkNotes,
  storedImages,
  tradeInPhotos,
} from "../../db/schema.ts";
import { capturingLogger } from "../../tests/support/log-capture.ts";
import { leaveRecords, person } from "../../tests/support/personal-records.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { LinkSigner } from "../appointments/links.server.ts";
import { resendLead } from "../delivery/outbox.server.ts";
import { FinanceCipher } from "../finance/encryption.server.ts";
import { readInsights } from "../insights/insights.server.ts";
import { parseInsightsQuery } from "../insights/insights-query.ts";
import { JobRunner } from "../jobs/runner.server.ts";
import { changeLeadWork } from "../leads/inbox.server.ts";
import type { StaffActor } from "../staff/roles.ts";
import { expirePersonalRecords, retentionPolicy } from "./privacy.server.ts";
import { DEFAULT_RETENTION } from "./retention.ts";
import { RETENTION_JOB, registerRetentionJob } from "./retention-job.server.ts";

const DAY = 86_400_000;
const cipher = FinanceCipher.ephemeral();
const signer = LinkSigner.ephemeral();
let database: DatabaseHandle;
let outboxDir: string;
let admin: StaffActor;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "retention-outbox-"));
  admin = (await createStaffUser(database.db, { email: "officer@honda-group.example", role: "group_admin" })).actor;
});
afterAll(async () => {
  await database.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

/** What /staff/insights shows for the days the records were made (the booking is dated by its form's clock, 27 November 2026). */
async function insightsCounts(now: Date) {
  const today = now.toISOString().slice(0, 10);
  const query = parseInsightsQuery(new URLSearchParams({ from: "2026-11-01", to: today }), today);
  if (!query.ok) throw new Error("query refused");
  const report = await readInsights(database.db, admin, query.value, now);
  return { sources: report.sources, funnel: report.funnel };
}

describe("retention of personal records", () => {
  it("deletes or anonymises each kind once past its period, and the counts /staff/insights shows do not move", async () => {
    const db = database.db;
    const someone = person("retained", "082 555 0190", "9005055009088");
    const ids = await leaveRecords({ db, cipher, signer, outboxDir }, someone);
    await changeLeadWork(db, admin, ids.enquiry, { status: "Sold", note: "Naledi bought the CR-V" });
    const now = new Date();
    const counts = await insightsCounts(now);
    expect(counts.funnel.find((row) => row.dealerName === "Honda Menlyn")).toMatchObject({ leads: 4, sold: 1 });
    const deps = { cipher, outboxDir };
    const expireAt = (days: number) =>
      expirePersonalRecords(db, new Date(now.getTime() + days * DAY), DEFAULT_RETENTION, deps);

    // Within every period: nothing changes.
    expect(await expireAt(1)).toEqual({ filesPending: 0 });

    // Past 7 days the unconfirmed alert goes; past 90 days the photos, the delivery copies and the outbox e-mails.
    expect(await expireAt(8)).toMatchObject({ saved_search_alert: 1 });
    expect(await db.select().from(alertAddresses).where(eq(alertAddresses.email, someone.email))).toEqual([]);
    expect(await expireAt(91)).toMatchObject({ sell_your_car_photo: 2, outbox_email: expect.any(Number) });
    expect(await db.select().from(tradeInPhotos).where(eq(tradeInPhotos.enquiryId, ids.sale))).toEqual([]);
    expect(await db.select().from(storedImages).where(eq(storedImages.id, ids.photo))).toEqual([]);
    expect(await db.select().from(imageRenditions).where(eq(imageRenditions.imageId, ids.photo))).toEqual([]);
    expect(await fs.readdir(outboxDir)).toEqual([]);
    const deliveries = await db
      .select()
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, [ids.enquiry, ids.booking, ids.sale, ids.finance]));
    expect(deliveries.filter((row) => row.sentAdf !== null || row.format === "confirmation")).toEqual([]);
    expect(deliveries.length).toBeGreaterThan(0);
    const [enquiryAt91] = await db.select().from(enquiries).where(eq(enquiries.id, ids.enquiry));
    expect(enquiryAt91!.email).toBe(someone.email);

    // Past 180 days the finance application; past 24 months the leads and the booking.
    expect(await expireAt(181)).toMatchObject({ finance_application: 1 });
    const [finance] = await db.select().from(financeApplications).where(eq(financeApplications.id, ids.finance));
    expect(cipher.decrypt(finance!.encryptedPayload)).toEqual({});
    expect(await expireAt(25 * 31)).toMatchObject({ enquiry: 2, appointment: 1 });
    const left = await db
      .select({ email: enquiries.email, lastName: enquiries.lastName, anonymised: isNotNull(enquiries.anonymisedAt) })
      .from(enquiries)
      .where(inArray(enquiries.id, [ids.enquiry, ids.booking, ids.sale]));
    expect(left).toEqual([0, 1, 2].map(() => ({ email: "", lastName: "", anonymised: true })));
    expect(
      (
        await db.select({ note: leadWorkNotes.note }).from(leadWorkNotes).where(eq(leadWorkNotes.leadId, ids.enquiry))
      ).map((row) => row.note),
    ).toEqual([null]);

    // An anonymised lead is never sent to the dealer again, even when staff ask to resend it.
    expect(await resendLead(db, ids.enquiry, { all: true })).toBe(0);
    expect(await resendLead(db, ids.finance, { all: true })).toBe(0);
    // The counts made of these rows are the same as before.
    expect(await insightsCounts(now)).toEqual(counts);
    // And a second run finds nothing more to do.
    expect(await expireAt(25 * 31)).toEqual({ filesPending: 0 });
  });

  it("runs daily on the one job runner, once a day", async () => {
    const log = capturingLogger("info");
    const runner = new JobRunner({ db: database.db, logger: log.logger, instanceId: "only" });
    registerRetentionJob(runner, { db: database.db, settings: DEFAULT_RETENTION, deps: { cipher, outboxDir } });
    expect(await runner.runDue()).toEqual([RETENTION_JOB]);
    expect(await runner.runDue()).toEqual([]);
    const [run] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, RETENTION_JOB));
    expect(run).toMatchObject({ lastOutcome: "ok" });
    expect(run!.nextRunAt.getTime() - Date.now()).toBeGreaterThan(DAY - 60 * 60 * 1000);
  });

  it("states each kind's period from the settings, as the privacy policy shows it", () => {
    const policy = retentionPolicy({ ...DEFAULT_RETENTION, leadMonths: 18, sellerPhotoDays: 30 });
    expect(policy.find((row) => row.kind === "enquiry")?.keptFor).toBe("18 months after the lead's last activity");
    expect(policy.find((row) => row.kind === "sell_your_car_photo")?.keptFor).toBe("30 days after they were sent");
    expect(policy.find((row) => row.kind === "finance_application")?.keptFor).toBe(
      "180 days after the application was received",
    );
  });
});

// A file an erasure could not delete is listed; the next retention run deletes it.
describe("a file deletion that failed", () => {
  it("is retried by the retention job", async () => {
    const file = path.join(outboxDir, "2026-01-01T00-00-00-000Z-stuck.eml");
    await fs.writeFile(file, "To: someone@example.co.za\n\nhello");
    await database.db.execute(sql`insert into pending_file_erasures (path) values (${path.basename(file)})`);
    expect(await expirePersonalRecords(database.db, new Date(), DEFAULT_RETENTION, { cipher, outboxDir })).toEqual({
      filesPending: 0,
    });
    await expect(fs.stat(file)).rejects.toThrow();
  });
});
