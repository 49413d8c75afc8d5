/**
 * What the finance application's form needs besides its validation: the steps' titles, the choices of its
 * selects, the confirmations' statements, the draft's rules and the errors-by-field helper. No zod here:
 * the finance page's scripts carry this module, and the schemas (./application-schema.ts, which re-exports
 * all of it) load only when the buyer starts on the form (the page under 150 KB of JavaScript).
 */

export const DRAFT_STORAGE_KEY = "finance_application";

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

/** Step 5: the 13 confirmations, each with its 'Please confirm ...' message and the statement ticked. */
export const CONFIRMATIONS = [
  ["isNotMinor", "Please confirm that you are not a minor", "I am not a minor (I am 18 years or older)."],
  [
    "license",
    "Please confirm that you have a valid South African driver's licence",
    "I have a valid South African driver's licence.",
  ],
  [
    "creditBureauCheck",
    "Please confirm that you consent to a credit bureau check",
    "I consent to a credit bureau check for this application.",
  ],
  [
    "isDeclaredUnfit",
    "Please confirm that you have never been declared mentally unfit",
    "I have never been declared mentally unfit by a court.",
  ],
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

export const STEP_TITLES = [
  "Vehicle & Personal Details",
  "Employment & Salary Details",
  "Financial Details",
  "Monthly Expenses",
  "Permission and Confirmation",
] as const;

/** Fields that never go to the browser's local storage draft: the identity number and the bank details. */
export const NEVER_IN_DRAFT = ["idNumber", "bankName", "bankAccountHolderName"] as const;

/** Field name to its first message, for showing errors under fields. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
