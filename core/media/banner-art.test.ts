import { describe, expect, it } from "vitest";
import { renderBannerSvg } from "./banner-art.ts";
import { VEHICLE_SHAPES } from "./shapes.ts";
import { expectWellFormedSvg } from "./svg-check.test-helper.ts";

describe("renderBannerSvg", () => {
  for (const shape of VEHICLE_SHAPES) {
    it(`draws a 1600x600 ${shape} banner in the brand palette without text`, () => {
      const svg = renderBannerSvg(shape, "2b5fa8");
      expectWellFormedSvg(svg, 1600, 600);
      expect(svg).toContain('viewBox="0 0 1600 600"');
      expect(svg.toLowerCase()).toContain("#2b5fa8");
      expect(svg).toContain("#c8102e");
      expect(svg).toContain("#2b2d2f");
      expect(svg).not.toContain("<text");
      expect(svg).not.toMatch(/href|<image/);
    });
  }

  it("changes with the colour", () => {
    expect(renderBannerSvg("sedan", "ffffff")).not.toBe(renderBannerSvg("sedan", "000000"));
  });
});
