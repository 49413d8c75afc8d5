import { CsvError, parse as parseCsv } from "csv-parse/sync";
import { type FeedColumn, type FeedProfile, feedColumnOf, headerKey, REQUIRED_FEED_COLUMNS } from "./feed-columns.ts";
import {
  DEFAULT_FEED_FILE_LIMITS,
  type FeedFileLimits,
  type FeedFileShape,
  type FeedRefusal,
  readFeedFile,
} from "./feed-file.server.ts";
import { readUrlList } from "./feed-values.ts";

export {
  FEED_COLUMNS,
  type FeedColumn,
  feedColumnOf,
  type FeedProfile,
  headerKey,
  MAX_FEED_BYTES,
  REQUIRED_FEED_COLUMNS,
} from "./feed-columns.ts";

/**
 * Reading a dealer's stock feed (docs/stock-feed.md): CSV with a header row, or JSON (an array of vehicles,
 * or {"vehicles": [...]}), chosen by Content-Type. The columns are the field names of stock-schema.ts plus
 * `photos`, under the site's names, the headers DMS exports use (HEADER_ALIASES) or a feed key's saved profile. CSV is read by csv-parse (quoted fields, embedded commas and line breaks, a byte-order mark,
 * CRLF), not by splitting lines (docs/decisions/029-dealer-stock-feeds.md).
 */

export type FeedFormat = "csv" | "json";

/**
 * One vehicle of the feed as sent; `row` is its position, 1 for the first vehicle (in a CSV, the line after the
 * header). `problem` is what makes the whole row unusable (a CSV line with the wrong number of cells, a JSON
 * item that is not an object); the import reports it and skips the row.
 */
export type FeedRow = { row: number; values: Partial<Record<FeedColumn, unknown>>; problem?: string };

/** Which of the feed's columns (or JSON fields) the import read as which stock field, and which it left. */
export type FeedColumnsReport = {
  used: { header: string; column: FeedColumn }[];
  ignored: { header: string; reason: string }[];
};

export type FeedParse =
  | { ok: true; rows: FeedRow[]; columns: FeedColumnsReport; header?: string[]; shape?: FeedFileShape }
  | { ok: false; reason: string; status?: FeedRefusal["status"]; row?: number };

/** Content types a DMS sends a table as (CSV, tab-separated, Excel); the file's own bytes say which it is. */
const TABLE_TYPES = [
  "text/csv",
  "text/plain",
  "text/tab-separated-values",
  "application/csv",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
];
export const FEED_MEDIA_TYPES: readonly string[] = TABLE_TYPES;

/** The feed's format from its Content-Type, or null for any other type (the route answers 415). */
export function feedFormatOf(contentType: string | undefined): FeedFormat | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (TABLE_TYPES.includes(type)) return "csv";
  if (type === "application/json" || type === "application/ld+json") return "json";
  return null;
}

/** The stock field a header names: the key's profile first, then the built-in names. */
function headerReader(profile: FeedProfile | undefined): (header: string) => FeedColumn | undefined {
  const saved = new Map(
    Object.entries(profile?.columns ?? {}).map(([column, header]) => [headerKey(header!), column as FeedColumn]),
  );
  return (header) => saved.get(headerKey(header)) ?? feedColumnOf(header);
}

/** A value through the profile's map for its field ("Dbl Cab" to "Bakkie"); values without a mapping pass as they are. */
function valueReader(profile: FeedProfile | undefined): (column: FeedColumn, value: unknown) => unknown {
  const maps = new Map(
    Object.entries(profile?.valueMaps ?? {}).map(([column, map]) => [
      column,
      new Map(Object.entries(map ?? {}).map(([from, to]) => [headerKey(from), to])),
    ]),
  );
  return (column, value) => (typeof value === "string" ? (maps.get(column)?.get(headerKey(value)) ?? value) : value);
}

export function parseFeed(body: string, format: FeedFormat, profile?: FeedProfile): FeedParse {
  return withVehicles(format === "csv" ? parseCsvFeed(body, profile) : parseJsonFeed(body, profile));
}

function withVehicles(parsed: FeedParse): FeedParse {
  if (parsed.ok && parsed.rows.length === 0) {
    // A complete feed with no vehicles would mark every vehicle of the dealer sold: far more likely an
    // export that went wrong than a dealer with no stock.
    return {
      ok: false,
      reason:
        "The feed has no vehicles. A feed is the dealer's whole stock; an empty one is refused so that a failed export cannot mark every vehicle sold.",
    };
  }
  return parsed;
}

/** The header's columns: each known one read as its field (the first of two naming one field), the others ignored. */
export function readHeader(
  header: string[],
  profile: FeedProfile | undefined,
): { columns: (FeedColumn | undefined)[]; report: FeedColumnsReport } {
  const columnOf = headerReader(profile);
  const report: FeedColumnsReport = { used: [], ignored: [] };
  const taken = new Map<FeedColumn, string>();
  const notRead = new Set((profile?.ignored ?? []).map(headerKey));
  const columns = header.map((name) => {
    if (notRead.has(headerKey(name))) {
      report.ignored.push({ header: name, reason: "not read: the dealer's mapping of this layout" });
      return undefined;
    }
    const column = columnOf(name);
    if (column === undefined) {
      report.ignored.push({ header: name, reason: "not a column the site knows" });
      return undefined;
    }
    const first = taken.get(column);
    if (first !== undefined) {
      report.ignored.push({ header: name, reason: `${column} is read from ${JSON.stringify(first)}` });
      return undefined;
    }
    taken.set(column, name);
    report.used.push({ header: name, column });
    return column;
  });
  return { columns, report };
}

