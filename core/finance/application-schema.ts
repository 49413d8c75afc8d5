import { z } from "../shared/zod.ts";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import {
  CONFIRMATIONS,
  type ConfirmationField,
  MAKES,
  MARITAL_STATUSES,
  MARRIAGE_TYPES,
  VEHICLE_VARIANTS,
} from "./application-fields.ts";
import { ID_NUMBER_MESSAGES, idNumberProblem } from "./id-number.ts";
import { formatNumber } from "../shared/format.ts";

export {
  CONFIRMATIONS,
  type ConfirmationField,
  DRAFT_STORAGE_KEY,
  fieldErrors,
  MAKES,
  MARITAL_STATUSES,
  MARRIAGE_TYPES,
  NEVER_IN_DRAFT,
  STEP_TITLES,
  VEHICLE_VARIANT_LABELS,
  VEHICLE_VARIANTS,
} from "./application-fields.ts";

/**
 * The online finance application (product.md §3 and §5): one zod schema per wizard step, shared by the
 * browser (Next), the page's route action (JavaScript off) and POST /api/finance_applications.
 * No server-only imports here: the wizard loads this file in the browser when the buyer starts on the form.
 *
 * Inputs arrive as strings from forms and as strings, numbers or booleans from JSON clients; blanks
 * count as missing. Required fields answer the spec's message word for word when missing.
 */

export const SOURCE_CODE = "Group Website Honda-Online Fin App";
export const INITIAL_STATUS = "Queued";
/** The lead type a finance application is listed, counted and exported under beside the enquiry forms' types. */
export const FINANCE_LEAD_TYPE = "Finance Application";

/** Monthly figures (salary, expenses) and asset values (property, purchase price) in rand. */
const MAX_MONTHLY_RAND = 10_000_000;
const MAX_ASSET_RAND = 500_000_000;
const MAX_TEXT = 200;

const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value;

function text(required?: string, max = MAX_TEXT) {
  const base = z
    .string({ error: required ?? "Enter text" })
    .trim()
    .max(max, `Use at most ${max} characters`)
    .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE);
  // Documented: a required text has something besides spaces (the server trims it before checking).
  return required
    ? z.preprocess(blankToUndefined, base.min(1, required)).meta({ pattern: "\\S" })
    : z.preprocess(blankToUndefined, base.optional());
}

/** Rand amounts: '12500', '12 500', '12500.50', 'R12 500' or a JSON number; 0 or more, at most `max`. */
function parseAmount(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== "string") return v;
  const cleaned = v
    .replace(/^\s*R\s*/i, "")
    .replace(/[\s\u00a0]/g, "")
    .replace(",", ".");
  return /^-?\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : v;
}

function money(required?: string, max = MAX_MONTHLY_RAND) {
  const base = z
    .number({
      error: (issue) => (issue.input === undefined ? required : "Enter an amount in rand, using numbers only"),
    })
    .min(0, "Enter an amount of 0 or more")
    .max(max, `Enter an amount of at most R${formatNumber(max)}`);
  return z.preprocess(parseAmount, required ? base : base.optional());
}

function wholeYears(required: string | undefined, max: number) {
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? required : "Enter a number of years") })
    .int("Enter a whole number of years")
    .min(0, "Enter 0 years or more")
    .max(max, `Enter at most ${max} years`);
  return z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
    },
    required ? base : base.optional(),
  );
}

/** South African numbers: 0XX XXX XXXX or +27 XX XXX XXXX (spaces, dashes and brackets allowed). */
const SA_PHONE_MESSAGE = "Enter a South African phone number, e.g. 082 123 4567";
export function isSouthAfricanPhone(raw: string): boolean {
  const compact = raw.replace(/[\s\-()]/g, "");
  return /^(?:\+27|0027|0)[1-9]\d{8}$/.test(compact);
}

/** isSouthAfricanPhone as the API's document states it (blank is absent where the phone is optional). */
export const SA_PHONE_PATTERN = "^[\\s()-]*(?:\\+27|0027|0)[\\s()-]*[1-9](?:[\\s()-]*[0-9]){8}[\\s()-]*$";

