import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type BusinessHours, dealerFormerSlugs, dealers } from "../../db/schema.ts";
import { defineReadModel, type ReadModels } from "../shared/read-model.server.ts";

import { HEAD_OFFICE_SLUG } from "./group.ts";

export { GROUP_NAME, HEAD_OFFICE_SLUG } from "./group.ts";

/** A dealer as the API and the pages show it (product.md §3: Dealer). */
export type DealerView = {
  slug: string;
  dealerName: string;
  /** The dealer's home page on this site. */
  uri: string;
  /** The dealer's API resource; its used stock is at `${apiUri}/vehicles`. */
  apiUri: string;
  dealer_contact_no: string;
  address: string;
  city: string;
  province: string;
  location: string;
  dp_name: string;
  dp_email: string;
  dp_contact_no: string;
  business_hours: BusinessHours[];
  is_wing: boolean;
};

type DealerRow = typeof dealers.$inferSelect;

/** product.md §5: a Honda Wing (motorcycle) dealer is one whose name contains 'wing'. */
export function isWingDealerName(dealerName: string): boolean {
  return /wing/i.test(dealerName);
}

function toDealerView(row: DealerRow): DealerView {
  return {
    slug: row.slug,
    dealerName: row.dealerName,
    uri: `/dealer/${row.slug}`,
    apiUri: `/api/dealers/${row.slug}`,
    dealer_contact_no: row.contactNo,
    address: row.address,
    city: row.city,
    province: row.province,
    location: row.location,
    dp_name: row.dpName,
    dp_email: row.dpEmail,
    dp_contact_no: row.dpContactNo,
    business_hours: row.businessHours,
    is_wing: isWingDealerName(row.dealerName),
  };
}

/** Every dealer as the public site shows them, and the slugs they were known by before. */
export type DealerDirectory = {
  /** In the group's order. */
  dealers: DealerView[];
  /** A former slug's current slug (a renamed dealer's old URLs redirect permanently). */
  formerSlugs: Record<string, string>;
  /** Each dealer's id by its current slug (what the used stock and the deals are scoped by). */
  ids: Record<string, number>;
};

/** The dealers public pages and the API read (decision 034): from memory on a server that watches for changes. */
export const dealerDirectoryModel = defineReadModel<DealerDirectory>({
  name: "dealers",
  tables: ["dealers", "dealer_former_slugs"],
  load: loadDealerDirectory,
});

async function loadDealerDirectory(db: Database): Promise<DealerDirectory> {
  const [rows, former] = await Promise.all([
    db.select().from(dealers).orderBy(asc(dealers.sortOrder), asc(dealers.dealerName)),
    db
      .select({ slug: dealerFormerSlugs.slug, current: dealers.slug })
      .from(dealerFormerSlugs)
      .innerJoin(dealers, eq(dealers.id, dealerFormerSlugs.dealerId)),
  ]);
  return {
    dealers: rows.map(toDealerView),
    formerSlugs: Object.fromEntries(former.map((row) => [row.slug, row.current])),
    ids: Object.fromEntries(rows.map((row) => [row.slug, row.id])),
  };
}

/** A dealer by its current slug. */
export function dealerNamed(directory: DealerDirectory, slug: string): DealerView | null {
  return directory.dealers.find((dealer) => dealer.slug === slug) ?? null;
}

/** The id of the dealer with this current slug; null when none has it. */
export function dealerIdNamed(directory: DealerDirectory, slug: string): number | null {
  return Object.hasOwn(directory.ids, slug) ? directory.ids[slug]! : null;
}

/** The current slug of a dealer once known by `slug`; null when no dealer was. */
export function renamedDealerSlug(directory: DealerDirectory, slug: string): string | null {
  return Object.hasOwn(directory.formerSlugs, slug) ? directory.formerSlugs[slug]! : null;
}

/**
 * A path under a renamed dealer (`/dealer/{old}/...`, `/api/dealers/{old}/...`) at its current slug: the segment
 * after the first `dealer` or `dealers` segment is replaced by position, however the path spelled the old slug
 * (its case or %-escapes), so that the redirect never points at itself.
 */
export function pathAtCurrentSlug(pathname: string, currentSlug: string): string {
  const segments = pathname.split("/");
  const at = segments.findIndex((segment) => /^dealers?$/i.test(segment));
  if (at < 0 || at + 1 >= segments.length) return pathname;
  segments[at + 1] = encodeURIComponent(currentSlug);
  return segments.join("/");
}

/** Dealers whose name contains the given text, case-insensitively (e.g. 'wing' lists the Honda Wing dealers). */
export function dealersNamedLike(directory: DealerDirectory, nameContains: string): DealerView[] {
  const wanted = nameContains.toLowerCase();
  return directory.dealers.filter((dealer) => dealer.dealerName.toLowerCase().includes(wanted));
}

export async function listDealers(db: Database): Promise<DealerView[]> {
  return (await loadDealerDirectory(db)).dealers;
}

export async function findDealer(db: Database, slug: string): Promise<DealerView | null> {
  const [row] = await db.select().from(dealers).where(eq(dealers.slug, slug)).limit(1);
  return row ? toDealerView(row) : null;
}

export async function findDealerId(db: Database, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug)).limit(1);
  return row?.id ?? null;
}

/**
 * Which dealer a slug scopes content to: the head-office slug scopes to the group itself (dealerId null);
 * an unknown slug gives null.
 */
export async function resolveDealerScope(
  readModels: Pick<ReadModels, "read">,
  slug: string,
): Promise<{ dealerId: number | null } | null> {
  if (slug === HEAD_OFFICE_SLUG) return { dealerId: null };
  const dealerId = dealerIdNamed(await readModels.read(dealerDirectoryModel), slug);
  return dealerId === null ? null : { dealerId };
}
