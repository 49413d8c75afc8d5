import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import {
  alertAddresses,
  dealerLeadChannels,
  dealers,
  enquiries,
  financeApplications,
  imageRenditions,
  leadDeliveries,
  storedImages,
  tradeInPhotos,
} from "../../db/schema.ts";
import { leaveRecords, type Person, person, wholeDatabaseText } from "../../tests/support/personal-records.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { subscribe } from "../alerts/saved-searches.server.ts";
import { createMailer } from "../delivery/email.server.ts";
import { LinkSigner } from "../appointments/links.server.ts";
import { leadPhotoPath } from "../delivery/lead-photos.server.ts";
import { FinanceCipher } from "../finance/encryption.server.ts";
import { changeLeadWork, exportInboxCsv } from "../leads/inbox.server.ts";
import { storeTestEnquiry } from "../../tests/support/leads.ts";
import { parseInboxFilter } from "../leads/inbox-filter.ts";
import type { StaffActor } from "../staff/roles.ts";
import {
  correctPersonRecords,
  erasePersonRecords,
  exportPersonRecords,
  findPersonRecords,
  NOTHING_AT_YOUR_DEALERS_MESSAGE,
  NOTHING_FOUND_MESSAGE,
  objectToMarketing,
  parsePersonIdentifier,
  type PersonIdentifier,
} from "./privacy.server.ts";
import { DEFAULT_RETENTION } from "./retention.ts";
import type { PrivacyDeps } from "./kinds.ts";

const _SITE = "https://www.honda-group.example";
const _PHOTOS = path.resolve(import.meta.dirname, "../../tests/fixtures/photos");
/** Friday 27 November 2026, noon in South Africa: Saturday 28th 09:30 is bookable at the dealer. */
const _BOOKING_NOW = new Date("2026-11-27T12:00:00+02:00").getTime();

const SITE = "https://www.honda-group.example";
const signer = LinkSigner.ephemeral();
const cipher = FinanceCipher.ephemeral();
let server: TestServer;
let db: Database;
let outboxDir: string;
let deps: PrivacyDeps;
let admin: StaffActor;
let webhookBodies: string[];
let webhook: Server;

beforeAll(async () => {
  server = await startTestServer({ linkSigner: signer, financeCipher: cipher });
  db = server.database.db;
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "privacy-outbox-"));
  deps = { cipher, outboxDir };
  admin = (await createStaffUser(db, { email: "officer@honda-group.example", role: "group_admin" })).actor;
  webhookBodies = [];
  webhook = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      webhookBodies.push(body);
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => webhook.close(() => resolve()));
  await server.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

const records = () => ({ db, cipher, signer, outboxDir });
const leaveRecordsOfEveryKind = (someone: Person, dealerSlug?: string) => leaveRecords(records(), someone, dealerSlug);

