import { expect } from "vitest";

/**
 * A small XML well-formedness check for our generated SVG: one root <svg> with the given size,
 * every tag closed in order, attributes quoted, no stray '<' or '&'.
 */
export function expectWellFormedSvg(svg: string, width: number, height: number): void {
  expect(svg.startsWith("<svg ")).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  expect(svg.match(/<svg[\s>]/g)).toHaveLength(1);
  expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${width}" height="${height}"`));
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g;
  const stack: string[] = [];
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    expect(between, `text before <${m[2]}>`).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos|#\d+);)/);
    last = tag.lastIndex;
    const [, closing, name = "", , selfClosing] = m;
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name);
  }
  expect(svg.slice(last)).toBe("");
  expect(stack).toEqual([]);
}
