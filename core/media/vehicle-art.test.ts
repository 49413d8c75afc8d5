import { describe, expect, it } from "vitest";
import { SCENES, VEHICLE_SHAPES } from "./shapes.ts";
import { renderVehicleSvg } from "./vehicle-art.ts";
import { expectWellFormedSvg } from "./svg-check.test-helper.ts";

describe("renderVehicleSvg", () => {
  for (const shape of VEHICLE_SHAPES) {
    for (const scene of SCENES) {
      it(`draws a ${shape} ${scene} picture: well-formed, 800x500, painted, small`, () => {
        const svg = renderVehicleSvg(shape, "1d4e89", scene);
        expectWellFormedSvg(svg, 800, 500);
        expect(svg).toContain('viewBox="0 0 800 500"');
        expect(svg).toContain('role="img"');
        expect(svg).toMatch(/<title>[^<]+<\/title>/);
        expect(svg.toLowerCase()).toContain("#1d4e89");
        expect(new TextEncoder().encode(svg).length).toBeLessThan(8 * 1024);
        expect(svg).not.toMatch(/href|<image|url\((?!#)|@import|<script/i);
      });
    }
  }

  it("changes with the colour and accepts a leading '#' or upper case", () => {
    const red = renderVehicleSvg("suv", "c8102e", "studio");
    const blue = renderVehicleSvg("suv", "1d4e89", "studio");
    expect(red).not.toBe(blue);
    expect(renderVehicleSvg("suv", "#C8102E", "studio")).toBe(red);
  });

  it("is deterministic", () => {
    expect(renderVehicleSvg("cruiser", "ffcc00", "coast")).toBe(renderVehicleSvg("cruiser", "ffcc00", "coast"));
  });

  it("draws each shape differently", () => {
    const bodies = VEHICLE_SHAPES.map((shape) => renderVehicleSvg(shape, "c8102e", "studio"));
    expect(new Set(bodies).size).toBe(VEHICLE_SHAPES.length);
  });

  it("names the shape in the title", () => {
    expect(renderVehicleSvg("hatch", "c8102e", "studio")).toContain("<title>Hatchback in the studio</title>");
    expect(renderVehicleSvg("tourer", "c8102e", "mountain")).toMatch(/<title>Touring motorcycle [^<]+<\/title>/);
  });

  it("rejects a colour that is not six hex digits", () => {
    expect(() => renderVehicleSvg("suv", "red", "studio")).toThrow();
    expect(() => renderVehicleSvg("suv", 'c8102e"/><script>', "studio")).toThrow();
  });
});
