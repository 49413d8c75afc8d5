import {
  CONFIRMATIONS,
  MAKES,
  MARITAL_STATUSES,
  MARRIAGE_TYPES,
  VEHICLE_VARIANT_LABELS,
  VEHICLE_VARIANTS,
} from "../../../core/finance/application-fields.ts";

/** How each field of the finance wizard is shown: label, input type, group within its step. */
export type FieldSpec = {
  name: string;
  label: string;
  kind: "text" | "email" | "tel" | "number" | "money" | "date" | "select" | "checkbox" | "digits";
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  autoComplete?: string;
  /** Spans both columns (checkboxes, long text). */
  wide?: boolean;
  hint?: string;
  maxLength?: number;
  /** A datalist of suggestions. */
  list?: string;
};

export type FieldGroup = { title: string; fields: FieldSpec[] };

/** A step's field names in form order: the fields the schema checks for that step (fields.test.ts). */
export const fieldNamesOf = (step: FieldGroup[]): string[] =>
  step.flatMap((group) => group.fields.map((field) => field.name));

const opts = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const PERSONAL_DETAILS_FIELDS: FieldGroup = {
  title: "Personal details",
  fields: [
    { name: "firstName", label: "First name", kind: "text", required: true, autoComplete: "given-name" },
    { name: "surname", label: "Last name", kind: "text", required: true, autoComplete: "family-name" },
    {
      name: "idNumber",
      label: "ID number",
      kind: "digits",
      required: true,
      autoComplete: "off",
      hint: "13 digits",
      maxLength: 13,
    },
    { name: "email", label: "Email", kind: "email", required: true, autoComplete: "email" },
    { name: "phone", label: "Cellphone number", kind: "tel", required: true, autoComplete: "tel" },
    { name: "workTel", label: "Work telephone", kind: "tel" },
    { name: "homeTel", label: "Home telephone", kind: "tel" },
    { name: "maritalStatus", label: "Marital status", kind: "select", options: opts(MARITAL_STATUSES) },
    { name: "dateOfMarriage", label: "Date of marriage", kind: "date" },
    { name: "typeOfMarriage", label: "Type of marriage", kind: "select", options: opts(MARRIAGE_TYPES) },
  ],
};

const ADDRESS_FIELDS: FieldGroup = {
  title: "Address",
  fields: [
    { name: "postalStreet", label: "Postal street", kind: "text", required: true, autoComplete: "address-line1" },
    {
      name: "postalSuburb",
      label: "Postal suburb",
      kind: "text",
      required: true,
      autoComplete: "address-level3",
    },
    {
      name: "postalCode",
      label: "Postal code",
      kind: "digits",
      required: true,
      autoComplete: "postal-code",
      maxLength: 4,
    },
    { name: "code", label: "Residential area code", kind: "digits", maxLength: 4 },
    { name: "period", label: "Years at this address", kind: "number" },
  ],
};

const NEXT_OF_KIN_FIELDS: FieldGroup = {
  title: "Next of kin",
  fields: [
    { name: "nextOfKinFullName", label: "Next of kin full name", kind: "text" },
    { name: "nextOfKinPhone", label: "Next of kin phone", kind: "tel", required: true },
    { name: "relationship", label: "Relationship", kind: "text", required: true },
    { name: "nextOfKinStreet", label: "Next of kin street", kind: "text", required: true },
    { name: "nextOfKinSuburb", label: "Next of kin suburb", kind: "text", required: true },
    { name: "nextOfKinCode", label: "Next of kin code", kind: "digits", required: true, maxLength: 4 },
  ],
};

const EMPLOYMENT_FIELDS: FieldGroup = {
  title: "Employment",
  fields: [
    {
      name: "employmentOccupation",
      label: "Occupation",
      kind: "text",
      required: true,
      autoComplete: "organization-title",
    },
    { name: "employmentCompany", label: "Company", kind: "text", required: true, autoComplete: "organization" },
    { name: "employmentYearsWorked", label: "Years worked", kind: "number", required: true },
    { name: "employmentTel", label: "Tel number", kind: "tel", required: true },
    { name: "employmentStreet", label: "Street", kind: "text", required: true },
    { name: "employmentSuburb", label: "Suburb", kind: "text", required: true },
    { name: "employmentCode", label: "Code", kind: "digits", required: true, maxLength: 4 },
  ],
};

