import { z } from "../shared/zod.ts";
import { idNumberProblem } from "../finance/id-number.ts";
import { normaliseSaCell } from "../leads/phone.ts";

/** How one person is looked up across every kind of personal record: normalised, so each spelling finds the same records. */
export type PersonIdentifier = {
  kind: "email" | "phone" | "id_number";
  /** Lower-case e-mail address; phone as +27XXXXXXXXX; ID number as its 13 digits. */
  value: string;
};

export type ParsedIdentifier = { ok: true; identifier: PersonIdentifier } | { ok: false; message: string };

const IDENTIFIER_MESSAGES = {
  empty: "Enter an e-mail address, a South African cell number or a South African ID number",
  tooShort:
    "That is too short to find anyone: enter a whole e-mail address, cell number (082 555 0123) or 13-digit ID number",
  unparseable:
    "That is not an e-mail address, a South African cell number (082 555 0123, +27 82 555 0123) or a 13-digit South African ID number",
  tooLong: "That is too long to be an e-mail address, a cell number or an ID number",
  idNumber: "That looks like an ID number but is not a valid one: check its 13 digits",
} as const;

const EMAIL = z.email();
const MAX_LENGTH = 254;

/**
 * An e-mail address (any case), a South African cell number in any spelling (082 555 0123, +27825550123,
 * 27 82 555 0123) or a South African ID number (13 digits, spaces allowed), normalised as the forms store them.
 * Anything else, a single letter included, is refused with a message a person can act on.
 */
export function parsePersonIdentifier(input: string): ParsedIdentifier {
  const trimmed = input.trim();
  if (trimmed === "") return { ok: false, message: IDENTIFIER_MESSAGES.empty };
  if (trimmed.length > MAX_LENGTH) return { ok: false, message: IDENTIFIER_MESSAGES.tooLong };
  if (trimmed.length < 5) return { ok: false, message: IDENTIFIER_MESSAGES.tooShort };
  if (trimmed.includes("@")) {
    return EMAIL.safeParse(trimmed).success
      ? { ok: true, identifier: { kind: "email", value: trimmed.toLowerCase() } }
      : { ok: false, message: IDENTIFIER_MESSAGES.unparseable };
  }
  const phone = normaliseSaCell(trimmed);
  if (phone) return { ok: true, identifier: { kind: "phone", value: phone } };
  const digits = trimmed.replace(/\s+/g, "");
  if (/^\d{13}$/.test(digits)) {
    return idNumberProblem(digits) === null
      ? { ok: true, identifier: { kind: "id_number", value: digits } }
      : { ok: false, message: IDENTIFIER_MESSAGES.idNumber };
  }
  return { ok: false, message: IDENTIFIER_MESSAGES.unparseable };
}

/** The identifier as a value an e-mail address or a number may be compared with, e.g. in a stored text. */
export function identifierKey(identifier: PersonIdentifier): string {
  return `${identifier.kind}:${identifier.value}`;
}