function phone(required?: string) {
  const base = z
    .string({ error: required ?? SA_PHONE_MESSAGE })
    .trim()
    .max(30, SA_PHONE_MESSAGE)
    .refine(isSouthAfricanPhone, SA_PHONE_MESSAGE);
  return z
    .preprocess(blankToUndefined, required ? base : base.optional())
    .meta({ pattern: required ? SA_PHONE_PATTERN : `^\\s*$|${SA_PHONE_PATTERN}` });
}

const POSTAL_CODE_MESSAGE = "Enter a 4-digit postal code";
function postalCode(required?: string) {
  const base = z
    .string({ error: required ?? POSTAL_CODE_MESSAGE })
    .trim()
    .regex(/^\d{4}$/, POSTAL_CODE_MESSAGE);
  return z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === "number" && Number.isInteger(v) ? String(v).padStart(4, "0") : v;
    },
    required ? base : base.optional(),
  );
}

/** An optional calendar date (YYYY-MM-DD, what a date input sends) from 1900 up to today. */
function pastDate() {
  const base = z
    .string({ error: "Enter a date" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date")
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "1900-01-01";
    }, "Enter a real date")
    .refine((value) => value <= new Date().toISOString().slice(0, 10), "The date cannot be in the future");
  return z.preprocess(blankToUndefined, base.optional());
}

function choice<T extends readonly [string, ...string[]]>(options: T, required?: string) {
  const base = z.enum(options, { error: required ?? "Choose one of the options" });
  return z.preprocess(blankToUndefined, required ? base : base.optional());
}

const idNumber = z
  .preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(/\s+/g, "") : v;
    },
    z.string({ error: "ID number is required" }).superRefine((value, ctx) => {
      const problem = idNumberProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: ID_NUMBER_MESSAGES[problem] });
    }),
  )
  .meta({
    pattern: "^\\s*(?:[0-9]\\s*){13}$",
    description:
      "A South African ID number: 13 digits (spaces allowed): the date of birth YYMMDD (a real date, not in the future), four digits, " +
      "0 (citizen) or 1 (permanent resident), one digit, and the Luhn check digit of the first twelve",
  });

/** A confirmation that must be ticked: true, 'true', 'on' (an HTML checkbox) or '1'. */
function confirmed(message: string) {
  return z.preprocess(
    (value) => value === true || value === "true" || value === "on" || value === "1",
    z.literal(true, { error: message }),
  );
}

const vehicleAndPersonalShape = {
  dealership: text("Dealership is required", 120),
  variant: choice(VEHICLE_VARIANTS, "Vehicle type is required"),
  make: choice(MAKES),
  model: text(undefined, 120),
  firstName: text("First name is required", 100),
  surname: text("Last name is required", 100),
  idNumber,
  phone: phone("Phone numbers is required"),
  workTel: phone(),
  homeTel: phone(),
  email: z.preprocess(
    blankToUndefined,
    z
      .email({ error: (issue) => (issue.input === undefined ? "Email is required" : "Enter a valid email address") })
      .max(254),
  ),
  code: postalCode(),
  period: wholeYears(undefined, 100),
  postalStreet: text("Postal street is required"),
  postalSuburb: text("Postal suburb is required"),
  postalCode: postalCode("Postal code is required"),
  maritalStatus: choice(MARITAL_STATUSES),
  dateOfMarriage: pastDate(),
  typeOfMarriage: choice(MARRIAGE_TYPES),
  nextOfKinFullName: text(undefined, 150),
  nextOfKinPhone: phone("Next of kin phone is required"),
  relationship: text("Relationship is required", 60),
  nextOfKinStreet: text("Next of kin street is required"),
  nextOfKinSuburb: text("Next of kin suburb is required"),
  nextOfKinCode: postalCode("Next of kin code is required"),
};

