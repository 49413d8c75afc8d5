const PRELOAD_START = '<link rel="modulepreload"';
const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
const STYLE_START = "<style";
const HEAD_END = "</head>";
const NOTHING = Buffer.alloc(0);
const ROUTE_MODULES_SCRIPT = ' type="module" async=""';
const STATIC_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"]+");$/gm;
const ENTRY_IMPORT = /\nimport\(("[^"]+")\);\s*$/;

/** How long a page waits for its load event before it hydrates anyway (a picture that never finishes loading). */
export const HYDRATION_START_LIMIT_MS = 3_000;

/**
 * The page's scripts download beside it and run once its pictures have painted (decisions 048 and
 * 062). React Router's <Scripts> writes a `<link rel="modulepreload">` into the head for every module the
 * page hydrates with, and one inline module that imports the route modules and then the client entry. This rewrite
 * of the rendered page:
 * - marks each preload link `fetchpriority="low"`, so the downloads start with the page but yield to its styles and
 *   pictures, remembers their addresses, and moves them ahead of the inlined stylesheet, which React writes first in
 *   the head: the browser then asks for the scripts as soon as the head's first bytes arrive;
 * - turns the inline module into one that waits for the load event, the pictures in view decoded, the first
 *   largest-contentful-paint entry (the browser reports it once that paint is on screen, which can be a frame
 *   after the page's own requestAnimationFrame callbacks) and two frames more (at most HYDRATION_START_LIMIT_MS
 *   in all), then waits for every module to have arrived, evaluates them one per task (so that no task holds the
 *   main thread for the whole framework), and imports the client entry as before.
 * Without JavaScript nothing changes: every page works without it. <Scripts> takes no options for this, so the
 * rendered page is rewritten, whole (app/entry.server.tsx renders it whole).
 */
export function hydrateAfterPaint(page: Buffer): Buffer {
  // The markers are ASCII, and no byte of a UTF-8 sequence for another character is, so the page is searched
  // as bytes and only the tags rewritten are read as text.
  const preloads: string[] = [];
  const preloadLinks: string[] = [];
  const out: Buffer[] = [];
  const anchor = preloadsAnchor(page);
  let anchorSlot = -1;
  const pushUnchanged = (from: number, to: number) => {
    if (anchorSlot === -1 && anchor >= from && anchor < to) {
      out.push(page.subarray(from, anchor));
      anchorSlot = out.push(NOTHING) - 1;
      out.push(page.subarray(anchor, to));
    } else out.push(page.subarray(from, to));
  };
  const nextTag = tagFinder(page);
  let at = 0;
  for (;;) {
    const next = nextTag(at);
    const tagEnd = next === -1 ? -1 : page.indexOf(">", next, "latin1");
    if (tagEnd === -1) {
      pushUnchanged(at, page.length);
      if (anchorSlot !== -1) out[anchorSlot] = Buffer.from(preloadLinks.join(""));
      return Buffer.concat(out);
    }
    pushUnchanged(at, next);
    const openingTag = page.toString("utf8", next, tagEnd + 1);
    if (openingTag.startsWith(PRELOAD_START)) {
      const href = /\shref="([^"]+)"/.exec(openingTag)?.[1];
      if (href) preloads.push(href);
      const link = lowPriority(openingTag);
      // Moved ahead when the anchor is still to come or already passed; left in place only when there is none.
      if (anchor === -1) out.push(Buffer.from(link));
      else preloadLinks.push(link);
      at = tagEnd + 1;
      continue;
    }
    const scriptEnd = openingTag.includes(ROUTE_MODULES_SCRIPT) ? page.indexOf(SCRIPT_END, tagEnd, "latin1") : -1;
    if (scriptEnd === -1) {
      out.push(page.subarray(next, tagEnd + 1));
      at = tagEnd + 1;
      continue;
    }
    const body = page.toString("utf8", tagEnd + 1, scriptEnd);
    const script = `${openingTag.replace(ROUTE_MODULES_SCRIPT, ' type="module"')}${deferredRouteModules(body, preloads)}${SCRIPT_END}`;
    out.push(Buffer.from(script));
    at = scriptEnd + SCRIPT_END.length;
  }
}

/**
 * Where the preload links go: ahead of the head's first stylesheet (the inlined one, which React writes first in the
 * head), so that the browser's preload scanner meets them before it has read 50 KB of styles; else at the head's end;
 * -1 when the page has no head.
 */
function preloadsAnchor(page: Buffer): number {
  const headEnd = page.indexOf(HEAD_END, 0, "latin1");
  const style = page.indexOf(STYLE_START, 0, "latin1");
  return style !== -1 && style < headEnd ? style : headEnd;
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

/**
 * Where the next preload link or script tag starts, from a position, or -1. Each marker is searched for again only
 * once the position has passed the last one found: a page has many scripts and few preloads, and searching for the
 * next preload from every script scanned the rest of the page each time.
 */
function tagFinder(page: Buffer): (from: number) => number {
  let preload = -2;
  let script = -2;
  return (from) => {
    if (preload !== -1 && preload < from) preload = page.indexOf(PRELOAD_START, from, "latin1");
    if (script !== -1 && script < from) script = page.indexOf(SCRIPT_START, from, "latin1");
    if (preload === -1) return script;
    if (script === -1) return preload;
    return Math.min(preload, script);
  };
}
