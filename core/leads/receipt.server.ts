import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dealers, enquiries } from "../../db/schema.ts";
import type { LinkSigner } from "../appointments/links.server.ts";
import { leadReference } from "../delivery/lead-source.server.ts";
import { rawCookie } from "../shared/cookies.ts";

/**
 * What the thank-you page tells the buyer who has just sent an enquiry: the lead's reference (as the confirmation
 * e-mail gives it), and the dealer who will answer, with its number. It reaches only that buyer's browser: the
 * action that stored the lead answers with a signed, HttpOnly cookie naming it, limited to the form's path and
 * to RECEIPT_MINUTES; the thank-you address is the same for everyone, and its answer is never stored by a cache.
 */
export type EnquiryReceipt = { reference: string; dealerName: string; dealerPhone: string };

export const RECEIPT_COOKIE = "enquiry_receipt";
const RECEIPT_PURPOSE = "enquiry-receipt";
/** Long enough for a slow redirect on a phone, short enough that a shared phone's next user does not see it. */
export const RECEIPT_MINUTES = 30;

/** The Set-Cookie that lets the thank-you page below `formPath` name the lead `leadId`. */
export function receiptCookie(
  signer: LinkSigner,
  leadId: string,
  formPath: string,
  options: { now: Date; secure: boolean },
): string {
  const expires = new Date(options.now.getTime() + RECEIPT_MINUTES * 60_000);
  const signed = signer.sign(RECEIPT_PURPOSE, leadId, expires);
  return [
    `${RECEIPT_COOKIE}=${leadId}.${signed.expires}.${signed.signature}`,
    // The thank-you page and the router's data request for it (…/thank-you.data) are both below the form's path.
    `Path=${formPath}`,
    `Max-Age=${RECEIPT_MINUTES * 60}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** The lead the request's receipt cookie names, when its signature holds and it has not expired; else null. */
export function receiptLeadId(signer: LinkSigner, cookieHeader: string | null, now: Date): string | null {
  const [leadId, expires, signature, ...rest] = (rawCookie(cookieHeader, RECEIPT_COOKIE) ?? "").split(".");
  if (!leadId || !/^[0-9a-f-]{36}$/.test(leadId) || rest.length > 0) return null;
  return signer.verify(RECEIPT_PURPOSE, leadId, { expires, signature }, now) === "valid" ? leadId : null;
}

/** The receipt of a stored lead, or null when there is no such lead. */
export async function enquiryReceipt(db: Database, leadId: string): Promise<EnquiryReceipt | null> {
  const [row] = await db
    .select({ id: enquiries.id, dealerName: dealers.dealerName, dealerPhone: dealers.contactNo })
    .from(enquiries)
    .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
    .where(eq(enquiries.id, leadId))
    .limit(1);
  return row ? { reference: leadReference(row.id), dealerName: row.dealerName, dealerPhone: row.dealerPhone } : null;
}
