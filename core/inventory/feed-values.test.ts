import { describe, expect, it } from "vitest";
import { readDate, readNumber, readUrlList } from "./feed-values.ts";

describe("reading a cell as DMSs write it", () => {
  it("reads amounts with a currency, spaces, thousands separators and cents either way", () => {
    expect(
      ["R 529 900", "R529,900.00", "489900.00", "489 900,00", "R529.900,00", "ZAR 529900"].map(readNumber),
    ).toEqual([529900, 529900, 489900, 489900, 529900, 529900]);
  });

  it("reads odometers with their unit and a no-break space", () => {
    expect(["78 500 km", "78\u00a0500km", "120,300 KMs", "0"].map(readNumber)).toEqual([78500, 78500, 120300, 0]);
  });

  it("keeps a fraction a fraction and reads nothing from words", () => {
    expect(readNumber("489900.50")).toBe(489900.5);
    expect(readNumber("POA")).toBeUndefined();
    expect(readNumber("12-000")).toBeUndefined();
  });

  it("reads dates day first or ISO, and refuses days that do not exist", () => {
    expect(readDate("15/03/2021")).toEqual({ year: 2021, month: 3, day: 15 });
    expect(readDate("2021-03-15T08:00:00Z")).toEqual({ year: 2021, month: 3, day: 15 });
    expect(readDate("31/02/2021")).toBeUndefined();
    expect(readDate("2021")).toBeUndefined();
  });

  it("splits photo URLs on commas, semicolons, pipes and spaces, keeping a comma inside a URL", () => {
    expect(
      readUrlList(
        "https://a.example/1.jpg,https://a.example/2.jpg; https://img.example/w_800,h_600/3.jpg|https://a.example/4.jpg https://a.example/1.jpg",
      ),
    ).toEqual([
      "https://a.example/1.jpg",
      "https://a.example/2.jpg",
      "https://img.example/w_800,h_600/3.jpg",
      "https://a.example/4.jpg",
    ]);
  });
});
