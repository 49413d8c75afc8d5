import { type Options, stringify } from "csv-stringify/sync";

/**
 * The one way the site writes CSV (channel files, every export): csv-stringify, quoting as RFC 4180 needs,
 * with every text cell that a spreadsheet would run as a formula neutralised (OWASP "CSV Injection"). Feeds
 * and exports are opened in spreadsheets by syndicators and staff; a description or a visitor's name
 * beginning with `=HYPERLINK(...)` must arrive as text.
 */

/** The characters that make a spreadsheet read a cell as a formula, or as the start of one (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A leading apostrophe for text a spreadsheet would take for a formula; other text as it is. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvOptions = Pick<Options, "header" | "columns" | "record_delimiter">;

/** Records as CSV text, each text cell through neutraliseFormula. */
export function writeCsv(records: readonly unknown[], options: CsvOptions = {}): string {
  return stringify(records as unknown[], { ...options, cast: { string: neutraliseFormula } });
}
