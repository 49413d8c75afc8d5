/**
 * The group's own names, for pages and their scripts alike: this module reads no database (the browser build refuses
 * one that does, vite.config.ts).
 */

/** The pseudo dealer slug that stands for the whole group (head office) where a dealer slug is expected. */
export const HEAD_OFFICE_SLUG = "head-office";
export const GROUP_NAME = "Honda Dealer Group";

/**
 * The group's own number, which buyers call where no dealer is chosen; its WhatsApp line is the same number
 * (WHATSAPP_NUMBER in contact-links.server.ts).
 */
export const GROUP_PHONE = "011 555 0123";

/**
 * The group's legal details that South African buyers look for in the footer: its company registration number
 * (CIPC), VAT number, National Credit Regulator registration as a credit provider and financial services
 * provider (FSP) number. Each is a setting (server/env.ts); null leaves it out.
 */
export type GroupLegalDetails = {
  companyRegistration: string | null;
  vatNumber: string | null;
  creditProviderNumber: string | null;
  fspNumber: string | null;
};

/** Demonstration values, shown until the group sets its own (a real number must never be guessed). */
export const DEMO_LEGAL_DETAILS: GroupLegalDetails = {
  companyRegistration: "2015/123456/07",
  vatNumber: "4123456789",
  creditProviderNumber: "NCRCP12345",
  fspNumber: "12345",
};
