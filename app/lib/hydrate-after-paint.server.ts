const PRELOAD_START = '<link rel="modulepreload"';
const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
const ROUTE_MODULES_SCRIPT = ' type="module" async=""';
const STATIC_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"]+");$/gm;
const ENTRY_IMPORT = /\nimport\(("[^"]+")\);\s*$/;

/** How long a page waits for its load event before it hydrates anyway (a picture that never finishes loading). */
export const HYDRATION_START_LIMIT_MS = 3_000;

/**
 * The page's scripts download beside it and run once its pictures have painted (issue 19, decision 048; issue 33,
 * decision 062). React Router's <Scripts> writes a `<link rel="modulepreload">` into the head for every module the
 * page hydrates with, and one inline module that imports the route modules and then the client entry. This rewrite
 * of the rendered page:
 * - marks each preload link `fetchpriority="low"`, so the downloads start with the page but yield to its styles and
 *   pictures, and remembers their addresses;
 * - turns the inline module into one that waits for the load event, the pictures in view decoded, the first
 *   largest-contentful-paint entry (the browser reports it once that paint is on screen, which can be a frame
 *   after the page's own requestAnimationFrame callbacks) and two frames more (at most HYDRATION_START_LIMIT_MS
 *   in all), then waits for every module to have arrived, evaluates them one per task (so that no task holds the
 *   main thread for the whole framework), and imports the client entry as before.
 * Without JavaScript nothing changes: every page works without it. <Scripts> takes no options for this, so the
 * rendered page is rewritten, whole (app/entry.server.tsx renders it whole).
 */
export function hydrateAfterPaint(page: string): string {
  const preloads: string[] = [];
  let out = "";
  let rest = page;
  for (;;) {
    const next = nextTag(rest);
    if (next === -1) return out + rest;
    out += rest.slice(0, next);
    rest = rest.slice(next);
    const tagEnd = rest.indexOf(">");
    if (tagEnd === -1) return out + rest;
    if (rest.startsWith(PRELOAD_START)) {
      const href = /\shref="([^"]+)"/.exec(rest.slice(0, tagEnd))?.[1];
      if (href) preloads.push(href);
      out += lowPriority(rest.slice(0, tagEnd + 1));
      rest = rest.slice(tagEnd + 1);
      continue;
    }
    const openingTag = rest.slice(0, tagEnd + 1);
    const scriptEnd = rest.indexOf(SCRIPT_END);
    if (!openingTag.includes(ROUTE_MODULES_SCRIPT) || scriptEnd === -1) {
      out += openingTag;
      rest = rest.slice(openingTag.length);
      continue;
    }
    const body = rest.slice(openingTag.length, scriptEnd);
    out += `${openingTag.replace(ROUTE_MODULES_SCRIPT, ' type="module"')}${deferredRouteModules(body, preloads)}${SCRIPT_END}`;
    rest = rest.slice(scriptEnd + SCRIPT_END.length);
  }
}

/**
 * The route-modules script's body, with its static imports and its import of the client entry made to wait for the
 * page's paint. Anything it does not recognise is left as React Router wrote it.
 */
export function deferredRouteModules(body: string, preloads: readonly string[]): string {
  const entry = ENTRY_IMPORT.exec(body);
  if (!entry) return body;
  const imports = [...body.matchAll(STATIC_IMPORT)];
  const entryUrl = JSON.parse(entry[1]!) as string;
  const modules = [...new Set([...preloads, ...imports.map((match) => JSON.parse(match[2]!) as string)])];
  const rest = body.slice(0, entry.index).replace(STATIC_IMPORT, "").trim();
  return [
    `const modules = ${JSON.stringify(modules)};`,
    `await new Promise((start) => {`,
    `  const visible = (img) => { const box = img.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight && box.width > 0; };`,
    `  const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));`,
    `  const painted = () => PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint") ? new PerformanceObserver((_, seen) => { seen.disconnect(); frames(); }).observe({ type: "largest-contentful-paint", buffered: true }) : frames();`,
    `  const afterPictures = () => Promise.all([...document.images].filter(visible).map((img) => img.decode().catch(() => {}))).then(painted);`,
    `  if (document.readyState === "complete") afterPictures();`,
    `  else addEventListener("load", afterPictures, { once: true });`,
    `  setTimeout(start, ${HYDRATION_START_LIMIT_MS});`,
    `});`,
    // The head's preload links have been fetching since the page began; a link for a module already in the
    // browser's module map loads at once, so this waits only for those still on their way.
    `const preloaded = (href) => new Promise((done) => document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href, onload: done, onerror: done })));`,
    `await Promise.all(modules.map(preloaded));`,
    `for (const href of modules) if (href !== ${JSON.stringify(entryUrl)}) { await import(href); await new Promise((next) => setTimeout(next, 0)); }`,
    ...imports.map((match) => `const ${match[1]} = await import(${match[2]});`),
    rest,
    `import(${entry[1]});`,
  ].join("\n");
}

/** A preload link that yields to the page's pictures and styles. */
function lowPriority(link: string): string {
  return link.includes("fetchpriority=") ? link : link.replace(PRELOAD_START, `${PRELOAD_START} fetchpriority="low"`);
}

/** Where the next preload link or script tag starts, or -1. */
function nextTag(text: string): number {
  const preload = text.indexOf(PRELOAD_START);
  const script = text.indexOf(SCRIPT_START);
  if (preload === -1) return script;
  if (script === -1) return preload;
  return Math.min(preload, script);
}
