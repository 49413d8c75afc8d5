import { describe, expect, it } from "vitest";
import { pathVerdict } from "./request-path.ts";

/** One notion of a request's path, decided before anything decides by path. */
describe("the one spelling of a path", () => {
  const lowerStaff = (path: string) => path.replace(/^\/staff\b/i, "/staff");

  it("takes a canonical path as it is", () => {
    for (const path of [
      "/",
      "/used",
      "/used/honda/jazz/12",
      "/staff/leads.data",
      "/a%20b",
      "/caf%C3%A9",
      "/alerts/confirm/AbC-_09",
      "/a,b",
      "/api/dealer-list/:name",
      "/x@y;z=1&$+",
    ]) {
      expect(pathVerdict(path, lowerStaff), path).toEqual({ kind: "canonical" });
    }
  });

  it("redirects every other spelling of a path the router reads the same to the one it matches", () => {
    const cases: [string, string][] = [
      ["/st%61ff/leads", "/staff/leads"],
      ["/%73taff/leads/12.data", "/staff/leads/12.data"],
      ["/STAFF/audit", "/staff/audit"],
      ["/used/", "/used"],
      ["//used//honda", "/used/honda"],
      ["/caf%c3%a9", "/caf%C3%A9"],
      ["/a%2Cb", "/a,b"],
      ["/api/dealer-list/%3Aname", "/api/dealer-list/:name"],
      ["/a|b", "/a%7Cb"],
    ];
    for (const [sent, canonical] of cases)
      expect(pathVerdict(sent, lowerStaff), sent).toEqual({ kind: "redirect", path: canonical });
  });

  it("keeps the API's empty segments, which its router answers itself, but not their escapes", () => {
    expect(pathVerdict("/api/vehicles/", undefined, { keepEmptySegments: true })).toEqual({ kind: "canonical" });
    expect(pathVerdict("/api/filters//jazz", undefined, { keepEmptySegments: true })).toEqual({ kind: "canonical" });
    expect(pathVerdict("/api/dealers/honda-%6Dbombela", undefined, { keepEmptySegments: true })).toEqual({
      kind: "redirect",
      path: "/api/dealers/honda-mbombela",
    });
  });

  it("is its own canonical spelling: a redirect never leads to another", () => {
    for (const sent of ["/st%61ff/leads", "/STAFF//audit/", "/caf%c3%a9", "/a|b", "/x%2C%40%3A"]) {
      const verdict = pathVerdict(sent, lowerStaff);
      if (verdict.kind !== "redirect") throw new Error(`${sent} was not redirected`);
      expect(pathVerdict(verdict.path, lowerStaff), sent).toEqual({ kind: "canonical" });
    }
  });

  it("refuses a spelling whose meaning is ambiguous: an escaped slash or backslash, a dot segment, a NUL, a bad escape", () => {
    for (const path of [
      "/staff%2Fleads",
      "/used%5Chonda",
      "/used/%2e%2e%2fstaff",
      "/used/%00",
      "/used/%E0%A4",
      "/used/%zz",
    ]) {
      expect(pathVerdict(path).kind, path).toBe("refused");
    }
  });
});
