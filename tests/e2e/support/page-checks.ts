import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe finds no accessibility violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/**
 * A full-page screenshot under test-results/screenshots/, taken after scrolling through the page so that
 * lazy images have loaded.
 */
export async function saveFullPageScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  // Every picture the screenshot can show has arrived: lazy ones in slides scrolled out of view sideways
  // never load, by design. Not "networkidle", which a carousel or a busy machine can put off.
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const { left, right } = image.getBoundingClientRect();
      const offScreenSideways = right <= 0 || left >= window.innerWidth;
      return image.complete || (image.loading === "lazy" && offScreenSideways);
    }),
  );
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
