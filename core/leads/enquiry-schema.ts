import { z } from "../shared/zod.ts";
import { hasOnlyAcceptableCharacters } from "../shared/text-rules.ts";
import { type Parsed, type Violation, violationsFromZod } from "../shared/violations.ts";
import { normaliseSaCell, SA_CELL_PATTERN } from "./phone.ts";
import { formatNumber } from "../shared/format.ts";
import {
  APPOINTMENT_KIND_OF,
  consentFor,
  DEFAULT_MAKE,
  FORM_NAMES,
  FORM_PRESETS,
  INITIAL_STATUS,
  isUsedFor,
  NEEDS_MAKE,
  NEEDS_MODEL,
  NEEDS_YEAR,
  PRESET_KEYS,
  type PresetKey,
  presetKeyForFormName,
} from "./presets.ts";

/**
 * The enquiry payload of product.md §3, validated in one place for the page actions and
 * POST /api/customer_enquiries alike. What the server decides (source, is_used, consent, status) is
 * derived from the form's preset, never taken from the client.
 */

export const LIMITS = {
  name: 60,
  email: 254,
  make: 40,
  model: 80,
  variant: 120,
  message: 2000,
  partNo: 40,
  slug: 120,
  uri: 300,
} as const;

/** Letters of any script, combining marks, spaces, apostrophes, hyphens and full stops: Zoë, N'Dlovu, van der Merwe. */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .’-]*$/u;
/** A make, model or variant name: letters, digits and the punctuation catalogues use (CR-V, 1.5 e:HEV (AWD), CB650R). */
const VEHICLE_TEXT = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’()/+&:-]*$/u;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A path on this site: "//host/..." would be another site's address. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%]*$/;
const PART_NO = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** 2026-11-28T09:30:00+02:00 or 2026-11-28T07:30:00Z: a time with its offset, never a local time of unknown zone. */
const ISO_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** Something that looks like an HTML tag or comment: <script>, </b>, <!--, <img ...>. */
const HTML_TAG = /<\s*[/!?]?\s*[a-z]/i;

/** The oldest vehicle year the parts and service forms take; the newest is next year (next year's models sell from mid-year). */
const OLDEST_VEHICLE_YEAR = 1950;
const newestVehicleYear = () => new Date().getFullYear() + 1;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A whole number sent as digits (form fields) or a number (JSON); anything else is left for the schema to refuse. */
const digitsToNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === "string" && /^\d{1,15}$/.test(blank.trim()) ? Number(blank.trim()) : blank;
};

function requiredText(label: string, max: number, pattern: RegExp, patternMessage: string) {
  const missing = `Please enter your ${label}`;
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .max(max, { error: `Your ${label} must be at most ${max} characters`, abort: true })
    .regex(pattern, patternMessage);
}

function optionalText(label: string, max: number, pattern: RegExp, patternMessage: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `The ${label} must be text` })
      .trim()
      .max(max, { error: `The ${label} must be at most ${max} characters`, abort: true })
      .regex(pattern, patternMessage)
      .optional(),
  );
}

const vehicleText = (label: string, max: number) =>
  optionalText(label, max, VEHICLE_TEXT, `The ${label} may contain only letters, digits and simple punctuation`);

const optionalSlug = (label: string) => optionalText(label, LIMITS.slug, SLUG, `The ${label} is not valid`);

/** ADF's vehicle conditions, best first. */
const VEHICLE_CONDITIONS = ["excellent", "good", "fair", "poor"] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];
export const MAX_MILEAGE_KM = 2_000_000;

/** A yes/no question: true or false (JSON), or 'yes' or 'no' (a form's radio buttons). */
const yesNo = (message: string) =>
  z.preprocess(
    (value) => (value === "yes" ? true : value === "no" ? false : blankToUndefined(value)),
    z.boolean({ error: message }).optional(),
  );

const flag = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? false : value),
    z.boolean({ error: `${label} must be true or false` }),
  );

/** Make as the document describes it: the text rules makeProblem checks. */
const MAKE_DOCUMENTED = {
  type: "string",
  maxLength: LIMITS.make,
  pattern: VEHICLE_TEXT.source,
  description: "The vehicle's make; Honda when absent",
};

