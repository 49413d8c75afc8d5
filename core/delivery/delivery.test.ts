import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { dealerLeadChannels, dealers, enquiries, financeApplications, leadDeliveries, leadDeliveryAttempts } from "../../db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { storeTestEnquiry } from "../../tests/support/leads.ts";
import { startSmtpPeer, type SmtpPeer } from "../../tests/support/smtp-peer.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { createMailer } from "./email.ts";
import { deliveryLog, leadStats, listLeads } from "./lead-log.ts";
import { enqueueLeadDelivery, MAX_ATTEMPTS, resendLead } from "./outbox.ts";
import { signWebhook } from "./webhook.ts";
import { LeadDeliveryWorker } from "./worker.ts";

let database: DatabaseHandle;
let smtp: SmtpPeer;
let clock: Date;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  smtp.failNext(0);
  clock = new Date(Date.now() + 1_000);
  await database.db.execute(sql`delete from lead_deliveries`);
});

function worker(overrides: Partial<ConstructorParameters<typeof LeadDeliveryWorker>[0]> = {}) {
  return new LeadDeliveryWorker({
    db: database.db,
    logger: createLogger("silent"),
    mailer: createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", from: "Leads <leads@group.example>" }),
    siteUrl: "https://www.honda-group.example",
    now: () => clock,
    ...overrides,
  });
}

const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

/** The text of the first element with this name (and attributes) in an XML string. */
function xmlText(xml: string, element: string, attributes = ""): string | undefined {
  const match = new RegExp(`<${element}${attributes.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}>([^<]*)</${element}>`).exec(xml);
  return match?.[1];
}

const leadStatus = async (id: string) =>
  (await database.db.select({ status: enquiries.status }).from(enquiries).where(eq(enquiries.id, id)))[0]?.status;

describe("e-mail delivery", () => {
  it("sends a new-vehicle enquiry to the dealer's lead address with a readable summary and an ADF 1.0 attachment", async () => {
    const leadId = await storeTestEnquiry(database.db);
    expect(await leadStatus(leadId)).toBe("Queued");
    expect(await worker().runOnce()).toBe(1);

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.to).toMatchObject({ text: "leads@honda-sandton.example.co.za" });
    expect(mail!.subject).toBe("New lead: New Vehicles - Thabo Nkosi - CR-V");
    expect(mail!.text).toContain("Cell:     +27821234567");
    expect(mail!.text).toContain("Is the CR-V available in white?");
    expect(mail!.messageId).toBe(`<lead-${leadId}-${(await deliveriesOf(leadId))[0]!.id}@honda-dealer-group>`);

    const attachment = mail!.attachments.find((a) => a.filename === `lead-${leadId}.adf.xml`);
    expect(attachment?.contentType).toBe("application/xml");
    const xml = attachment!.content.toString("utf8");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    expect(xml).toContain('<prospect status="new">');
    expect(xmlText(xml, "id", ' sequence="1" source="Honda Dealer Group Website"')).toBe(leadId);
    expect(xmlText(xml, "requestdate")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(xml).toContain('<vehicle interest="buy" status="new">');
    expect(xmlText(xml, "make")).toBe("Honda");
    expect(xmlText(xml, "model")).toBe("CR-V");
    expect(xmlText(xml, "trim")).toBe("1.5T Executive AWD");
    expect(xmlText(xml, "name", ' part="first"')).toBe("Thabo");
    expect(xmlText(xml, "name", ' part="last"')).toBe("Nkosi");
    expect(xmlText(xml, "email")).toBe("thabo@example.co.za");
    expect(xmlText(xml, "phone", ' type="cellphone"')).toBe("+27821234567");
    expect(xmlText(xml, "comments")).toBe("Is the CR-V available in white?");
    expect(xmlText(xml, "vendorname")).toBe("Honda Sandton");
    expect(xmlText(xml, "name", ' part="full"')).toBeTruthy();
    expect(xmlText(xml, "url")).toBe("https://www.honda-group.example/new/honda/cr-v/1-5t-executive-awd/enquire");
    expect(xmlText(xml, "service")).toBe("New Vehicles (Group Website New Vehicles)");

    expect(await leadStatus(leadId)).toBe("Delivered");
    const [delivery] = await deliveriesOf(leadId);
    expect(delivery).toMatchObject({ status: "delivered", channel: "email", attempts: 1 });
    expect(delivery!.deliveredAt).toEqual(clock);
  });

  it("describes a used vehicle with year, stock number, odometer in km and price in ZAR", async () => {
    const [vehicle] = await rows<{ id: number; year: number; mileage_km: number; price: number; model: string }>(
      sql`select v.id, v.year, v.mileage_km, v.price, m.name as model from used_vehicles v join models m on m.id = v.model_id limit 1`,
    );
    const leadId = await storeTestEnquiry(database.db, {
      formName: "Used Vehicles",
      leadType: "Used Vehicles",
      usedVehicleId: vehicle!.id,
      isUsed: 1,
      message: "Can I trade in my <Polo> & pay the rest cash?",
    });
    await worker().runOnce();
    const xml = smtp.messages[0]!.attachments[0]!.content.toString("utf8");
    expect(xml).toContain('<vehicle interest="buy" status="used">');
    expect(xmlText(xml, "year")).toBe(String(vehicle!.year));
    expect(xmlText(xml, "model")).toBe(vehicle!.model);
    expect(xmlText(xml, "stock")).toBe(String(vehicle!.id));
    expect(xmlText(xml, "odometer", ' status="original" units="km"')).toBe(String(vehicle!.mileage_km));
    expect(xmlText(xml, "price", ' type="asking" currency="ZAR"')).toBe(String(vehicle!.price));
    expect(xmlText(xml, "comments")).toBe("Can I trade in my &lt;Polo&gt; &amp; pay the rest cash?");
    expect(await leadStatus(leadId)).toBe("Delivered");
  });

  it("sends a finance application as a notice only: no personal details, no attachment", async () => {
    const [dealer] = await database.db.select().from(dealers).where(eq(dealers.slug, "honda-menlyn"));
    const id = await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(financeApplications)
        .values({
          dealerId: dealer!.id,
          sourceCode: "Group Website Honda-Online Fin App",
          vehicleVariant: "new",
          encryptedPayload: "ciphertext",
          idempotencyKey: randomUUID(),
        })
        .returning({ id: financeApplications.id });
      await enqueueLeadDelivery(tx, { kind: "finance", id: row!.id, dealerId: dealer!.id });
      return row!.id;
    });
    await worker().runOnce();
    const [mail] = smtp.messages;
    expect(mail!.to).toMatchObject({ text: "finance@honda-menlyn.example.co.za" });
    expect(mail!.attachments).toEqual([]);
    expect(mail!.text).toContain(`npm run leads -- show ${id} --decrypt`);
    expect(mail!.text).not.toMatch(/\d{13}|salary|bank/i);
    const [row] = await database.db.select({ status: financeApplications.status }).from(financeApplications).where(eq(financeApplications.id, id));
    expect(row!.status).toBe("Delivered");
  });
});

