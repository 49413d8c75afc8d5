import { describe, expect, it } from "vitest";
import { deferredRouteModules, HYDRATION_START_LIMIT_MS, hydrateAfterPaint } from "./hydrate-after-paint.server.ts";

// What React Router 8's <Scripts> and React write, shortened (hydrate-after-paint.contract.test.ts reads the real
// build's): preloads hoisted into the head, the route-modules
// script at the end of the body, the loader data after it.
const routeModulesBody = [
  ";",
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/home.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};',
  "",
  'import("/assets/entry.client.js");',
].join("\n");
const inlineStyle = '<style nonce="abc" data-precedence="default" data-href="/assets/app.css">main{color:red}</style>';
const page =
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${inlineStyle}<title>Home ✓</title>` +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/framework.js" nonce="abc"/><link rel="modulepreload" href="/assets/root.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/home.js" nonce="abc"/><link rel="icon" href="/favicon.svg"/></head>' +
  '<body><main>Honda ✓ Umhlanga</main><script nonce="abc">window.__reactRouterContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${routeModulesBody}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>';

/** The page as the entry hands it over (its bytes), rewritten, read back as text. */
const rewritten = (html: string): string => hydrateAfterPaint(Buffer.from(html)).toString("utf8");

describe("the page's scripts download beside it and run after its first paint", () => {
  it("moves the preloads ahead of the inlined stylesheet at low priority and lists them in the route-modules script, which waits for the paint", () => {
    const html = rewritten(page);
    expect(html.startsWith('<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload"')).toBe(true);
    expect(html.indexOf('href="/assets/home.js"')).toBeLessThan(html.indexOf(inlineStyle));
    expect(html.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="abc"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/framework.js" nonce="abc"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js" nonce="abc"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/home.js" nonce="abc"/>',
    ]);
    expect(html).toContain('<title>Home ✓</title><link rel="icon" href="/favicon.svg"/></head>');
    const script = html.match(/<script nonce="abc" type="module">([\s\S]*?)<\/script>/)?.[1];
    expect(script).toBeDefined();
    expect(JSON.parse(script!.match(/^const modules = (.*);$/m)![1]!)).toEqual([
      "/assets/entry.client.js",
      "/assets/framework.js",
      "/assets/root.js",
      "/assets/home.js",
    ]);
    expect(script).toContain('addEventListener("load", afterPictures');
    expect(script).toContain(`setTimeout(start, ${HYDRATION_START_LIMIT_MS})`);
    expect(script).not.toMatch(/^import \* as/m);
    expect(script).toContain('const route0 = await import("/assets/root.js");');
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};');
    expect(script!.trimEnd().endsWith('import("/assets/entry.client.js");')).toBe(true);
  });

  it("leaves everything else as React wrote it", () => {
    const html = rewritten(page);
    const withoutRewrites = (source: string) =>
      source
        .replace(/<link rel="modulepreload"[^>]*>/g, "")
        .replace(/<script nonce="abc" type="module"[^>]*>[\s\S]*?<\/script>/, "");
    expect(withoutRewrites(html)).toBe(withoutRewrites(page));
  });

  it("puts the preloads at the end of the head when it has no stylesheet", () => {
    const html = rewritten(page.replace(inlineStyle, ""));
    expect(html).toContain(
      '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="abc"/>',
    );
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/home.js" nonce="abc"/></head>');
  });

  it("leaves the preloads where they are in a page without a head", () => {
    const fragment = '<body><link rel="modulepreload" href="/assets/a.js"/><p>text</p></body>';
    expect(rewritten(fragment)).toBe(
      '<body><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><p>text</p></body>',
    );
  });

  it("keeps a page ending in what looks like the start of a tag", () => {
    expect(rewritten("<p>end</p><link rel=")).toBe("<p>end</p><link rel=");
    expect(rewritten("<p>end</p><scr")).toBe("<p>end</p><scr");
    expect(rewritten('<p>end</p><script nonce="abc" type="module" async="">import("/a.js");')).toBe(
      '<p>end</p><script nonce="abc" type="module" async="">import("/a.js");',
    );
  });

  it("leaves a route-modules script it does not recognise as it is", () => {
    expect(deferredRouteModules('import * as route0 from "/assets/root.js";', [])).toBe(
      'import * as route0 from "/assets/root.js";',
    );
  });
});
