import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { simpleParser } from "mailparser";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dealers, enquiries, leadDeliveries, staffUsers } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { VALID_ID_NUMBER, SALARY, validFinanceApplication } from "../../tests/support/finance-fixture.ts";
import { createLogger } from "../../server/logger.ts";
import { createMailer } from "../delivery/email.server.ts";
import { LeadDeliveryWorker } from "../delivery/worker.server.ts";
import { FinanceCipher } from "../finance/encryption.server.ts";
import { openFinanceApplication, submitFinanceApplication } from "../finance/applications.server.ts";
import type { StaffActor } from "../staff/roles.ts";
import { submitEnquiry } from "./enquiries.server.ts";
import { firstResponseReport } from "./first-response.server.ts";
import {
  changeLeadWork,
  countLeads,
  exportInboxCsv,
  getLead,
  inboxSources,
  listInbox,
  parseInboxFilter,
  resendLeadToDealer,
  SOURCE_NOT_RECORDED,
} from "./inbox.server.ts";

let database: DatabaseHandle;
const cipher = FinanceCipher.ephemeral();
let sandtonId: number;
let menlynId: number;
let admin: StaffActor;
let sandtonManager: StaffActor;
let menlynManager: StaffActor;
let editor: StaffActor;
let sandtonLead: string;
let menlynLead: string;
let sandtonFinance: string;

async function staffUser(email: string, role: StaffActor["role"], dealerIds: number[]): Promise<StaffActor> {
  const [user] = await database.db
    .insert(staffUsers)
    .values({ email, displayName: email, role })
    .returning({ id: staffUsers.id });
  return { id: user!.id, label: email, role, dealerIds };
}

let serial = 0;
async function enquiry(dealerSlug: string, overrides: Record<string, unknown> = {}): Promise<string> {
  serial += 1;
  const outcome = await submitEnquiry(database.db, {
    form_name: "New Vehicles",
    first_name: "Thandi",
    last_name: "Mokoena",
    email: `inbox.${serial}.${Date.now()}@example.co.za`,
    cell_phone: "082 123 4567",
    contact: true,
    terms: true,
    dealer_slug: dealerSlug,
    model: "CR-V",
    variant: "1.5T Comfort CVT",
    uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    ...overrides,
  });
  if (outcome.kind !== "stored") throw new Error(`enquiry not stored: ${JSON.stringify(outcome)}`);
  return outcome.id;
}

const filter = (query: Record<string, string> = {}) => {
  const parsed = parseInboxFilter(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.violations));
  return parsed.value;
};

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const ids = await database.db.select({ id: dealers.id, slug: dealers.slug }).from(dealers);
  sandtonId = ids.find((d) => d.slug === "honda-sandton")!.id;
  menlynId = ids.find((d) => d.slug === "honda-menlyn")!.id;
  admin = await staffUser("admin@inbox.example", "group_admin", []);
  sandtonManager = await staffUser("sandton@inbox.example", "dealer_manager", [sandtonId]);
  menlynManager = await staffUser("menlyn@inbox.example", "dealer_manager", [menlynId]);
  editor = await staffUser("editor@inbox.example", "content_editor", []);
  sandtonLead = await enquiry("honda-sandton", { message: '=HYPERLINK("http://evil.example","Call me after 5")' });
  menlynLead = await enquiry("honda-menlyn");
  const finance = await submitFinanceApplication(
    database.db,
    cipher,
    validFinanceApplication({ dealership: "honda-sandton" }),
  );
  if (!finance.ok) throw new Error("finance application not stored");
  sandtonFinance = finance.status.id;
});
afterAll(() => database.close());

