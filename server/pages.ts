import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  createRequestHandler,
  matchRoutes,
  type RequestHandler,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import type { PageHandler } from "./app.ts";
import { PUBLIC_PAGE } from "../app/lib/page-cache-rule.ts";
import { pagePathOf } from "./middleware/caching.ts";
import { projectRoot } from "../db/project-root.ts";
import type { runPageRequest } from "../app/lib/page-request.server.ts";

export { projectRoot };

/** The methods a page path answers: GET and HEAD, and POST where its route has an action. */
export type PageMethods = (path: string) => readonly string[] | Promise<readonly string[]>;

const READ = ["GET", "HEAD"] as const;
const READ_AND_POST = ["GET", "HEAD", "POST"] as const;

export type BuiltPages = {
  pageHandler: PageHandler;
  pageMethods: PageMethods;
  pageRoutePattern: PageRoutePattern;
  pageRouteRules: PageRouteRules;
  pageMatch: PageMatch;
};

/** The built site (`npm run build` first), read from its folder: for the tests and tools that serve it themselves. */
export async function builtPages(buildDir = path.join(projectRoot, "build")): Promise<BuiltPages> {
  return pagesOf((await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild);
}

/** The build's entry module (app/entry.server.tsx), with the page request's scope it exports. */
type SiteEntry = ServerBuild["entry"]["module"] & { runPageRequest: typeof runPageRequest };

/** A build's page handler (each request run in the request scope of the build's own modules), its route table's methods and route patterns. */
export function pagesOf(build: ServerBuild, mode: "production" | "development" = "production"): BuiltPages {
  return {
    pageHandler: inPageRequestScope(build, cutRequestHandlerOf(build, mode)),
    pageMethods: pageMethodsOf(build),
    pageRoutePattern: pageRoutePatternOf(build),
    pageRouteRules: pageRouteRulesOf(build),
    pageMatch: pageMatchOf(build),
  };
}

/** A React Router handler of a build as the site's page handler: each request run in the request scope of the build's own modules. */
export function inPageRequestScope(build: ServerBuild, handle: RequestHandler): PageHandler {
  const { runPageRequest } = build.entry.module as SiteEntry;
  return (request, context) => runPageRequest(context.pageRequest, () => handle(request, context));
}

/**
 * React Router's request handler, given for each request only the routes its path can match (decision 066).
 * Otherwise the router matches every request three times over all of the table's routes and builds the server
 * routes of all of them for every render: a seventh of a cache miss's CPU on /finance.
 */
function cutRequestHandlerOf(build: ServerBuild, mode: "production" | "development"): RequestHandler {
  const buildFor = cutBuildsOf(build);
  const handlers = new Map<ServerBuild, RequestHandler>();
  return (request, context) => {
    const cut = buildFor(new URL(request.url).pathname);
    let handler = handlers.get(cut);
    if (!handler) {
      handler = createRequestHandler(cut, mode);
      handlers.set(cut, handler);
    }
    return handler(request, context);
  };
}

/**
 * For a request's path, the build whose route table is the cut the path's matches are in (`routeCutsOf`) with the
 * routes of `/` added, so that the routes a page's manifest names (those matching the path and each path above it,
 * `/` included) are those of the whole table, and the browser discovers the rest as it would. The route-discovery
 * request, whose paths can be any, and a path with no cut get the whole build. One build per cut.
 */
export function cutBuildsOf(build: ServerBuild): (pathname: string) => ServerBuild {
  if (build.routeDiscovery.mode !== "lazy") return () => build;
  const manifestPath = build.routeDiscovery.manifestPath;
  const cuts = routeCutsOf(routeTreeOf(build), build.basename);
  const rootIds = routeIdsIn(cuts.routesOf(""));
  const builds = new Map<string, ServerBuild>();
  return (pathname) => {
    const cut = pathname === manifestPath ? undefined : cuts.cutOf(pagePathOf(pathname));
    if (cut === undefined) return build;
    let cutBuild = builds.get(cut);
    if (!cutBuild) {
      cutBuild = buildWithRoutes(build, new Set([...rootIds, ...routeIdsIn(cuts.routesOf(cut))]));
      builds.set(cut, cutBuild);
    }
    return cutBuild;
  };
}

function routeIdsIn(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [route.id!, ...routeIdsIn(route.children ?? [])]);
}

