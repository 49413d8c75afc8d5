import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { enqueueLeadDelivery } from "../../core/delivery/outbox.server.ts";
import type { Database } from "../../db/client.ts";
import { dealers, enquiries } from "../../db/schema.ts";

/** Stores an enquiry and its delivery jobs in one transaction, as the enquiry service does. */
export async function storeTestEnquiry(
  db: Database,
  overrides: Partial<typeof enquiries.$inferInsert> & { dealerSlug?: string } = {},
): Promise<string> {
  const { dealerSlug = "honda-sandton", ...fields } = overrides;
  const [dealer] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, dealerSlug));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({
        dealerId: dealer!.id,
        formName: "New Vehicles",
        leadType: "New Vehicles",
        source: "Group Website New Vehicles",
        firstName: "Thabo",
        lastName: "Nkosi",
        email: "thabo@example.co.za",
        cellPhone: "+27821234567",
        make: "Honda",
        model: "CR-V",
        variant: "1.5T Executive AWD",
        message: "Is the CR-V available in white?",
        contact: true,
        terms: true,
        consent: true,
        isUsed: 0,
        uri: "/new/honda/cr-v/1-5t-executive-awd/enquire",
        idempotencyKey: randomUUID(),
        dedupeKey: randomUUID(),
        ...fields,
      })
      .returning({ id: enquiries.id, dealerId: enquiries.dealerId });
    await enqueueLeadDelivery(tx, { kind: "enquiry", id: row!.id, dealerId: row!.dealerId });
    return row!.id;
  });
}