describe("the source of each lead's visit", () => {
  const tiktok = {
    source: "tiktok",
    medium: "cpc",
    campaign: "winter-jazz",
    term: null,
    content: null,
    referrerHost: null,
    landingPath: "/used/honda/jazz",
    clickIds: { ttclid: "E.C.P.1" },
  };
  let tiktokLead: string;
  let menlynTiktokLead: string;
  beforeAll(async () => {
    const outcome = await submitEnquiry(
      database.db,
      {
        form_name: "Parts Enquiry",
        first_name: "Ayanda",
        last_name: "Khumalo",
        email: `tiktok.${Date.now()}@example.co.za`,
        cell_phone: "083 444 1212",
        make: "Honda",
        model: "Jazz",
        year: 2016,
        terms: true,
        dealer_slug: "honda-sandton",
        uri: "/parts",
      },
      { attribution: tiktok },
    );
    if (outcome.kind !== "stored") throw new Error("not stored");
    tiktokLead = outcome.id;
    menlynTiktokLead = await enquiry("honda-menlyn");
    await database.db
      .update(enquiries)
      .set({ attribution: { ...tiktok, source: "instagram" } })
      .where(eq(enquiries.id, menlynTiktokLead));
  });

  it("filters by source, or by none recorded, and offers only the sources of the leads the actor may see", async () => {
    const bySource = await listInbox(database.db, sandtonManager, filter({ source: "tiktok" }));
    expect(bySource.rows.map((row) => row.id)).toEqual([tiktokLead]);
    expect(bySource.rows[0]!.attribution).toEqual(tiktok);
    const unrecorded = await listInbox(database.db, sandtonManager, filter({ source: SOURCE_NOT_RECORDED }));
    expect(unrecorded.rows.map((row) => row.id)).toEqual(expect.arrayContaining([sandtonLead, sandtonFinance]));
    expect(unrecorded.rows.every((row) => row.attribution === null)).toBe(true);
    expect(await inboxSources(database.db, sandtonManager)).toEqual(["tiktok"]);
    expect(await inboxSources(database.db, admin)).toEqual(expect.arrayContaining(["tiktok", "instagram"]));
    await expect(inboxSources(database.db, editor)).rejects.toMatchObject({ kind: "forbidden" });
    const tooLong = parseInboxFilter(new URLSearchParams({ source: "x".repeat(201) }));
    expect(tooLong).toMatchObject({ ok: false, violations: [{ propertyPath: "source" }] });
  });

  it("is on the lead and in the CSV's Source, Medium and Campaign columns, 'Not recorded' where there was no visit", async () => {
    expect((await getLead(database.db, sandtonManager, tiktokLead)).attribution).toEqual(tiktok);
    expect((await getLead(database.db, sandtonManager, sandtonFinance)).attribution).toBeNull();
    const rows = parse(await exportInboxCsv(database.db, sandtonManager, filter()), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.find((row) => row["Lead type"] === "Parts Enquiry" && row.Source === "tiktok")).toMatchObject({
      Medium: "cpc",
      Campaign: "winter-jazz",
    });
    expect(rows.find((row) => row["Lead type"] === "Finance Application")).toMatchObject({
      Source: "Not recorded",
      Medium: "",
      Campaign: "",
    });
  });
});