const SELL_CAR_FIELDS = ["mileage_km", "condition", "outstanding_finance", "trade_in"] as const;
const SELL_CAR_ONLY = [...SELL_CAR_FIELDS, "towards_vehicle_id"] as const;

/**
 * presetViolations' rules as the API's document states them (JSON Schema `if`/`then` on form_name), so that a generated
 * client knows what each form requires: both are written from the same sets of presets.ts.
 */
function formRulesAsJsonSchema(): Record<string, unknown>[] {
  return PRESET_KEYS.map((key) => {
    const required = [
      ...(NEEDS_MAKE.has(key) ? ["make"] : []),
      ...(NEEDS_MODEL.has(key) ? ["model"] : []),
      ...(NEEDS_YEAR.has(key) ? ["year"] : []),
      ...(key === "special" ? ["special_slug"] : []),
      ...(key === "used" ? ["vehicle_id"] : []),
      ...(key === "sellCar" ? SELL_CAR_FIELDS : []),
    ];
    const forbidden = [
      ...(key === "sellCar" ? [] : SELL_CAR_ONLY),
      ...(APPOINTMENT_KIND_OF[key] ? [] : ["appointment_start"]),
    ];
    return {
      if: { properties: { form_name: { const: FORM_PRESETS[key].formName } }, required: ["form_name"] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, in a document, never awaited
      then: {
        ...(required.length > 0 ? { required } : {}),
        properties: {
          lead_type: { enum: [FORM_PRESETS[key].leadType, ""] },
          ...Object.fromEntries(forbidden.map((field) => [field, false])),
        },
      },
    };
  });
}

/**
 * Derived by the server from form_name (product.md §3); a client that copies the whole payload may send them, and the
 * values are ignored.
 */
const derivedByServer = {
  source: z.string().nullable().optional().describe("Ignored: the server sets the source from form_name"),
  is_used: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .describe("Ignored: the server derives it from form_name"),
  consent: z.boolean().optional().describe("Ignored: the server derives it from contact and terms"),
};

/**
 * Strict: a field the API does not know is refused with 422 rather than dropped, so that a client never believes it
 * sent something the lead does not carry. The web form's bot traps are not fields of it (WebFormTraps).
 */
export const enquiryInputSchema = z
  .strictObject({
    form_name: z.enum(FORM_NAMES, { error: `form_name must be one of: ${FORM_NAMES.join(", ")}` }),
    lead_type: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "lead_type must be text" })
        .max(60)
        .refine(hasOnlyAcceptableCharacters, "lead_type contains characters we cannot accept")
        .optional(),
    ),
    first_name: requiredText(
      "first name",
      LIMITS.name,
      PERSON_NAME,
      "Your first name may contain only letters, spaces, apostrophes and hyphens",
    ),
    last_name: requiredText(
      "last name",
      LIMITS.name,
      PERSON_NAME,
      "Your last name may contain only letters, spaces, apostrophes and hyphens",
    ),
    email: z
      .string({ error: "Please enter your email address" })
      .trim()
      .min(1, { error: "Please enter your email address", abort: true })
      .max(LIMITS.email, { error: `Your email address must be at most ${LIMITS.email} characters`, abort: true })
      .pipe(z.email({ error: "Please enter a valid email address, like name@example.co.za" }))
      .transform((email) => email.toLowerCase())
      .meta({ format: "email" }),
    cell_phone: z
      .string({ error: "Please enter your cell phone number" })
      .trim()
      .min(1, { error: "Please enter your cell phone number", abort: true })
      .max(30, { error: "Please enter a South African cell number, like 082 123 4567", abort: true })
      .transform((raw, ctx) => {
        const normalised = normaliseSaCell(raw);
        if (!normalised) {
          ctx.addIssue({ code: "custom", message: "Please enter a South African cell number, like 082 123 4567" });
          return z.NEVER;
        }
        return normalised;
      })
      .meta({
        pattern: SA_CELL_PATTERN,
        description:
          "A South African cell number (06, 07 or 08), in any common spelling: 082 123 4567, +27 82 123 4567",
      }),
    /** Make and manufacturer are one value (manufacturer is a copy of make): checked below, reported on manufacturer. */
    make: z.unknown().optional().meta(MAKE_DOCUMENTED),
    manufacturer: z
      .unknown()
      .optional()
      .meta({ ...MAKE_DOCUMENTED, description: "The same as make (either may be sent)" }),
    model: vehicleText("model", LIMITS.model),
    variant: vehicleText("variant", LIMITS.variant),
    vinNo: z.preprocess(
      (value) => (typeof value === "string" ? blankToUndefined(value.replace(/\s/g, "").toUpperCase()) : value),
      z
        .string({ error: "The VIN must be text" })
        .regex(VIN, "A VIN has 17 letters and digits (no I, O or Q)")
        .optional(),
    ),
    year: z.preprocess(
      digitsToNumber,
      z
        .number({ error: "Please enter the year as digits, like 2018" })
        .int("Please enter the year as digits, like 2018")
        .superRefine((year, ctx) => {
          const newest = newestVehicleYear();
          if (year < OLDEST_VEHICLE_YEAR || year > newest) {
            ctx.addIssue({ code: "custom", message: `Please enter a year from ${OLDEST_VEHICLE_YEAR} to ${newest}` });
          }
        })
        .optional(),
    ),
    partNo: optionalText(
      "part number",
      LIMITS.partNo,
      PART_NO,
      "A part number may contain only letters, digits, spaces, dots, slashes and hyphens",
    ),
    message: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "Your message must be text" })
        .trim()
        .max(LIMITS.message, { error: `Please keep your message under ${LIMITS.message} characters`, abort: true })
        .refine(hasOnlyAcceptableCharacters, "Your message contains characters we cannot accept")
        .refine((text) => !HTML_TAG.test(text), "Please remove HTML tags (text between < and >) from your message")
        .optional(),
    ),
    contact: flag("contact"),
    terms: flag("terms")
      .refine((accepted) => accepted, "Please accept the terms and privacy policy so that we may process your enquiry")
      .meta({ const: true, description: "The terms and privacy policy accepted: an enquiry without it is refused" }),
    dealer_slug: z
      .string({ error: "Please choose a dealership" })
      .trim()
      .min(1, { error: "Please choose a dealership", abort: true })
      .max(LIMITS.slug, { error: "Please choose a dealership from the list", abort: true })
      .regex(SLUG, "Please choose a dealership from the list")
      .meta({
        description:
          "A dealer of GET /api/dealers that takes this form's leads: New Honda Wing only a Honda Wing dealer, New Vehicles any other",
      }),
    uri: z
      .string({ error: "uri must be the path of the page the enquiry was sent from" })
      .max(LIMITS.uri, { error: `uri must be at most ${LIMITS.uri} characters`, abort: true })
      .regex(SITE_PATH, "uri must be the path of the page the enquiry was sent from, like /service"),
    special_slug: optionalSlug("special").meta({
      description: "A special of GET /api/specials that is on now: the group's, or the chosen dealer's own",
    }),
    vehicle_id: z
      .preprocess(
        digitsToNumber,
        z
          .number({ error: "vehicle_id must be a number" })
          .int("vehicle_id must be a whole number")
          .positive("vehicle_id must be a whole number")
          .max(2_147_483_647, "vehicle_id is not a known vehicle")
          .optional(),
      )
      .meta({ description: "A vehicle of GET /api/vehicles still for sale; dealer_slug must be its own dealer's" }),
    /** Test drives and services: the slot booked, as an ISO 8601 time with its offset (2026-11-28T09:30:00+02:00). */
    appointment_start: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "appointment_start must be a date and time" })
        .regex(ISO_TIME_WITH_OFFSET, "Please choose a date and time from the times offered")
        .transform((text) => new Date(text))
        .refine((date) => !Number.isNaN(date.getTime()), "Please choose a date and time from the times offered")
        .optional(),
    ),
    /** Sell your car: the seller's vehicle beyond make, model and year. */
    mileage_km: z.preprocess(
      digitsToNumber,
      z
        .number({ error: "Please enter the mileage in km, as digits" })
        .int("Please enter the mileage in km, as digits")
        .min(0, "Please enter the mileage in km, as digits")
        .max(MAX_MILEAGE_KM, `Please enter a mileage under ${formatNumber(MAX_MILEAGE_KM)} km`)
        .optional(),
    ),
    condition: z.preprocess(
      blankToUndefined,
      z.enum(VEHICLE_CONDITIONS, { error: `Please choose the condition: ${VEHICLE_CONDITIONS.join(", ")}` }).optional(),
    ),
    outstanding_finance: yesNo("Say whether there is finance outstanding on the vehicle"),
    trade_in: yesNo("Say whether it is a trade-in towards a car on this site"),
    towards_vehicle_id: z.preprocess(
      digitsToNumber,
      z
        .number({ error: "towards_vehicle_id must be a number" })
        .int()
        .positive()
        .max(2_147_483_647, "That vehicle is not known")
        .optional(),
    ),
    status: z.preprocess(
      blankToUndefined,
      z.literal(INITIAL_STATUS, { error: `status must be '${INITIAL_STATUS}' when given` }).optional(),
    ),
    idempotency_key: optionalText(
      "idempotency key",
      100,
      IDEMPOTENCY_KEY,
      "idempotency_key must be 8 to 100 letters, digits, hyphens or underscores",
    ).meta({
      pattern: "^$|^[A-Za-z0-9_-]{8,100}$",
      description: "The same key again answers the lead already stored (200); blank is the same as absent",
    }),
    ...derivedByServer,
  })
  .meta({ allOf: formRulesAsJsonSchema() });

