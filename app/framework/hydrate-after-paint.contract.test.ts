import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtSite } from "../../tests/support/page-server.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

/**
 * The script rewrite (hydrate-after-paint.server.ts) recognises what React Router's <Scripts> writes. This test reads
 * pages of the real build (`npm run build` first) as the site serves them: when a React Router upgrade changes that
 * markup, the rewrite leaves the page as it was, and these assertions fail.
 */
describe("the built pages' scripts wait for the first paint", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await builtSite());
  });
  afterAll(() => server.close());

  const page = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const preloadLinks = (html: string) => html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  const moduleScripts = (html: string) => [
    ...html.matchAll(/<script\b([^>]*type="module"[^>]*)>([\s\S]*?)<\/script>/g),
  ];

  for (const path of ["/", "/used"]) {
    it(`rewrites React Router's route-modules script on ${path}`, async () => {
      const html = await page(path);
      const scripts = moduleScripts(html);
      expect(scripts).toHaveLength(1);
      const [, attributes = "", body = ""] = scripts[0]!;
      expect(attributes).not.toContain("async");
      expect(body).toMatch(/^const modules = \[/);
      expect(body).toContain('addEventListener("load", afterPictures, { once: true });');
      expect(body).not.toMatch(/^import \* as/m);
      expect(body.trimEnd()).toMatch(/\nimport\("\/assets\/entry\.client-[^"]+\.js"\);$/);
    });

    it(`lists every preloaded module in the script and preloads them at low priority ahead of the styles on ${path}`, async () => {
      const html = await page(path);
      const links = preloadLinks(html);
      expect(links.length).toBeGreaterThan(2);
      expect(links.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
      const hrefs = links.map((link) => /\shref="([^"]+)"/.exec(link)?.[1]);
      const body = moduleScripts(html)[0]?.[2] ?? "";
      const listed = JSON.parse(/^const modules = (.*);$/m.exec(body)?.[1] ?? "[]") as string[];
      expect(listed).toEqual(expect.arrayContaining(hrefs));
      expect(html.indexOf('<link rel="modulepreload"')).toBeLessThan(html.indexOf("<style"));
    });
  }
});
