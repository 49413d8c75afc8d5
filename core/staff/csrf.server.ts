import { timingSafeEqual } from "node:crypto";

/**
 * True when `sent` is the session's CSRF token, compared in constant time. Every staff write sends it: pages
 * in the form field "csrf", API clients in the X-CSRF-Token header.
 */
export function csrfTokenMatches(expected: string, sent: unknown): boolean {
  if (typeof sent !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}
