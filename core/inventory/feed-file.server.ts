import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { formatNumber } from "../shared/format.ts";

/**
 * Reading a stock file as a dealer's system writes it (docs/decisions/076-reading-dms-files.md): CSV in any of
 * the usual encodings (UTF-8 with or without byte-order mark, UTF-16 with one, Windows-1252) and separators
 * (comma, semicolon, tab, pipe), or an Excel workbook (XLSX, its first sheet). The shape is found on the first
 * 64 KB here; the whole file is decoded and split into cells on a thread of its own, with a row and a column
 * limit and a memory ceiling, so that a file of a million rows costs the site's other visitors nothing.
 * A file that cannot be read is refused whole, with the reason in a dealer's words.
 */

export type Delimiter = "," | ";" | "\t" | "|";
export type FeedFileShape =
  | { kind: "csv"; encoding: FeedEncoding; delimiter: Delimiter }
  | { kind: "xlsx"; encoding?: undefined; delimiter?: undefined };
export type FeedEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/** Why a whole file was refused: 415 not a table, 422 a table that breaks a limit or a rule at a row. */
export type FeedRefusal = { status: 400 | 415 | 422; reason: string; row?: number };

export type FeedTable = { ok: true; shape: FeedFileShape; records: string[][] } | { ok: false; refusal: FeedRefusal };

export type FeedFileLimits = {
  /** Most vehicle rows a file may have (FEED_MAX_ROWS). */
  maxRows: number;
  /** Most columns a row may have. */
  maxColumns: number;
  /** The parsing thread's heap ceiling, MB. */
  memoryMb: number;
};

export const DEFAULT_FEED_FILE_LIMITS: FeedFileLimits = { maxRows: 20_000, maxColumns: 150, memoryMb: 512 };

const SAMPLE_BYTES = 64 * 1024;
const DELIMITERS: readonly Delimiter[] = [",", ";", "\t", "|"];

/** The separator as a dealer would name it. */
const DELIMITER_NAMES: Record<Delimiter, string> = {
  ",": "commas",
  ";": "semicolons",
  "\t": "tabs",
  "|": "pipes (|)",
};

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** The text encoding: a byte-order mark, else UTF-16's zero bytes, else UTF-8 when the bytes are valid UTF-8, else Windows-1252. */
export function detectEncoding(sample: Uint8Array): FeedEncoding {
  if (startsWith(sample, 0xef, 0xbb, 0xbf)) return "utf-8";
  if (startsWith(sample, 0xff, 0xfe)) return "utf-16le";
  if (startsWith(sample, 0xfe, 0xff)) return "utf-16be";
  const pairs = Math.min(sample.length >> 1, 512);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (sample[2 * i] === 0) evenZeros++;
    if (sample[2 * i + 1] === 0) oddZeros++;
  }
  if (pairs > 0 && oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (pairs > 0 && evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  try {
    // `stream`: a character cut at the sample's end is not an error.
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true });
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/** Control characters other than tab, line feed and carriage return: text files have none (binary files many). */
function looksBinary(text: string): boolean {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) controls++;
  }
  return controls > 0 && controls > text.length / 1000;
}

/**
 * Each candidate separator's count per record of the sample, outside quotes; the separator is the one the
 * header has and the most records share the header's count of (a tie: the one with more columns).
 */
export function detectDelimiter(text: string): Delimiter {
  const counts: number[][] = [];
  let current = DELIMITERS.map(() => 0);
  let quoted = false;
  for (let i = 0; i < text.length && counts.length < 50; i++) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) {
      if (current.some((n) => n > 0) || counts.length === 0) counts.push(current);
      current = DELIMITERS.map(() => 0);
      if (char === "\r" && text[i + 1] === "\n") i++;
    } else if (!quoted) {
      const index = DELIMITERS.indexOf(char as Delimiter);
      if (index >= 0) current[index]!++;
    }
  }
  if (current.some((n) => n > 0)) counts.push(current);
  const [header, ...rows] = counts;
  let best: Delimiter = ",";
  let bestScore = -1;
  DELIMITERS.forEach((delimiter, d) => {
    const columns = header?.[d] ?? 0;
    if (columns === 0) return;
    const agreeing = rows.filter((row) => row[d] === columns).length;
    const score = agreeing * 1000 + columns;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  });
  return best;
}

