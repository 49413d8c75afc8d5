import { test } from "@playwright/test";
import { expectSocialLinksCoverNothing } from "./support/page-checks.ts";

/**
 * The floating social links cover nothing a visitor uses. The test sets its own widths, from a small phone to
 * a wide desktop, so it runs in the desktop project only (playwright.config.ts PHONE_SPECS).
 */

/** Every form page, the newer ones included (at any width from 320 px, on every form page). */
const FORM_PAGES = [
  "/service",
  "/parts",
  "/sell-your-car",
  "/finance",
  "/alerts/new",
  "/book-test-drive/honda/hr-v",
  "/used",
];

test("the social links never cover a field, button or link, from 320 px wide up, on every form page", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const members = (await (await request.get("/api/vehicles?itemsPerPage=3")).json())["hydra:member"];
  const compare = `/compare?ids=${members.map((vehicle: { id: number }) => vehicle.id).join(",")}`;
  for (const path of [...FORM_PAGES, compare]) {
    for (const width of [320, 390, 1440]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(path);
      await expectSocialLinksCoverNothing(page, `${path} at ${width} px`);
    }
  }
});
