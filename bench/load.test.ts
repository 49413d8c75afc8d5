import { describe, expect, it } from "vitest";
import { uniqueQueryPath, uniqueQueryPaths } from "./load.ts";

describe("the paths a cache-miss scenario asks for", () => {
  it("asks for the paths in turn, each request with a query parameter of its own", () => {
    const next = uniqueQueryPaths(["/used/honda/jazz/1", "/used/honda/cr-v/2?from=list"]);
    expect([next(), next(), next()].map((request) => request.path)).toEqual([
      "/used/honda/jazz/1?bench=1",
      "/used/honda/cr-v/2?from=list&bench=2",
      "/used/honda/jazz/1?bench=3",
    ]);
  });

  it("asks for one path with a new query parameter each time", () => {
    const next = uniqueQueryPath("/used");
    expect([next().path, next().path]).toEqual(["/used?bench=1", "/used?bench=2"]);
  });

  it("refuses an empty list rather than asking for nothing", () => {
    expect(() => uniqueQueryPaths([])).toThrow("no paths to ask for");
  });
});
