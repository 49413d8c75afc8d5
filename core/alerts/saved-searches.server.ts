import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { z } from "../shared/zod.ts";
import type { Database } from "../../db/client.ts";
import { alertAddresses, dealers, savedSearches } from "../../db/schema.ts";
import { mayConfirmTo } from "../delivery/confirmation.server.ts";
import type { Mailer } from "../delivery/email.server.ts";
import { colourLabel } from "../inventory/used-facets.ts";
import { parseUsedVehicleQuery, type UsedVehicleQuery } from "../inventory/used-query.ts";
import { formatKm, formatRand } from "../shared/format.ts";
import type { Parsed } from "../shared/violations.ts";
import type { PersonIdentifier } from "../privacy/identifiers.ts";
import { isOnDoNotContactList, type PersonIndex } from "../privacy/do-not-contact.server.ts";

/**
 * Saved used-listing searches with e-mail alerts. POPIA: an address is stored only with the
 * visitor's explicit consent; nothing but the confirmation is sent before its link is clicked (double
 * opt-in); unsubscribing stops every alert at once, and the address and its searches are deleted
 * `ALERT_RETENTION_DAYS` later (`purgeAlertAddresses`). See docs/decisions/024-buyer-tools-filters-shortlists-alerts.md.
 */

/** Unconfirmed searches are deleted after this long: the confirmation link is no longer valid. */
const CONFIRMATION_VALID_DAYS = 7;
/** At most this many saved searches per address. */
const SEARCHES_PER_ADDRESS = 10;

const token = () => randomBytes(24).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const isToken = (value: string | undefined): value is string => value !== undefined && TOKEN.test(value);

export const subscriptionSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, { error: "Please enter your email address", abort: true })
    .max(254, { error: "Your email address must be at most 254 characters", abort: true })
    .pipe(z.email({ error: "Please enter a valid email address, like name@example.co.za" }))
    .transform((email) => email.toLowerCase()),
  consent: z.literal("yes", { error: "Please agree that we may e-mail you these alerts" }),
  listing: z.string().max(2_000, { error: "This search is too long to save" }),
});

/** A listing's filters as a saved search stores them: the API's query string, with make_slug and model_slug. */
export function savedQueryOf(params: URLSearchParams): Parsed<{ query: string; parsed: UsedVehicleQuery }> {
  const clean = new URLSearchParams(params);
  clean.delete("page");
  for (const key of [...clean.keys()]) if (key.startsWith("order[")) clean.delete(key);
  const parsed = parseUsedVehicleQuery(clean);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { query: clean.toString(), parsed: parsed.value } };
}

/** "SUV, up to R 350 000, 2019 or newer, up to 80 000 km, in Gauteng": what the alert is about, for its e-mails. */
export function describeSearch(
  q: UsedVehicleQuery,
  names: { make?: string; model?: string; dealer?: string } = {},
): string {
  const parts: string[] = [];
  const what = [names.make ?? q.makeSlug, names.model ?? q.modelSlug].filter(Boolean).join(" ");
  if (q.keywords) parts.push(`“${q.keywords}”`);
  if (what) parts.push(what);
  if (q.bodyTypes) parts.push(q.bodyTypes.join(" or "));
  for (const values of [q.states, q.fuelTypes, q.transmissions]) if (values.length > 0) parts.push(values.join(" or "));
  if (q.colours) parts.push(q.colours.map(colourLabel).join(" or "));
  if (q.priceMin !== undefined) parts.push(`from ${formatRand(q.priceMin)}`);
  if (q.priceMax !== undefined) parts.push(`up to ${formatRand(q.priceMax)}`);
  if (q.yearMin !== undefined) parts.push(`${q.yearMin} or newer`);
  if (q.yearMax !== undefined) parts.push(`${q.yearMax} or older`);
  if (q.mileageMax !== undefined) parts.push(`up to ${formatKm(q.mileageMax)}`);
  if (q.provinces) parts.push(`in ${q.provinces.join(" or ")}`);
  if (q.dealerSlugs) parts.push(`at ${q.dealerSlugs.join(" or ")}`);
  if (names.dealer) parts.push(`at ${names.dealer}`);
  return parts.length > 0 ? `Used vehicles: ${parts.join(", ")}` : "All used vehicles";
}

