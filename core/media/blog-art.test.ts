import { describe, expect, it } from "vitest";
import { BLOG_THEMES, renderBlogSvg } from "./blog-art.ts";
import { expectWellFormedSvg } from "./svg-check.test-helper.ts";

describe("renderBlogSvg", () => {
  for (const theme of BLOG_THEMES) {
    it(`draws a well-formed 1200x675 ${theme} illustration`, () => {
      const svg = renderBlogSvg(theme);
      expectWellFormedSvg(svg, 1200, 675);
      expect(svg).toContain('viewBox="0 0 1200 675"');
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      expect(svg).toContain("#c8102e");
      expect(svg).not.toMatch(/href|<image|<text/);
      expect(new TextEncoder().encode(svg).length).toBeLessThan(16 * 1024);
    });
  }

  it("gives every theme its own composition", () => {
    expect(new Set(BLOG_THEMES.map(renderBlogSvg)).size).toBe(BLOG_THEMES.length);
  });
});
