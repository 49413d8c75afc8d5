import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../tests/support/chromium-flags.ts";

/**
 * The budget's measure for a few pages without a Lighthouse run: every script a page loads (on a first
 * visit, in Chromium, until the load event and a second after), each gzipped here at level 9, summed.
 * Usage: tsx bench/page-js.ts http://127.0.0.1:3000 [/path ...]
 */
const [baseUrl = "http://127.0.0.1:3000", ...given] = process.argv.slice(2);
const paths =
  given.length > 0
    ? given
    : ["/", "/new", "/used", "/used/honda", "/finance", "/blog", "/service", "/contact", "/new/honda/amaze"];
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", ...CHROMIUM_FLAGS] });
try {
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script" || request.url().endsWith(".js")) scripts.add(request.url());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    await page.waitForTimeout(1000);
    let total = 0;
    for (const url of scripts) {
      const response = await fetch(url);
      total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    }
    console.log(`${path}\t${(total / 1024).toFixed(1)} KB JS gzip\t${scripts.size} scripts`);
    await context.close();
  }
} finally {
  await browser.close();
}
