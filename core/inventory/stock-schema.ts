import { z } from "../shared/zod.ts";
import { type Parsed, violationsFromZod } from "../shared/violations.ts";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import { BODY_TYPES, FUEL_TYPES, TRANSMISSIONS, VEHICLE_STATES } from "./used-query.ts";
import { bodyTypeOf, conditionOf, fuelTypeOf, transmissionOf, variantWithKind } from "./stock-vehicle-words.ts";
import { formatNumber } from "../shared/format.ts";
import { readDate, readNumber } from "./feed-values.ts";

/**
 * One used or demo vehicle as staff enter it in the back office and as a dealer's stock feed sends it:
 * the one set of field rules for both. Input comes as form strings, CSV cells or JSON values;
 * blanks count as missing. Make and model are names ("Honda", "CR-V"): the service resolves them to the
 * catalogue. Field names are the JSON/CSV column names; the form labels are in STOCK_FIELD_LABELS.
 */

export const STOCK_STATUSES = ["Draft", "Available", "Reserved", "Sold"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
/** The statuses the public site shows (a Reserved vehicle is shown as reserved). */
export const PUBLIC_STOCK_STATUSES: readonly StockStatus[] = ["Available", "Reserved"];

const OLDEST_STOCK_YEAR = 1950;
const MIN_PRICE_RAND = 1_000;
const MAX_PRICE_RAND = 20_000_000;
export const MAX_MILEAGE_KM = 1_500_000;
const MAX_DESCRIPTION = 5_000;
/** A DMS's list of extras ("Aircon, Cruise control, Tow bar, ..."): a long list is a few hundred characters. */
const MAX_FEATURES = 2_000;

export const STOCK_FIELD_LABELS = {
  make: "Make",
  model: "Model",
  variant: "Variant",
  year: "Year",
  mileage: "Mileage",
  price: "Price",
  transmission: "Transmission",
  fuelType: "Fuel type",
  colour: "Colour",
  condition: "Condition",
  bodyType: "Body type",
  stockNumber: "Stock number",
  vin: "VIN",
  mmCode: "M&M code",
  registration: "Registration number",
  dealer: "Dealer",
  description: "Description",
  features: "Features and extras",
  status: "Status",
} as const;

export type StockField = keyof typeof STOCK_FIELD_LABELS;

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const STOCK_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./_-]{0,39}$/;
const NAME_TEXT = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’()/+&:-]*$/u;

const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A number as DMSs write it ("R 529 900", "R529,900.00", "489 900,00", "78 500 km"): feed-values.ts readNumber. */
function wholeNumber(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== "string") return v;
  return readNumber(v) ?? v;
}

/** A model year, or the year of a date some systems write in its place ("01/06/2021", "2021-06-01"). */
function yearOf(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== "string") return v;
  return readDate(v)?.year ?? wholeNumber(v);
}

function requiredName(label: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .regex(NAME_TEXT, `${label} may contain only letters, digits and simple punctuation`),
  );
}

function requiredWhole(label: string, min: number, max: number, unit: (n: number) => string) {
  return z.preprocess(
    wholeNumber,
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a whole number`),
      })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${unit(min)}`)
      .max(max, `${label} must be at most ${unit(max)}`),
  );
}

