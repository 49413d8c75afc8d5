import type { BodyType, FuelType, Transmission } from "./used-query.ts";

/**
 * The words dealers' systems use for fuel, gearbox, body and condition, and the site's value each means.
 * A DMS export says "Diesel Turbo", "CVT", "Double Cab" or "U"; the site lists five fuels, two
 * gearboxes and its body types. Words are compared without case, spaces or punctuation. A word not known
 * here is left as sent, and the field's rule refuses it with the options.
 */

const wordKey = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

const byKey = <T extends string>(entries: Record<T, readonly string[]>): Map<string, T> =>
  new Map(
    Object.entries<readonly string[]>(entries).flatMap(([value, words]) =>
      [value, ...words].map((word) => [wordKey(word), value as T] as const),
    ),
  );

const FUEL_WORDS = byKey<FuelType>({
  Petrol: ["P", "Unleaded", "ULP", "Gasoline", "Petrol Turbo", "Turbo Petrol", "LRP"],
  Diesel: ["D", "Turbo Diesel", "Diesel Turbo", "TDI", "Diesel Turbocharged"],
  Hybrid: [
    "HEV",
    "Petrol Hybrid",
    "Hybrid Petrol",
    "Petrol/Electric",
    "Petrol Electric",
    "Diesel Hybrid",
    "Diesel/Electric",
    "Mild Hybrid",
    "MHEV",
    "Full Hybrid",
    "Self-charging hybrid",
  ],
  "Plug-in hybrid": ["PHEV", "Plug in hybrid", "Plug-in", "Plugin Hybrid", "Petrol Plug-in Hybrid"],
  Electric: ["EV", "BEV", "Battery Electric", "Electricity", "Full Electric", "Electric Vehicle"],
});

/** Automatic gearboxes by their kind: the transmission is Automatic, the kind stays in the variant. */
const AUTOMATIC_KINDS = [
  "CVT",
  "DCT",
  "DSG",
  "AMT",
  "PDK",
  "Tiptronic",
  "Steptronic",
  "S tronic",
  "e-CVT",
  "IVT",
  "Powershift",
  "EDC",
  "Auto",
] as const;

const TRANSMISSION_WORDS = byKey<Transmission>({
  Automatic: [
    "A",
    "AT",
    "Automatic",
    "Auto",
    "Automated Manual",
    "Dual Clutch",
    "Dual-clutch",
    "Sequential",
    "Single speed",
    "Reduction gear",
    ...AUTOMATIC_KINDS,
  ],
  Manual: [
    "M",
    "MT",
    "Man",
    "Manual",
    "5-speed manual",
    "6-speed manual",
    "5 Speed Manual",
    "6 Speed Manual",
    "5MT",
    "6MT",
  ],
});

const BODY_WORDS = byKey<BodyType>({
  Hatchback: ["Hatch", "Hatchback", "5-door hatch", "3-door hatch", "5dr Hatch"],
  Sedan: ["Saloon", "Sedan", "4-door sedan", "Liftback"],
  SUV: ["SUV", "Crossover", "Sports Utility", "Sport Utility Vehicle", "4x4", "Off-road", "Station Wagon SUV"],
  Bakkie: [
    "Bakkie",
    "Pick-up",
    "Pickup",
    "Pick up",
    "LDV",
    "Light Delivery Vehicle",
    "Single Cab",
    "Single Cab Bakkie",
    "S/C",
    "SC",
    "Extended Cab",
    "Ext Cab",
    "X-Cab",
    "Xtra Cab",
    "Super Cab",
    "SuperCab",
    "Club Cab",
    "King Cab",
    "Space Cab",
    "Supercab",
    "Double Cab",
    "D/C",
    "DC",
    "Dual Cab",
    "Crew Cab",
    "Chassis Cab",
  ],
  MPV: ["MPV", "Minivan", "People Carrier", "Bus", "Minibus", "Van", "Panel Van", "Multi-purpose"],
  Coupe: ["Coupe", "Coupé", "Convertible", "Cabriolet", "Cabrio", "Roadster", "Sports"],
  Motorcycle: ["Motorcycle", "Motorbike", "Bike", "Scooter", "Quad"],
  Other: ["Other", "Station Wagon", "Estate", "Wagon"],
});

const CONDITION_WORDS = new Map<string, string>([
  ["u", "Used"],
  ["used", "Used"],
  ["preowned", "Used"],
  ["secondhand", "Used"],
  ["d", "Demo"],
  ["demo", "Demo"],
  ["demonstrator", "Demo"],
]);

/** A fuel word as one of FUEL_TYPES; an unknown word is returned as sent. */
export function fuelTypeOf(value: string): string {
  return FUEL_WORDS.get(wordKey(value)) ?? value;
}

/**
 * A gearbox word as Automatic or Manual, with the kind of automatic ("CVT") when the word names one:
 * "7-speed DSG" is Automatic, kind DSG. An unknown word is returned as sent, without a kind.
 */
export function transmissionOf(value: string): { transmission: string; kind?: string } {
  const direct = TRANSMISSION_WORDS.get(wordKey(value));
  const kind = AUTOMATIC_KINDS.find(
    (k) => k !== "Auto" && new RegExp(`(^|[^a-z])${k.replace(/[- ]/g, "[- ]?")}($|[^a-z])`, "i").test(value),
  );
  if (direct) return kind && direct === "Automatic" ? { transmission: direct, kind } : { transmission: direct };
  if (kind) return { transmission: "Automatic", kind };
  // Makers' names for their automatics: 7G-Tronic, Multitronic, Geartronic, Powermatic...
  if (/\bauto(matic)?\b|tronic|matic\b/i.test(value)) return { transmission: "Automatic" };
  if (/\bmanual\b/i.test(value)) return { transmission: "Manual" };
  return { transmission: value };
}

/** A body word as one of BODY_TYPES ("Double Cab" is a Bakkie); an unknown word is returned as sent. */
export function bodyTypeOf(value: string): string {
  const direct = BODY_WORDS.get(wordKey(value));
  if (direct) return direct;
  if (/\bcab\b|bakkie|pick-?up/i.test(value)) return "Bakkie";
  return value;
}

/** "U", "Used", "Pre-owned" as Used; "D", "Demo" as Demo; anything else (a New car) as sent, for the rule to refuse. */
export function conditionOf(value: string): string {
  return CONDITION_WORDS.get(wordKey(value)) ?? value;
}

/** The variant with the gearbox's kind added when it does not already say it ("1.5 Comfort" + CVT). */
export function variantWithKind(variant: string, kind: string | undefined): string {
  if (!kind) return variant;
  return wordKey(variant).includes(wordKey(kind)) ? variant : `${variant} ${kind}`;
}
