/** One cookie's value as sent in a Cookie header (or `document.cookie`), not decoded; null when it is not there. */
export function rawCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** One cookie's value, decoded (a malformed %-escape throws); null when it is not there. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  const raw = rawCookie(header, name);
  return raw === null ? null : decodeURIComponent(raw);
}
