import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  auditLog,
  dealerLeadChannels,
  dealers,
  enquiries,
  imageRenditions,
  leadDeliveries,
  staffUsers,
  storedImages,
  tradeIns,
} from "../../db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { dealerCalendar, listFreeSlots } from "../appointments/appointments.server.ts";
import { saIso } from "../appointments/calendar.ts";
import { createMailer } from "../delivery/email.server.ts";
import { LeadDeliveryWorker } from "../delivery/worker.server.ts";
import { FinanceCipher } from "../finance/encryption.server.ts";
import { funnelReport } from "../insights/insights.server.ts";
import { JobRunner } from "../jobs/runner.server.ts";
import { expirePersonalRecords } from "../privacy/privacy.server.ts";
import { RETENTION_JOB, registerRetentionJob } from "../privacy/retention-job.server.ts";
import { DEFAULT_RETENTION } from "../privacy/retention.ts";
import { storeImage } from "../media/image-pipeline.server.ts";
import { southAfricanDay } from "../shared/days.ts";
import type { StaffActor } from "../staff/roles.ts";
import { enquiryStatus, MIN_FILL_MS, submitEnquiry } from "./enquiries.server.ts";
import { countHeldLeads, discardHeldLead, heldInPeriod, NOT_HELD_MESSAGE, releaseHeldLead } from "./held.server.ts";
import { FORM_PRESETS } from "./presets.ts";
import { changeLeadWork, getLead, HELD_WORK_MESSAGE, listInbox, parseInboxFilter } from "./inbox.server.ts";

/**
 * Enquiries held as automated (decision 073): a web form's enquiry sent too fast or with the hidden field filled is
 * stored as held, delivered nowhere, listed in the inbox's held view with its reason, delivered as any lead once
 * a member of staff with rights over its dealer releases it, and purged after the retention.
 */

const DAY_MS = 86_400_000;
let database: DatabaseHandle;
let outbox: string;
let crm: Server;
let webhookBodies: string[];
let sandtonId: number;
let admin: StaffActor;
let sandtonManager: StaffActor;
let menlynManager: StaffActor;
const cipher = FinanceCipher.ephemeral();

