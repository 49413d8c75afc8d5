import { describe, expect, it } from "vitest";
import { pageCount, parsePageParam } from "./paging.ts";

describe("parsePageParam", () => {
  it("reads missing or empty as page 1 and whole numbers as themselves", () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("")).toBe(1);
    expect(parsePageParam("1")).toBe(1);
    expect(parsePageParam("3")).toBe(3);
  });

  it("rejects anything else", () => {
    for (const raw of ["0", "-1", "2.5", "abc", "02", "1e3", " 2", "9999999"]) expect(parsePageParam(raw)).toBeNull();
  });
});

describe("pageCount", () => {
  it("rounds up and never answers 0", () => {
    expect(pageCount(18, 6)).toBe(3);
    expect(pageCount(19, 6)).toBe(4);
    expect(pageCount(6, 6)).toBe(1);
    expect(pageCount(0, 6)).toBe(1);
  });
});
