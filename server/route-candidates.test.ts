import fc from "fast-check";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { builtServerBuild } from "../tests/support/page-server.ts";
import { candidateRoutesOf, cutBuildsOf, routeTreeOf } from "../app/framework/route-table.server.ts";
import { dataRequestPathOf, isDataRequest } from "../app/framework/data-requests.ts";

/**
 * The layers in front of the router match a path on a cut of the route table (server/pages.ts): the answer must be
 * the router's own over the whole table, for every route of the built site and for paths made to trip it.
 */
let build: ServerBuild;
let roots: RouteObject[];
let candidates: (pagePath: string) => RouteObject[];
let patterns: string[];

beforeAll(async () => {
  build = await builtServerBuild();
  roots = routeTreeOf(build);
  candidates = candidateRoutesOf(roots);
  patterns = fullPatterns(roots, "");
});

/** What a caller reads of the matches: each route's id, the parameters and the matched part of the path. */
const seen = (matches: ReturnType<typeof matchRoutes> | null) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ??
  null;

const expectSameMatches = (pagePath: string) =>
  expect(seen(matchRoutes(candidates(pagePath), pagePath)), pagePath).toEqual(seen(matchRoutes(roots, pagePath)));

function fullPatterns(routes: RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    const own = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    return [own || "/", ...fullPatterns(route.children ?? [], own)];
  });
}

const PARAMETER_VALUES = ["honda", "CR-V", "12345", "a b", "%20", "Ünïcode", "used", "staff", ".data"];
const SPLAT_VALUES = ["", "a", "a/b/c", "staff/leads"];

/** A route's pattern with its parameters, optional segments and splat filled in, in the given case. */
function instances(pattern: string, values = PARAMETER_VALUES, splats = SPLAT_VALUES): string[] {
  // Each value once, with the splats in turn, and optional segments left out and put in by turns.
  const filled = values.map((value, index) =>
    pattern
      .split("/")
      .map((segment) => {
        if (segment === "*") return splats[index % splats.length];
        if (segment.endsWith("?")) return index % 2 === 0 ? "" : segment.slice(0, -1).replace(/^:.*/, value);
        return segment.startsWith(":") ? value : segment;
      })
      .join("/"),
  );
  return [...new Set(filled)].flatMap((filledPath) => [
    filledPath,
    filledPath.toUpperCase(),
    `${filledPath}/`,
    `/${filledPath}`,
    filledPath.replace(/^\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
  ]);
}

/** Paths made of the table's words, in either case, and of segments made to trip a matcher. */
function hostilePath(): fc.Arbitrary<string> {
  const words = [...new Set(patterns.flatMap((pattern) => pattern.split("/")).filter(Boolean))];
  const segment = fc.oneof(
    fc.constantFrom(...words),
    fc.constantFrom(...words).map((word) => word.toUpperCase()),
    fc.constantFrom("", ".", "..", "%", "%2F", "%75sed", "%E0%A4%A", "*", ":id", "?", "index", "_.data"),
    fc.string({ maxLength: 8 }),
  );
  return fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join("/")}`);
}

describe("the cut of the route table a path is matched on", () => {
  it("gives the router's matches for every route of the site, its parameters filled in and its spelling varied", () => {
    expect(patterns.length).toBeGreaterThan(100);
    for (const pattern of patterns) for (const pagePath of instances(pattern)) expectSameMatches(pagePath);
  });

  it("gives the router's matches for paths made of the table's words and hostile segments", () => {
    fc.assert(
      fc.property(hostilePath(), (pagePath) => {
        expectSameMatches(pagePath);
      }),
      { numRuns: 1_500 },
    );
  });

  it("gives a path a tenth of the table or less when its first segment is spelled by routes", () => {
    const size = (routes: RouteObject[]): number =>
      routes.reduce((sum, route) => sum + 1 + size(route.children ?? []), 0);
    expect(size(candidates("/used/honda/cr-v/42"))).toBeLessThan(size(roots) / 10);
    expect(size(candidates("/"))).toBeLessThan(size(roots) / 10);
    expect(candidates("/%75sed")).toBe(roots);
  });
});

/**
 * React Router renders a request with the build for its path (`cutBuildsOf`): the page's own matches and those the
 * browser's manifest is made of (the path's, each path above it and `/`, as the router's `getPartialManifest` asks
 * them) must be the whole table's, for a page and for its data request.
 */
describe("the build a request's path is rendered with", () => {
  const pathsAbove = (pagePath: string) => {
    const segments = pagePath.split("/").filter(Boolean);
    return ["/", ...segments.map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)];
  };
  // Memoised: matching the whole table is slow, and instances share the paths above them.
  const wholeMatches = new Map<string, ReturnType<typeof seen>>();
  const wholeMatchesOf = (pagePath: string) => {
    if (!wholeMatches.has(pagePath)) wholeMatches.set(pagePath, seen(matchRoutes(roots, pagePath)));
    return wholeMatches.get(pagePath);
  };
  const cutTrees = new Map<ServerBuild, RouteObject[]>();
  const treeOf = (cut: ServerBuild) => cutTrees.get(cut) ?? cutTrees.set(cut, routeTreeOf(cut)).get(cut)!;
  let buildFor: (pathname: string) => ServerBuild;
  beforeAll(() => {
    buildFor = cutBuildsOf(build);
  });

  const expectSameManifestRoutes = (pagePath: string) => {
    // A path that is itself a data request's form is asked for only as data (the router reads it so).
    const requests = isDataRequest(pagePath) ? [dataRequestPathOf(pagePath)] : [pagePath, dataRequestPathOf(pagePath)];
    for (const cut of new Set(requests.map((requested) => buildFor(requested)))) {
      expect(Object.keys(cut.assets.routes), pagePath).toEqual(Object.keys(cut.routes));
      for (const matched of pathsAbove(pagePath)) {
        expect(seen(matchRoutes(treeOf(cut), matched)), `${pagePath}: ${matched}`).toEqual(wholeMatchesOf(matched));
      }
    }
  };

  it("matches every route of the site, its path and the paths above it, as the whole table does", () => {
    for (const pattern of patterns) {
      for (const pagePath of instances(pattern, ["honda", "CR-V"], ["a/b/c", ""])) expectSameManifestRoutes(pagePath);
    }
  });

  it("matches paths made of the table's words and hostile segments as the whole table does", () => {
    fc.assert(
      fc.property(hostilePath(), (pagePath) => {
        expectSameManifestRoutes(pagePath);
      }),
      { numRuns: 200 },
    );
  });

  it("is a part of the table for a page, and the whole build for route discovery and encoded first segments", () => {
    expect(Object.keys(buildFor("/finance").routes).length).toBeLessThan(Object.keys(build.routes).length / 5);
    expect(buildFor("/finance.data")).toBe(buildFor("/finance"));
    expect(buildFor("/_.data")).toBe(buildFor("/"));
    expect(buildFor("/__manifest")).toBe(build);
    expect(buildFor("/%66inance")).toBe(build);
  });
});
