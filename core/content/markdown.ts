import { Marked } from "marked";
import { sanitizeBlogHtml } from "./sanitize-html.ts";

/**
 * Blog bodies are written in Markdown (marked, decision 039) and stored as HTML that has been through the
 * one sanitiser: whatever the Markdown holds (raw HTML, a javascript: link), only formatting, links and
 * images survive. A post's title is the page's h1, so the body's headings start at h2.
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  walkTokens(token) {
    if (token.type === "heading") token.depth = Math.min(Math.max(token.depth, 2), 4);
  },
});

export function blogHtmlFromMarkdown(source: string): string {
  return sanitizeBlogHtml(markdown.parse(source, { async: false }));
}