/** The file's shape from its first bytes, or why it is not a table at all (415). */
function sniffFeedFile(bytes: Uint8Array): { ok: true; shape: FeedFileShape } | { ok: false; refusal: FeedRefusal } {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return { ok: true, shape: { kind: "xlsx" } };
  const notTable = (what: string): { ok: false; refusal: FeedRefusal } => ({
    ok: false,
    refusal: {
      status: 415,
      reason: `This file is ${what}, not a stock list. Send a CSV file (comma, semicolon, tab or pipe separated) or an Excel workbook (.xlsx).`,
    },
  });
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0))
    return notTable("an old Excel (.xls) or Office file: save it as .xlsx or CSV");
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return notTable("a PDF");
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const encoding = detectEncoding(sample);
  const text = new TextDecoder(encoding).decode(sample, { stream: true });
  if (looksBinary(text)) return notTable("binary data (a program, an image or a compressed file)");
  return { ok: true, shape: { kind: "csv", encoding, delimiter: detectDelimiter(text) } };
}

/** What the parsing thread answers: the records, or the point where it stopped. */
type ThreadAnswer =
  | { records: string[][] }
  | { stopped: "rows" | "columns" | "unpacked"; row: number; columns?: number }
  | { csvError: { code: string; row: number; message: string } }
  | { xlsxError: string };

/**
 * The thread's whole program (CommonJS, so that it runs the same under the test runner and in the built
 * server): decode, split into cells, stop at the limits. It returns plain cells; their meaning is read here.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { bytes, shape, limits, csvParsePath, readExcelPath } = workerData;
class Stop extends Error { constructor(answer) { super("stop"); this.answer = answer; } }
function checkRecord(record, index) {
  if (record.length > limits.maxColumns) throw new Stop({ stopped: "columns", row: index, columns: record.length });
  if (index > limits.maxRows) throw new Stop({ stopped: "rows", row: index });
}
function cellText(value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}
/**
 * The workbook's parts unpacked one after another, as the Excel reader's stream meets them, each within what is
 * left of budget bytes: a zip bomb is stopped here, before the reader makes one string of a sheet larger than
 * the engine can hold (which ends the whole process, not only this thread). Null when everything fits.
 */
function unpackedBeyond(bytes, budget) {
  const { inflateRawSync } = require("node:zlib");
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  let total = 0;
  while (offset + 30 <= view.length && view.readUInt32LE(offset) === 0x04034b50) {
    const flags = view.readUInt16LE(offset + 6);
    const method = view.readUInt16LE(offset + 8);
    const start = offset + 30 + view.readUInt16LE(offset + 26) + view.readUInt16LE(offset + 28);
    let size;
    let consumed;
    if (method === 8) {
      try {
        const { buffer, engine } = inflateRawSync(view.subarray(start), { maxOutputLength: budget - total + 1, info: true });
        size = buffer.length;
        consumed = engine.bytesWritten;
      } catch (error) {
        if (error && error.code === "ERR_BUFFER_TOO_LARGE") return { unpacked: budget + 1 };
        return null;
      }
    } else {
      size = view.readUInt32LE(offset + 18);
      consumed = size;
    }
    total += size;
    if (total > budget) return { unpacked: total };
    offset = start + consumed;
    if (flags & 8) {
      if (offset + 4 <= view.length && view.readUInt32LE(offset) === 0x08074b50) offset += 4;
      offset += 12;
      if (offset + 4 <= view.length && view.readUInt32LE(offset) !== 0x04034b50 && view.readUInt32LE(offset + 8) === 0x04034b50) offset += 8;
    }
  }
  return null;
}
async function read() {
  if (shape.kind === "xlsx") {
    if (unpackedBeyond(bytes, limits.memoryMb * 1024 * 1024 / 2)) return { stopped: "unpacked", row: 0 };
    let rows;
    try { rows = await require(readExcelPath).readSheet(Buffer.from(bytes)); }
    catch (error) { return { xlsxError: String(error && error.message || error) }; }
    const records = [];
    for (const row of rows) {
      const cells = row.map(cellText);
      if (cells.every((cell) => cell === "")) continue;
      while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
      checkRecord(cells, records.length);
      records.push(cells);
    }
    return { records };
  }
  const text = new TextDecoder(shape.encoding).decode(bytes);
  const { parse, CsvError } = require(csvParsePath);
  let index = 0;
  try {
    const records = parse(text, {
      delimiter: shape.delimiter, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true,
      max_record_size: 200000,
      on_record: (record) => { checkRecord(record, index++); return record; },
    });
    return { records };
  } catch (error) {
    if (error instanceof CsvError) return { csvError: { code: error.code, row: error.records ?? index, message: error.message } };
    throw error;
  }
}
read().then(
  (answer) => parentPort.postMessage(answer),
  (error) => {
    if (error instanceof Stop) parentPort.postMessage(error.answer);
    else throw error;
  },
);
`;

const require = createRequire(import.meta.url);
const modulePaths = () => ({
  csvParsePath: require.resolve("csv-parse/sync"),
  readExcelPath: require.resolve("read-excel-file/node"),
});

/** Files read at once: each thread may use up to its heap ceiling, so a burst of uploads waits its turn. */
const MAX_THREADS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished file hands its turn straight to the next waiting one, so no newcomer slips in between.
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Runs the thread on the file's bytes (handed over, not copied); a thread that runs out of memory is a refusal. */
function runThread(bytes: Uint8Array, shape: FeedFileShape, limits: FeedFileLimits): Promise<ThreadAnswer | "memory"> {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { bytes: own, shape, limits, ...modulePaths() },
      transferList: [own.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    let answered = false;
    worker.once("message", (answer: ThreadAnswer) => {
      answered = true;
      resolve(answer);
      void worker.terminate();
    });
    worker.once("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") resolve("memory");
      else reject(error);
    });
    // A thread that ends without answering was stopped by its heap ceiling.
    worker.once("exit", () => {
      if (!answered) resolve("memory");
    });
  });
}

const rowWords = (row: number) => (row === 0 ? "the header row" : `row ${row}`);

function csvErrorWords(shape: FeedFileShape, code: string, row: number, message: string): string {
  const separated =
    shape.kind === "csv" ? `The columns are separated by ${DELIMITER_NAMES[shape.delimiter]}, but ` : "";
  const at = rowWords(row);
  switch (code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `${separated}${at} has a quote (") that is never closed, so the rest of the file would be one cell. Close the quote, or remove it.`;
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_OPENING_QUOTE":
      return `${separated}${at} has a quote (") in the middle of a cell. A cell with quotes must start with one, and a quote inside it must be written twice ("").`;
    case "CSV_INVALID_CLOSING_QUOTE":
      return `${separated}${at} has text straight after a closing quote ("). Put the separator after the quote, or write the quote twice ("").`;
    case "CSV_MAX_RECORD_SIZE":
      return `${separated}${at} is longer than 200 000 characters: probably a quote that is never closed.`;
    default:
      return `${separated}${at} cannot be read (${message}).`;
  }
}