/** A build with only the given routes, in the table and in the browser's manifest. */
function buildWithRoutes(build: ServerBuild, ids: ReadonlySet<string>): ServerBuild {
  const only = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => ids.has(id)));
  return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
}

/** A build's route table as the router's own `matchRoutes` takes it. */
export function routeTreeOf(build: ServerBuild): RouteObject[] {
  const nodes = new Map<string, RouteObject>();
  for (const { id, path, index, caseSensitive } of Object.values(build.routes).filter((route) => route !== undefined)) {
    // An index route keeps its path: `prefix("staff", ...)` gives the back office's index route the path "staff".
    nodes.set(id, index ? { id, index: true, path, caseSensitive } : { id, path, caseSensitive, children: [] });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes).filter((route) => route !== undefined)) {
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent?.children ?? roots).push(nodes.get(route.id)!);
  }
  return roots;
}

/**
 * The cuts of a route table by a page path's first segment. A route whose path starts with a static segment (`used`,
 * `staff`) can match only paths that start with that segment (in any case: the router matches static segments
 * whatever their case), so the table is cut once per such first segment; routes that start with a parameter, an
 * optional segment or a splat are kept in every cut, as are the layouts above them, and the routes of `/` in the cut
 * for `/`. The router ranks what remains in the same order, since a cut keeps each route's siblings in their order.
 * Most public paths get about a tenth of the table, `/dealer/...` and `/staff/...` a third. A path whose first
 * segment is percent-encoded (the router decodes it) or holds a `?` or `#` (the router reads a query or fragment
 * there), or a build with a basename, gets the whole table (no cut: undefined).
 */
export type RouteCuts = {
  /** The cut a page path's matches are in: "" for `/`, its first segment's word, another word's, or undefined. */
  cutOf(pagePath: string): string | undefined;
  routesOf(cut: string | undefined): RouteObject[];
};

/** The cut for a first segment that no route spells ("*" is no static segment, so no word of the table). */
const ANY_OTHER_WORD = "*";

