import { describe, expect, it } from "vitest";
import { feedColumnOf, feedFormatOf, parseFeed, photoUrlsOf } from "./stock-feed-format.server.ts";

const HEADER = "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition";

describe("reading a CSV feed", () => {
  it("reads one vehicle a row under the header, with quoted commas, line breaks, a BOM and CRLF", () => {
    const csv = `\uFEFF${HEADER},description,photos\r\nSND-1,Honda,Jazz,1.5 Elegance,2021,"42 000",R249900,Manual,Petrol,White,Used,"One owner, full history\nService book",https://p.example/1.jpg|https://p.example/2.jpg\r\n`;
    const parsed = parseFeed(csv, "csv");
    expect(parsed).toMatchObject({
      ok: true,
      rows: [
        {
          row: 1,
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
    const parsed = parseFeed(
      "Stock number,MAKE,Model,Variant,Year,Mileage,Price,Transmission,fuel_type,Colour,Condition\nA1,Honda,Jazz,x,2020,1,2000,Manual,Petrol,Red,Used\n",
      "csv",
    );
    expect(parsed.ok && parsed.rows[0]!.values).toMatchObject({ stockNumber: "A1", fuelType: "Petrol" });
  });

  it("refuses a file whose first line is not a header, naming the columns it could not place", () => {
    const parsed = parseFeed("SND-1,Honda,Jazz\n", "csv");
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(
      /lacks required columns: .*the first line must be the header.*could not place: "SND-1", "Honda", "Jazz"/,
    );
  });

  it("refuses a header without the required columns; of two columns for one field it reads the first and reports the other", () => {
    const missing = parseFeed("stockNumber,make\nA,Honda\n", "csv");
    expect(!missing.ok && missing.reason).toMatch(
      /lacks required columns: model, variant, year, mileage, price, transmission, fuelType, colour, condition/,
    );
    const twice = parseFeed(`${HEADER},Stock number\nA1,Honda,Jazz,x,2020,1,2000,Manual,Petrol,Red,Used,B2\n`, "csv");
    expect(twice.ok && twice.rows[0]!.values.stockNumber).toBe("A1");
    expect(twice.ok && twice.columns.ignored).toEqual([
      { header: "Stock number", reason: 'stockNumber is read from "stockNumber"' },
    ]);
  });

  it("marks a row with a different number of cells as that row's problem, keeping its stock number", () => {
    const ragged = parseFeed(`${HEADER}\nA1,Honda,Jazz\nA2,Honda,Jazz,x,2020,1,2000,Manual,Petrol,Red,Used\n`, "csv");
    expect(ragged).toMatchObject({
      ok: true,
      rows: [
        {
          row: 1,
          values: { stockNumber: "A1" },
          problem: 'The row has 3 cells but the header has 11 columns (a separator in a value must be inside "quotes")',
        },
        expect.objectContaining({ row: 2 }),
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
  it("takes an array or {vehicles: [...]}, reporting fields it does not know as ignored and items that are not objects as problems", () => {
    const vehicle = { stockNumber: "A1", make: "Honda", photos: ["https://p.example/1.jpg"], mystery: 1 };
    for (const body of [JSON.stringify([vehicle, 42]), JSON.stringify({ vehicles: [vehicle, 42] })]) {
      const parsed = parseFeed(body, "json");
      expect(parsed).toEqual({
        ok: true,
        rows: [
          { row: 1, values: { stockNumber: "A1", make: "Honda", photos: ["https://p.example/1.jpg"] } },
          { row: 2, values: {}, problem: "Each vehicle must be a JSON object" },
        ],
        columns: {
          used: [
            { header: "stockNumber", column: "stockNumber" },
            { header: "make", column: "make" },
            { header: "photos", column: "photos" },
          ],
          ignored: [{ header: "mystery", reason: "not a column the site knows" }],
        },
      });
    }
  });

  it("refuses text that is not JSON, and JSON that is not a list of vehicles", () => {
    expect(parseFeed("{not json", "json")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^The JSON cannot be read/),
    });
    expect(parseFeed('{"cars": []}', "json")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/array of vehicles/),
    });
    expect(parseFeed("[]", "json")).toMatchObject({ ok: false, reason: expect.stringMatching(/no vehicles/) });
  });
});

const AUTOSLM_HEADER =
  "StockNo,VinNo,MMCode,Regno,Make,Model,Variant,ModelYear,Mileage,Colour,Fuel,Transmission,Bodytype,Price,NewUsed,Description,Branch";

describe("reading a DMS's own export", () => {
  it("places AutoSLM-style headers and reports each column it read and the ones it ignored", () => {
    const parsed = parseFeed(
      `${AUTOSLM_HEADER}\nU1234,AAVZZZ6RZEU012345,64012345,CA 123-456,VW,Polo Vivo,1.4 Trendline,2019,"88 000",White,Petrol,Manual,Hatch,R159 900,U,One owner,Main\n`,
      "csv",
    );
    expect(parsed.ok && parsed.rows[0]!.values).toEqual({
      stockNumber: "U1234",
      vin: "AAVZZZ6RZEU012345",
      mmCode: "64012345",
      registration: "CA 123-456",
      make: "VW",
      model: "Polo Vivo",
      variant: "1.4 Trendline",
      year: "2019",
      mileage: "88 000",
      colour: "White",
      fuelType: "Petrol",
      transmission: "Manual",
      bodyType: "Hatch",
      price: "R159 900",
      condition: "U",
      description: "One owner",
    });
    expect(parsed.ok && parsed.columns.used.map((u) => `${u.header}=${u.column}`)).toEqual([
      "StockNo=stockNumber",
      "VinNo=vin",
      "MMCode=mmCode",
      "Regno=registration",
      "Make=make",
      "Model=model",
      "Variant=variant",
      "ModelYear=year",
      "Mileage=mileage",
      "Colour=colour",
      "Fuel=fuelType",
      "Transmission=transmission",
      "Bodytype=bodyType",
      "Price=price",
      "NewUsed=condition",
      "Description=description",
    ]);
    expect(parsed.ok && parsed.columns.ignored).toEqual([{ header: "Branch", reason: "not a column the site knows" }]);
  });
});

describe("reading a DMS's own headers", () => {
  it("knows the common alternatives, whatever their case, spaces and punctuation", () => {
    const names = [
      "Stock Number",
      "VIN",
      "Year",
      "Odometer",
      "Kilometres",
      "Selling Price",
      "Body Type",
      "Fuel Type",
      "Gearbox",
      "Condition",
      "New/Used",
      "Images",
      "Photo URLs",
      "stock_no",
      "REG NO.",
    ];
    expect(names.map(feedColumnOf)).toEqual([
      "stockNumber",
      "vin",
      "year",
      "mileage",
      "mileage",
      "price",
      "bodyType",
      "fuelType",
      "transmission",
      "condition",
      "condition",
      "photos",
      "photos",
      "stockNumber",
      "registration",
    ]);
  });

  it("reads a feed key's saved profile first: its headers for fields, and its words for values", () => {
    const profile = {
      columns: { stockNumber: "Veh Ref", price: "Inc VAT", year: "Yr" },
      valueMaps: { transmission: { "7G-Tronic": "Automatic" }, bodyType: { "Hi-Rider": "Bakkie" } },
    };
    const csv =
      "Veh Ref,Make,Model,Variant,Yr,KMs,Inc VAT,Gearbox,Fuel,Colour,Condition,Body,Price\nX9,Mercedes,C-Class,C200,2020,50000,R499900,7g-tronic,Petrol,Black,Used,Hi-Rider,1\n";
    const parsed = parseFeed(csv, "csv", profile);
    expect(parsed.ok && parsed.rows[0]!.values).toMatchObject({
      stockNumber: "X9",
      year: "2020",
      price: "R499900",
      transmission: "Automatic",
      bodyType: "Bakkie",
    });
    expect(parsed.ok && parsed.columns.ignored).toEqual([{ header: "Price", reason: 'price is read from "Inc VAT"' }]);
  });
});

describe("the feed's format and photo lists", () => {
  it("is chosen by Content-Type", () => {
    expect(feedFormatOf("text/csv; charset=utf-8")).toBe("csv");
    expect(feedFormatOf("application/json")).toBe("json");
    expect(feedFormatOf("text/plain")).toBe("csv");
    expect(feedFormatOf("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("csv");
    expect(feedFormatOf("image/png")).toBeNull();
    expect(feedFormatOf(undefined)).toBeNull();
  });

  it("splits photo URLs on | or white space, without blanks or repeats", () => {
    expect(photoUrlsOf(" https://a/1.jpg | https://a/2.jpg\nhttps://a/3.jpg  https://a/1.jpg ||")).toEqual([
      "https://a/1.jpg",
      "https://a/2.jpg",
      "https://a/3.jpg",
    ]);
    expect(photoUrlsOf(["https://a/1.jpg", 7, "https://a/2.jpg"])).toEqual(["https://a/1.jpg", "https://a/2.jpg"]);
    expect(photoUrlsOf(undefined)).toEqual([]);
  });
});