describe("the leads inbox's role matrix", () => {
  it("a group administrator sees every dealer's leads, newest first", async () => {
    const page = await listInbox(database.db, admin, filter());
    const ids = page.rows.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([sandtonLead, menlynLead, sandtonFinance]));
    const times = page.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("a dealer manager sees their dealer's leads only, and another dealer's lead is not found", async () => {
    const page = await listInbox(database.db, sandtonManager, filter());
    expect(new Set(page.rows.map((row) => row.dealerSlug))).toEqual(new Set(["honda-sandton"]));
    expect(page.rows.map((row) => row.id)).toEqual(expect.arrayContaining([sandtonLead, sandtonFinance]));
    await expect(getLead(database.db, sandtonManager, sandtonLead)).resolves.toMatchObject({ id: sandtonLead });
    await expect(getLead(database.db, menlynManager, sandtonLead)).rejects.toMatchObject({ kind: "not-found" });
    await expect(
      changeLeadWork(database.db, menlynManager, sandtonLead, { status: "Contacted" }),
    ).rejects.toMatchObject({ kind: "not-found" });
    await expect(resendLeadToDealer(database.db, menlynManager, sandtonLead)).rejects.toMatchObject({
      kind: "not-found",
    });
  });

  it("a content editor may not use the inbox at all", async () => {
    await expect(listInbox(database.db, editor, filter())).rejects.toMatchObject({ kind: "forbidden" });
    await expect(getLead(database.db, editor, sandtonLead)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(exportInboxCsv(database.db, editor, filter())).rejects.toMatchObject({ kind: "forbidden" });
    await expect(firstResponseReport(database.db, editor)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(countLeads(database.db, editor, filter())).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("counts the leads each person may see, as the list shows them", async () => {
    for (const actor of [admin, sandtonManager, menlynManager]) {
      const query = filter({ work: "New" });
      expect(await countLeads(database.db, actor, query)).toBe((await listInbox(database.db, actor, query)).total);
    }
    const menlynOnly = await countLeads(database.db, menlynManager, filter());
    expect(await countLeads(database.db, admin, filter())).toBeGreaterThan(menlynOnly);
  });

  it("an unknown or malformed lead id is not found", async () => {
    await expect(getLead(database.db, admin, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(getLead(database.db, admin, "not-a-uuid")).rejects.toMatchObject({ kind: "not-found" });
  });
});

describe("one lead", () => {
  it("shows what the visitor sent, the vehicle's page and the deliveries to the dealer", async () => {
    const lead = await getLead(database.db, sandtonManager, sandtonLead);
    expect(lead.customer).toMatchObject({
      lastName: "Mokoena",
      message: expect.stringContaining("Call me after 5"),
      cellPhone: "+27821234567",
    });
    expect(lead.vehicle).toMatchObject({ model: "CR-V", trim: "1.5T Comfort CVT" });
    expect(lead.vehiclePath).toBe("/new/honda/cr-v/1-5t-comfort-cvt");
    expect(lead.deliveries.length).toBeGreaterThan(0);
    expect(lead.deliveries.every((delivery) => delivery.format !== "confirmation")).toBe(true);
    expect(lead.workStatus).toBe("New");
  });

  it("a finance application in the inbox shows no applicant details", async () => {
    const lead = await getLead(database.db, admin, sandtonFinance);
    expect(lead.customer).toBeNull();
    expect(JSON.stringify(lead)).not.toContain(VALID_ID_NUMBER);
    const page = await listInbox(database.db, admin, filter({ type: "Finance Application" }));
    const serialised = JSON.stringify(page);
    expect(page.rows.map((row) => row.id)).toContain(sandtonFinance);
    for (const secret of [VALID_ID_NUMBER, SALARY, "Capitec", "Nkosi"]) expect(serialised).not.toContain(secret);
  });
});

describe("a delivered lead", () => {
  it("shows the ADF exactly as the dealer's CRM address received it, and no finance application's ADF", async () => {
    const outbox = await fs.mkdtemp(path.join(os.tmpdir(), "inbox-outbox-"));
    try {
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
      const mails = await Promise.all(
        (await fs.readdir(outbox)).map(async (name) => simpleParser(await fs.readFile(path.join(outbox, name)))),
      );
      const toCrm = mails.filter(
        (mail) => !Array.isArray(mail.to) && mail.to?.text === "crm@honda-sandton.example.co.za",
      );
      const lead = await getLead(database.db, sandtonManager, sandtonLead);
      const crm = lead.deliveries.find((delivery) => delivery.format === "adf" && delivery.channel === "email")!;
      expect(crm).toMatchObject({ target: "crm@honda-sandton.example.co.za", status: "delivered" });
      expect(crm.sentAdf).toContain(`<id sequence="1" source="Honda Dealer Group Website">${sandtonLead}</id>`);
      expect(toCrm.map((mail) => mail.text)).toContain(`${crm.sentAdf}\n`);
      expect(lead.deliveries.find((delivery) => delivery.format === "readable")!.sentAdf).toBe(crm.sentAdf);

      const finance = await getLead(database.db, admin, sandtonFinance);
      expect(finance.deliveries.some((delivery) => delivery.status === "delivered")).toBe(true);
      expect(finance.deliveries.map((delivery) => delivery.sentAdf)).toEqual(finance.deliveries.map(() => null));
    } finally {
      await fs.rm(outbox, { recursive: true, force: true });
    }
  });
});

describe("work status and notes", () => {
  it("records the change with who made it, in the audit log too, and filters by it", async () => {
    const lead = await enquiry("honda-sandton");
    const result = await changeLeadWork(database.db, sandtonManager, lead, {
      status: "Contacted",
      note: "Left a voicemail",
    });
    expect(result).toEqual({ ok: true, workStatus: "Contacted" });
    await changeLeadWork(database.db, sandtonManager, lead, { note: "Coming in on Saturday" });
    const detail = await getLead(database.db, admin, lead);
    expect(detail.workStatus).toBe("Contacted");
    expect(detail.work).toEqual([
      expect.objectContaining({ by: "sandton@inbox.example", status: "Contacted", note: "Left a voicemail" }),
      expect.objectContaining({ by: "sandton@inbox.example", status: null, note: "Coming in on Saturday" }),
    ]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, lead)).orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.action, entry.actorLabel, entry.dealerId])).toEqual([
      ["lead.work_status", "sandton@inbox.example", sandtonId],
      ["lead.note", "sandton@inbox.example", sandtonId],
    ]);
    expect(audit[0]!.changes).toEqual({
      workStatus: { from: "New", to: "Contacted" },
      note: { from: null, to: "Left a voicemail" },
    });
    const contacted = await listInbox(database.db, sandtonManager, filter({ work: "Contacted" }));
    expect(contacted.rows.map((row) => row.id)).toContain(lead);
    const fresh = await listInbox(database.db, sandtonManager, filter({ work: "New" }));
    expect(fresh.rows.map((row) => row.id)).not.toContain(lead);
  });

  it("refuses an unknown status, an empty change and the same status again, storing nothing", async () => {
    const lead = await enquiry("honda-sandton");
    expect(await changeLeadWork(database.db, sandtonManager, lead, { status: "Won" })).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "status" }],
    });
    expect(await changeLeadWork(database.db, sandtonManager, lead, { status: "", note: "  " })).toMatchObject({
      ok: false,
    });
    expect(await changeLeadWork(database.db, sandtonManager, lead, { status: "New" })).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "status" }],
    });
    expect(await changeLeadWork(database.db, sandtonManager, lead, { note: "bad \u0000 byte" })).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "note" }],
    });
    expect((await getLead(database.db, admin, lead)).work).toEqual([]);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, lead))).toEqual([]);
  });

  it("the report gives each dealer's first response time per week", async () => {
    const lead = await enquiry("honda-menlyn");
    await changeLeadWork(database.db, menlynManager, lead, { status: "Appointment" });
    const report = await firstResponseReport(database.db, menlynManager);
    expect(report.every((week) => week.dealerSlug === "honda-menlyn")).toBe(true);
    const thisWeek = report.at(-1)!;
    expect(thisWeek.leads).toBeGreaterThanOrEqual(2);
    expect(thisWeek.responded).toBe(1);
    expect(thisWeek.medianMinutes).toBe(0);
    expect(thisWeek.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("resend", () => {
  it("queues every delivery to the dealer again, not the visitor's confirmation, and audits it", async () => {
    const lead = await enquiry("honda-sandton");
    await database.db
      .update(leadDeliveries)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(leadDeliveries.leadId, lead));
    const queued = await resendLeadToDealer(database.db, sandtonManager, lead);
    const deliveries = await database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead));
    const toDealer = deliveries.filter((delivery) => delivery.format !== "confirmation");
    expect(queued).toBe(toDealer.length);
    expect(toDealer.every((delivery) => delivery.status === "pending" && delivery.attempts === 0)).toBe(true);
    expect(
      deliveries
        .filter((delivery) => delivery.format === "confirmation")
        .every((delivery) => delivery.status === "delivered"),
    ).toBe(true);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lead), eq(auditLog.action, "lead.resend")));
    expect(entry).toMatchObject({
      actorLabel: "sandton@inbox.example",
      changes: { deliveriesQueued: { from: null, to: queued } },
    });
    const [stored] = await database.db
      .select({ status: enquiries.status })
      .from(enquiries)
      .where(eq(enquiries.id, lead));
    expect(stored!.status).toBe("Queued");
  });
});

