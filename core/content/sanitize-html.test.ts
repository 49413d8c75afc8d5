import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "./sanitize-html.ts";

describe("sanitizeBlogHtml", () => {
  it("keeps formatting, links and images", () => {
    const html = '<h2>Tips</h2><p><strong>Check</strong> your <a href="/service">tyres</a>.</p><ul><li>one</li></ul>';
    expect(sanitizeBlogHtml(html)).toBe(
      '<h2>Tips</h2><p><strong>Check</strong> your <a href="/service" rel="noopener noreferrer">tyres</a>.</p><ul><li>one</li></ul>',
    );
  });

  it("removes scripts, event handlers, styles and javascript: URLs", () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
      '<img src="x" onerror="alert(1)"><style>body{}</style><iframe src="https://evil.example"></iframe>';
    const clean = sanitizeBlogHtml(html);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<style|<iframe/i);
    expect(clean).toContain("<p>Hi</p>");
  });
});
