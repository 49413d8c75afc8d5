import { z } from "zod";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import { ID_NUMBER_MESSAGES, idNumberProblem } from "./id-number.ts";

/**
 * The online finance application (SPEC sections 3 and 5): one zod schema per wizard step, shared by the
 * browser (Next), the page's route action (JavaScript off) and POST /api/finance_applications.
 * No server-only imports here: this file is bundled into the page.
 *
 * Inputs arrive as strings from forms and as strings, numbers or booleans from JSON clients; blanks
 * count as missing. Required fields answer the spec's message word for word when missing.
 */

export const SOURCE_CODE = "Group Website Honda-Online Fin App";
export const INITIAL_STATUS = "Queued";
export const DRAFT_STORAGE_KEY = "finance_application";

/** Monthly figures (salary, expenses) and asset values (property, purchase price) in rand. */
export const MAX_MONTHLY_RAND = 10_000_000;
export const MAX_ASSET_RAND = 500_000_000;
const MAX_TEXT = 200;

const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value;

function text(required?: string, max = MAX_TEXT) {
  const base = z
    .string({ error: required ?? "Enter text" })
    .trim()
    .max(max, `Use at most ${max} characters`)
    .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE);
  return required ? z.preprocess(blankToUndefined, base.min(1, required)) : z.preprocess(blankToUndefined, base.optional());
}

/** Rand amounts: '12500', '12 500', '12500.50', 'R12 500' or a JSON number; 0 or more, at most `max`. */
function parseAmount(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== "string") return v;
  const cleaned = v.replace(/^\s*R\s*/i, "").replace(/[\s\u00a0]/g, "").replace(",", ".");
  return /^-?\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : v;
}

function money(required?: string, max = MAX_MONTHLY_RAND) {
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? required : "Enter an amount in rand, using numbers only") })
    .min(0, "Enter an amount of 0 or more")
    .max(max, `Enter an amount of at most R${max.toLocaleString("en-ZA")}`);
  return z.preprocess(parseAmount, required ? base : base.optional());
}

function wholeYears(required: string | undefined, max: number) {
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? required : "Enter a number of years") })
    .int("Enter a whole number of years")
    .min(0, "Enter 0 years or more")
    .max(max, `Enter at most ${max} years`);
  return z.preprocess((value) => {
    const v = blankToUndefined(value);
    return typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  }, required ? base : base.optional());
}

/** South African numbers: 0XX XXX XXXX or +27 XX XXX XXXX (spaces, dashes and brackets allowed). */
export const SA_PHONE_MESSAGE = "Enter a South African phone number, e.g. 082 123 4567";
export function isSouthAfricanPhone(raw: string): boolean {
  const compact = raw.replace(/[\s\-()]/g, "");
  return /^(?:\+27|0027|0)[1-9]\d{8}$/.test(compact);
}

function phone(required?: string) {
  const base = z
    .string({ error: required ?? SA_PHONE_MESSAGE })
    .trim()
    .max(30, SA_PHONE_MESSAGE)
    .refine(isSouthAfricanPhone, SA_PHONE_MESSAGE);
  return z.preprocess(blankToUndefined, required ? base : base.optional());
}

export const POSTAL_CODE_MESSAGE = "Enter a 4-digit postal code";
function postalCode(required?: string) {
  const base = z
    .string({ error: required ?? POSTAL_CODE_MESSAGE })
    .trim()
    .regex(/^\d{4}$/, POSTAL_CODE_MESSAGE);
  return z.preprocess((value) => {
    const v = blankToUndefined(value);
    return typeof v === "number" && Number.isInteger(v) ? String(v).padStart(4, "0") : v;
  }, required ? base : base.optional());
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

const idNumber = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(/\s+/g, "") : v;
  },
  z
    .string({ error: "ID number is required" })
    .superRefine((value, ctx) => {
      const problem = idNumberProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: ID_NUMBER_MESSAGES[problem] });
    }),
);

/** A confirmation that must be ticked: true, 'true', 'on' (an HTML checkbox) or '1'. */
function confirmed(message: string) {
  return z.preprocess(
    (value) => value === true || value === "true" || value === "on" || value === "1",
    z.literal(true, { error: message }),
  );
}