describe("filters and the CSV export", () => {
  it("filters by dealer, type, delivery status and dates, and refuses bad values", async () => {
    expect(
      (await listInbox(database.db, admin, filter({ dealer: "honda-menlyn" }))).rows.every(
        (row) => row.dealerSlug === "honda-menlyn",
      ),
    ).toBe(true);
    expect(
      (await listInbox(database.db, admin, filter({ type: "New Vehicles" }))).rows.every(
        (row) => row.leadType === "New Vehicles",
      ),
    ).toBe(true);
    expect((await listInbox(database.db, admin, filter({ delivery: "Failed" }))).rows).toEqual([]);
    expect((await listInbox(database.db, admin, filter({ to: "2020-01-01" }))).rows).toEqual([]);
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    expect(
      (await listInbox(database.db, admin, filter({ from: today, to: today }))).rows.map((row) => row.id),
    ).toContain(sandtonLead);
    const bad = parseInboxFilter(new URLSearchParams({ work: "Won", from: "yesterday", page: "0" }));
    expect(bad.ok ? [] : bad.violations.map((v) => v.propertyPath).sort()).toEqual(["from", "page", "work"]);
    const backwards = parseInboxFilter(new URLSearchParams({ from: "2026-02-01", to: "2026-01-01" }));
    expect(backwards).toMatchObject({ ok: false, violations: [{ propertyPath: "to" }] });
  });

  it("exports the filtered list as CSV, a formula in a visitor's name made harmless, no finance details", async () => {
    const csv = await exportInboxCsv(database.db, sandtonManager, filter());
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.Message!.includes("HYPERLINK"));
    expect(row).toMatchObject({
      Message: '\'=HYPERLINK("http://evil.example","Call me after 5")',
      Name: "Thandi Mokoena",
      Dealer: "Honda Sandton",
    });
    expect(rows.every((r) => r.Dealer === "Honda Sandton")).toBe(true);
    const finance = rows.find((r) => r["Lead type"] === "Finance Application")!;
    expect([finance.Name, finance["E-mail"], finance.Phone]).toEqual(["", "", ""]);
    for (const secret of [VALID_ID_NUMBER, SALARY, "Capitec"]) expect(csv).not.toContain(secret);
    const [exported] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "lead.export"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(exported).toMatchObject({
      actorLabel: sandtonManager.label,
      entity: "lead_export",
      changes: { rows: { from: null, to: rows.length } },
    });
  });
});

