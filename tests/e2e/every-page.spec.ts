import { test } from "@playwright/test";
import { checkBothEngines, PUBLIC_PAGES } from "./support/public-pages.ts";

/**
 * Both accessibility engines (axe and HTML_CodeSniffer, expectNoAxeViolations) on one page of every route
 * module of the public site, at this project's width (issue 25: "a second engine on every page"), on the desktop
 * and the phone, each once it has answered the status its entry names (200, or 404 for the deliberate not-found
 * page), so that a route that broke fails here rather than passing on its error page. The back office's pages are
 * in every-staff-page.spec.ts, with the check that every route module is covered.
 */
test.describe.configure({ timeout: 120_000 });

for (const [file, finders] of Object.entries(PUBLIC_PAGES)) {
  test(`${file} passes axe and HTML_CodeSniffer`, async ({ page, isMobile }) => {
    await checkBothEngines(page, file, finders, isMobile ? "phone" : "desktop");
  });
}
