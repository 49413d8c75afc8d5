/**
 * The one notion of a request's path (decision 047). Every layer that decides by path (the request
 * guard, the caching rule, the page cache, the staff checks, robots headers, rate-limit exemptions) and the
 * router must see the same path, so the request guard answers every other spelling of a path before any of
 * them decides: a form the router would read differently from its text (an escaped letter, `//`, a trailing
 * slash, a case the router ignores) is redirected to the one canonical spelling, and an ambiguous one (an
 * escaped `/` or `\`, a dot segment, a NUL, a malformed escape) is refused. Past the guard, the raw path, the
 * decoded path and the router's path are one string.
 */
export type PathVerdict =
  | { kind: "canonical" }
  | { kind: "redirect"; path: string }
  | { kind: "refused"; reason: string };

/**
 * The verdict on a raw (as sent, still escaped) pathname: canonical, a redirect to its canonical spelling, or
 * refused. `caseOf` gives the router's spelling of a decoded path where the router matches without regard to
 * case (page routes); without it case is left as sent.
 */
export function pathVerdict(
  rawPath: string,
  caseOf: (decodedPath: string) => string = (path) => path,
  { keepEmptySegments = false }: { keepEmptySegments?: boolean } = {},
): PathVerdict {
  const segments = rawPath.split("/").slice(1);
  const decoded: string[] = [];
  for (const segment of segments) {
    const text = decodeSegment(segment);
    if (text === null) return { kind: "refused", reason: "a malformed % escape" };
    if (/[/\\\0]/.test(text)) return { kind: "refused", reason: "an escaped slash, backslash or NUL" };
    if (text === "." || text === "..") return { kind: "refused", reason: "a dot segment" };
    decoded.push(text);
  }
  // `//` and a trailing slash name the page without them (the router drops empty segments); the API's router
  // reads an empty segment as an empty parameter, which it answers itself (404).
  const words = keepEmptySegments ? decoded : decoded.filter((segment) => segment !== "");
  const canonical = encodePath(caseOf(`/${words.join("/")}`));
  return canonical === rawPath ? { kind: "canonical" } : { kind: "redirect", path: canonical };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * A decoded path in its one escaped spelling: each segment as encodeURIComponent escapes it (hex in capitals),
 * which is how the router's own links and most HTTP clients spell a parameter, but for the characters a path
 * segment may carry as they are (RFC 3986 pchar: `:`, `@` and the sub-delims), which browsers send unescaped.
 */
function encodePath(decodedPath: string): string {
  return decodedPath
    .split("/")
    .map((segment) => encodeURIComponent(segment).replace(/%(?:3A|40|24|26|2B|2C|3B|3D)/g, decodeURIComponent))
    .join("/");
}