const SALARY_FIELDS: FieldGroup = {
  title: "Salary (rand per month)",
  fields: [
    { name: "basicMonthly", label: "Basic monthly salary", kind: "money", required: true },
    { name: "carAllowance", label: "Car allowance", kind: "money" },
    { name: "monthlyCommission", label: "Monthly commission", kind: "money" },
    { name: "totalSalary", label: "Total salary", kind: "money", required: true },
    { name: "nettTakeHomePay", label: "Nett take home pay", kind: "money", required: true },
    { name: "otherSalary", label: "Other income", kind: "money" },
    { name: "otherSalarySources", label: "Sources of other income", kind: "text" },
    { name: "totalMonthlyHousehold", label: "Total monthly household income", kind: "money" },
  ],
};

const BANK_FIELDS: FieldGroup = {
  title: "Bank",
  fields: [
    { name: "bankName", label: "Bank name", kind: "text", required: true, autoComplete: "off" },
    {
      name: "bankAccountHolderName",
      label: "Account holder name",
      kind: "text",
      required: true,
      autoComplete: "off",
    },
  ],
};

const BOND_OR_PROPERTY_FIELDS: FieldGroup = {
  title: "Bond or property (if any)",
  fields: [
    { name: "amountOutstanding", label: "Amount outstanding", kind: "money" },
    { name: "propertyValue", label: "Property value", kind: "money" },
    { name: "instalment", label: "Monthly instalment", kind: "money" },
    { name: "purchasePrice", label: "Purchase price", kind: "money" },
    { name: "datePurchased", label: "Date purchased", kind: "date" },
    { name: "dateRegistered", label: "Date registered", kind: "date" },
  ],
};

const MONTHLY_EXPENSES_FIELDS: FieldGroup = {
  title: "Monthly expenses (rand per month)",
  fields: [
    { name: "bondPaymentOrRent", label: "Bond payment or rent", kind: "money", required: true },
    { name: "vehicleInstalments", label: "Vehicle instalments", kind: "money" },
    { name: "creditCardPayments", label: "Credit card payments", kind: "money" },
    {
      name: "policyInsuranceRepayments",
      label: "Policy and insurance repayments",
      kind: "money",
      required: true,
    },
    { name: "educationCosts", label: "Education costs", kind: "money" },
    { name: "furnitureAccounts", label: "Furniture accounts", kind: "money" },
    { name: "clothingAccounts", label: "Clothing accounts", kind: "money" },
    { name: "telephoneRepayments", label: "Telephone repayments", kind: "money" },
    { name: "overdraftPayments", label: "Overdraft payments", kind: "money" },
    { name: "maintenance", label: "Maintenance", kind: "money" },
    { name: "transportCosts", label: "Transport costs", kind: "money", required: true },
    { name: "foodAndEntertainment", label: "Food and entertainment", kind: "money", required: true },
    { name: "householdExpenses", label: "Household expenses", kind: "money" },
    { name: "other", label: "Other expenses", kind: "money" },
    { name: "otherSpecify", label: "Other expenses: please specify", kind: "text" },
    {
      name: "totalMonthlyHouseholdExpenses",
      label: "Total monthly household expenses",
      kind: "money",
      required: true,
    },
  ],
};

const CONFIRMATION_FIELDS: FieldGroup = {
  title: "Please confirm each statement",
  fields: CONFIRMATIONS.map(([name, , statement]) => ({
    name,
    label: statement,
    kind: "checkbox",
    required: true,
    wide: true,
  })),
};

/** The vehicle asked about, at one of the dealers. */
function vehicleFields(dealers: { slug: string; dealerName: string }[]): FieldGroup {
  return {
    title: "Vehicle",
    fields: [
      {
        name: "dealership",
        label: "Dealership",
        kind: "select",
        required: true,
        options: dealers.map((d) => ({ value: d.slug, label: d.dealerName })),
      },
      {
        name: "variant",
        label: "Vehicle type",
        kind: "select",
        required: true,
        options: VEHICLE_VARIANTS.map((value) => ({ value, label: VEHICLE_VARIANT_LABELS[value] })),
      },
      { name: "make", label: "Make", kind: "select", options: opts(MAKES), hint: "Required for new vehicles" },
      {
        name: "model",
        label: "Model",
        kind: "text",
        hint: "Required for new vehicles",
        maxLength: 120,
        list: "finance-model-names",
      },
    ],
  };
}

export function stepGroups(dealers: { slug: string; dealerName: string }[]): FieldGroup[][] {
  return [
    [vehicleFields(dealers), PERSONAL_DETAILS_FIELDS, ADDRESS_FIELDS, NEXT_OF_KIN_FIELDS],
    [EMPLOYMENT_FIELDS, SALARY_FIELDS],
    [BANK_FIELDS, BOND_OR_PROPERTY_FIELDS],
    [MONTHLY_EXPENSES_FIELDS],
    [CONFIRMATION_FIELDS],
  ];
}
