import { test } from "@playwright/test";
import { checkBothEngines, PUBLIC_PAGES } from "./support/public-pages.ts";

/**
 * Both accessibility engines (axe and HTML_CodeSniffer, expectNoAxeViolations) on one page of every route
 * module of the public site ("a second engine on every page"), on the desktop and on a phone 360 px wide,
 * where axe runs its WCAG 2.2 AA rules as well (a tap target 24 px or spaced as far) and the page must be no wider
 * than the screen, each once it has answered the status its entry names (200, or 404 for the deliberate not-found
 * page), so that a route that broke fails here rather than passing on its error page. The back office's pages are
 * in every-staff-page.spec.ts, with the check that every route module is covered.
 */
test.describe.configure({ timeout: 120_000 });

for (const [file, finders] of Object.entries(PUBLIC_PAGES)) {
  test(`${file} passes axe and HTML_CodeSniffer, and on a phone fits the screen`, async ({ page, isMobile }) => {
    await checkBothEngines(page, file, finders, isMobile ? "phone" : "desktop");
  });
}