export const VEHICLE_VARIANTS = ["new", "used"] as const;
export const VEHICLE_VARIANT_LABELS: Record<(typeof VEHICLE_VARIANTS)[number], string> = {
  new: "New",
  used: "Used / Pre-Owned",
};
export const MAKES = ["Honda"] as const;
export const MARITAL_STATUSES = ["Single", "Married", "Divorced", "Widowed", "Life partner"] as const;
export const MARRIAGE_TYPES = [
  "In community of property",
  "Out of community of property",
  "Antenuptial contract with accrual",
  "Customary marriage",
] as const;

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
    z.email({ error: (issue) => (issue.input === undefined ? "Email is required" : "Enter a valid email address") }).max(254),
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

/** Make and model are required only for a new vehicle (SPEC section 5). Runs even when other fields fail. */
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

/** Step 5: the 13 confirmations, each with its 'Please confirm ...' message and the statement ticked. */
export const CONFIRMATIONS = [
  ["isNotMinor", "Please confirm that you are not a minor", "I am not a minor (I am 18 years or older)."],
  ["license", "Please confirm that you have a valid South African driver's licence", "I have a valid South African driver's licence."],
  ["creditBureauCheck", "Please confirm that you consent to a credit bureau check", "I consent to a credit bureau check for this application."],
  ["isDeclaredUnfit", "Please confirm that you have never been declared mentally unfit", "I have never been declared mentally unfit by a court."],
  [
    "prevDebtReArrangement",
    "Please confirm that you have not previously applied for a debt re-arrangement",
    "I have not previously applied for a debt re-arrangement.",
  ],
  [
    "financeTermsAndConditions",
    "Please confirm that you accept the finance terms and conditions",
    "I accept the finance terms and conditions.",
  ],
  [
    "nationalCredit",
    "Please confirm that you have no pending credit applications (National Credit Act, section 92)",
    "In terms of section 92 of the National Credit Act, I have no pending credit applications with other credit providers.",
  ],
  ["debtCounselling", "Please confirm that you are not in debt counselling", "I am not in debt counselling."],
  ["debtReview", "Please confirm that you are not under debt review", "I am not under debt review."],
  [
    "currentDebtReArrangement",
    "Please confirm that you are not currently under a debt re-arrangement",
    "I am not currently under a debt re-arrangement.",
  ],
  [
    "termsAndConditionsAndPrivacyPolicies",
    "Please confirm that you accept the terms and conditions and the privacy policy",
    "I accept the terms and conditions and the privacy policy.",
  ],
  [
    "creditLimitIncrease",
    "Please confirm that you understand your credit limit will only be increased with your consent",
    "I understand that my credit limit will only be increased with my consent.",
  ],
  [
    "communication",
    "Please confirm that you agree to be contacted about this application",
    "I agree to be contacted by phone, email or SMS about this application.",
  ],
] as const;

export type ConfirmationField = (typeof CONFIRMATIONS)[number][0];

const confirmationShape = Object.fromEntries(CONFIRMATIONS.map(([field, message]) => [field, confirmed(message)])) as {
  [K in ConfirmationField]: ReturnType<typeof confirmed>;
};

export const STEP_TITLES = [
  "Vehicle & Personal Details",
  "Employment & Salary Details",
  "Financial Details",
  "Monthly Expenses",
  "Permission and Confirmation",
] as const;

export const STEP_SHAPES = [vehicleAndPersonalShape, employmentAndSalaryShape, financialShape, expensesShape, confirmationShape] as const;

/** The field names of each step, in form order. */
export const STEP_FIELDS: string[][] = STEP_SHAPES.map((shape) => Object.keys(shape));

export const vehicleAndPersonalSchema = z.object(vehicleAndPersonalShape).superRefine(newVehicleRule, { when: () => true });
export const employmentAndSalarySchema = z.object(employmentAndSalaryShape);
export const financialSchema = z.object(financialShape);
export const expensesSchema = z.object(expensesShape);
export const confirmationSchema = z.object(confirmationShape);

export const STEP_SCHEMAS = [vehicleAndPersonalSchema, employmentAndSalarySchema, financialSchema, expensesSchema, confirmationSchema] as const;

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

/** Fields that never go to the browser's local storage draft: the identity number and the bank details. */
export const NEVER_IN_DRAFT = ["idNumber", "bankName", "bankAccountHolderName"] as const;

/** Field name to its first message, for showing errors under fields. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Which step (0-4) a field belongs to, or -1. */
export function stepOfField(field: string): number {
  return STEP_FIELDS.findIndex((fields) => fields.includes(field));
}
