import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler, ServerBuild } from "react-router";
import type { PageHandler } from "../app/load-context.ts";
import { PUBLIC_PAGE } from "../app/lib/page-cache-rule.ts";
import { dataRequestPathOf, isDataRequest, pagePathOf, withDataRequestFormOf } from "../app/framework/data-requests.ts";
import { cutRequestHandlerOf, routeMatcherOf } from "../app/framework/route-table.server.ts";
import { projectRoot } from "../db/project-root.ts";
import type { runPageRequest } from "../app/lib/page-request.server.ts";
import type { routerContextOf } from "../app/framework/router-context.server.ts";

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
type SiteEntry = ServerBuild["entry"]["module"] & {
  runPageRequest: typeof runPageRequest;
  routerContextOf: typeof routerContextOf;
};

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
  const { runPageRequest, routerContextOf } = build.entry.module as SiteEntry;
  return (request, context) => runPageRequest(context.pageRequest, () => handle(request, routerContextOf(context)));
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
    return isDataRequest(pathname) ? dataRequestPathOf(matched.pattern) : matched.pattern;
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
      const matches = match(decodedPath);
      if (!matches) return decodedPath;
      const requested = pagePathOf(decodedPath).split("/").filter(Boolean);
      const declared = matches.flatMap((matched) => (matched.route.path ?? "").split("/").filter(Boolean));
      return withDataRequestFormOf(decodedPath, `/${spelledSegments(requested, declared).join("/")}`);
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