/** `words` reads a system's own word for an option ("CVT", "Double Cab", "U"): see stock-vehicle-words.ts. */
function choice<T extends readonly [string, ...string[]]>(
  label: string,
  options: T,
  words: (value: string) => string = (value) => value,
) {
  return z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      // Feeds and forms differ in case ("manual", "AUTOMATIC"): the option with the same letters is meant.
      if (typeof v !== "string") return v;
      const word = words(v.trim());
      return options.find((option) => option.toLowerCase() === word.toLowerCase()) ?? v;
    },
    z.enum(options, {
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be one of: ${options.join(", ")}`,
    }),
  );
}

const rand = (n: number) => `R ${formatNumber(n)}`;
const km = (n: number) => `${formatNumber(n)} km`;

/** The newest year a used vehicle may have: this year (a vehicle cannot be registered in the future). */
export const newestStockYear = () => new Date().getFullYear();

const vehicleFields = z.object({
  make: requiredName("Make", 60),
  model: requiredName("Model", 80),
  variant: requiredName("Variant", 120),
  year: z.preprocess(
    yearOf,
    z
      .number({ error: (issue) => (issue.input === undefined ? "Year is required" : "Year must be a year, like 2019") })
      .int("Year must be a year, like 2019")
      .min(OLDEST_STOCK_YEAR, `Year must be ${OLDEST_STOCK_YEAR} or later`)
      .refine((year) => year <= newestStockYear(), "Year cannot be in the future"),
  ),
  mileage: requiredWhole("Mileage", 0, MAX_MILEAGE_KM, km),
  price: requiredWhole("Price", MIN_PRICE_RAND, MAX_PRICE_RAND, rand),
  transmission: choice("Transmission", TRANSMISSIONS, (value) => transmissionOf(value).transmission),
  fuelType: choice("Fuel type", FUEL_TYPES, fuelTypeOf),
  colour: requiredName("Colour", 40),
  condition: choice("Condition", VEHICLE_STATES, conditionOf),
  /** Left out: the model's usual body when the catalogue knows it, else Other (the service decides). */
  bodyType: z.preprocess(blankToUndefined, choice("Body type", BODY_TYPES, bodyTypeOf).optional()),
  stockNumber: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Stock number must be text" })
      .trim()
      .regex(
        STOCK_NUMBER,
        "Stock number may contain only letters, digits, spaces, dots, slashes, underscores and hyphens (at most 40)",
      )
      .optional(),
  ),
  vin: z.preprocess(
    (value) =>
      typeof value === "string" ? blankToUndefined(value.replace(/\s/g, "").toUpperCase()) : blankToUndefined(value),
    z
      .string({ error: "VIN must be text" })
      .regex(VIN, "VIN must be 17 letters and digits, without I, O or Q")
      .optional(),
  ),
  /** TransUnion's Mead & McGrouther code (8 digits as a rule; kept as the dealer's system gives it). */
  mmCode: z.preprocess(
    (value) => blankToUndefined(typeof value === "number" ? String(value) : value),
    z
      .string({ error: "M&M code must be text" })
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/, "M&M code may contain only letters, digits and hyphens (at most 20)")
      .optional(),
  ),
  registration: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Registration number must be text" })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(
        z
          .string()
          .regex(
            /^[A-Z0-9][A-Z0-9 -]{0,14}$/,
            "Registration number may contain only letters, digits, spaces and hyphens (at most 15)",
          ),
      )
      .optional(),
  ),
  /** The dealer's slug (honda-sandton). */
  dealer: z.preprocess(
    blankToUndefined,
    z
      .string({ error: (issue) => (issue.input === undefined ? "Dealer is required" : "Dealer must be text") })
      .trim()
      .max(120, "Dealer is not known"),
  ),
  description: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Description must be text" })
      .trim()
      .max(MAX_DESCRIPTION, `Description must be at most ${formatNumber(MAX_DESCRIPTION)} characters`)
      .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE)
      .optional(),
  ),
  features: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Features and extras must be text" })
      .trim()
      .max(MAX_FEATURES, `Features and extras must be at most ${formatNumber(MAX_FEATURES)} characters`)
      .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE)
      .optional(),
  ),
  status: z.preprocess((value) => blankToUndefined(value) ?? "Available", choice("Status", STOCK_STATUSES)),
});

/**
 * The fields, with the kind of an automatic gearbox ("CVT", "DSG") kept in the variant: the transmission is
 * Automatic, and "1.5 Comfort" sent with gearbox "CVT" is listed as "1.5 Comfort CVT".
 */
const stockVehicleSchema = z.preprocess((input) => {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return input;
  const { transmission, variant } = input as { transmission?: unknown; variant?: unknown };
  if (typeof transmission !== "string" || typeof variant !== "string" || variant.trim() === "") return input;
  return { ...input, variant: variantWithKind(variant.trim(), transmissionOf(transmission.trim()).kind) };
}, vehicleFields);

export type StockVehicleInput = z.infer<typeof stockVehicleSchema>;

/** One field's value as the site reads it ("R 529 900" is 529900, "D/Cab" is Bakkie), or why it is refused: the upload's preview. */
export function readStockField(field: StockField, value: unknown): { value: unknown } | { problem: string } {
  const result = vehicleFields.shape[field].safeParse(value);
  return result.success ? { value: result.data } : { problem: result.error.issues[0]?.message ?? "Not valid" };
}

/** Parses one vehicle; violations name the fields as above (make, price, vin, ...). */
export function parseStockVehicle(input: unknown): Parsed<StockVehicleInput> {
  const result = stockVehicleSchema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, violations: violationsFromZod(result.error) };
}
