import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Routes that exist twice (product.md §2): at the root and under /dealer/{dealerName}. Each copy of a
 * route module needs its own id, which `at` derives from the scope and the path.
 */
function scopedRoutes(scope: "group" | "dealer"): RouteConfigEntry[] {
  const at = (path: string, file: string) => route(path, file, { id: `${scope}:${path}` });
  const enquiry = (path: string, file: string) => [
    at(path, file),
    at(`${path}/thank-you`, "routes/leads/thank-you.tsx"),
  ];
  return [
    // Browsing
    at("new", "routes/browse/new-cars.tsx"),
    at("new/:make", "routes/browse/new-cars.tsx"),
    at("new/:make/:model", "routes/browse/model.tsx"),
    at("honda-wing/:make/:model", "routes/browse/model.tsx"),
    at("specials", "routes/browse/specials.tsx"),
    at("dealer", "routes/dealers/dealer-list.tsx"),
    at("honda-wing", "routes/dealers/honda-wing.tsx"),
    at("popia", "routes/legal/popia.tsx"),
    at("terms", "routes/legal/terms.tsx"),
    at("cookie", "routes/legal/cookie.tsx"),
    at("policy", "routes/legal/policy.tsx"),
    // Used and demo vehicles
    at("used", "routes/used/listing.tsx"),
    at("used/:make", "routes/used/listing.tsx"),
    at("used/:make/:model", "routes/used/listing.tsx"),
    at("used/:make/:model/:id", "routes/used/detail.tsx"),
    // Enquiries
    // Enquiries: each form with its thank-you page
    // One module for both: it tells a car's from a motorcycle's by the matched path
    ...enquiry("new/:make/:model/:variant/enquire", "routes/leads/new-vehicle-enquire.tsx"),
    ...enquiry("honda-wing/:make/:model/:variant/enquire", "routes/leads/new-vehicle-enquire.tsx"),
    ...enquiry("used/:make/:model/:id/enquire", "routes/leads/used-enquire.tsx"),
    ...enquiry("specials/:slug", "routes/leads/special.tsx"),
    ...enquiry("parts", "routes/leads/parts.tsx"),
    ...enquiry("service", "routes/leads/service.tsx"),
    ...enquiry("book-test-drive/:make/:model", "routes/leads/test-drive.tsx"),
    // Sell or trade in your car
    ...enquiry("sell-your-car", "routes/leads/sell-your-car.tsx"),
  ];
}