/**
 * Rules across fields, by the form's preset: checked on the raw input beside the schema so that an empty
 * form shows every message at once (zod skips refinements once a field has failed).
 */
function presetViolations(raw: Record<string, unknown>): Violation[] {
  const key = typeof raw.form_name === "string" ? presetKeyForFormName(raw.form_name) : null;
  if (!key) return [];
  const found: Violation[] = [];
  const blank = (value: unknown) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  if (!blank(raw.lead_type) && raw.lead_type !== FORM_PRESETS[key].leadType) {
    found.push({
      propertyPath: "lead_type",
      message: `lead_type must be '${FORM_PRESETS[key].leadType}' for this form`,
    });
  }
  const make = makeProblem(blank(raw.make) ? raw.manufacturer : raw.make, NEEDS_MAKE.has(key));
  if (make) found.push({ propertyPath: "manufacturer", message: make });
  if (NEEDS_MODEL.has(key) && blank(raw.model))
    found.push({ propertyPath: "model", message: "Please enter the model" });
  if (NEEDS_YEAR.has(key) && blank(raw.year))
    found.push({ propertyPath: "year", message: "Please enter your vehicle's year" });
  if (key === "special" && blank(raw.special_slug)) {
    found.push({ propertyPath: "special_slug", message: "Say which special the enquiry is about" });
  }
  if (key === "sellCar") {
    if (blank(raw.mileage_km)) found.push({ propertyPath: "mileage_km", message: "Please enter the mileage in km" });
    if (blank(raw.condition)) found.push({ propertyPath: "condition", message: "Please choose the condition" });
    if (blank(raw.outstanding_finance))
      found.push({
        propertyPath: "outstanding_finance",
        message: "Say whether there is finance outstanding on the vehicle",
      });
    if (blank(raw.trade_in))
      found.push({ propertyPath: "trade_in", message: "Say whether it is a trade-in towards a car on this site" });
  } else {
    for (const field of SELL_CAR_ONLY) {
      if (!blank(raw[field]))
        found.push({ propertyPath: field, message: `${field} is only for the Sell Your Car form` });
    }
  }
  if (!APPOINTMENT_KIND_OF[key] && !blank(raw.appointment_start)) {
    found.push({ propertyPath: "appointment_start", message: "Only test drives and services book an appointment" });
  }
  if (key === "used" && blank(raw.vehicle_id)) {
    found.push({ propertyPath: "vehicle_id", message: "Say which vehicle the enquiry is about" });
  }
  return found;
}

