import { expect, test } from "@playwright/test";
import routes from "../../app/routes.ts";
import { signedInAsAdministrator } from "./support/back-office.ts";
import { checkBothEngines, firstHref, type PageFinder, PUBLIC_PAGES } from "./support/public-pages.ts";

/**
 * Both accessibility engines (axe and HTML_CodeSniffer) on one page of every back-office route module, signed in and
 * signed out, and the same page narrowed to a 360 px phone: axe with its WCAG 2.2 AA rules (a tap target
 * 24 px or spaced as far), and no wider than the screen. Desktop project only, so each page is loaded once.
 * A new route module fails the last test until it is added here, to PUBLIC_PAGES (every-page.spec.ts), or to
 * CHECKED_ELSEWHERE with the spec that checks it in a state only that spec can reach.
 */
test.describe.configure({ timeout: 120_000 });

/** A model's page in the range list (not the price list, which the list links to as well). */
const MODEL_LINK = 'main a[href^="/staff/range/"]:not([href="/staff/range/prices"])';

const STAFF_PAGES: Record<string, PageFinder[]> = {
  "routes/staff/home.tsx": ["/staff"],
  "routes/staff/leads/inbox.tsx": ["/staff/leads"],
  "routes/staff/leads/report.tsx": ["/staff/leads/report"],
  "routes/staff/insights/insights.tsx": ["/staff/insights"],
  "routes/staff/stock/list.tsx": ["/staff/stock"],
  "routes/staff/stock/new.tsx": ["/staff/stock/new"],
  "routes/staff/stock/edit.tsx": [
    (page) =>
      firstHref(page, "/staff/stock", 'main a[href^="/staff/stock/"]:not([href$="/new"]):not([href$="/import"])'),
  ],
  "routes/staff/stock/photos.tsx": [
    async (page) =>
      `${await firstHref(page, "/staff/stock", 'main a[href^="/staff/stock/"]:not([href$="/new"]):not([href$="/import"])')}/photos`,
  ],
  "routes/staff/stock-import.tsx": ["/staff/stock/import"],
  "routes/staff/feeds.tsx": ["/staff/feeds"],
  "routes/staff/own-account.tsx": ["/staff/account"],
  "routes/staff/accounts.tsx": ["/staff/accounts"],
  "routes/staff/account-edit.tsx": [(page) => firstHref(page, "/staff/accounts", 'main a[href^="/staff/accounts/"]')],
  "routes/staff/audit.tsx": ["/staff/audit"],
  "routes/staff/vitals.tsx": ["/staff/vitals"],
  "routes/staff/catalogue.tsx": ["/staff/catalogue"],
  "routes/staff/channels.tsx": ["/staff/channels"],
  "routes/staff/privacy/requests.tsx": ["/staff/privacy"],
  "routes/staff/privacy/register.tsx": ["/staff/privacy/register"],
  "routes/staff/blog/list.tsx": ["/staff/blog"],
  "routes/staff/blog/new.tsx": ["/staff/blog/new"],
  "routes/staff/blog/edit.tsx": [
    (page) =>
      firstHref(page, "/staff/blog", 'main a[href^="/staff/blog/"]:not([href$="/new"]):not([href$="/preview"])'),
  ],
  "routes/staff/blog/preview.tsx": [
    async (page) =>
      `${await firstHref(page, "/staff/blog", 'main a[href^="/staff/blog/"]:not([href$="/new"]):not([href$="/preview"])')}/preview`,
  ],
  "routes/staff/dealers/list.tsx": ["/staff/dealers"],
  "routes/staff/dealers/new.tsx": ["/staff/dealers/new"],
  "routes/staff/dealers/edit.tsx": ["/staff/dealers/honda-sandton"],
  "routes/staff/specials/list.tsx": ["/staff/specials"],
  "routes/staff/specials/new.tsx": ["/staff/specials/new"],
  "routes/staff/specials/edit.tsx": [
    (page) =>
      firstHref(
        page,
        "/staff/specials",
        'main a[href^="/staff/specials/"]:not([href$="/new"]):not([href$="/preview"])',
      ),
  ],
  "routes/staff/specials/preview.tsx": [
    async (page) =>
      `${await firstHref(page, "/staff/specials", 'main a[href^="/staff/specials/"]:not([href$="/new"]):not([href$="/preview"])')}/preview`,
  ],
  "routes/staff/banners/list.tsx": ["/staff/banners"],
  "routes/staff/banners/new.tsx": ["/staff/banners/new"],
  "routes/staff/banners/edit.tsx": [
    (page) => firstHref(page, "/staff/banners", 'main a[href^="/staff/banners/"]:not([href$="/new"])'),
  ],
  "routes/staff/range/list.tsx": ["/staff/range"],
  "routes/staff/range/model.tsx": [(page) => firstHref(page, "/staff/range", MODEL_LINK)],
  "routes/staff/range/variant.tsx": [
    async (page) =>
      firstHref(
        page,
        await firstHref(page, "/staff/range", MODEL_LINK),
        'main a[href^="/staff/range/variants/"]:not([href$="/prices"])',
      ),
  ],
  "routes/staff/range/price-list.tsx": ["/staff/range/prices"],
  "routes/staff/range/variant-prices.tsx": [
    async (page) =>
      firstHref(
        page,
        await firstHref(page, "/staff/range", MODEL_LINK),
        'main a[href^="/staff/range/variants/"][href$="/prices"]',
      ),
  ],
  "routes/staff/range/colour.tsx": [
    async (page) =>
      firstHref(page, await firstHref(page, "/staff/range", MODEL_LINK), 'main a[href^="/staff/range/colours/"]'),
  ],
  "routes/staff/not-found.tsx": [{ url: "/staff/no-such-page", status: 404 }],
};