/** The listing page of a saved search (the listing turns make_slug and model_slug into its path). */
export function listingUrl(siteUrl: string, query: string, dealerSlug: string | null): string {
  const base = dealerSlug ? `/dealer/${encodeURIComponent(dealerSlug)}/used` : "/used";
  return new URL(`${base}${query ? `?${query}` : ""}`, siteUrl).toString();
}

export type SubscribeResult = { status: "sent" } | { status: "limited" } | { status: "full" };

/**
 * Stores a search for an address (with the consent given now) and e-mails the confirmation link, in that
 * order: a search whose confirmation could not be sent is removed again, so nothing waits unconfirmable.
 */
export async function subscribe(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  input: { email: string; query: string; label: string; dealerId: number | null },
  { personIndex }: { personIndex?: PersonIndex } = {},
): Promise<SubscribeResult> {
  // An address on the do-not-contact list is answered as any other (a stranger learns nothing), and never mailed.
  const email: PersonIdentifier = { kind: "email", value: input.email.trim().toLowerCase() };
  if (personIndex && (await isOnDoNotContactList(db, { cipher: personIndex }, email))) return { status: "sent" };
  if (!(await mayConfirmTo(db, input.email))) return { status: "limited" };
  const created = await db.transaction(async (tx) => {
    const [address] = await tx
      .insert(alertAddresses)
      .values({ email: input.email, manageToken: token(), consentedAt: sql`now()` })
      .onConflictDoUpdate({ target: alertAddresses.email, set: { consentedAt: sql`now()`, unsubscribedAt: null } })
      .returning({ id: alertAddresses.id });
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.addressId, address!.id))) as [{ count: number }];
    if (count >= SEARCHES_PER_ADDRESS) return null;
    const [search] = await tx
      .insert(savedSearches)
      .values({
        addressId: address!.id,
        query: input.query,
        label: input.label,
        dealerId: input.dealerId,
        confirmToken: token(),
      })
      .returning({ id: savedSearches.id, confirmToken: savedSearches.confirmToken });
    return search!;
  });
  if (created === null) return { status: "full" };
  const confirmUrl = new URL(`/alerts/confirm/${created.confirmToken}`, siteUrl).toString();
  try {
    await mailer.send({
      messageId: `<alert-confirm-${created.id}-${Date.now()}@honda-dealer-group>`,
      to: input.email,
      subject: "Confirm your used-car alert",
      text: [
        "Someone (we hope you) asked to be e-mailed when used vehicles matching this search arrive or drop in price:",
        "",
        `  ${input.label}`,
        "",
        `To start the alerts, confirm here: ${confirmUrl}`,
        "",
        `If it was not you, ignore this e-mail: nothing more will be sent, and the address is deleted after ${CONFIRMATION_VALID_DAYS} days.`,
      ].join("\n"),
    });
  } catch (error) {
    await db.delete(savedSearches).where(eq(savedSearches.id, created.id));
    throw error;
  }
  return { status: "sent" };
}

export type ConfirmedSearch = { label: string; manageToken: string; listing: string };

/** Confirms a search by its link's token (again: the same answer); null when the token names nothing. */
export async function confirmSearch(
  db: Database,
  siteUrl: string,
  confirmToken: string,
): Promise<ConfirmedSearch | null> {
  const [row] = await db
    .update(savedSearches)
    .set({
      confirmedAt: sql`coalesce(${savedSearches.confirmedAt}, now())`,
      notifiedAt: sql`coalesce(${savedSearches.notifiedAt}, now())`,
    })
    .where(eq(savedSearches.confirmToken, confirmToken))
    .returning({
      label: savedSearches.label,
      addressId: savedSearches.addressId,
      query: savedSearches.query,
      dealerId: savedSearches.dealerId,
    });
  if (!row) return null;
  const [address] = await db
    .select({ manageToken: alertAddresses.manageToken })
    .from(alertAddresses)
    .where(eq(alertAddresses.id, row.addressId));
  const dealerSlug = await dealerSlugOf(db, row.dealerId);
  return { label: row.label, manageToken: address!.manageToken, listing: listingUrl(siteUrl, row.query, dealerSlug) };
}

