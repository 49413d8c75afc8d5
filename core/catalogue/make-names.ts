/**
 * The names of makes and models in the open used-vehicle catalogue: how a name typed by staff or
 * sent by a feed is compared with the catalogue's (case, spaces, punctuation and accents aside, and the
 * known aliases of a make), and the name and slug a make or model gets when it is first used.
 */

/** A name reduced to what identifies it: "Mercedes Benz", "mercedes-benz" and "MERCEDES–BENZ" are one. */
export const nameKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** The URL slug of a name: "Land Rover" is land-rover, "Citroën" citroen. */
export const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");

/** Other names for a make, each to the catalogue's name: a feed's "VW" is the catalogue's Volkswagen. */
const MAKE_ALIASES: Record<string, readonly string[]> = {
  Volkswagen: ["VW", "Volkswagon", "V.W."],
  "Mercedes-Benz": ["Mercedes", "Merc", "Mercedes Benz", "MB", "Benz", "Mercedes-AMG"],
  GWM: ["Great Wall", "Great Wall Motors", "GWM P-Series"],
  "Land Rover": ["Landrover", "Range Rover"],
  "Alfa Romeo": ["Alfa"],
  Chevrolet: ["Chev", "Chevy"],
  Citroën: ["Citroen"],
  "Rolls-Royce": ["Rolls Royce"],
  Mahindra: ["Mahindra & Mahindra"],
};

const ALIAS_TO_NAME = new Map(
  Object.entries(MAKE_ALIASES).flatMap(([name, aliases]) => aliases.map((alias) => [nameKey(alias), name] as const)),
);

/** The catalogue's name for a make's alias ("VW" is Volkswagen), or the name itself. */
export const canonicalMakeName = (name: string) => ALIAS_TO_NAME.get(nameKey(name)) ?? name;

/**
 * The name a new make or model is given: spacing tidied, and a name typed all in small or all in capital
 * letters given capitals word by word ("land rover", "MAHINDRA"), except short ones that are initials (BYD, MG).
 */
export function newCatalogueName(typed: string): string {
  const name = typed.replace(/\s+/g, " ").trim();
  const letters = name.replace(/[^\p{L}]/gu, "");
  const oneCase = letters === letters.toLowerCase() || letters === letters.toUpperCase();
  if (!oneCase || letters.length <= 3 || /\d/.test(name)) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
