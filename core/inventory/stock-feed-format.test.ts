import { describe, expect, it } from "vitest";
import { feedFormatOf, parseFeed, photoUrlsOf } from "./stock-feed-format.ts";

const HEADER = "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition";

describe("reading a CSV feed", () => {
  it("reads one vehicle a row under the header, with quoted commas, line breaks, a BOM and CRLF", () => {
    const csv = `\uFEFF${HEADER},description,photos\r\nSND-1,Honda,Jazz,1.5 Elegance,2021,"42 000",R249900,Manual,Petrol,White,Used,"One owner, full history\nService book",https://p.example/1.jpg|https://p.example/2.jpg\r\n`;
    const parsed = parseFeed(csv, "csv");
    expect(parsed).toEqual({
      ok: true,
      rows: [
        {
          row: 1,
          unknownFields: [],
          values: {
            stockNumber: "SND-1",
            make: "Honda",
            model: "Jazz",
            variant: "1.5 Elegance",
            year: "2021",
            mileage: "42 000",
            price: "R249900",
            transmission: "Manual",
            fuelType: "Petrol",
            colour: "White",
            condition: "Used",
            description: "One owner, full history\nService book",
            photos: "https://p.example/1.jpg|https://p.example/2.jpg",
          },
        },
      ],
    });
  });

  it("matches column names without case, spaces or underscores", () => {
    const parsed = parseFeed("Stock number,MAKE,Model,Variant,Year,Mileage,Price,Transmission,fuel_type,Colour,Condition\nA1,Honda,Jazz,x,2020,1,2000,Manual,Petrol,Red,Used\n", "csv");
    expect(parsed.ok && parsed.rows[0]!.values).toMatchObject({ stockNumber: "A1", fuelType: "Petrol" });
  });

  it("refuses a file whose first line is not a header, naming the unknown columns", () => {
    const parsed = parseFeed("SND-1,Honda,Jazz\n", "csv");
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(/unknown columns: "SND-1", "Honda", "Jazz".*the first line must be the header/);
  });

  it("refuses a header without the required columns, or naming one twice", () => {
    const missing = parseFeed("stockNumber,make\nA,Honda\n", "csv");
    expect(!missing.ok && missing.reason).toMatch(/lacks required columns: model, variant, year, mileage, price, transmission, fuelType, colour, condition/);
    const twice = parseFeed(`${HEADER},Stock number\n`, "csv");
    expect(!twice.ok && twice.reason).toMatch(/more than once: stockNumber/);
  });

  it("marks a row with a different number of cells as that row's problem, keeping its stock number", () => {
    const ragged = parseFeed(`${HEADER}\nA1,Honda,Jazz\nA2,Honda,Jazz,x,2020,1,2000,Manual,Petrol,Red,Used\n`, "csv");
    expect(ragged).toEqual({
      ok: true,
      rows: [
        { row: 1, values: { stockNumber: "A1" }, unknownFields: [], problem: 'The row has 3 cells but the header has 11 columns (a comma in a value must be inside "quotes")' },
        expect.objectContaining({ row: 2, unknownFields: [] }),
      ],
    });
  });

  it("refuses an unclosed quote and a feed with no vehicles", () => {
    const unclosed = parseFeed(`${HEADER}\n"A1,Honda,Jazz,x,2020,1,2000,Manual,Petrol,Red,Used\n`, "csv");
    expect(!unclosed.ok && unclosed.reason).toMatch(/^The CSV cannot be read: .*quote/i);
    const empty = parseFeed(`${HEADER}\n`, "csv");
    expect(!empty.ok && empty.reason).toMatch(/no vehicles/);
    expect(parseFeed("", "csv").ok).toBe(false);
  });
});

describe("reading a JSON feed", () => {
  it("takes an array or {vehicles: [...]}, noting fields it does not know and items that are not objects", () => {
    const vehicle = { stockNumber: "A1", make: "Honda", photos: ["https://p.example/1.jpg"], mystery: 1 };
    for (const body of [JSON.stringify([vehicle, 42]), JSON.stringify({ vehicles: [vehicle, 42] })]) {
      const parsed = parseFeed(body, "json");
      expect(parsed).toEqual({
        ok: true,
        rows: [
          { row: 1, values: { stockNumber: "A1", make: "Honda", photos: ["https://p.example/1.jpg"] }, unknownFields: ["mystery"] },
          { row: 2, values: {}, unknownFields: [], problem: "Each vehicle must be a JSON object" },
        ],
      });
    }
  });

  it("refuses text that is not JSON, and JSON that is not a list of vehicles", () => {
    expect(parseFeed("{not json", "json")).toMatchObject({ ok: false, reason: expect.stringMatching(/^The JSON cannot be read/) });
    expect(parseFeed('{"cars": []}', "json")).toMatchObject({ ok: false, reason: expect.stringMatching(/array of vehicles/) });
    expect(parseFeed("[]", "json")).toMatchObject({ ok: false, reason: expect.stringMatching(/no vehicles/) });
  });
});

describe("the feed's format and photo lists", () => {
  it("is chosen by Content-Type", () => {
    expect(feedFormatOf("text/csv; charset=utf-8")).toBe("csv");
    expect(feedFormatOf("application/json")).toBe("json");
    expect(feedFormatOf("text/plain")).toBeNull();
    expect(feedFormatOf(undefined)).toBeNull();
  });

  it("splits photo URLs on | or white space, without blanks or repeats", () => {
    expect(photoUrlsOf(" https://a/1.jpg | https://a/2.jpg\nhttps://a/3.jpg  https://a/1.jpg ||")).toEqual(["https://a/1.jpg", "https://a/2.jpg", "https://a/3.jpg"]);
    expect(photoUrlsOf(["https://a/1.jpg", 7, "https://a/2.jpg"])).toEqual(["https://a/1.jpg", "https://a/2.jpg"]);
    expect(photoUrlsOf(undefined)).toEqual([]);
  });
});