/** A row with fewer cells than the header that another separator would split into the header's count: the separator changed. */
function changedDelimiter(shape: FeedFileShape, records: string[][]): FeedRefusal | null {
  if (shape.kind !== "csv") return null;
  const columns = records[0]?.length ?? 0;
  for (let row = 1; row < records.length; row++) {
    const cells = records[row]!;
    if (cells.length === columns || columns < 3) continue;
    const line = cells.join(shape.delimiter);
    const other = DELIMITERS.find((d) => d !== shape.delimiter && line.split(d).length === columns);
    if (other)
      return {
        status: 422,
        row,
        reason: `The columns are separated by ${DELIMITER_NAMES[shape.delimiter]}, but from row ${row} they are separated by ${DELIMITER_NAMES[other]}. Export the file again with one separator throughout.`,
      };
  }
  return null;
}

/**
 * The file's cells, row 0 its header, read off the main thread within the limits; or why it cannot be read.
 * `bytes` is handed to the thread and cannot be used after.
 */
export async function readFeedFile(
  bytes: Uint8Array,
  limits: FeedFileLimits = DEFAULT_FEED_FILE_LIMITS,
): Promise<FeedTable> {
  const sniffed = sniffFeedFile(bytes);
  if (!sniffed.ok) return sniffed;
  const { shape } = sniffed;
  const answer = await inTurn(() => runThread(bytes, shape, limits));
  const refuse = (status: FeedRefusal["status"], reason: string, row?: number): FeedTable => ({
    ok: false,
    refusal: { status, reason, ...(row === undefined ? {} : { row }) },
  });
  if (answer === "memory" || ("stopped" in answer && answer.stopped === "unpacked"))
    return refuse(
      422,
      "The file is too large to read: unpacked, it needs more memory than one import may use. Split it, or leave out columns the site does not read.",
    );
  if ("stopped" in answer)
    return answer.stopped === "rows"
      ? refuse(
          422,
          `The file has more than ${formatNumber(limits.maxRows)} vehicle rows, the most one import takes. Check that it is the stock list, or split it.`,
          answer.row,
        )
      : refuse(
          422,
          `${rowWords(answer.row).replace(/^./, (c) => c.toUpperCase())} has ${answer.columns} columns; a stock list may have at most ${limits.maxColumns}.`,
          answer.row,
        );
  if ("csvError" in answer) {
    const { code, row, message } = answer.csvError;
    return refuse(422, csvErrorWords(shape, code, row, message), row);
  }
  if ("xlsxError" in answer)
    return refuse(
      422,
      `The Excel workbook cannot be read (${answer.xlsxError}). Save it again as .xlsx, or export CSV.`,
    );
  const changed = changedDelimiter(shape, answer.records);
  if (changed) return { ok: false, refusal: changed };
  return { ok: true, shape, records: answer.records };
}
