/**
 * A used vehicle's words from its dealer: the description and the list of features and extras, as the DMS sends
 * them or staff type them. Plain text throughout: the page writes it as text, never as HTML.
 */

/** The most items a features list shows: a DMS's "spec" column can run to a whole brochure. */
const MAX_FEATURE_ITEMS = 60;

/** The items of a features text as DMSs write it: separated by line breaks, semicolons, pipes or commas. */
export function featureList(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[\r\n;|,]+/)
    .map((item) => item.trim().replace(/^[-*•]\s*/, ""))
    .filter(Boolean)
    .slice(0, MAX_FEATURE_ITEMS);
}

/**
 * The dealer's words as one text, for a channel's description and the JSON-LD's: the description, then a
 * line "Features: a, b, c." when the dealer listed any. Null when there are none.
 */
export function dealerWords(
  description: string | null | undefined,
  features: string | null | undefined,
): string | null {
  const items = featureList(features);
  const parts = [description?.trim() ?? "", items.length > 0 ? `Features: ${items.join(", ")}.` : ""].filter(Boolean);
  return parts.length > 0 ? parts.join("\n\n") : null;
}