/** Make and model are required only for a new vehicle (product.md §5). Runs even when other fields fail. */
function newVehicleRule(value: unknown, ctx: z.RefinementCtx) {
  const v = value as { variant?: unknown; make?: unknown; model?: unknown };
  if (v?.variant !== "new") return;
  if (typeof v.make !== "string" || v.make.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["make"], message: "Make is required for new vehicles" });
  }
  if (typeof v.model !== "string" || v.model.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["model"], message: "Model is required for new vehicles" });
  }
}

const employmentAndSalaryShape = {
  employmentOccupation: text("Occupation is required", 120),
  employmentCompany: text("Company is required", 150),
  employmentStreet: text("Street is required"),
  employmentSuburb: text("Suburb is required"),
  employmentCode: postalCode("Code is required"),
  employmentYearsWorked: wholeYears("Years worked is required", 60),
  employmentTel: phone("Tel number is required"),
  basicMonthly: money("Basic monthly salary is required"),
  carAllowance: money(),
  totalSalary: money("Total salary is required"),
  monthlyCommission: money(),
  nettTakeHomePay: money("Nett take home pay is required"),
  otherSalary: money(),
  otherSalarySources: text(undefined, 300),
  totalMonthlyHousehold: money(),
};

const financialShape = {
  bankName: text("Bank name is required", 100),
  bankAccountHolderName: text("Account holder name is required", 150),
  amountOutstanding: money(undefined, MAX_ASSET_RAND),
  propertyValue: money(undefined, MAX_ASSET_RAND),
  instalment: money(),
  purchasePrice: money(undefined, MAX_ASSET_RAND),
  datePurchased: pastDate(),
  dateRegistered: pastDate(),
};

const expensesShape = {
  bondPaymentOrRent: money("Bond payment or rent is required"),
  creditCardPayments: money(),
  policyInsuranceRepayments: money("Policy insurance repayments is required"),
  educationCosts: money(),
  totalMonthlyHouseholdExpenses: money("Total monthly household expenses is required"),
  furnitureAccounts: money(),
  telephoneRepayments: money(),
  maintenance: money(),
  other: money(),
  otherSpecify: text(undefined, 300),
  vehicleInstalments: money(),
  clothingAccounts: money(),
  transportCosts: money("Transport costs is required"),
  householdExpenses: money(),
  overdraftPayments: money(),
  foodAndEntertainment: money("Food and entertainment is required"),
};

const confirmationShape = Object.fromEntries(CONFIRMATIONS.map(([field, message]) => [field, confirmed(message)])) as {
  [K in ConfirmationField]: ReturnType<typeof confirmed>;
};

const STEP_SHAPES = [
  vehicleAndPersonalShape,
  employmentAndSalaryShape,
  financialShape,
  expensesShape,
  confirmationShape,
] as const;

/** The field names of each step, in form order. */
export const STEP_FIELDS: string[][] = STEP_SHAPES.map((shape) => Object.keys(shape));

const vehicleAndPersonalSchema = z.object(vehicleAndPersonalShape).superRefine(newVehicleRule, { when: () => true });
const employmentAndSalarySchema = z.object(employmentAndSalaryShape);
const financialSchema = z.object(financialShape);
const expensesSchema = z.object(expensesShape);
const confirmationSchema = z.object(confirmationShape);

export const STEP_SCHEMAS = [
  vehicleAndPersonalSchema,
  employmentAndSalarySchema,
  financialSchema,
  expensesSchema,
  confirmationSchema,
] as const;

/** The whole application: the five steps plus the idempotency key of the form render. Unknown keys are dropped. */
export const financeApplicationSchema = z
  .object({
    ...vehicleAndPersonalShape,
    ...employmentAndSalaryShape,
    ...financialShape,
    ...expensesShape,
    ...confirmationShape,
    idempotencyKey: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "idempotencyKey must be text" })
        .regex(/^[A-Za-z0-9_-]{16,100}$/, "idempotencyKey must be 16 to 100 letters, digits, - or _")
        .optional(),
    ),
  })
  .superRefine(newVehicleRule, { when: () => true });

export type FinanceApplication = z.infer<typeof financeApplicationSchema>;