async function dealerSlugOf(db: Database, dealerId: number | null): Promise<string | null> {
  if (dealerId === null) return null;
  const [dealer] = await db.select({ slug: dealers.slug }).from(dealers).where(eq(dealers.id, dealerId));
  return dealer?.slug ?? null;
}

export type AddressAlerts = {
  email: string;
  unsubscribed: boolean;
  searches: { id: number; label: string; confirmed: boolean; listing: string }[];
};

/** An address's searches, for its manage page; null when the token names nothing (or it was deleted). */
export async function addressAlerts(db: Database, siteUrl: string, manageToken: string): Promise<AddressAlerts | null> {
  const [address] = await db.select().from(alertAddresses).where(eq(alertAddresses.manageToken, manageToken));
  if (!address) return null;
  const rows = await db
    .select({
      id: savedSearches.id,
      label: savedSearches.label,
      confirmedAt: savedSearches.confirmedAt,
      query: savedSearches.query,
      dealerSlug: dealers.slug,
    })
    .from(savedSearches)
    .leftJoin(dealers, eq(dealers.id, savedSearches.dealerId))
    .where(eq(savedSearches.addressId, address.id))
    .orderBy(savedSearches.id);
  return {
    email: address.email,
    unsubscribed: address.unsubscribedAt !== null,
    searches: rows.map((row) => ({
      id: row.id,
      label: row.label,
      confirmed: row.confirmedAt !== null,
      listing: listingUrl(siteUrl, row.query, row.dealerSlug),
    })),
  };
}

/** Stops every alert of the address; it and its searches are deleted after the retention period. */
export async function unsubscribe(db: Database, manageToken: string): Promise<boolean> {
  const rows = await db
    .update(alertAddresses)
    .set({ unsubscribedAt: sql`coalesce(${alertAddresses.unsubscribedAt}, now())` })
    .where(eq(alertAddresses.manageToken, manageToken))
    .returning({ id: alertAddresses.id });
  return rows.length > 0;
}

export async function deleteSearch(db: Database, manageToken: string, searchId: number): Promise<void> {
  await db
    .delete(savedSearches)
    .where(
      and(
        eq(savedSearches.id, searchId),
        eq(
          savedSearches.addressId,
          sql`(select ${alertAddresses.id} from ${alertAddresses} where ${alertAddresses.manageToken} = ${manageToken})`,
        ),
      ),
    );
}

/** Deletes the address and all its searches now. */
export async function deleteAddress(db: Database, manageToken: string): Promise<void> {
  await db.delete(alertAddresses).where(eq(alertAddresses.manageToken, manageToken));
}

/**
 * Deletes addresses unsubscribed longer ago than the retention period, and searches never confirmed in time, as of
 * `now`. The daily personal-records retention job (core/privacy) runs it for the saved-search alerts kind.
 */
export async function purgeAlertAddresses(
  db: Pick<Database, "delete" | "execute">,
  retentionDays: number,
  now: Date = new Date(),
): Promise<{ addresses: number; unconfirmed: number }> {
  const at = now.toISOString();
  const addresses = await db
    .delete(alertAddresses)
    .where(
      and(
        isNotNull(alertAddresses.unsubscribedAt),
        lt(alertAddresses.unsubscribedAt, sql`${at}::timestamptz - ${`${retentionDays} days`}::interval`),
      ),
    )
    .returning({ id: alertAddresses.id });
  const unconfirmed = await db
    .delete(savedSearches)
    .where(
      and(
        isNull(savedSearches.confirmedAt),
        lt(savedSearches.createdAt, sql`${at}::timestamptz - ${`${CONFIRMATION_VALID_DAYS} days`}::interval`),
      ),
    )
    .returning({ id: savedSearches.id });
  // An address left with no search and never confirmed any: nothing to keep it for.
  const unused = await db
    .delete(alertAddresses)
    .where(
      sql`not exists (select 1 from ${savedSearches} s where s.address_id = ${alertAddresses.id}) and ${alertAddresses.createdAt} < ${at}::timestamptz - ${`${CONFIRMATION_VALID_DAYS} days`}::interval`,
    )
    .returning({ id: alertAddresses.id });
  return { addresses: addresses.length + unused.length, unconfirmed: unconfirmed.length };
}