function routeCutsOf(roots: RouteObject[], basename = "/"): RouteCuts {
  if (basename !== "/") return { cutOf: () => undefined, routesOf: () => roots };
  const firstSegments = new Set<string>();
  collectStaticFirstSegments(roots, [], firstSegments);
  const cuts = new Map<string, RouteObject[]>([
    ["", cutFor(roots, [], "")],
    [ANY_OTHER_WORD, cutFor(roots, [], undefined)],
  ]);
  for (const segment of firstSegments) cuts.set(segment, cutFor(roots, [], segment));
  return {
    cutOf(pagePath) {
      const first = pagePath.split("/").find((segment) => segment !== "");
      if (first === undefined) return "";
      if (/[%?#]/.test(first)) return undefined;
      const word = first.toLowerCase();
      return cuts.has(word) ? word : ANY_OTHER_WORD;
    },
    routesOf: (cut) => (cut === undefined ? roots : cuts.get(cut)!),
  };
}

/** For a page path, the part of a route table that can match it: the same matches from the router's `matchRoutes`. */
export function candidateRoutesOf(roots: RouteObject[], basename = "/"): (pagePath: string) => RouteObject[] {
  const cuts = routeCutsOf(roots, basename);
  return (pagePath) => cuts.routesOf(cuts.cutOf(pagePath));
}

/** The segments of a route's path joined to its parents' (an absolute path stands alone, as the router reads it). */
function segmentsBelow(parent: readonly string[], route: RouteObject): string[] {
  const own = (route.path ?? "").split("/").filter(Boolean);
  return route.path?.startsWith("/") ? own : [...parent, ...own];
}

/** Whether a route's first segment is a word that paths must spell, rather than a parameter, optional or splat. */
const isStaticSegment = (segment: string) => !/[:*?]/.test(segment);

function collectStaticFirstSegments(routes: RouteObject[], parent: readonly string[], into: Set<string>): void {
  for (const route of routes) {
    const segments = segmentsBelow(parent, route);
    if (segments[0] !== undefined) {
      if (isStaticSegment(segments[0])) into.add(segments[0].toLowerCase());
    } else collectStaticFirstSegments(route.children ?? [], segments, into);
  }
}

/**
 * The routes that can match a path whose first segment is `first` (lower case; "" for `/`; undefined for a segment
 * no route spells). A kept layout without segments of its own is a copy holding only its kept children.
 */
function cutFor(routes: RouteObject[], parent: readonly string[], first: string | undefined): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    const segments = segmentsBelow(parent, route);
    const head = segments[0];
    if (head !== undefined) {
      if (!isStaticSegment(head) || head.toLowerCase() === first) kept.push(route);
      continue;
    }
    const children = cutFor(route.children ?? [], segments, first);
    const matchesRootItself = first === "" && (route.index === true || route.path !== undefined);
    if (children.length === 0 && !matchesRootItself) continue;
    kept.push(route.index ? route : { ...route, children });
  }
  return kept;
}

type RouteMatches = ReturnType<typeof matchRoutes<RouteObject>>;

/** Page paths whose matches are remembered, per build (the most recently used are kept), and the longest remembered. */
const REMEMBERED_MATCHES = 1_000;
const REMEMBERED_PATH_MAX = 512;
const matchers = new WeakMap<ServerBuild, (pagePath: string) => RouteMatches>();

/**
 * The router's own `matchRoutes` over a build's route table, with the matches of the last REMEMBERED_MATCHES
 * paths remembered: one page request asks it several times (the request guard's spelling, the metrics' label, the
 * page cache's rule, the page counts). It ranks the whole table it is given on every call, which is slow for the
 * whole of ours, so it is given only the routes that can match the path's first segment (`candidateRoutesOf`).
 * Callers only read the matches.
 */
function routeMatcherOf(build: ServerBuild): (pagePath: string) => RouteMatches {
  const known = matchers.get(build);
  if (known) return known;
  const candidates = candidateRoutesOf(routeTreeOf(build), build.basename);
  const recent = new Map<string, RouteMatches>();
  const matcher = (pagePath: string) => {
    const remembered = recent.get(pagePath);
    if (remembered !== undefined) {
      // Most recently used last: the first entry is the one to forget.
      recent.delete(pagePath);
      recent.set(pagePath, remembered);
      return remembered;
    }
    const matches = matchRoutes(candidates(pagePath), pagePath, build.basename);
    if (pagePath.length > REMEMBERED_PATH_MAX) return matches;
    if (recent.size >= REMEMBERED_MATCHES) recent.delete(recent.keys().next().value!);
    recent.set(pagePath, matches);
    return matches;
  };
  matchers.set(build, matcher);
  return matcher;
}

/**
 * The route pattern a page request matched, e.g. `/used/:slug` or `/staff/stock/:id/photos.data` for the
 * router's data request; undefined when no page route matches (a static file, a path nothing answers).
 * The metrics label requests with it, so that pages are counted by route like the API.
 */
export type PageRoutePattern = (pathname: string) => string | undefined;

export function pageRoutePatternOf(build: ServerBuild): PageRoutePattern {
  const match = pageMatchOf(build);
  return (pathname) => {
    const matched = match(pathname);
    if (!matched) return undefined;
    if (pagePathOf(pathname) === pathname) return matched.pattern;
    return matched.pattern === "/" ? "/_root.data" : `${matched.pattern}.data`;
  };
}

