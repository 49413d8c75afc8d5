import {
  createRequestHandler,
  matchRoutes,
  type RequestHandler,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { pagePathOf } from "./data-requests.ts";

/**
 * What the server reads of a React Router build's route table (server/pages.ts): the table as the router's own
 * `matchRoutes` takes it, its cuts by a path's first segment, and builds holding one cut each (decision 066). Built
 * from the build's public fields (`routes`, `assets.routes`, `routeDiscovery`, `basename`).
 */

/**
 * React Router's request handler, given for each request only the routes its path can match (decision 066).
 * Otherwise the router matches every request three times over all of the table's routes and builds the server
 * routes of all of them for every render: a seventh of a cache miss's CPU on /finance.
 */
export function cutRequestHandlerOf(build: ServerBuild, mode: "production" | "development"): RequestHandler {
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

export function routeCutsOf(roots: RouteObject[], basename = "/"): RouteCuts {
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

export type RouteMatches = ReturnType<typeof matchRoutes<RouteObject>>;

/** Page paths whose matches are remembered, per build (the most recently used are kept), and the longest remembered. */
const REMEMBERED_MATCHES = 1_000;
const REMEMBERED_PATH_MAX = 512;
const matchers = new WeakMap<ServerBuild, (pagePath: string) => RouteMatches>();

/**
 * The router's own `matchRoutes` over a build's route table, with the matches of the last REMEMBERED_MATCHES
 * paths remembered: one page request asks it several times (the request guard's spelling, the metrics' label, the
 * page cache's rule, the page counts). It ranks the whole table it is given on every call, about 2 ms for the
 * whole of ours, so it is given only the routes that can match the path's first segment (`candidateRoutesOf`).
 * Callers only read the matches.
 */
export function routeMatcherOf(build: ServerBuild): (pagePath: string) => RouteMatches {
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