async function addWebhook(dealerSlug: string): Promise<void> {
  const [dealer] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, dealerSlug));
  await db.insert(dealerLeadChannels).values({
    dealerId: dealer!.id,
    kind: "webhook",
    target: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/crm`,
    format: "json",
    secret: "crm-secret",
    leadKind: "enquiry",
  });
}

const identifier = (input: string): PersonIdentifier => {
  const parsed = parsePersonIdentifier(input);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.identifier;
};

async function outboxText(): Promise<string> {
  const names = await fs.readdir(outboxDir);
  const texts = await Promise.all(names.map((name) => fs.readFile(path.join(outboxDir, name), "utf8")));
  return texts.join("\n").toLowerCase();
}

/** The spellings of the person's details that must be gone: e-mail, cell number in three spellings, ID number, surname. */
function traces(someone: Person): string[] {
  const national = someone.cell.replace(/\D/g, "").replace(/^0/, "");
  return [someone.email, `+27${national}`, `0${national}`, someone.idNumber, someone.lastName.toLowerCase()];
}

/** The ids of the records `leaveRecordsOfEveryKind` left. */
type RecordIds = Awaited<ReturnType<typeof leaveRecordsOfEveryKind>>;

/** Found by the cell number in another spelling, across every kind; the records found. */
async function expectFoundEverywhere(someone: Person, ids: RecordIds) {
  const { records } = await findPersonRecords(db, admin, identifier("+27 82 555 0123"), deps);
  expect(new Set(records.map((record) => record.kind))).toEqual(
    new Set([
      "enquiry",
      "appointment",
      "sell_your_car",
      "sell_your_car_photo",
      "finance_application",
      "saved_search_alert",
      "lead_delivery",
      "outbox_email",
    ]),
  );
  expect(records.find((record) => record.recordId === ids.finance)?.dealer?.name).toBe("Honda Menlyn");
  // Each enquiry names the person, so that staff see they found the right one.
  const enquiry = records.find((record) => record.kind === "enquiry");
  expect(enquiry?.summary).toContain(`from ${someone.firstName} ${someone.lastName}`);
  // The finance application alone by the ID number (its blind index), without decrypting the others.
  const byId = await findPersonRecords(db, admin, identifier(someone.idNumber), deps);
  expect(byId.records.filter((record) => record.kind === "finance_application").map((r) => r.recordId)).toContain(
    ids.finance,
  );
  return records;
}

/** Handed over: every record found is in the file, with its purpose, its recipients and how long it is kept. */
async function expectHandedOver(someone: Person, records: { recordId: string }[]) {
  const handed = await exportPersonRecords(db, admin, identifier(someone.email), deps, DEFAULT_RETENTION);
  const json = JSON.stringify(handed.json);
  for (const record of records) expect(json).toContain(record.recordId);
  expect(handed.text).toContain("How long we keep it: 24 months after the lead's last activity");
  expect(handed.text).toContain(`/crm`);
  expect(handed.text).toContain(someone.idNumber);
}

/** Corrected everywhere at once. */
async function expectCorrectedEverywhere(someone: Person) {
  const corrected = await correctPersonRecords(
    db,
    admin,
    identifier(someone.email),
    { name: "Naledi Dlamini-Mokoena", phone: "083 444 0199" },
    deps,
  );
  expect(corrected).toMatchObject({ ok: true, counts: { enquiry: 3, finance_application: 1 } });
  const afterCorrection = await findPersonRecords(db, admin, identifier("0834440199"), deps);
  expect(afterCorrection.records.filter((r) => r.kind === "enquiry" || r.kind === "finance_application")).toHaveLength(
    4,
  );
}

async function expectErasedEverywhere(someone: Person, ids: RecordIds) {
  // Before the erasure, the checks below see the person everywhere they look.
  expect(await wholeDatabaseText(db)).toContain("+27834440199");
  expect(await outboxText()).toContain(someone.email);
  // Erased: nothing readable is left in the database, the outbox, the photos, the CSV export or the photo links.
  const erased = await erasePersonRecords(db, admin, identifier(someone.email), deps);
  expect(erased).toMatchObject({ status: "erased", filesPending: 0, counts: { enquiry: 3, finance_application: 1 } });
  const everything = await wholeDatabaseText(db);
  for (const trace of [...traces(someone), "0834440199", "+27834440199", "dlamini-mokoena"])
    expect(everything).not.toContain(trace);
  const outbox = await outboxText();
  for (const trace of [someone.email, "+27834440199", someone.firstName.toLowerCase()])
    expect(outbox).not.toContain(trace);
  expect(await db.select().from(storedImages).where(eq(storedImages.id, ids.photo))).toEqual([]);
  expect(await db.select().from(imageRenditions).where(eq(imageRenditions.imageId, ids.photo))).toEqual([]);
  const photoLink = leadPhotoPath(signer, ids.sale, 1, new Date());
  expect((await server.get(photoLink)).status).toBe(404);
  const filter = parseInboxFilter(new URLSearchParams());
  if (!filter.ok) throw new Error("the empty filter is refused");
  const csv = (await exportInboxCsv(db, admin, filter.value)).toLowerCase();
  for (const trace of [someone.email, "dlamini-mokoena", "+27834440199"]) expect(csv).not.toContain(trace);
  const [finance] = await db.select().from(financeApplications).where(eq(financeApplications.id, ids.finance));
  expect(cipher.decrypt(finance!.encryptedPayload)).toEqual({});
  // The rows that counts are made of stay, with their dates and dealers.
  const kept = await db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(inArray(enquiries.id, [ids.enquiry, ids.booking, ids.sale]));
  expect(kept).toHaveLength(3);
}

describe("one person's records of every kind", () => {
  it("are found, handed over, corrected and erased, leaving nothing readable anywhere", async () => {
    await addWebhook("honda-menlyn");
    const someone = person("everykind", "082 555 0123");
    const ids = await leaveRecordsOfEveryKind(someone, "honda-menlyn");
    expect(webhookBodies.join("\n")).toContain(someone.email);

    const records = await expectFoundEverywhere(someone, ids);
    await expectHandedOver(someone, records);
    await expectCorrectedEverywhere(someone);
    await expectErasedEverywhere(someone, ids);

    // The audit log says who erased which category, never a value.
    const audit = (await db.execute(
      sql`select action, entity_id, changes::text as changes from audit_log where action like 'personal_records.%' order by id`,
    )) as unknown as { rows: { action: string; entity_id: string; changes: string }[] };
    expect(audit.rows.filter((row) => row.action === "personal_records.erase").map((row) => row.entity_id)).toContain(
      "finance_application",
    );

    // A second erase finds nothing.
    expect(await erasePersonRecords(db, admin, identifier(someone.email), deps)).toEqual({
      status: "nothing-found",
      message: NOTHING_FOUND_MESSAGE,
    });
  });

  it("leaves no salesperson's note on an erased lead readable, in the lead's history or in the audit log", async () => {
    const id = await storeTestEnquiry(db, {
      dealerSlug: "honda-sandton",
      firstName: "Zodwa",
      lastName: "Notetaker",
      email: "zodwa.notes@example.co.za",
      cellPhone: "+27825550188",
    });
    const note = "Zodwa Notetaker called from 082 555 0188, lives in Rivonia";
    expect(await changeLeadWork(db, admin, id, { status: "Contacted", note })).toMatchObject({ ok: true });
    expect(await wholeDatabaseText(db)).toContain("lives in rivonia");
    await erasePersonRecords(db, admin, identifier("zodwa.notes@example.co.za"), deps);
    expect(await wholeDatabaseText(db)).not.toContain("lives in rivonia");
  });

  it("is all or nothing: an erasure that fails halfway changes nothing", async () => {
    const someone = person("halfway", "082 555 0144", "9202204720083");
    const ids = await leaveRecordsOfEveryKind(someone);
    const filesBefore = (await fs.readdir(outboxDir)).length;
    // The database refuses the finance application's change, after the enquiries were anonymised in the same transaction.
    await db.execute(sql`create function refuse_change() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await db.execute(
      sql`create trigger refuse_change before update on finance_applications for each row execute function refuse_change()`,
    );
    try {
      await expect(erasePersonRecords(db, admin, identifier(someone.email), deps)).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_change on finance_applications`);
      await db.execute(sql`drop function refuse_change()`);
    }
    const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, ids.enquiry));
    expect(enquiry).toMatchObject({ email: someone.email, anonymisedAt: null });
    expect(await db.select().from(tradeInPhotos).where(eq(tradeInPhotos.enquiryId, ids.sale))).toHaveLength(2);
    expect(await db.select().from(alertAddresses).where(eq(alertAddresses.email, someone.email))).toHaveLength(1);
    expect((await fs.readdir(outboxDir)).length).toBe(filesBefore);
    expect(
      (await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, ids.enquiry))).length,
    ).toBeGreaterThan(0);
  });
});

describe("searching for a person", () => {
  it("refuses a one-letter or unreadable value with a message that says what to enter", () => {
    expect(parsePersonIdentifier("a")).toEqual({ ok: false, message: expect.stringContaining("too short") });
    expect(parsePersonIdentifier("not a number")).toEqual({
      ok: false,
      message: expect.stringContaining("not an e-mail"),
    });
    expect(parsePersonIdentifier("8001015009088")).toEqual({
      ok: false,
      message: expect.stringContaining("ID number"),
    });
  });

  it("reads every spelling of a cell number and an e-mail in any case as the same person", () => {
    const spellings = ["082 555 0123", "+27825550123", "27 82 555 0123", "0825550123"].map(parsePersonIdentifier);
    expect(spellings).toEqual(
      spellings.map(() => ({ ok: true, identifier: { kind: "phone", value: "+27825550123" } })),
    );
    expect(parsePersonIdentifier(" Naledi@Example.CO.ZA ")).toEqual({
      ok: true,
      identifier: { kind: "email", value: "naledi@example.co.za" },
    });
    expect(parsePersonIdentifier("800101 5009 087")).toEqual({
      ok: true,
      identifier: { kind: "id_number", value: "8001015009087" },
    });
  });

  it("answers an erasure of somebody never seen with nothing found, and changes nothing", async () => {
    const before = await wholeDatabaseText(db);
    expect(await erasePersonRecords(db, admin, identifier("nobody.ever@example.co.za"), deps)).toEqual({
      status: "nothing-found",
      message: NOTHING_FOUND_MESSAGE,
    });
    expect((await wholeDatabaseText(db)).length).toBe(before.length);
  });

  it("shows a dealer manager only their own dealers' records, and audits the search without the value", async () => {
    const someone = person("scoped", "082 555 0177", "8501015009086");
    await leaveRecordsOfEveryKind(someone);
    const own = (
      await createStaffUser(db, {
        email: "m1@honda-group.example",
        role: "dealer_manager",
        dealerSlugs: ["honda-menlyn"],
      })
    ).actor;
    const other = (
      await createStaffUser(db, {
        email: "m2@honda-group.example",
        role: "dealer_manager",
        dealerSlugs: ["honda-sandton"],
      })
    ).actor;
    const editor = (await createStaffUser(db, { email: "e1@honda-group.example", role: "content_editor" })).actor;
    const mine = await findPersonRecords(db, own, identifier(someone.email), deps);
    expect(mine.records.length).toBeGreaterThan(0);
    expect(mine.records.every((record) => record.dealer?.name === "Honda Menlyn")).toBe(true);
    expect((await findPersonRecords(db, other, identifier(someone.email), deps)).records).toEqual([]);
    await expect(findPersonRecords(db, editor, identifier(someone.email), deps)).rejects.toMatchObject({
      kind: "forbidden",
    });
    const audit = (await db.execute(
      sql`select changes::text || entity_id as text from audit_log where action = 'personal_records.search'`,
    )) as unknown as { rows: { text: string }[] };
    expect(audit.rows.map((row) => row.text).join("|")).not.toContain(someone.email);
  });

  it("refuses a correction with a bad e-mail or cell number field by field, changing nothing", async () => {
    const someone = person("badfix", "082 555 0188", "8801015009080");
    await leaveRecordsOfEveryKind(someone);
    expect(
      await correctPersonRecords(
        db,
        admin,
        identifier(someone.email),
        { email: "not-an-address", phone: "12345" },
        deps,
      ),
    ).toEqual({
      ok: false,
      violations: [
        { propertyPath: "email", message: "Please enter a valid email address, like name@example.co.za" },
        { propertyPath: "phone", message: "Please enter a South African cell number, like 082 123 4567" },
      ],
    });
    expect((await findPersonRecords(db, admin, identifier(someone.email), deps)).records.length).toBeGreaterThan(0);
  });
});

describe("objecting to direct marketing", () => {
  it("stops the person's alerts, and a later sign-up with their address is answered as any other but never mailed", async () => {
    const someone = person("objects", "082 555 0166", "7506065009085");
    await leaveRecordsOfEveryKind(someone);
    expect(await objectToMarketing(db, admin, identifier("082 555 0166"), deps)).toEqual({ added: true });
    expect(await objectToMarketing(db, admin, identifier(someone.email), deps)).toEqual({ added: false });
    const [address] = await db.select().from(alertAddresses).where(eq(alertAddresses.email, someone.email));
    expect(address!.unsubscribedAt).not.toBeNull();

    const mails = async () => (await fs.readdir(outboxDir)).length;
    const before = await mails();
    const signUp = (email: string) =>
      subscribe(
        db,
        createMailer({ outboxDir, from: "alerts@honda-group.example" }),
        SITE,
        { email, query: "make_slug=honda", label: "Used Honda", dealerId: null },
        { personIndex: cipher },
      );
    expect(await signUp(someone.email.toUpperCase())).toEqual({ status: "sent" });
    expect(await mails()).toBe(before);
    expect(await signUp("someone.else@example.co.za")).toEqual({ status: "sent" });
    expect(await mails()).toBe(before + 1);
  });

  it("keeps a dealer manager to people their dealers hold records of: another dealer's buyer's alerts and listing are left alone", async () => {
    const someone = person("elsewhere", "082 555 0155");
    await leaveRecordsOfEveryKind(someone, "honda-sandton");
    const manager = (
      await createStaffUser(db, {
        email: "m3@honda-group.example",
        role: "dealer_manager",
        dealerSlugs: ["honda-menlyn"],
      })
    ).actor;
    expect(await objectToMarketing(db, manager, identifier(someone.email), deps)).toEqual({
      status: "nothing-found",
      message: NOTHING_AT_YOUR_DEALERS_MESSAGE,
    });
    const [address] = await db.select().from(alertAddresses).where(eq(alertAddresses.email, someone.email));
    expect(address!.unsubscribedAt).toBeNull();
    expect(await objectToMarketing(db, admin, identifier(someone.email), deps)).toEqual({ added: true });
    // Nor does a hand-over tell them whether that buyer objected.
    await expect(
      exportPersonRecords(db, manager, identifier(someone.email), deps, DEFAULT_RETENTION),
    ).rejects.toMatchObject({ kind: "not-found" });
  });
});
