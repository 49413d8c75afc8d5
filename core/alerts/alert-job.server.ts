import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { alertAddresses, dealers, savedSearches } from "../../db/schema.ts";
import type { Mailer, OutgoingMail } from "../delivery/email.server.ts";
import { parseUsedVehicleQuery } from "../inventory/used-query.ts";
import {
  type ReducedVehicle,
  type UsedVehicleView,
  usedVehiclesChangedSince,
} from "../inventory/used-vehicles.server.ts";
import { formatKm, formatRand } from "../shared/format.ts";
import type { Logger } from "pino";
import { listingUrl } from "./saved-searches.server.ts";

/** At most this many new and this many reduced vehicles are listed in one alert (the listing link shows the rest). */
const VEHICLES_PER_ALERT = 10;

export type AlertRunSummary = { searches: number; sent: number; failed: number };

/**
 * The daily alert run (registered on the job runner, core/jobs/runner.server.ts, which makes it one instance's
 * work): for each confirmed search of an address that has not unsubscribed, one e-mail listing the matching
 * vehicles added and reduced in price since its last e-mail, if there are any. A search's `notified_at`
 * moves to the moment the run read the stock, once its e-mail is sent.
 */
export async function sendSavedSearchAlerts(options: {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  logger?: Logger;
  signal?: AbortSignal;
}): Promise<AlertRunSummary> {
  const { db, mailer, siteUrl, logger } = options;
  const searches = await db
    .select({
      id: savedSearches.id,
      query: savedSearches.query,
      label: savedSearches.label,
      dealerId: savedSearches.dealerId,
      dealerSlug: dealers.slug,
      notifiedAt: savedSearches.notifiedAt,
      confirmedAt: savedSearches.confirmedAt,
      email: alertAddresses.email,
      manageToken: alertAddresses.manageToken,
    })
    .from(savedSearches)
    .innerJoin(alertAddresses, eq(alertAddresses.id, savedSearches.addressId))
    .leftJoin(dealers, eq(dealers.id, savedSearches.dealerId))
    .where(and(isNotNull(savedSearches.confirmedAt), isNull(alertAddresses.unsubscribedAt)))
    .orderBy(savedSearches.id);
  const summary: AlertRunSummary = { searches: searches.length, sent: 0, failed: 0 };
  for (const search of searches) {
    if (options.signal?.aborted) break;
    const parsed = parseUsedVehicleQuery(new URLSearchParams(search.query));
    if (!parsed.ok) {
      logger?.warn({ searchId: search.id }, "saved search: its filters are no longer valid; skipped");
      continue;
    }
    const { rows } = (await db.execute(sql`select now() as now`)) as unknown as { rows: [{ now: string | Date }] };
    const now = rows[0].now;
    const since = search.notifiedAt ?? search.confirmedAt!;
    const changes = await usedVehiclesChangedSince(
      db,
      parsed.value,
      { dealerId: search.dealerId ?? undefined },
      since,
      VEHICLES_PER_ALERT,
    );
    if (changes.added.length === 0 && changes.reduced.length === 0) continue;
    try {
      await mailer.send(
        alertMail({ ...search, listing: listingUrl(siteUrl, search.query, search.dealerSlug) }, changes, siteUrl),
      );
      // Still subscribed when sent: the update is the record of it.
      await db
        .update(savedSearches)
        .set({ notifiedAt: new Date(now) })
        .where(eq(savedSearches.id, search.id));
      summary.sent += 1;
    } catch (error) {
      summary.failed += 1;
      logger?.warn(
        { err: error, searchId: search.id },
        "saved search: could not send its alert; it is tried again on the next run",
      );
    }
  }
  return summary;
}

function alertMail(
  search: { id: number; email: string; label: string; manageToken: string; listing: string },
  changes: { added: UsedVehicleView[]; reduced: ReducedVehicle[] },
  siteUrl: string,
): OutgoingMail {
  const unsubscribeUrl = new URL(`/alerts/unsubscribe/${search.manageToken}`, siteUrl).toString();
  const manageUrl = new URL(`/alerts/manage/${search.manageToken}`, siteUrl).toString();
  const line = (v: UsedVehicleView) =>
    `${v.year} ${v.make} ${v.model} ${v.variant}, ${formatKm(v.mileage.value)}, ${formatRand(v.price)} at ${v.dealer_name}: ${new URL(v.uri, siteUrl)}`;
  const text = [
    `New matches for your alert "${search.label}".`,
    ...(changes.added.length > 0 ? ["", "New arrivals:", ...changes.added.map((v) => `- ${line(v)}`)] : []),
    ...(changes.reduced.length > 0
      ? [
          "",
          "Price drops:",
          ...changes.reduced.map((v) => `- ${line(v)} (was ${formatRand(v.was)}, ${formatRand(v.was - v.price)} less)`),
        ]
      : []),
    "",
    `See every match: ${search.listing}`,
    "",
    `Manage or delete your alerts: ${manageUrl}`,
    `Unsubscribe from all alerts: ${unsubscribeUrl}`,
  ].join("\n");
  return {
    messageId: `<alert-${search.id}-${Date.now()}@honda-dealer-group>`,
    to: search.email,
    subject: `${changes.added.length + changes.reduced.length} new for your used-car alert`,
    text,
    // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to the link.
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