/** Validates an enquiry (a JSON body, or a form's fields) and completes it; violations name the fields at fault. */
export function parseEnquiry(raw: unknown): Parsed<CompletedEnquiry> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, violations: [{ propertyPath: "", message: "Send the enquiry as a JSON object" }] };
  }
  const record = raw as Record<string, unknown>;
  const parsed = enquiryInputSchema.safeParse(record);
  const violations = [...(parsed.success ? [] : violationsFromZod(parsed.error)), ...presetViolations(record)];
  if (!parsed.success || violations.length > 0) return { ok: false, violations: firstPerField(violations) };
  return { ok: true, value: completeEnquiry(parsed.data) };
}

/** One message per field, in the order found. */
function firstPerField(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((violation) => !seen.has(violation.propertyPath) && seen.add(violation.propertyPath));
}

function makeProblem(value: unknown, required: boolean): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    return required ? "Please enter the make" : null;
  }
  if (typeof value !== "string") return "The make must be text";
  const make = value.trim();
  if (make.length > LIMITS.make) return `The make must be at most ${LIMITS.make} characters`;
  if (!VEHICLE_TEXT.test(make)) return "The make may contain only letters, digits and simple punctuation";
  return null;
}

export type EnquiryInput = z.output<typeof enquiryInputSchema>;