/**
 * The page route a path (or the router's data request for it, `.data`) matches: its pattern (`/used/:make/:model/:id`,
 * without `.data`), its parameters and the deepest route's id; undefined when no page route matches or the root
 * layout's catch-all (`*`, the not-found page) does. The page counts (server/page-counts.ts) class views with it.
 */
export type PageMatch = (
  pathname: string,
) => { pattern: string; params: Readonly<Record<string, string | undefined>>; routeId: string } | undefined;

function pageMatchOf(build: ServerBuild): PageMatch {
  const match = routeMatcherOf(build);
  return (pathname) => {
    const matches = match(pagePathOf(pathname));
    if (!matches || matches.some((matched) => matched.route.path === "*")) return undefined;
    const segments = matches
      .flatMap((match) => (match.route.path ? [match.route.path.replace(/^\/|\/$/g, "")] : []))
      .filter(Boolean);
    const deepest = matches.at(-1)!;
    return { pattern: `/${segments.join("/")}`, params: deepest.params, routeId: deepest.route.id! };
  };
}

/**
 * The methods of a build's route table, matched as the router matches (the router's own `matchRoutes`):
 * the deepest matching route decides, and a data request (`/parts.data`) counts as its page.
 */
export function pageMethodsOf(build: ServerBuild): PageMethods {
  const match = routeMatcherOf(build);
  return (pathname) => {
    const matches = match(pagePathOf(pathname));
    const deepest = matches?.at(-1)?.route.id;
    return deepest && build.routes[deepest]?.module.action ? READ_AND_POST : READ;
  };
}

/**
 * What the route table says of a page path, for the layers in front of the router: how the router spells it
 * (it matches static segments whatever their case) and whether the page may be kept for every visitor.
 */
export type PageRouteRules = {
  /** The path with each static segment spelled as its route declares it (`/STAFF/Leads` is `/staff/leads`); else as given. */
  spelling(decodedPath: string): string;
  /**
   * True when every route the path matches, from the root down, declares the page public (`handle.pageCache`
   * "public", app/lib/page-cache-rule.ts): the same for every visitor, no form token, nothing personal.
   */
  isPublic(path: string): boolean;
};

function pageRouteRulesOf(build: ServerBuild): PageRouteRules {
  const matcher = routeMatcherOf(build);
  const match = (path: string) => matcher(pagePathOf(path));
  return {
    spelling(decodedPath) {
      if (decodedPath === "/_root.data") return decodedPath;
      const matches = match(decodedPath);
      if (!matches) return decodedPath;
      const suffix = decodedPath.endsWith(".data") ? ".data" : "";
      const requested = pagePathOf(decodedPath).split("/").filter(Boolean);
      const declared = matches.flatMap((matched) => (matched.route.path ?? "").split("/").filter(Boolean));
      return `/${spelledSegments(requested, declared).join("/")}${suffix}`;
    },
    isPublic(path) {
      const matches = match(path);
      return !!matches && matches.every((matched) => isPublicRoute(build.routes[matched.route.id!]?.module));
    },
  };
}

/** The requested segments, each static one in its declared spelling; those under a splat (`*`) as requested. */
function spelledSegments(requested: string[], declared: string[]): string[] {
  const splat = declared.indexOf("*");
  return requested.map((segment, index) => {
    const pattern = declared[index];
    if (pattern === undefined || (splat !== -1 && index >= splat) || pattern.startsWith(":")) return segment;
    return pattern.toLowerCase() === segment.toLowerCase() ? pattern : segment;
  });
}

function isPublicRoute(module: { handle?: unknown } | undefined): boolean {
  const handle = module?.handle as { pageCache?: unknown } | undefined;
  return handle?.pageCache === PUBLIC_PAGE.pageCache;
}
