import damerauLevenshtein from "damerau-levenshtein";

/**
 * Keyword search of the used stock (`q`). The keywords are split into words; a vehicle matches
 * when every word matches one of its make, model, variant, colour, year, fuel, gearbox or body type:
 * - make and model names forgive typos: a word of 4 letters or more may be one edit (a transposition
 *   counts as one) from the name or one of its words, 8 or more two edits; 3 letters or more may start it;
 *   punctuation is ignored ("crv" is the CR-V, "jzaz" the Jazz);
 * - the variant and colour contain the word ("1.5", "elegance", "white");
 * - fuel, gearbox and body type start with it ("auto", "diesel", "suv");
 * - a four-digit word is also the year.
 * The words are compiled once against the names in stock (in memory) or in the catalogue (SQL), so both
 * listings apply the same rule (see used-stock-index.server.ts and used-vehicles.server.ts).
 */
export type KeywordTerm<Key> = {
  /** The word lower-cased, as typed. */
  text: string;
  makes: Set<Key>;
  models: Set<Key>;
  year: number | null;
};

export type NamedKey<Key> = { key: Key; name: string };

export function compileKeywords<Key>(
  keywords: string,
  vocabulary: { makes: NamedKey<Key>[]; models: NamedKey<Key>[] },
): KeywordTerm<Key>[] {
  return keywordWords(keywords).map((text) => ({
    text,
    makes: new Set(vocabulary.makes.filter(({ name }) => nameMatches(text, name)).map(({ key }) => key)),
    models: new Set(vocabulary.models.filter(({ name }) => nameMatches(text, name)).map(({ key }) => key)),
    year: /^\d{4}$/.test(text) ? Number(text) : null,
  }));
}

export function keywordWords(keywords: string): string[] {
  return [
    ...new Set(
      keywords
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ""),
    ),
  ];
}

/** The vehicle's text fields a word is compared with, lower-cased. */
export type KeywordFields<Key> = {
  make: Key;
  model: Key;
  variant: string;
  colour: string;
  fuel: string;
  transmission: string;
  bodyType: string;
  year: number;
};

export function termMatches<Key>(term: KeywordTerm<Key>, vehicle: KeywordFields<Key>): boolean {
  return (
    term.makes.has(vehicle.make) ||
    term.models.has(vehicle.model) ||
    vehicle.variant.includes(term.text) ||
    vehicle.colour.includes(term.text) ||
    vehicle.fuel.startsWith(term.text) ||
    vehicle.transmission.startsWith(term.text) ||
    vehicle.bodyType.startsWith(term.text) ||
    term.year === vehicle.year
  );
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Whether a typed word names a make or model (see the rules above). */
export function nameMatches(word: string, name: string): boolean {
  const typed = squash(word);
  if (typed === "") return false;
  const candidates = new Set([squash(name), ...name.split(/[\s/]+/).map(squash)].filter((c) => c !== ""));
  for (const candidate of candidates) {
    if (candidate === typed) return true;
    if (typed.length >= 3 && candidate.startsWith(typed)) return true;
    const allowed = typoAllowance(typed);
    if (
      allowed > 0 &&
      Math.abs(candidate.length - typed.length) <= allowed &&
      damerauLevenshtein(typed, candidate).steps <= allowed
    )
      return true;
  }
  return false;
}

/** Edits forgiven in a word: none in short words and model codes (digits), where one edit names another model. */
function typoAllowance(typed: string): number {
  if (/\d/.test(typed) || typed.length < 4) return 0;
  return typed.length >= 8 ? 2 : 1;
}