describe("retries", () => {
  it("retries after 1 and 5 and 30 minutes, then delivers", async () => {
    const leadId = await storeTestEnquiry(database.db);
    smtp.failNext(3);
    const w = worker();
    const started = clock.getTime();
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    for (const wait of [60, 300, 1_800]) {
      const [delivery] = await deliveriesOf(leadId);
      expect(delivery!.status).toBe("pending");
      expect(delivery!.lastError).toMatch(/451|busy/i);
      expect((delivery!.nextAttemptAt.getTime() - clock.getTime()) / 1000).toBe(wait);
      advance(wait - 1);
      expect(await w.runOnce()).toBe(0);
      advance(1);
      expect(await w.runOnce()).toBe(1);
    }
    expect(smtp.messages).toHaveLength(1);
    expect(await leadStatus(leadId)).toBe("Delivered");
    const attempts = await attemptsOf(leadId);
    expect(attempts.map((a) => a.ok)).toEqual([false, false, false, true]);
    expect(clock.getTime() - started).toBe((60 + 300 + 1_800) * 1000);
  });

  it("marks a lead Failed after the last retry, keeps it, and delivers it when resent", async () => {
    const leadId = await storeTestEnquiry(database.db);
    smtp.failNext(1_000);
    const w = worker();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await w.runOnce()).toBe(1);
      advance(12 * 3600);
    }
    expect(await w.runOnce()).toBe(0);
    const [failed] = await deliveriesOf(leadId);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed!.lastError).toMatch(/451|busy/i);
    expect(await leadStatus(leadId)).toBe("Failed");

    smtp.failNext(0);
    expect(await resendLead(database.db, leadId)).toBe(1);
    expect(await leadStatus(leadId)).toBe("Queued");
    expect(await w.runOnce()).toBe(1);
    expect(await leadStatus(leadId)).toBe("Delivered");
    expect(smtp.messages).toHaveLength(1);
  });
});