/** The back office: its own layout, signed-in staff only (but for signing in and setting a password). */
const staffRoutes: RouteConfigEntry[] = prefix("staff", [
  // The leads inbox's CSV download (a resource route, outside the layout)
  route("leads/export.csv", "routes/staff/leads/export.ts"),
  // The insights tables' CSV downloads
  route("insights/export.csv", "routes/staff/insights/export.ts"),
  // A person's records handed over as files (a resource route, outside the layout)
  route("privacy/hand-over", "routes/staff/privacy/hand-over.ts"),
  layout("routes/staff/layout.tsx", [
    // The leads inbox and finance applications
    route("leads", "routes/staff/leads/inbox.tsx"),
    route("leads/report", "routes/staff/leads/report.tsx"),
    route("leads/:leadId", "routes/staff/leads/lead.tsx"),
    // Where leads come from, the funnel, the ageing stock
    route("insights", "routes/staff/insights/insights.tsx"),
    route("finance/:applicationId", "routes/staff/finance/application.tsx"),
    index("routes/staff/home.tsx"),
    route("login", "routes/staff/login.tsx"),
    route("logout", "routes/staff/logout.tsx"),
    route("forgot-password", "routes/staff/forgot-password.tsx"),
    route("set-password", "routes/staff/set-password.tsx"),
    route("setup", "routes/staff/setup.tsx"),
    route("stock", "routes/staff/stock/list.tsx"),
    route("stock/new", "routes/staff/stock/new.tsx"),
    route("stock/:id", "routes/staff/stock/edit.tsx"),
    route("stock/:id/photos", "routes/staff/stock/photos.tsx"),
    route("account", "routes/staff/own-account.tsx"),
    route("accounts", "routes/staff/accounts.tsx"),
    route("accounts/:id", "routes/staff/account-edit.tsx"),
    route("audit", "routes/staff/audit.tsx"),
    route("vitals", "routes/staff/vitals.tsx"),
    // Blog posts and dealers
    route("blog", "routes/staff/blog/list.tsx"),
    route("blog/new", "routes/staff/blog/new.tsx"),
    route("blog/:id", "routes/staff/blog/edit.tsx"),
    route("blog/:id/preview", "routes/staff/blog/preview.tsx"),
    route("dealers", "routes/staff/dealers/list.tsx"),
    route("dealers/new", "routes/staff/dealers/new.tsx"),
    route("dealers/:slug", "routes/staff/dealers/edit.tsx"),
    // Specials, service deals and banners
    route("specials", "routes/staff/specials/list.tsx"),
    route("specials/new", "routes/staff/specials/new.tsx"),
    route("specials/:id", "routes/staff/specials/edit.tsx"),
    route("specials/:id/preview", "routes/staff/specials/preview.tsx"),
    route("banners", "routes/staff/banners/list.tsx"),
    route("banners/new", "routes/staff/banners/new.tsx"),
    route("banners/:id", "routes/staff/banners/edit.tsx"),
    // Stock feeds
    route("feeds", "routes/staff/feeds.tsx"),
    route("channels", "routes/staff/channels.tsx"),
    route("stock/import", "routes/staff/stock-import.tsx"),
    // The open used-vehicle catalogue
    route("catalogue", "routes/staff/catalogue.tsx"),
    route("range", "routes/staff/range/list.tsx"),
    route("range/:id", "routes/staff/range/model.tsx"),
    route("range/variants/:id", "routes/staff/range/variant.tsx"),
    route("range/colours/:id", "routes/staff/range/colour.tsx"),
    // A person's records found, handed over, corrected and erased; the processing register
    route("privacy", "routes/staff/privacy/requests.tsx"),
    route("privacy/register", "routes/staff/privacy/register.tsx"),
    // New-vehicle prices: literal paths, which outrank the range editor's /staff/range/:modelId pages
    route("range/prices", "routes/staff/range/price-list.tsx"),
    route("range/variants/:id/prices", "routes/staff/range/variant-prices.tsx"),
    route("*", "routes/staff/not-found.tsx"),
  ]),
]);

export default [
  ...staffRoutes,
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    ...scopedRoutes("group"),
    ...prefix("dealer/:dealerName", scopedRoutes("dealer")),
    // The dealer home /dealer/{dealerName}
    route("dealer/:dealerName", "routes/dealers/dealer-home.tsx"),
    // Group-only routes, no dealer-prefixed variant (blog, contact, finance)
    route("finance", "routes/finance/finance.tsx"),
    route("finance/thank-you", "routes/finance/thank-you.tsx"),
    route("blog", "routes/blog/blog-list.tsx"),
    route("blog/:slug", "routes/blog/blog-post.tsx"),
    route("contact", "routes/dealers/contact.tsx"),
    // Favourites and compare: the lists live in the browser, the pages read their ids from the URL
    route("saved", "routes/shortlist/saved.tsx"),
    route("compare", "routes/shortlist/compare.tsx"),
    // Saved searches and alerts
    route("alerts/new", "routes/alerts/new.tsx"),
    route("alerts/confirm/:token", "routes/alerts/confirm.tsx"),
    route("alerts/manage/:token", "routes/alerts/manage.tsx"),
    route("alerts/unsubscribe/:token", "routes/alerts/unsubscribe.tsx"),
    // A buyer's appointment, through the signed link in their confirmation
    route("appointments/:id", "routes/leads/appointment.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
