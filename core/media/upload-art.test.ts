import { describe, expect, it } from "vitest";
import { expectWellFormedSvg } from "./svg-check.test-helper.ts";
import { parseUploadName, renderUploadSvg } from "./upload-art.ts";

describe("parseUploadName", () => {
  it.each([
    ["suv-c8102e-cr-v-winter-deal.svg", "suv", "c8102e"],
    ["hot-hatch-1D4E89-type-r.svg", "hot-hatch", "1d4e89"],
    ["hatch-ffffff-jazz.svg", "hatch", "ffffff"],
    ["compact-suv-000000-hr-v_2025.svg", "compact-suv", "000000"],
    ["adventure-abcdef-x.svg", "adventure", "abcdef"],
    ["scooter-123456-pcx-160.svg", "scooter", "123456"],
  ])("reads %s", (name, shape, hex) => {
    expect(parseUploadName(name)).toEqual({ shape, hex });
  });

  it.each([
    "../x.svg",
    "../suv-c8102e-a.svg",
    "suv-c8102e-../../etc.svg",
    "suv-c8102e-a/b.svg",
    "suv-c8102e-a\\b.svg",
    "suv-c8102e-a..svg",
    "suv-zzzzzz-a.svg",
    "suv-c8102-a.svg",
    "suv-c8102e0-a.svg",
    "car-ff0000-a.svg",
    "hot-ff0000-a.svg",
    "suv-ff0000-a.png",
    "suv-ff0000-a.svg.png",
    "suv-ff0000.svg",
    "suv-ff0000-.svg",
    "suv-ff0000-a b.svg",
    "suv-ff0000-a.svg\u0000",
    "",
    `suv-ff0000-${"a".repeat(300)}.svg`,
  ])("rejects %j", (name) => {
    expect(parseUploadName(name)).toBeNull();
    expect(renderUploadSvg(name)).toBeNull();
  });
});

describe("renderUploadSvg", () => {
  it("draws a 1200x600 promotional picture in the named colour", () => {
    const svg = renderUploadSvg("suv-c8102e-cr-v-winter-deal.svg");
    expect(svg).not.toBeNull();
    expectWellFormedSvg(svg!, 1200, 600);
    expect(svg).toContain('viewBox="0 0 1200 600"');
    expect(svg).toContain("#c8102e");
  });

  it("changes with the colour in the name", () => {
    expect(renderUploadSvg("mpv-ffffff-a.svg")).not.toBe(renderUploadSvg("mpv-2b5fa8-a.svg"));
  });
});
