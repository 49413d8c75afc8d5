/**
 * Characters no free-text field takes: control characters other than tab and line breaks (PostgreSQL refuses
 * NUL in text, and the rest garble e-mails and ADF), bidirectional overrides (they disguise text), and lone
 * surrogates (not valid Unicode). One rule for the enquiry and finance schemas and the visit cookie's fields; no
 * server-only imports, as the schemas are bundled into pages.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control and direction characters are what this refuses
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /\p{Cs}/u;
/** What a multi-line field may hold and a one-line value may not: tab and every kind of line break. */
const TAB_OR_LINE_BREAK = /[\t\n\r\u0085\u2028\u2029]/;

export const UNACCEPTABLE_CHARACTERS_MESSAGE = "This contains characters we cannot accept";

/** True when `text` holds no character a free-text field refuses. */
export function hasOnlyAcceptableCharacters(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * True when `text` is one line of plain text: no character a free-text field refuses, and no tab or line break.
 * For values that land on a line of their own in an e-mail, an ADF comment or a CRM field (a visit's source).
 */
export function isOneLineOfPlainText(text: string): boolean {
  return hasOnlyAcceptableCharacters(text) && !TAB_OR_LINE_BREAK.test(text);
}
