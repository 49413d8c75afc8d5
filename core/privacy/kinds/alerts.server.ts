import { asc, eq, inArray, sql } from "drizzle-orm";
import { alertAddresses, savedSearches } from "../../../db/schema.ts";
import { purgeAlertAddresses } from "../../alerts/saved-searches.server.ts";
import type { PersonalRecordKind } from "../kinds.ts";

export const savedSearchAlertKind: PersonalRecordKind = {
  id: "saved_search_alert",
  label: "Saved-search alerts",
  category: "E-mail address and the searches saved",
  collected: "The e-mail address, when consent was given, and each used-car search to be alerted about",
  purpose: "To e-mail the person when used cars matching their search arrive or drop in price, as they asked",
  recipients: "Nobody outside the group",
  erasure: "deleted",
  retention: (settings) => ({ amount: settings.alertDays, unit: "days", after: "the address unsubscribed" }),
  tables: ["alert_addresses", "saved_searches"],
  async find({ db, emails }) {
    if (emails.length === 0) return [];
    const rows = await db
      .select({
        id: alertAddresses.id,
        createdAt: alertAddresses.createdAt,
        unsubscribedAt: alertAddresses.unsubscribedAt,
        searches: sql<number>`(select count(*)::int from saved_searches s where s.address_id = ${alertAddresses.id})`,
      })
      .from(alertAddresses)
      .where(inArray(alertAddresses.email, [...emails]))
      .orderBy(asc(alertAddresses.createdAt));
    return rows.map((row) => ({
      kind: "saved_search_alert",
      recordId: String(row.id),
      dealerId: null,
      dealerName: null,
      date: row.createdAt,
      summary: `${Number(row.searches)} saved search(es)${row.unsubscribedAt ? ", unsubscribed" : ""}`,
    }));
  },
  async export({ db }, records) {
    const ids = records.map((record) => Number(record.recordId));
    const addresses = await db.select().from(alertAddresses).where(inArray(alertAddresses.id, ids));
    const searches = await db.select().from(savedSearches).where(inArray(savedSearches.addressId, ids));
    return addresses.map((address) => ({
      email: address.email,
      consentedAt: address.consentedAt,
      unsubscribedAt: address.unsubscribedAt,
      createdAt: address.createdAt,
      searches: searches
        .filter((search) => search.addressId === address.id)
        .map((search) => ({
          label: search.label,
          query: search.query,
          confirmedAt: search.confirmedAt,
          lastAlertAt: search.notifiedAt,
          createdAt: search.createdAt,
        })),
    }));
  },
  /** A new address takes the alerts over, unless it already has alerts of its own (then the two are not merged). */
  async correct(tx, _context, records, correction) {
    if (correction.email === undefined) return 0;
    let changed = 0;
    for (const record of records) {
      const [taken] = await tx
        .select({ id: alertAddresses.id })
        .from(alertAddresses)
        .where(eq(alertAddresses.email, correction.email));
      if (taken) continue;
      await tx
        .update(alertAddresses)
        .set({ email: correction.email })
        .where(eq(alertAddresses.id, Number(record.recordId)));
      changed++;
    }
    return changed;
  },
  async erase(tx, _context, records) {
    const deleted = await tx
      .delete(alertAddresses)
      .where(
        inArray(
          alertAddresses.id,
          records.map((record) => Number(record.recordId)),
        ),
      )
      .returning({ id: alertAddresses.id });
    return { count: deleted.length, files: [] };
  },
  async expire(tx, now, settings) {
    const purged = await purgeAlertAddresses(tx, settings.alertDays, now);
    return { count: purged.addresses, files: [] };
  },
};