function parseCsvFeed(body: string, profile: FeedProfile | undefined): FeedParse {
  let records: string[][];
  try {
    // A line with too few or too many cells is that row's problem (an unquoted comma in a description), not the file's.
    records = parseCsv(body, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, reason: `The CSV cannot be read: ${error.message}` };
    throw error;
  }
  return feedFromRecords(records, profile);
}

const EMPTY_TABLE = "The file is empty: it needs a header row naming the columns, then one vehicle a row.";

/** The vehicles of a table whose first record is its header (a CSV's or a sheet's), placed by the profile and the built-in names. */
export function feedFromRecords(records: string[][], profile: FeedProfile | undefined): FeedParse {
  return withVehicles(placedRecords(records, profile));
}

/** The rows as the profile places them, whether or not every required column is placed (the upload page's preview). */
export function placedRows(records: string[][], profile: FeedProfile | undefined): FeedRow[] {
  const [header, ...lines] = records;
  if (!header) return [];
  const { columns } = readHeader(header, profile);
  return rowsOf(lines, columns, valueReader(profile));
}

function rowsOf(
  lines: string[][],
  columns: (FeedColumn | undefined)[],
  mapValue: (column: FeedColumn, value: unknown) => unknown,
): FeedRow[] {
  return lines.map((cells, i) =>
    cells.length === columns.length
      ? {
          row: i + 1,
          values: Object.fromEntries(
            columns.flatMap((column, c) => (column ? [[column, mapValue(column, cells[c])]] : [])),
          ),
        }
      : {
          row: i + 1,
          values: { stockNumber: cells[columns.indexOf("stockNumber")] },
          problem: `The row has ${cells.length} cells but the header has ${columns.length} columns (a separator in a value must be inside "quotes")`,
        },
  );
}

function placedRecords(records: string[][], profile: FeedProfile | undefined): FeedParse {
  const [header, ...lines] = records;
  if (!header) return { ok: false, reason: EMPTY_TABLE };
  const { columns, report } = readHeader(header, profile);
  const missing = REQUIRED_FEED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    const ignored =
      report.ignored.length > 0
        ? ` The columns it could not place: ${report.ignored.map((i) => JSON.stringify(i.header)).join(", ")}`
        : "";
    return {
      ok: false,
      reason: `The header row lacks required columns: ${missing.join(", ")} (the first line must be the header; map the file's columns on the upload page, or a group administrator can save which column is which for a feed key).${ignored}.`,
    };
  }
  return { ok: true, columns: report, header, rows: rowsOf(lines, columns, valueReader(profile)) };
}

/**
 * A feed as bytes, read the way its system wrote it (feed-file.server.ts): a table (CSV of any usual separator and
 * encoding, or XLSX) off the main thread, or JSON. `profileFor` gives the mapping for the table's header (the
 * feed key's and the dealer's saved layout).
 */
export async function readFeed(
  bytes: Uint8Array,
  format: FeedFormat,
  profileFor: (header: string[]) => Promise<FeedProfile | undefined>,
  limits: FeedFileLimits = DEFAULT_FEED_FILE_LIMITS,
): Promise<FeedParse> {
  if (format === "json") {
    const text = new TextDecoder("utf-8").decode(bytes);
    return parseFeed(text, "json", await profileFor([]));
  }
  const table = await readFeedFile(bytes, limits);
  if (!table.ok) return { ok: false, ...table.refusal };
  const header = table.records[0] ?? [];
  const parsed = feedFromRecords(table.records, await profileFor(header));
  return parsed.ok ? { ...parsed, shape: table.shape } : parsed;
}

function parseJsonFeed(body: string, profile: FeedProfile | undefined): FeedParse {
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
  if (!vehicles)
    return { ok: false, reason: 'The JSON must be an array of vehicles or an object {"vehicles": [...]}.' };
  // Each vehicle's fields are placed as a CSV header would be, the same field names each time.
  const fieldNames = [
    ...new Set(
      vehicles.flatMap((vehicle) =>
        vehicle !== null && typeof vehicle === "object" && !Array.isArray(vehicle) ? Object.keys(vehicle) : [],
      ),
    ),
  ];
  const { columns, report } = readHeader(fieldNames, profile);
  const columnOfField = new Map(fieldNames.map((name, i) => [name, columns[i]]));
  const mapValue = valueReader(profile);
  return {
    ok: true,
    columns: report,
    rows: vehicles.map((vehicle, i) => {
      if (vehicle === null || typeof vehicle !== "object" || Array.isArray(vehicle)) {
        return { row: i + 1, values: {}, problem: "Each vehicle must be a JSON object" };
      }
      const values: FeedRow["values"] = {};
      for (const [name, value] of Object.entries(vehicle)) {
        const column = columnOfField.get(name);
        if (column) values[column] = mapValue(column, value);
      }
      return { row: i + 1, values };
    }),
  };
}

/** Most photos one vehicle may have in a feed. */
export const MAX_FEED_PHOTOS = 30;

/** A `photos` cell or value: a cell of URLs (feed-values.ts readUrlList), or an array of URLs (JSON). */
export function photoUrlsOf(value: unknown): string[] {
  if (typeof value === "string") return readUrlList(value);
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is string => typeof v === "string").map((url) => url.trim()))].filter(
    (url) => url !== "",
  );
}