/** The stored enquiry: product.md §3's payload as the server completes it, plus what dedupe and abuse checks need. */
export type EnquiryPayload = {
  first_name: string;
  last_name: string;
  email: string;
  cell_phone: string;
  make: string;
  manufacturer: string;
  model: string | null;
  variant: string | null;
  /** Parts and service: the year of the visitor's own vehicle. */
  year: number | null;
  vinNo: string | null;
  partNo: string | null;
  message: string | null;
  contact: boolean;
  terms: boolean;
  consent: boolean;
  lead_type: string;
  form_name: string;
  source: string | null;
  status: typeof INITIAL_STATUS;
  is_used: 0 | 1;
  dealer_slug: string;
  uri: string;
  special_slug: string | null;
  vehicle_id: number | null;
  /** Test drives and services: the slot booked (stored in the appointments table). */
  appointment_start: Date | null;
  /** Sell your car: the seller's vehicle (stored in trade_ins). */
  trade_in: TradeInDetails | null;
};

export type TradeInDetails = {
  mileage_km: number;
  condition: VehicleCondition;
  outstanding_finance: boolean;
  trade_in: boolean;
  towards_vehicle_id: number | null;
};

export type CompletedEnquiry = {
  preset: PresetKey;
  payload: EnquiryPayload;
  idempotencyKey: string | null;
};

/** Completes a validated input with the preset's rules (make defaults to Honda, manufacturer copies make, ...). */
function completeEnquiry(input: EnquiryInput): CompletedEnquiry {
  const preset = presetKeyForFormName(input.form_name)!;
  const { formName, leadType, source } = FORM_PRESETS[preset];
  const rawMake = input.make ?? input.manufacturer;
  const make = typeof rawMake === "string" && rawMake.trim() !== "" ? rawMake.trim() : DEFAULT_MAKE;
  return {
    preset,
    payload: {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      cell_phone: input.cell_phone,
      make,
      manufacturer: make,
      model: input.model ?? null,
      variant: input.variant ?? null,
      year: NEEDS_YEAR.has(preset) ? (input.year ?? null) : null,
      vinNo: input.vinNo ?? null,
      partNo: input.partNo ?? null,
      message: input.message ?? null,
      contact: input.contact,
      terms: input.terms,
      consent: consentFor(input.contact, input.terms),
      lead_type: leadType,
      form_name: formName,
      source,
      status: INITIAL_STATUS,
      is_used: isUsedFor(preset),
      dealer_slug: input.dealer_slug,
      uri: input.uri,
      special_slug: input.special_slug ?? null,
      vehicle_id: input.vehicle_id ?? null,
      appointment_start: input.appointment_start ?? null,
      trade_in:
        preset === "sellCar"
          ? {
              mileage_km: input.mileage_km!,
              condition: input.condition!,
              outstanding_finance: input.outstanding_finance!,
              trade_in: input.trade_in!,
              towards_vehicle_id: input.towards_vehicle_id ?? null,
            }
          : null,
    },
    idempotencyKey: input.idempotency_key ?? null,
  };
}