describe("CRM webhooks", () => {
  let peer: Server;
  let received: { headers: IncomingMessage["headers"]; body: string }[];
  let answer: number;
  let webhookUrl: string;

  beforeAll(async () => {
    peer = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
    webhookUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/crm/leads`;
  });
  afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));
  beforeEach(() => {
    received = [];
    answer = 202;
  });

  async function addWebhook(dealerSlug: string, format: "adf" | "json", secret: string) {
    const [dealer] = await database.db.select().from(dealers).where(eq(dealers.slug, dealerSlug));
    await database.db.insert(dealerLeadChannels).values({ dealerId: dealer!.id, kind: "webhook", target: webhookUrl, format, secret, leadKind: "enquiry" });
  }

  it("POSTs the ADF XML signed with the dealer's secret, alongside the e-mail", async () => {
    await addWebhook("honda-cape-town", "adf", "cape-town-secret");
    const leadId = await storeTestEnquiry(database.db, { dealerSlug: "honda-cape-town" });
    expect(await worker().runOnce()).toBe(2);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.headers["content-type"]).toBe("application/xml");
    const timestamp = request!.headers["x-lead-timestamp"] as string;
    expect(request!.headers["x-lead-signature"]).toBe(signWebhook("cape-town-secret", timestamp, request!.body));
    expect(request!.headers["x-lead-signature"]).not.toBe(signWebhook("another-secret", timestamp, request!.body));
    expect(request!.headers["idempotency-key"]).toMatch(new RegExp(`^${leadId}:\\d+$`));
    expect(xmlText(request!.body, "vendorname")).toBe("Honda Cape Town");
    expect(smtp.messages).toHaveLength(1);
    expect(await leadStatus(leadId)).toBe("Delivered");
  });

  it("POSTs JSON when the channel asks for it, and retries a CRM that answers 500", async () => {
    await addWebhook("honda-umhlanga", "json", "umhlanga-secret");
    const leadId = await storeTestEnquiry(database.db, { dealerSlug: "honda-umhlanga" });
    answer = 500;
    await worker().runOnce();
    expect(await leadStatus(leadId)).toBe("Queued");
    const webhook = (await deliveriesOf(leadId)).find((d) => d.channel === "webhook");
    expect(webhook).toMatchObject({ status: "pending", lastError: "webhook answered HTTP 500" });
    answer = 200;
    advance(60);
    await worker().runOnce();
    expect(await leadStatus(leadId)).toBe("Delivered");
    const body = JSON.parse(received.at(-1)!.body);
    expect(body).toMatchObject({ id: leadId, dealer: { slug: "honda-umhlanga" }, customer: { firstName: "Thabo" } });
  });
});

describe("several workers", () => {
  it("deliver 200 leads exactly once each between two workers on one database", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) ids.add(await storeTestEnquiry(database.db, { firstName: `Lead${i}` }));
    const drain = async (w: LeadDeliveryWorker) => {
      while ((await w.runOnce()) > 0);
    };
    clock = new Date(Date.now() + 1_000);
    const first = worker({ batchSize: 7 });
    const second = worker({ batchSize: 7 });
    await Promise.all([drain(first), drain(second)]);
    const perLead = new Map<string, number>();
    for (const mail of smtp.messages) {
      const id = /lead-([0-9a-f-]{36})-/.exec(mail.messageId ?? "")![1]!;
      perLead.set(id, (perLead.get(id) ?? 0) + 1);
    }
    expect(perLead.size).toBe(200);
    expect([...perLead.keys()].every((id) => ids.has(id))).toBe(true);
    expect(Math.max(...perLead.values())).toBe(1);
    const [delivered] = await rows<{ n: number }>(
      sql`select count(*)::int as n from enquiries where status = 'Delivered' and first_name like 'Lead%'`,
    );
    expect(delivered!.n).toBe(200);
  });
});

describe("the lead log", () => {
  it("lists recent leads with dealer, type and status, shows each attempt, and counts per dealer", async () => {
    const leadId = await storeTestEnquiry(database.db, { dealerSlug: "honda-polokwane", leadType: "Book Service", formName: "Book Service" });
    smtp.failNext(1);
    await worker().runOnce();
    advance(60);
    await worker().runOnce();

    const [latest] = await listLeads(database.db, { dealerSlug: "honda-polokwane" });
    expect(latest).toMatchObject({ id: leadId, kind: "enquiry", dealer: "Honda Polokwane", type: "Book Service", status: "Delivered" });
    expect(await listLeads(database.db, { dealerSlug: "honda-polokwane", status: "Failed" })).toEqual([]);

    const [email] = await deliveryLog(database.db, leadId);
    expect(email).toMatchObject({ channel: "email", target: "leads@honda-polokwane.example.co.za", status: "delivered", attempts: 2 });
    expect(email!.history.map((attempt) => attempt.ok)).toEqual([false, true]);
    expect(email!.history[0]!.error).toMatch(/busy/i);

    const stats = await leadStats(database.db);
    expect(stats).toContainEqual({ dealer: "Honda Polokwane", kind: "enquiry", status: "Delivered", count: 1 });
  });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function deliveriesOf(leadId: string) {
  return database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId)).orderBy(leadDeliveries.id);
}

async function attemptsOf(leadId: string) {
  return database.db
    .select({ ok: leadDeliveryAttempts.ok })
    .from(leadDeliveryAttempts)
    .innerJoin(leadDeliveries, eq(leadDeliveries.id, leadDeliveryAttempts.deliveryId))
    .where(eq(leadDeliveries.leadId, leadId))
    .orderBy(leadDeliveryAttempts.id);
}
