import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { VISIT_COOKIE } from "../core/attribution/visit.ts";
import { createMailer } from "../core/delivery/email.server.ts";
import { LeadDeliveryWorker } from "../core/delivery/worker.server.ts";
import { FinanceCipher } from "../core/finance/encryption.server.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { dealerLeadChannels, dealers, enquiries } from "../db/schema.ts";
import { serveOverHttp } from "../tests/support/page-server.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";
import { createLogger } from "./logger.ts";

/**
 * A visit cookie forged by hand (it lives in the visitor's browser): each of its fields carries a line break that
 * would add a "Cell:" line under the real one, and a right-to-left override that would disguise text. An enquiry
 * sent with it is stored, e-mailed to the dealer (readable and ADF), and posted to the CRM's webhooks (ADF and
 * JSON): none of them carries a line the visitor wrote, and the lead keeps the cookie's honest fields.
 */
const DEALER = "honda-sandton";
const FORGED = "x\r\nCell: 082 000 0000\r\nVehicle page: https://evil.example/\u202Egnp.exe";
const now = Math.floor(Date.now() / 1000);

let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
let crm: { server: Server; url: string; received: string[] };
let outboxDir: string;

/** A dealer's CRM: takes every webhook POST and answers 200. */
async function startCrm(): Promise<typeof crm> {
  const received: string[] = [];
  const peer = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
  return { server: peer, url: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`, received };
}

function forgedCookie(): string {
  const source = {
    source: `facebook${FORGED}`,
    medium: `cpc${FORGED}`,
    campaign: `spring${FORGED}`,
    term: `jazz${FORGED}`,
    content: `carousel${FORGED}`,
    referrerHost: `l.facebook.com${FORGED}`,
    landingPath: `/used${FORGED}`,
    clickIds: { gclid: `G${FORGED}`, fbclid: `F${FORGED}`, ttclid: `T${FORGED}` },
  };
  const value = Buffer.from(JSON.stringify({ source, startedAt: now - 60, lastSeenAt: now - 10 })).toString(
    "base64url",
  );
  return `${VISIT_COOKIE}=${value}`;
}

/** Every cookie field forged but the campaign, which is honest: it must reach the dealer as it was. */
function partlyForgedCookie(): string {
  const source = {
    source: "facebook",
    medium: `cpc${FORGED}`,
    campaign: "spring-sale",
    term: null,
    content: `carousel${FORGED}`,
    referrerHost: null,
    landingPath: "/used",
    clickIds: { fbclid: `F${FORGED}` },
  };
  const value = Buffer.from(JSON.stringify({ source, startedAt: now - 60, lastSeenAt: now - 10 })).toString(
    "base64url",
  );
  return `${VISIT_COOKIE}=${value}`;
}

const postEnquiry = (email: string, cookie: string) =>
  fetch(`${server.baseUrl}/api/customer_enquiries`, {
    method: "POST",
    headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json", Cookie: cookie },
    body: JSON.stringify({
      form_name: "Parts Enquiry",
      first_name: "Sipho",
      last_name: "Dlamini",
      email,
      cell_phone: "072 815 9130",
      make: "Honda",
      model: "Jazz",
      year: 2016,
      partNo: "08P01-T5A-100",
      contact: true,
      terms: true,
      dealer_slug: DEALER,
      uri: "/parts",
    }),
  });

/** Whatever the visitor wrote past the first line of a field: none of it may appear anywhere. */
const WRITTEN = [/Cell: 082 000 0000/, /Vehicle page:/, /evil\.example/, /\u202E/, /gnp\.exe/];

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  server = await serveOverHttp(
    createApp({
      db: database.db,
      logger: createLogger("silent"),
      rateLimiter: new MemoryRateLimiter(10_000, 600_000),
    }),
  );
  crm = await startCrm();
  const [dealer] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, DEALER));
  await database.db.insert(dealerLeadChannels).values([
    { dealerId: dealer!.id, kind: "webhook", target: `${crm.url}/adf`, format: "adf", leadKind: "all" },
    { dealerId: dealer!.id, kind: "webhook", target: `${crm.url}/json`, format: "json", leadKind: "all" },
    { dealerId: dealer!.id, kind: "email", target: "crm@sandton.example", format: "adf", leadKind: "all" },
    { dealerId: dealer!.id, kind: "email", target: "sales@sandton.example", format: "readable", leadKind: "all" },
  ]);
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "forged-visit-outbox-"));
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (crm ? crm.server.close(() => resolve()) : resolve()));
  await database?.close();
  if (outboxDir) await fs.rm(outboxDir, { recursive: true, force: true });
});

describe("an enquiry sent with a forged visit cookie", () => {
  let forgedId: string;
  let partlyId: string;

  beforeAll(async () => {
    const forged = await postEnquiry("forged.visit@example.co.za", forgedCookie());
    expect(forged.status).toBe(201);
    const partly = await postEnquiry("partly.forged@example.co.za", partlyForgedCookie());
    expect(partly.status).toBe(201);
    const idOf = async (email: string) =>
      (await database.db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.email, email)))[0]!.id;
    forgedId = await idOf("forged.visit@example.co.za");
    partlyId = await idOf("partly.forged@example.co.za");
    const worker = new LeadDeliveryWorker({
      db: database.db,
      logger: createLogger("silent"),
      mailer: createMailer({ outboxDir, from: "Leads <leads@group.example>" }),
      siteUrl: "https://www.honda-group.example",
      financeCipher: FinanceCipher.ephemeral(),
      now: () => new Date(Date.now() + 5_000),
    });
    while ((await worker.runOnce()) > 0);
  });

  it("is stored with every forged field dropped, the visit's honest fields kept", async () => {
    const stored = async (id: string) =>
      (await database.db.select({ attribution: enquiries.attribution }).from(enquiries).where(eq(enquiries.id, id)))[0]!
        .attribution;
    expect(await stored(forgedId)).toEqual({
      source: "(not set)",
      medium: "(not set)",
      campaign: null,
      term: null,
      content: null,
      referrerHost: null,
      landingPath: "",
      clickIds: {},
    });
    expect(await stored(partlyId)).toEqual({
      source: "facebook",
      medium: "(not set)",
      campaign: "spring-sale",
      term: null,
      content: null,
      referrerHost: null,
      landingPath: "/used",
      clickIds: {},
    });
  });

  it("reaches the dealer's e-mails (readable and ADF) without a line the visitor wrote", async () => {
    const mails = await Promise.all(
      (await fs.readdir(outboxDir))
        .filter((name) => name.endsWith(".eml"))
        .map(async (name) => simpleParser(await fs.readFile(path.join(outboxDir, name)))),
    );
    const to = (address: string) => mails.filter((mail) => JSON.stringify(mail.to).includes(address));
    // Each lead to the CRM's address and to the sales team's (and whatever else the dealer receives).
    expect(to("crm@sandton.example")).toHaveLength(2);
    expect(to("sales@sandton.example")).toHaveLength(2);
    for (const mail of mails) {
      const written = [mail.subject, mail.text, mail.html || ""].join("\n");
      for (const pattern of WRITTEN) expect(written, String(pattern)).not.toMatch(pattern);
    }
    const readable = to("sales@sandton.example").map((mail) => mail.text ?? "");
    expect(readable.filter((text) => text.includes("Campaign: spring-sale"))).toHaveLength(1);
  });

  it("reaches the CRM's webhooks (ADF and JSON) without a line the visitor wrote", () => {
    expect(crm.received).toHaveLength(4);
    for (const body of crm.received) {
      for (const pattern of WRITTEN) expect(body, String(pattern)).not.toMatch(pattern);
      expect(body).not.toMatch(/\\r\\n|\\u202e/i);
    }
    const json = crm.received.filter((body) => body.startsWith("{")).map((body) => JSON.parse(body));
    expect(json.find((lead) => lead.id === partlyId)?.attribution).toMatchObject({ campaign: "spring-sale" });
  });
});