/** Pages without a session: the sign-in and password pages (with a link that is not valid, as a stale one is). */
const SIGNED_OUT_PAGES: Record<string, PageFinder[]> = {
  "routes/staff/login.tsx": ["/staff/login"],
  "routes/staff/forgot-password.tsx": ["/staff/forgot-password"],
  "routes/staff/set-password.tsx": ["/staff/set-password?token=not-a-valid-token"],
  "routes/staff/setup.tsx": ["/staff/setup?token=not-a-valid-token"],
};

/** Route modules whose pages need a record only another spec makes; that spec runs both engines on them. */
const CHECKED_ELSEWHERE: Record<string, string> = {
  "routes/staff/leads/lead.tsx": "staff-leads.spec.ts (a lead it sends)",
  "routes/staff/finance/application.tsx": "staff-leads.spec.ts (an application it sends)",
  "routes/alerts/confirm.tsx": "alerts.spec.ts (the e-mailed confirmation link)",
  "routes/alerts/manage.tsx": "alerts.spec.ts (the e-mailed manage link)",
  "routes/alerts/unsubscribe.tsx": "alerts.spec.ts (the e-mailed unsubscribe link)",
  "routes/leads/appointment.tsx": "appointments.spec.ts (the e-mailed signed link)",
  // Not pages: a form that only posts (sign-out) and a CSV download.
  "routes/staff/logout.tsx": "staff-accounts.spec.ts (signing out; the route renders nothing)",
  "routes/staff/leads/export.ts": "staff-leads.spec.ts (the CSV download; not a page)",
  "routes/staff/insights/export.ts": "staff-insights.spec.ts (the CSV downloads; not a page)",
  "routes/staff/privacy/hand-over.ts": "staff-privacy.spec.ts (the hand-over downloads; not a page)",
};

for (const [file, finders] of Object.entries(SIGNED_OUT_PAGES)) {
  test(`${file} passes axe and HTML_CodeSniffer, and fits a 360 px phone`, async ({ page }) => {
    await checkBothEngines(page, file, finders, "desktop and phone");
  });
}

/** One sign-in per worker for the read-only sweep (signedInAsAdministrator); the sign-in itself is tested in staff-accounts.spec.ts and the server's tests. */
const signedIn = signedInAsAdministrator;

for (const [file, finders] of Object.entries(STAFF_PAGES)) {
  signedIn(`${file} passes axe and HTML_CodeSniffer, and fits a 360 px phone, signed in`, async ({ page }) => {
    await checkBothEngines(page, file, finders, "desktop and phone");
  });
}

type RouteEntry = { file: string; children?: RouteEntry[] };

test("every route module is checked here or by a named spec", () => {
  const files = new Set<string>();
  const walk = (entries: RouteEntry[]) => {
    for (const entry of entries) {
      if (!entry.file.endsWith("layout.tsx")) files.add(entry.file);
      walk(entry.children ?? []);
    }
  };
  walk(routes as RouteEntry[]);
  const covered = new Set([
    ...Object.keys(PUBLIC_PAGES),
    ...Object.keys(STAFF_PAGES),
    ...Object.keys(SIGNED_OUT_PAGES),
    ...Object.keys(CHECKED_ELSEWHERE),
  ]);
  expect([...files].filter((file) => !covered.has(file)).sort()).toEqual([]);
  expect([...covered].filter((file) => !files.has(file)).sort()).toEqual([]);
});