async function staffUser(email: string, role: StaffActor["role"], dealerIds: number[]): Promise<StaffActor> {
  const [user] = await database.db
    .insert(staffUsers)
    .values({ email, displayName: email, role })
    .returning({ id: staffUsers.id });
  return { id: user!.id, label: email, role, dealerIds };
}

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "held-outbox-"));
  webhookBodies = [];
  crm = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      webhookBodies.push(body);
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, "127.0.0.1", resolve));
  const ids = await database.db.select({ id: dealers.id, slug: dealers.slug }).from(dealers);
  sandtonId = ids.find((d) => d.slug === "honda-sandton")!.id;
  const menlynId = ids.find((d) => d.slug === "honda-menlyn")!.id;
  await database.db.insert(dealerLeadChannels).values({
    dealerId: sandtonId,
    kind: "webhook",
    target: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`,
    format: "json",
    secret: "sandton-secret",
    leadKind: "enquiry",
  });
  admin = await staffUser("admin@held.example", "group_admin", []);
  sandtonManager = await staffUser("sandton@held.example", "dealer_manager", [sandtonId]);
  menlynManager = await staffUser("menlyn@held.example", "dealer_manager", [menlynId]);
});
afterAll(async () => {
  await new Promise<void>((resolve) => crm.close(() => resolve()));
  await fs.rm(outbox, { recursive: true, force: true });
  await database.close();
});

let serial = 0;
/** A Sandton new-car enquiry as its web form posts it, `renderedMsAgo` after the page was shown. */
function sendFromForm(options: { website?: string; renderedMsAgo: number; at?: number }) {
  serial += 1;
  const at = options.at ?? Date.now();
  const email = `held.${serial}.${Date.now()}@example.co.za`;
  const outcome = submitEnquiry(
    database.db,
    {
      form_name: "New Vehicles",
      first_name: "Naledi",
      last_name: "Dlamini",
      email,
      cell_phone: "082 555 0123",
      contact: true,
      terms: true,
      dealer_slug: "honda-sandton",
      model: "CR-V",
      variant: "1.5T Comfort CVT",
      uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    },
    {
      webForm: { website: options.website ?? "", renderedAt: String(at - options.renderedMsAgo) },
      now: () => at,
    },
  );
  return { email, outcome };
}

/** Runs the delivery worker until nothing is due; answers the e-mails it wrote to the outbox. */
async function deliverEverything() {
  const worker = new LeadDeliveryWorker({
    db: database.db,
    logger: createLogger("silent"),
    mailer: createMailer({ outboxDir: outbox, from: "Leads <leads@group.example>" }),
    siteUrl: "https://www.honda-group.example",
    financeCipher: cipher,
    now: () => new Date(Date.now() + 1_000),
    batchSize: 100,
  });
  while ((await worker.runOnce()) > 0);
  return Promise.all(
    (await fs.readdir(outbox)).map(async (name) => simpleParser(await fs.readFile(path.join(outbox, name)))),
  );
}

const filter = (query: Record<string, string> = {}) => {
  const parsed = parseInboxFilter(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.violations));
  return parsed.value;
};
const heldView = async (actor: StaffActor) =>
  (await listInbox(database.db, actor, filter({ view: "held" }))).rows.map((row) => [row.id, row.heldBecause]);
const leadsView = async (actor: StaffActor) =>
  (await listInbox(database.db, actor, filter())).rows.map((row) => row.id);
const deliveryCount = async (id: string) =>
  (await database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, id))).length;
const today = () => southAfricanDay(new Date());
const sandtonLeadsToday = async () =>
  (await funnelReport(database.db, { dealerIds: [sandtonId], choices: [] }, { from: today(), to: today() }))[0]!.leads;

/** Held by the first describe below; released and discarded by the second. */
let tooFast: { id: string; email: string };
let honeypot: { id: string; email: string };
let leadsBefore: number;

describe("an enquiry sent too fast, and one with the hidden field filled", () => {
  beforeAll(async () => {
    leadsBefore = await sandtonLeadsToday();
    const fast = sendFromForm({ renderedMsAgo: 800 });
    const filled = sendFromForm({ website: "https://naledi.example", renderedMsAgo: 60_000 });
    const [fastOutcome, filledOutcome] = [await fast.outcome, await filled.outcome];
    if (fastOutcome.kind !== "held" || filledOutcome.kind !== "held") throw new Error("not held");
    tooFast = { id: fastOutcome.id, email: fast.email };
    honeypot = { id: filledOutcome.id, email: filled.email };
  });

  it("are each stored as held, with the reason they were held", async () => {
    const rows = await database.db
      .select({ id: enquiries.id, status: enquiries.status, reason: enquiries.heldReason })
      .from(enquiries)
      .where(inArray(enquiries.id, [tooFast.id, honeypot.id]));
    expect(new Map(rows.map((row) => [row.id, [row.status, row.reason]]))).toEqual(
      new Map([
        [tooFast.id, ["Held", "too-fast"]],
        [honeypot.id, ["Held", "honeypot"]],
      ]),
    );
  });

  it("deliver nothing: no delivery job, no e-mail in the outbox (dealer or buyer), no webhook call", async () => {
    expect(await deliveryCount(tooFast.id)).toBe(0);
    expect(await deliveryCount(honeypot.id)).toBe(0);
    const mails = await deliverEverything();
    const about = (email: string) =>
      mails.filter((mail) =>
        `${mail.text ?? ""}${mail.to && !Array.isArray(mail.to) ? mail.to.text : ""}`.includes(email),
      );
    expect(about(tooFast.email)).toEqual([]);
    expect(about(honeypot.email)).toEqual([]);
    expect(webhookBodies.filter((body) => body.includes(tooFast.id) || body.includes(honeypot.id))).toEqual([]);
  });

  it("are listed in the held view with their reason, not among the leads, nor counted as leads", async () => {
    const held = await heldView(sandtonManager);
    expect(held).toContainEqual([tooFast.id, "sent 0.8 s after the page was shown"]);
    expect(held).toContainEqual([honeypot.id, "hidden field filled"]);
    const leads = await leadsView(sandtonManager);
    expect(leads).not.toContain(tooFast.id);
    expect(leads).not.toContain(honeypot.id);
    expect(await sandtonLeadsToday()).toBe(leadsBefore);
    expect(await heldInPeriod(database.db, [sandtonId], { from: today(), to: today() })).toBeGreaterThanOrEqual(2);
    expect(await enquiryStatus(database.db, tooFast.id)).toBeNull();
    expect((await getLead(database.db, sandtonManager, tooFast.id)).heldBecause).toBe(
      "sent 0.8 s after the page was shown",
    );
  });

  it("cannot be worked as a lead while held", async () => {
    expect(await changeLeadWork(database.db, sandtonManager, tooFast.id, { status: "Contacted" })).toEqual({
      ok: false,
      violations: [{ propertyPath: "status", message: HELD_WORK_MESSAGE }],
    });
  });

  it("are neither seen nor released nor discarded by another dealer's manager", async () => {
    expect((await heldView(menlynManager)).map(([id]) => id)).not.toContain(tooFast.id);
    expect(await countHeldLeads(database.db, menlynManager)).toBe(0);
    await expect(getLead(database.db, menlynManager, tooFast.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(releaseHeldLead(database.db, menlynManager, tooFast.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(discardHeldLead(database.db, menlynManager, honeypot.id)).rejects.toMatchObject({
      kind: "not-found",
    });
    expect(await deliveryCount(tooFast.id)).toBe(0);
    expect((await heldView(sandtonManager)).map(([id]) => id)).toEqual(
      expect.arrayContaining([tooFast.id, honeypot.id]),
    );
  });
});

describe("the enquiry sent too fast, released, and the one with the hidden field filled, discarded", () => {
  it("once released by the dealer's manager, is delivered as any lead: dealer, CRM webhook and buyer", async () => {
    const released = await releaseHeldLead(database.db, sandtonManager, tooFast.id);
    expect(released).toEqual({ ok: true, deliveries: await deliveryCount(tooFast.id) });
    expect(released.ok && released.deliveries).toBeGreaterThanOrEqual(3);
    const mails = await deliverEverything();
    const to = (address: string) =>
      mails.filter(
        (mail) => !Array.isArray(mail.to) && mail.to?.text === address && (mail.text ?? "").includes(tooFast.email),
      );
    expect(to("crm@honda-sandton.example.co.za")).toHaveLength(1);
    const confirmations = mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === tooFast.email);
    expect(confirmations).toHaveLength(1);
    expect(webhookBodies.filter((body) => body.includes(tooFast.id))).toHaveLength(1);
    const [row] = await database.db
      .select({ status: enquiries.status, reason: enquiries.heldReason })
      .from(enquiries)
      .where(eq(enquiries.id, tooFast.id));
    expect(row).toEqual({ status: "Delivered", reason: null });
    expect(await enquiryStatus(database.db, tooFast.id)).toEqual({ id: tooFast.id, status: "Delivered" });
    expect(await leadsView(sandtonManager)).toContain(tooFast.id);
    expect((await heldView(sandtonManager)).map(([id]) => id)).not.toContain(tooFast.id);
    expect(await sandtonLeadsToday()).toBe(leadsBefore + 1);
  });

  it("is released once: a second release is told so and queues nothing more", async () => {
    const before = await deliveryCount(tooFast.id);
    expect(await releaseHeldLead(database.db, admin, tooFast.id)).toEqual({ ok: false, message: NOT_HELD_MESSAGE });
    expect(await deliveryCount(tooFast.id)).toBe(before);
  });

  it("audits the release and the discard with who did it and why it was held, and a discard deletes it", async () => {
    expect(await discardHeldLead(database.db, admin, honeypot.id)).toEqual({ ok: true, deliveries: 0 });
    expect(await database.db.select().from(enquiries).where(eq(enquiries.id, honeypot.id))).toEqual([]);
    const audit = await database.db
      .select({
        action: auditLog.action,
        actor: auditLog.actorLabel,
        entityId: auditLog.entityId,
        dealerId: auditLog.dealerId,
        changes: auditLog.changes,
      })
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, [tooFast.id, honeypot.id])))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      {
        action: "lead.release",
        actor: "sandton@held.example",
        entityId: tooFast.id,
        dealerId: sandtonId,
        changes: { held: { from: "sent 0.8 s after the page was shown", to: null } },
      },
      {
        action: "lead.discard",
        actor: "admin@held.example",
        entityId: honeypot.id,
        dealerId: sandtonId,
        changes: { held: { from: "hidden field filled", to: "discarded" } },
      },
    ]);
  });
});

describe("what a held enquiry keeps for its buyer until it is released or discarded", () => {
  /** Friday 27 November 2026, noon in South Africa: Saturday 28th is bookable. */
  const NOW = new Date("2026-11-27T12:00:00+02:00").getTime();
  const SATURDAY_1000 = "2026-11-28T10:00:00+02:00";
  const placesLeft = async () => {
    const calendar = (await dealerCalendar(database.db, "honda-sandton"))!;
    const slots = await listFreeSlots(database.db, calendar, "test-drive", {
      now: new Date(NOW),
      from: "2026-11-28",
      days: 1,
    });
    return slots.find((slot) => saIso(slot.start) === SATURDAY_1000)?.placesLeft;
  };
  const person = (formName: string, fields: Record<string, unknown>) => ({
    form_name: formName,
    first_name: "Sipho",
    last_name: "Ndlovu",
    email: `sipho.${++serial}.${Date.now()}@example.co.za`,
    cell_phone: "083 555 0101",
    terms: true,
    dealer_slug: "honda-sandton",
    ...fields,
  });

  it("a booking's place is kept while held, and free again once the enquiry is discarded", async () => {
    const free = await placesLeft();
    const outcome = await submitEnquiry(
      database.db,
      person(FORM_PRESETS.testDrive.formName, {
        uri: "/book-test-drive/honda/hr-v",
        make: "Honda",
        model: "HR-V",
        appointment_start: SATURDAY_1000,
      }),
      { now: () => NOW, requireAppointment: true, webForm: { website: "", renderedAt: String(NOW - 900) } },
    );
    if (outcome.kind !== "held") throw new Error(JSON.stringify(outcome));
    expect(await placesLeft()).toBe(free! - 1);
    await discardHeldLead(database.db, sandtonManager, outcome.id);
    expect(await placesLeft()).toBe(free);
  });

  it("a seller's photos are kept while held, and deleted with their renditions once the enquiry is discarded", async () => {
    const bytes = await fs.readFile(path.resolve(import.meta.dirname, "../../tests/fixtures/photos/trade-in-side.png"));
    const photo = await storeImage(database.db, bytes, { private: true });
    const outcome = await submitEnquiry(
      database.db,
      person(FORM_PRESETS.sellCar.formName, {
        uri: "/sell-your-car",
        make: "Toyota",
        model: "Corolla Quest",
        year: 2018,
        mileage_km: 112_000,
        condition: "fair",
        outstanding_finance: true,
        trade_in: false,
      }),
      { photoImageIds: [photo.id], webForm: { website: "Sipho", renderedAt: String(Date.now() - 60_000) } },
    );
    if (outcome.kind !== "held") throw new Error(JSON.stringify(outcome));
    const imageRows = () => database.db.select().from(imageRenditions).where(eq(imageRenditions.imageId, photo.id));
    expect((await imageRows()).length).toBeGreaterThan(0);
    await discardHeldLead(database.db, sandtonManager, outcome.id);
    expect(await database.db.select().from(storedImages).where(eq(storedImages.id, photo.id))).toEqual([]);
    expect(await imageRows()).toEqual([]);
    expect(await database.db.select().from(tradeIns).where(eq(tradeIns.enquiryId, outcome.id))).toEqual([]);
  });
});

describe("the retention of held enquiries", () => {
  it("deletes, by the retention job on the one job runner, held enquiries older than their period, and nothing else", async () => {
    const longAgo = Date.now() - 15 * DAY_MS;
    const old = await sendFromForm({ renderedMsAgo: 300, at: longAgo }).outcome;
    const oldLead = await sendFromForm({ renderedMsAgo: MIN_FILL_MS + 5_000, at: longAgo }).outcome;
    const fresh = await sendFromForm({ renderedMsAgo: 300, at: Date.now() - 13 * DAY_MS }).outcome;
    expect([old.kind, oldLead.kind, fresh.kind]).toEqual(["held", "stored", "held"]);
    const ids = [old, oldLead, fresh].map((outcome) => ("id" in outcome ? outcome.id : ""));
    const remaining = async () =>
      new Set(
        (await database.db.select({ id: enquiries.id }).from(enquiries).where(inArray(enquiries.id, ids))).map(
          (row) => row.id,
        ),
      );

    const jobs = new JobRunner({ db: database.db, logger: createLogger("silent") });
    const settings = { ...DEFAULT_RETENTION, heldLeadDays: 14 };
    const deps = { cipher, outboxDir: null };
    registerRetentionJob(jobs, { db: database.db, settings, deps });
    expect(await jobs.runDue()).toEqual([RETENTION_JOB]);
    expect(await remaining()).toEqual(new Set([ids[1], ids[2]]));

    await expirePersonalRecords(database.db, new Date(Date.now() + 2 * DAY_MS), settings, deps);
    expect(await remaining()).toEqual(new Set([ids[1]]));
  });
});
