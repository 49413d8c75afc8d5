import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_CHECKED_DIR, E2E_DATA_DIR, E2E_PORT } from "./tests/e2e/support/e2e-server.ts";
import { E2E_ADMIN } from "./tests/e2e/support/staff-bootstrap.ts";
import { CHROMIUM_FLAGS } from "./tests/support/chromium-flags.ts";

const port = E2E_PORT;
/**
 * Debian's Chromium on the project's machines: its headless shell (package chromium-headless-shell, the build Playwright
 * itself runs headless) where installed, which costs about half the CPU of the full browser on the same specs; else
 * the full browser. Elsewhere set CHROMIUM_PATH, or leave it unset for Playwright's own.
 */
const DEBIAN_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const chromiumPath = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUMS.find((candidate) => fs.existsSync(candidate));
const chromiumArgs = ["--headless", ...CHROMIUM_FLAGS];
const launchOptions = { executablePath: chromiumPath, args: chromiumArgs };

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
/**
 * The back-office specs that change what the public pages show: specials, banners, posts, dealers, stock
 * added, repriced and sold by hand, and a dealer's whole stock through its feed, which retires that dealer's demo
 * stock. They run after the rest, so that a listing's total never changes between a spec's page and
 * its API read (a vehicle sold by staff-stock.spec.ts did, in one run).
 */
const PUBLISHING_SPECS = /\/staff-(?:specials-banners|blog-dealers|feeds|stock|stock-catalogue)\.spec\.ts$/;
/**
 * The specs a phone makes different: its menu and filter drawers, carousels and swatches, the finance steps, keyboard
 * journeys at phone width, taps before the scripts arrive, both engines over every public page, and a person's privacy
 * request handled on a phone (staff-privacy). The rest (forms'
 * messages, e-mails, HTTP headers, the API reference, the back office, which checks its own pages at phone width)
 * behave the same on any screen and run on the desktop only.
 */
const PHONE_SPECS =
  /\/(?:layout|home|model|finance|pages|used|used-refine|keyboard-journeys|no-script|first-paint|every-page|staff-privacy)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // A focused test left in a commit would silently skip the rest of the suite in CI.
  forbidOnly: !!process.env.CI,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [["list"]],
  use: { baseURL: `http://127.0.0.1:${port}`, trace: "retain-on-failure" },
  projects: [
    { name: "desktop", use: { ...desktop, launchOptions }, testIgnore: PUBLISHING_SPECS },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions }, testMatch: PHONE_SPECS },
    // Specs that publish content every page shows (a special, a banner, a blog post) run once the others are
    // done, so that the public pages' specs see the seeded content only, whatever order the workers take.
    {
      name: "desktop-publishing",
      use: { ...desktop, launchOptions },
      testMatch: PUBLISHING_SPECS,
      dependencies: ["desktop", "mobile"],
    },
  ],
  webServer: {
    // A run starts with no data and no page checked (tests/e2e/support/page-checks.ts).
    command: `rm -rf ${E2E_DATA_DIR} ${E2E_CHECKED_DIR} && npm run serve`,
    url: `http://127.0.0.1:${port}/api/dealers`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      // PostgreSQL when E2E_DATABASE_URL is set, so that specs can read what the site stored (enquiries.spec.ts).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      LOG_LEVEL: "warn",
      // Every spec posts from 127.0.0.1; the limit itself is tested in server/api/enquiries.test.ts.
      POST_RATE_LIMIT: "1000",
      // Likewise every staff sign-in, right or wrong, comes from 127.0.0.1, and several specs send a wrong password on
      // purpose; the per-client allowance itself is tested in core/staff/sign-in.test.ts and server/staff-area.test.ts.
      STAFF_SIGN_IN_CLIENT_FAILURES: "1000",
      // Forms are sent as soon as they are filled: no spec waits out the minimum fill time. Enquiries sent too soon
      // are held as automated in core/leads/held.test.ts and core/leads/enquiries.test.ts, at the default time.
      FORM_MIN_FILL_MS: "0",
      // The back office's first administrator (the bootstrap at first start).
      STAFF_BOOTSTRAP_EMAIL: E2E_ADMIN.email,
      STAFF_BOOTSTRAP_PASSWORD: E2E_ADMIN.password,
      // Saved-search alerts every 3 s instead of daily, so that alerts.spec.ts sees one arrive.
      SAVED_SEARCH_ALERT_INTERVAL_MINUTES: "0.05",
      JOB_POLL_SECONDS: "1",
      // Every page view of every spec sends its vitals from 127.0.0.1; web-vitals.spec.ts reads them in the back office.
      VITALS_RATE_LIMIT: "100000",
      VITALS_FLUSH_SECONDS: "1",
      // The page counts reach /staff/insights within a second (staff-insights.spec.ts).
      PAGE_COUNTS_FLUSH_SECONDS: "1",
      // Every spec's page views and campaign links come from 127.0.0.1 (and on PostgreSQL the day's new sources
      // outlive a run); the allowances themselves are tested in server/page-count-flood.test.ts.
      PAGE_COUNTS_RATE_LIMIT: "100000",
      PAGE_COUNTS_NEW_SOURCES_PER_CLIENT: "10000",
      // Rendered pages are kept 300 s (the most allowed), far longer than any spec waits for a change to show: a
      // page that shows a change does so because the change emptied the cache, not because its entry expired.
      PAGE_CACHE_SECONDS: "300",
    },
  },
});
