import { CsvError, parse as parseCsv } from "csv-parse/sync";
import { STOCK_FIELD_LABELS, type StockField } from "./stock-schema.ts";

/**
 * Reading a dealer's stock feed (docs/stock-feed.md): CSV with a header row, or JSON (an array of vehicles,
 * or {"vehicles": [...]}), chosen by Content-Type. The columns are the field names of stock-schema.ts plus
 * `photos`. CSV is read by csv-parse (quoted fields, embedded commas and line breaks, a byte-order mark,
 * CRLF), not by splitting lines (docs/decisions/029-dealer-stock-feeds.md).
 */

export type FeedFormat = "csv" | "json";

/**
 * The largest feed (10 000 vehicles are about 1.3 MB of CSV; 50 MB leaves room for long descriptions), by the
 * API and as the file of the back office's import form.
 */
export const MAX_FEED_BYTES = 50 * 1024 * 1024;
export type FeedColumn = StockField | "photos";

export const FEED_COLUMNS: readonly FeedColumn[] = [...(Object.keys(STOCK_FIELD_LABELS) as StockField[]), "photos"];
/** The columns a CSV feed's header must have (the others may be left out). */
export const REQUIRED_FEED_COLUMNS: readonly FeedColumn[] = [
  "stockNumber",
  "make",
  "model",
  "variant",
  "year",
  "mileage",
  "price",
  "transmission",
  "fuelType",
  "colour",
  "condition",
];

/**
 * One vehicle of the feed as sent; `row` is its position, 1 for the first vehicle (in a CSV, the line after the
 * header). `problem` is what makes the whole row unusable (a CSV line with the wrong number of cells, a JSON
 * item that is not an object); the import reports it and skips the row.
 */
export type FeedRow = { row: number; values: Partial<Record<FeedColumn, unknown>>; unknownFields: string[]; problem?: string };

export type FeedParse = { ok: true; rows: FeedRow[] } | { ok: false; reason: string };

/** The feed's format from its Content-Type, or null for any other type (the route answers 415). */
export function feedFormatOf(contentType: string | undefined): FeedFormat | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "text/csv") return "csv";
  if (type === "application/json" || type === "application/ld+json") return "json";
  return null;
}

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]/g, "");

/** Column names are matched without case, spaces, underscores or hyphens: "stockNumber", "Stock number", "stock_number". */
const COLUMN_BY_NAME = new Map<string, FeedColumn>(
  FEED_COLUMNS.flatMap((column) => {
    const label = column === "photos" ? "Photos" : STOCK_FIELD_LABELS[column];
    return [
      [normalise(column), column],
      [normalise(label), column],
    ] as const;
  }),
);

export const feedColumnOf = (name: string): FeedColumn | undefined => COLUMN_BY_NAME.get(normalise(name));

export function parseFeed(body: string, format: FeedFormat): FeedParse {
  const parsed = format === "csv" ? parseCsvFeed(body) : parseJsonFeed(body);
  if (parsed.ok && parsed.rows.length === 0) {
    // A complete feed with no vehicles would mark every vehicle of the dealer sold: far more likely an
    // export that went wrong than a dealer with no stock.
    return { ok: false, reason: "The feed has no vehicles. A feed is the dealer's whole stock; an empty one is refused so that a failed export cannot mark every vehicle sold." };
  }
  return parsed;
}

function parseCsvFeed(body: string): FeedParse {
  let records: string[][];
  try {
    // A line with too few or too many cells is that row's problem (an unquoted comma in a description), not the file's.
    records = parseCsv(body, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, reason: `The CSV cannot be read: ${error.message}` };
    throw error;
  }
  const [header, ...lines] = records;
  if (!header) return { ok: false, reason: "The CSV is empty: it needs a header row naming the columns, then one vehicle a row." };
  const columns = header.map(feedColumnOf);
  const unknown = header.filter((_, i) => columns[i] === undefined);
  if (unknown.length > 0) {
    return {
      ok: false,
      reason: `The header row names unknown columns: ${unknown.map((name) => JSON.stringify(name)).join(", ")}. The columns are: ${FEED_COLUMNS.join(", ")} (the first line must be the header).`,
    };
  }
  const repeated = columns.filter((column, i) => columns.indexOf(column) !== i);
  if (repeated.length > 0) return { ok: false, reason: `The header row names a column more than once: ${[...new Set(repeated)].join(", ")}.` };
  const missing = REQUIRED_FEED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) return { ok: false, reason: `The header row lacks required columns: ${missing.join(", ")}.` };
  return {
    ok: true,
    rows: lines.map((cells, i) =>
      cells.length === columns.length
        ? { row: i + 1, values: Object.fromEntries(columns.map((column, c) => [column!, cells[c]])), unknownFields: [] }
        : {
            row: i + 1,
            values: { stockNumber: cells[columns.indexOf("stockNumber")] },
            unknownFields: [],
            problem: `The row has ${cells.length} cells but the header has ${columns.length} columns (a comma in a value must be inside "quotes")`,
          },
    ),
  };
}

function parseJsonFeed(body: string): FeedParse {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch (error) {
    return { ok: false, reason: `The JSON cannot be read: ${(error as Error).message}` };
  }
  const vehicles = Array.isArray(document)
    ? document
    : document !== null && typeof document === "object" && Array.isArray((document as { vehicles?: unknown }).vehicles)
      ? (document as { vehicles: unknown[] }).vehicles
      : null;
  if (!vehicles) return { ok: false, reason: 'The JSON must be an array of vehicles or an object {"vehicles": [...]}.' };
  return {
    ok: true,
    rows: vehicles.map((vehicle, i) => {
      if (vehicle === null || typeof vehicle !== "object" || Array.isArray(vehicle)) {
        return { row: i + 1, values: {}, unknownFields: [], problem: "Each vehicle must be a JSON object" };
      }
      const values: FeedRow["values"] = {};
      const unknownFields: string[] = [];
      for (const [name, value] of Object.entries(vehicle)) {
        const column = feedColumnOf(name);
        if (column) values[column] = value;
        else unknownFields.push(name);
      }
      return { row: i + 1, values, unknownFields };
    }),
  };
}

/** Most photos one vehicle may have in a feed. */
export const MAX_FEED_PHOTOS = 30;

/** A `photos` cell or value: URLs separated by `|` or white space (CSV), or an array of URLs (JSON). */
export function photoUrlsOf(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? value.split(/[|\s]+/) : [];
  return [...new Set(parts.map((url) => url.trim()).filter((url) => url !== ""))];
}
