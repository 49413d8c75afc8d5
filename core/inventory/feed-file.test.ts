import { deflateRawSync, constants as zlibConstants } from "node:zlib";
import { describe, expect, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import { detectDelimiter, detectEncoding, readFeedFile } from "./feed-file.server.ts";

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

  it("refuses an Excel workbook that unpacks to more than half the thread's heap, and still reads a real one", async () => {
    const refused = await readFeedFile(zipBomb(2_400), { maxRows: 100, maxColumns: 10, memoryMb: 512 });
    expect(refused).toMatchObject({ ok: false, refusal: { status: 422 } });
    const workbook = await writeExcelFile([
      [{ value: "Stock No" }, { value: "Price" }],
      [{ value: "S1" }, { value: 189900 }],
    ]).toBuffer();
    expect(await readFeedFile(new Uint8Array(workbook))).toMatchObject({
      ok: true,
      records: [
        ["Stock No", "Price"],
        ["S1", "189900"],
      ],
    });
  });
});

/**
 * An .xlsx whose one sheet unpacks to `megabytes` MB of spaces from a few MB: 16 MB blocks compressed once and
 * repeated (each ends with a full flush, so the copies join into one stream), as a zip bomb is built.
 */
function zipBomb(megabytes: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(16 * 1024 * 1024, " "), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const head = deflateRawSync(
    Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Stock No</t></is></c></row>'),
    {
      finishFlush: zlibConstants.Z_FULL_FLUSH,
    },
  );
  const data = Buffer.concat([
    head,
    ...Array.from({ length: Math.ceil(megabytes / 16) }, () => block),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(0xfffffffe, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(0xfffffffe, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}
