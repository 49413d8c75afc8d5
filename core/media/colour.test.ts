import { describe, expect, it } from "vitest";
import { isHexColour, luminance, mix, normaliseHex, shade, tint } from "./colour.ts";

describe("colour helpers", () => {
  it("accepts six hex digits with or without '#'", () => {
    expect(isHexColour("c8102e")).toBe(true);
    expect(isHexColour("#C8102E")).toBe(true);
    for (const bad of ["", "c8102", "c8102e0", "zzzzzz", "#c8102e ", "red", "##c8102e"])
      expect(isHexColour(bad)).toBe(false);
    expect(normaliseHex("#C8102E")).toBe("c8102e");
    expect(() => normaliseHex("nope")).toThrow();
  });

  it("mixes towards white and black", () => {
    expect(tint("000000", 1)).toBe("#ffffff");
    expect(shade("ffffff", 1)).toBe("#000000");
    expect(tint("c8102e", 0)).toBe("#c8102e");
    expect(mix("000000", "ffffff", 0.5)).toBe("#808080");
    expect(luminance("ffffff")).toBeCloseTo(1);
    expect(luminance("000000")).toBe(0);
  });
});
