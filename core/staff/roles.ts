/**
 * Who in the back office may do what: the one place for the role rules. Every core service that reads or
 * changes back-office data takes the acting user and asks `assertMay` (or scopes its query with
 * `dealerScope`) itself, so no route or page can forget a check.
 *
 * - Group administrator: everything, for every dealer, including staff accounts, dealers, feed keys,
 *   the audit log, the real visitors' web vitals and the group's insights.
 * - Dealer manager: stock, leads, finance applications and specials/deals of the dealers assigned to
 *   them, their dealers' contact details and hours, their catalogue channels (core/channels) and their
 *   insights (core/insights: page counts, leads by source, campaign spend, stock ageing), and a person's records
 *   held by their dealers (core/privacy: find, hand over, correct, erase; the records no dealer holds, saved-search
 *   alerts and e-mails not made of a lead, stay the group administrators').
 * - Content editor: banners, specials, deals and blog posts, group-wide; the new range's words, specifications
 *   and pictures (core/catalogue/range-admin.server.ts).
 * - The new range (/staff/range): every role reads it ("range"); group administrators and content editors change
 *   its words, specifications, colours, pictures and brochures ("range-content"); only group administrators change
 *   what it offers ("range-lineup": new models and variants with their price, a model's address, kind, place and
 *   state, M&M codes).
 * - New-vehicle prices (a variant's scheduled change, the maker's price list): group administrators only; every
 *   signed-in role may read a variant's price history.
 */

export const STAFF_ROLES = ["group_admin", "dealer_manager", "content_editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  group_admin: "Group administrator",
  dealer_manager: "Dealer manager",
  content_editor: "Content editor",
};

/** The signed-in person (or, for stock feeds, the dealer's feed key acting as a manager of that dealer). */
export type StaffActor = {
  /** The staff user's id; null for a feed key or the system. */
  id: number | null;
  /** What the audit log names the actor: the user's e-mail, "feed key <name>" or "system". */
  label: string;
  role: StaffRole;
  /** The dealers a dealer manager acts for; ignored for the group-wide roles. */
  dealerIds: readonly number[];
};

/** What can be done in the back office. Dealer-scoped areas are checked against the dealer concerned. */
export type StaffArea =
  | "stock"
  | "leads"
  | "finance-applications"
  | "deals"
  | "banners"
  | "blog"
  | "dealer-details"
  | "dealers"
  | "staff-accounts"
  | "feed-keys"
  | "catalogue"
  | "channels"
  | "audit-log"
  | "web-vitals"
  | "insights"
  | "privacy"
  | "range-prices"
  | "range"
  | "range-content"
  | "range-lineup";

type Reach = "all-dealers" | "own-dealers";

const REACH: Record<StaffRole, Partial<Record<StaffArea, Reach>>> = {
  group_admin: {
    stock: "all-dealers",
    leads: "all-dealers",
    "finance-applications": "all-dealers",
    deals: "all-dealers",
    banners: "all-dealers",
    blog: "all-dealers",
    "dealer-details": "all-dealers",
    dealers: "all-dealers",
    "staff-accounts": "all-dealers",
    "feed-keys": "all-dealers",
    catalogue: "all-dealers",
    channels: "all-dealers",
    "audit-log": "all-dealers",
    "web-vitals": "all-dealers",
    insights: "all-dealers",
    privacy: "all-dealers",
    "range-prices": "all-dealers",
    range: "all-dealers",
    "range-content": "all-dealers",
    "range-lineup": "all-dealers",
  },
  dealer_manager: {
    stock: "own-dealers",
    leads: "own-dealers",
    "finance-applications": "own-dealers",
    deals: "own-dealers",
    "dealer-details": "own-dealers",
    channels: "own-dealers",
    insights: "own-dealers",
    privacy: "own-dealers",
    range: "all-dealers",
  },
  content_editor: {
    deals: "all-dealers",
    banners: "all-dealers",
    blog: "all-dealers",
    range: "all-dealers",
    "range-content": "all-dealers",
  },
};

/**
 * Refused: `forbidden` when the role has no part in the area at all (403), `not-found` when it does but
 * not for this dealer (404, so another dealer's records cannot even be told to exist).
 */
export class StaffAccessDenied extends Error {
  constructor(
    readonly kind: "forbidden" | "not-found",
    area: StaffArea,
  ) {
    super(kind === "forbidden" ? `Your role may not use ${area}` : `Not found`);
    this.name = "StaffAccessDenied";
  }
}

/** True when the actor may use the area at all (for some dealer). Use it to show or hide navigation. */
export function mayUse(actor: StaffActor, area: StaffArea): boolean {
  const reach = REACH[actor.role][area];
  return reach === "all-dealers" || (reach === "own-dealers" && actor.dealerIds.length > 0);
}

/**
 * True when the actor may act in the area for `dealerId`. A null dealer means group-wide (a head-office
 * special, a group banner): only the group-wide roles may act on it.
 */
export function may(actor: StaffActor, area: StaffArea, dealerId: number | null): boolean {
  const reach = REACH[actor.role][area];
  if (reach === "all-dealers") return true;
  return reach === "own-dealers" && dealerId !== null && actor.dealerIds.includes(dealerId);
}

/** Throws StaffAccessDenied unless `may(actor, area, dealerId)`. */
export function assertMay(actor: StaffActor, area: StaffArea, dealerId: number | null): void {
  if (may(actor, area, dealerId)) return;
  throw new StaffAccessDenied(REACH[actor.role][area] ? "not-found" : "forbidden", area);
}

/** Every dealer, or these dealer ids (none at all for a role with no part in the area). */
export type DealerScope = { kind: "all" } | { kind: "dealers"; dealerIds: readonly number[] };

/** Throws StaffAccessDenied 'forbidden' unless `mayUse(actor, area)`: for a list or page of the area, not one dealer's record. */
export function assertMayUse(actor: StaffActor, area: StaffArea): void {
  if (!mayUse(actor, area)) throw new StaffAccessDenied("forbidden", area);
}

/**
 * The dealers whose records the actor may list in the area: every dealer, these dealer ids, or none.
 * Services filter their queries with it.
 */
export function dealerScope(actor: StaffActor, area: StaffArea): DealerScope {
  const reach = REACH[actor.role][area];
  if (reach === "all-dealers") return { kind: "all" };
  return { kind: "dealers", dealerIds: reach === "own-dealers" ? actor.dealerIds : [] };
}

/** True when the scope takes in `dealerId`: to filter rows already read with the scope of `dealerScope`. */
export function scopeIncludes(scope: DealerScope, dealerId: number): boolean {
  return scope.kind === "all" || scope.dealerIds.includes(dealerId);
}
