import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { storeTestEnquiry } from "../../tests/support/leads.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { LinkSigner } from "../appointments/links.server.ts";
import { leadReference } from "../delivery/lead-source.server.ts";
import { enquiryReceipt, RECEIPT_COOKIE, RECEIPT_MINUTES, receiptCookie, receiptLeadId } from "./receipt.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(async () => {
  await database?.close();
});

const signer = LinkSigner.ephemeral();
const now = new Date("2026-12-02T10:00:00Z");
/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("the thank-you page's receipt", () => {
  it("is an HttpOnly cookie limited to the form's path and half an hour, Secure over HTTPS", () => {
    const leadId = randomUUID();
    const cookie = receiptCookie(signer, leadId, "/dealer/honda-sandton/parts", { now, secure: true });
    expect(cookie).toMatch(new RegExp(`^${RECEIPT_COOKIE}=${leadId}\\.\\d+\\.[\\w-]+; `));
    expect(cookie.split("; ").slice(1)).toEqual([
      "Path=/dealer/honda-sandton/parts",
      `Max-Age=${RECEIPT_MINUTES * 60}`,
      "HttpOnly",
      "SameSite=Lax",
      "Secure",
    ]);
    expect(receiptCookie(signer, leadId, "/parts", { now, secure: false })).not.toContain("Secure");
  });

  it("names its lead until it expires, and nothing once changed, forged or signed by another key", () => {
    const leadId = randomUUID();
    const cookie = sentBack(receiptCookie(signer, leadId, "/parts", { now, secure: false }));
    expect(receiptLeadId(signer, `other=1; ${cookie}`, now)).toBe(leadId);
    expect(receiptLeadId(signer, cookie, new Date(now.getTime() + (RECEIPT_MINUTES - 1) * 60_000))).toBe(leadId);
    expect(receiptLeadId(signer, cookie, new Date(now.getTime() + RECEIPT_MINUTES * 60_000))).toBeNull();
    const [, expires, signature] = cookie.split("=")[1]!.split(".");
    const another = randomUUID();
    for (const forged of [
      `${RECEIPT_COOKIE}=${another}.${expires}.${signature}`,
      `${RECEIPT_COOKIE}=${leadId}.${Number(expires) + 3600}.${signature}`,
      `${RECEIPT_COOKIE}=${leadId}.${expires}.${signature}.x`,
      `${RECEIPT_COOKIE}=${leadId}`,
      `${RECEIPT_COOKIE}=`,
      "",
    ]) {
      expect(receiptLeadId(signer, forged, now), forged).toBeNull();
    }
    expect(receiptLeadId(LinkSigner.ephemeral(), cookie, now)).toBeNull();
    expect(receiptLeadId(signer, null, now)).toBeNull();
  });

  it("gives the lead's reference, as the confirmation e-mail does, and its dealer's name and number", async () => {
    const leadId = await storeTestEnquiry(database.db, { dealerSlug: "honda-kimberley" });
    const receipt = await enquiryReceipt(database.db, leadId);
    expect(receipt).toEqual({
      reference: leadReference(leadId),
      dealerName: "Honda Kimberley",
      dealerPhone: expect.stringMatching(/^0\d{2} \d{3} \d{4}$/),
    });
    expect(await enquiryReceipt(database.db, randomUUID())).toBeNull();
  });
});
