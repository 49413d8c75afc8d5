import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * How hard a new staff password is to guess, by zxcvbn-ts with its common-password (breach list) and English
 * dictionaries (decision 050). Server only: the dictionaries are megabytes and must stay out of every browser
 * bundle, so nothing under app/components or a route's component may import this.
 */

/** zxcvbn's score 4: at least 10^10 guesses, out of reach of an offline attack on the argon2id hashes. */
const MIN_PASSWORD_SCORE = 4;

/** Words of this site a staff member is tempted to build a password from; zxcvbn treats them as known words. */
const SITE_WORDS = [
  "honda",
  "hondadealergroup",
  "dealer",
  "dealergroup",
  "group",
  "staff",
  "backoffice",
  "admin",
  "administrator",
  "finance",
  "motors",
  "southafrica",
];

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded and built on first use, not at import: the dictionaries take seconds to parse on a busy machine, which
 * every server start and test importing the staff code would otherwise pay. Levenshtein matching is off and l33t
 * substitutions and length are capped: each multiplies the time of a check, which runs on the event loop, and
 * the dictionary, l33t and reversed-word matchers already catch what they would.
 */
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      maxLength: 64,
      l33tMaxSubstitutions: 16,
    });
  })();
  return estimator;
}

/** The words of an e-mail address someone might reuse: the whole address, its local part and that part's pieces. */
function emailWords(email: string): string[] {
  const address = email.trim().toLowerCase();
  const local = address.split("@")[0] ?? "";
  return [address, local, ...local.split(/[^a-z0-9]+/).filter((piece) => piece.length >= 3)];
}

/** Why the password is too easy to guess, in zxcvbn's own words (its warning, then its suggestions); null when strong enough. */
export async function passwordWeakness(password: string, email: string): Promise<string | null> {
  const result = (await strengthEstimator()).check(password, [...emailWords(email), ...SITE_WORDS]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning ?? "This password would be too easy to guess.";
  const suggestions =
    result.feedback.suggestions.length > 0
      ? result.feedback.suggestions
      : ["Add another word or two that are less common."];
  return [warning, ...suggestions].join(" ");
}
