/**
 * How many options a CSS-only choice (`data-choice` in app/app.css) can show a panel for: app.css holds one rule per
 * option. A list longer than this shows its first CSS_CHOICE_LIMIT options, never an option that does nothing.
 */
const CSS_CHOICE_LIMIT = 12;

/** The options a CSS-only choice offers. */
export function cssChoiceOptions<T>(options: readonly T[]): T[] {
  return options.slice(0, CSS_CHOICE_LIMIT);
}