describe("finance applications under POPIA", () => {
  it("opening one decrypts it and writes who opened it to the audit log", async () => {
    const opened = await openFinanceApplication(database.db, cipher, sandtonManager, sandtonFinance);
    expect(opened.application).toMatchObject({ idNumber: VALID_ID_NUMBER, basicMonthly: Number(SALARY) });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sandtonFinance), eq(auditLog.action, "finance_application.open")));
    expect(entries).toEqual([
      expect.objectContaining({ actorLabel: "sandton@inbox.example", actorId: sandtonManager.id, dealerId: sandtonId }),
    ]);
    await openFinanceApplication(database.db, cipher, admin, sandtonFinance);
    const after = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sandtonFinance), eq(auditLog.action, "finance_application.open")));
    expect(after.map((entry) => entry.actorLabel)).toEqual(["sandton@inbox.example", "admin@inbox.example"]);
  });

  it("another dealer's manager gets not found, a content editor forbidden, and neither is logged as an opening", async () => {
    await expect(openFinanceApplication(database.db, cipher, menlynManager, sandtonFinance)).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(openFinanceApplication(database.db, cipher, editor, sandtonFinance)).rejects.toMatchObject({
      kind: "forbidden",
    });
    const labels = (await database.db.select().from(auditLog).where(eq(auditLog.entityId, sandtonFinance))).map(
      (entry) => entry.actorLabel,
    );
    expect(labels).not.toContain("menlyn@inbox.example");
    expect(labels).not.toContain("editor@inbox.example");
  });
});
