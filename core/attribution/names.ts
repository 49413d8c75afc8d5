/**
 * What pages show of a visit's source, in a module of its own without the cookie's schema (core/attribution/visit.ts),
 * so that a page's scripts do not bring zod in for a name or a line of text.
 */

/** The one cookie that holds a visit's source. */
export const VISIT_COOKIE = "hdg_visit";

/** "facebook / cpc / spring-sale": how staff pages and the ADF write a visit's source. */
export function describeSource(source: { source: string; medium: string; campaign: string | null }): string {
  return [source.source, source.medium, source.campaign].filter(Boolean).join(" / ");
}
