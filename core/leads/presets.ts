/**
 * product.md §3, form presets: each enquiry form sends its form name, lead type and source. The spec
 * names the forms but not the exact source strings; ours follow the finance application's
 * 'Group Website Honda-Online Fin App' (docs/decisions/005-enquiries.md).
 */
export const FORM_PRESETS = {
  new: { formName: "New Vehicles", leadType: "New Vehicles", source: "Group Website Honda-Online New Vehicles" },
  wing: { formName: "New Honda Wing", leadType: "New Honda Wing", source: "Group Website Honda-Online Honda Wing" },
  used: { formName: "Used Vehicles", leadType: "Used Vehicles", source: "Group Website Honda-Online Used Vehicles" },
  special: { formName: "Specials Enquiry", leadType: "Specials Enquiry", source: null },
  parts: { formName: "Parts Enquiry", leadType: "Parts Enquiry", source: "Dealer Website Honda-Online Parts" },
  testDrive: {
    formName: "Book Test Drive",
    leadType: "Book Test Drive",
    source: "Group Website Honda-Online Test Drive",
  },
  service: { formName: "Book Service", leadType: "Book Service", source: "Group Website Honda-Online Service Booking" },
  sellCar: { formName: "Sell Your Car", leadType: "Sell Your Car", source: "Group Website Honda-Online Sell Your Car" },
} as const satisfies Record<string, { formName: string; leadType: string; source: string | null }>;

/** The forms that book a slot in the dealer's calendar (core/appointments), and the kind of slot. */
export const APPOINTMENT_KIND_OF: Partial<Record<PresetKey, "test-drive" | "service">> = {
  testDrive: "test-drive",
  service: "service",
};

export type PresetKey = keyof typeof FORM_PRESETS;
export type FormPreset = (typeof FORM_PRESETS)[PresetKey];
export type FormName = FormPreset["formName"];

export const PRESET_KEYS = Object.keys(FORM_PRESETS) as PresetKey[];
export const FORM_NAMES = PRESET_KEYS.map((key) => FORM_PRESETS[key].formName) as [FormName, ...FormName[]];

export function presetKeyForFormName(formName: string): PresetKey | null {
  return PRESET_KEYS.find((key) => FORM_PRESETS[key].formName === formName) ?? null;
}

/** Parts, service and sell-your-car enquiries must name the make and model they are about (product.md §5). */
export const NEEDS_MAKE: ReadonlySet<PresetKey> = new Set(["parts", "service", "sellCar"]);
/** Forms about one vehicle: the model is part of the enquiry (the page fills it in from its route). */
export const NEEDS_MODEL: ReadonlySet<PresetKey> = new Set([
  "new",
  "wing",
  "used",
  "testDrive",
  "parts",
  "service",
  "sellCar",
]);

/** Parts, service and sell-your-car are about the visitor's own vehicle: they give its year (for the lead's ADF). */
export const NEEDS_YEAR: ReadonlySet<PresetKey> = new Set(["parts", "service", "sellCar"]);

/** product.md §3: is_used is 1 if the lead type contains 'Used', else 0; parts and service default to 1, as does the seller's own car. */
export function isUsedFor(key: PresetKey): 0 | 1 {
  if (key === "parts" || key === "service" || key === "sellCar") return 1;
  return FORM_PRESETS[key].leadType.includes("Used") ? 1 : 0;
}

/** product.md §3: consent is contact and terms both true. */
export function consentFor(contact: boolean, terms: boolean): boolean {
  return contact && terms;
}

/**
 * product.md §5: a New Honda Wing lead may go only to a dealer whose name contains 'wing'; a New Vehicles
 * lead only to a dealer without it. Other forms may go to any dealer.
 */
export function dealerTakesLead(key: PresetKey, isWingDealer: boolean): boolean {
  if (key === "wing") return isWingDealer;
  if (key === "new") return !isWingDealer;
  return true;
}

export const DEFAULT_MAKE = "Honda";
export const INITIAL_STATUS = "Queued";
