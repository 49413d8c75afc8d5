import { describe, expect, it } from "vitest";
import { detectDelimiter, detectEncoding, readFeedFile } from "./feed-file.ts";

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

describe("a stock file's shape", () => {
  it("finds the encoding from the byte-order mark, UTF-16's zero bytes, or whether the bytes are UTF-8", () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe("utf-8");
    expect(detectEncoding(new Uint8Array([0xff, 0xfe, 0x61, 0]))).toBe("utf-16le");
    expect(detectEncoding(new Uint8Array([0xfe, 0xff, 0, 0x61]))).toBe("utf-16be");
    expect(detectEncoding(new Uint8Array(Buffer.from("Make,Model\nCitroën,C3", "utf8")))).toBe("utf-8");
    expect(detectEncoding(latin1("Make,Model\nCitroën,C3"))).toBe("windows-1252");
  });

  it("finds the separator the header and most rows agree on, not one inside quotes", () => {
    expect(detectDelimiter('a;b;c\n1;"2,5";3\n4;5;6')).toBe(";");
    expect(detectDelimiter("a\tb\tc\n1\t2, 3\t4")).toBe("\t");
    expect(detectDelimiter("a|b|c\n1|2|3")).toBe("|");
    expect(detectDelimiter("a,b;c\n1,2;3\n4,5;6")).toBe(",");
  });

  it("reads Windows-1252 semicolon CSV with CRLF and quoted separators into cells", async () => {
    expect(await readFeedFile(latin1('Stock Code;Comments\r\nA1;"Café; one owner"\r\n'))).toEqual({
      ok: true,
      shape: { kind: "csv", encoding: "windows-1252", delimiter: ";" },
      records: [
        ["Stock Code", "Comments"],
        ["A1", "Café; one owner"],
      ],
    });
  });

  it("says why a file cannot be read, naming the separator and the row", async () => {
    const unclosed = await readFeedFile(latin1('a;b;c\r\n1;2;3\r\n4;"5;6\r\n7;8;9\r\n'));
    expect(unclosed).toEqual({
      ok: false,
      refusal: {
        status: 422,
        row: 2,
        reason:
          'The columns are separated by semicolons, but row 2 has a quote (") that is never closed, so the rest of the file would be one cell. Close the quote, or remove it.',
      },
    });
  });

  it("stops at the row limit and refuses an image or PDF as not a stock list", async () => {
    const limits = { maxRows: 3, maxColumns: 10, memoryMb: 64 };
    expect(await readFeedFile(latin1("h\n1\n2\n3\n4\n"), limits)).toMatchObject({
      ok: false,
      refusal: { status: 422, row: 4 },
    });
    expect(await readFeedFile(latin1("h\n1\n2\n3\n"), limits)).toMatchObject({ ok: true });
    expect(await readFeedFile(latin1("%PDF-1.7\n..."))).toMatchObject({ ok: false, refusal: { status: 415 } });
  });

  it("reads several files sent at once, each to its end (two threads at a time, the others waiting their turn)", async () => {
    const files = Array.from({ length: 5 }, (_, i) => latin1(`Stock;Price\r\nS${i};R ${i}00 000\r\n`));
    const tables = await Promise.all(files.map((file) => readFeedFile(file)));
    expect(tables.map((table) => (table.ok ? table.records[1] : null))).toEqual(
      Array.from({ length: 5 }, (_, i) => [`S${i}`, `R ${i}00 000`]),
    );
  });
});
