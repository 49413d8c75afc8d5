import { mayUse, type StaffActor, type StaffArea } from "../../core/staff/roles.ts";

/**
 * The back office's navigation, one entry per page, each shown only to the roles that may use its area
 * (core/staff/roles.ts decides; the page's service checks again). Pages of other parts add their line here.
 */
const STAFF_PAGES: { to: string; label: string; area?: StaffArea }[] = [
  { to: "/staff", label: "Overview" },
  { to: "/staff/stock", label: "Used stock", area: "stock" },
  { to: "/staff/leads", label: "Leads", area: "leads" },
  { to: "/staff/insights", label: "Insights", area: "insights" },
  { to: "/staff/blog", label: "Blog", area: "blog" },
  { to: "/staff/dealers", label: "Dealers", area: "dealer-details" },
  { to: "/staff/range", label: "New range", area: "range" },
  { to: "/staff/specials", label: "Specials and deals", area: "deals" },
  { to: "/staff/banners", label: "Banners", area: "banners" },
  { to: "/staff/accounts", label: "Staff accounts", area: "staff-accounts" },
  { to: "/staff/audit", label: "Audit log", area: "audit-log" },
  { to: "/staff/vitals", label: "Web vitals", area: "web-vitals" },
  { to: "/staff/stock/import", label: "Import stock", area: "stock" },
  { to: "/staff/feeds", label: "Stock feeds", area: "feed-keys" },
  { to: "/staff/catalogue", label: "Makes and models", area: "catalogue" },
  { to: "/staff/range/prices", label: "New-vehicle price list", area: "range-prices" },
  { to: "/staff/channels", label: "Channels", area: "channels" },
  { to: "/staff/privacy", label: "Privacy requests", area: "privacy" },
  { to: "/staff/account", label: "My account" },
];

export type StaffNavigationItem = { to: string; label: string };

export function staffNavigation(actor: StaffActor): StaffNavigationItem[] {
  return STAFF_PAGES.filter((page) => !page.area || mayUse(actor, page.area)).map(({ to, label }) => ({ to, label }));
}

export const STAFF_TITLE_SUFFIX = " | Back office | Honda Dealer Group";
