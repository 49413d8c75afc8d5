import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { candidateRoutesOf, projectRoot, routeTreeOf } from "./pages.ts";

/**
 * The layers in front of the router match a path on a cut of the route table (server/pages.ts): the answer must be
 * the router's own over the whole table, for every route of the built site and for paths made to trip it.
 */
let roots: RouteObject[];
let candidates: (pagePath: string) => RouteObject[];
let patterns: string[];

beforeAll(async () => {
  const build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
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
function instances(pattern: string): string[] {
  const filled = PARAMETER_VALUES.flatMap((value, index) =>
    SPLAT_VALUES.map((splat) =>
      pattern
        .split("/")
        .map((segment) => {
          if (segment === "*") return splat;
          if (segment.endsWith("?")) return index % 2 === 0 ? "" : segment.slice(0, -1).replace(/^:.*/, value);
          return segment.startsWith(":") ? value : segment;
        })
        .join("/"),
    ),
  );
  return [...new Set(filled)].flatMap((filledPath) => [
    filledPath,
    filledPath.toUpperCase(),
    `${filledPath}/`,
    `/${filledPath}`,
    filledPath.replace(/^\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
  ]);
}

describe("the cut of the route table a path is matched on", () => {
  it("gives the router's matches for every route of the site, its parameters filled in and its spelling varied", () => {
    expect(patterns.length).toBeGreaterThan(100);
    for (const pattern of patterns) for (const pagePath of instances(pattern)) expectSameMatches(pagePath);
  });

  it("gives the router's matches for paths made of the table's words and hostile segments", () => {
    const words = [...new Set(patterns.flatMap((pattern) => pattern.split("/")).filter(Boolean))];
    const segment = fc.oneof(
      fc.constantFrom(...words),
      fc.constantFrom(...words).map((word) => word.toUpperCase()),
      fc.constantFrom("", ".", "..", "%", "%2F", "%75sed", "%E0%A4%A", "*", ":id", "?", "index", "_root.data"),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        expectSameMatches(`/${segments.join("/")}`);
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
