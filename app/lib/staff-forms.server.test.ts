import { describe, expect, it } from "vitest";
import { safeStaffPath } from "./staff-forms.server.ts";

describe("safeStaffPath", () => {
  it("keeps a back-office address with its query and fragment", () => {
    expect(safeStaffPath("/staff")).toBe("/staff");
    expect(safeStaffPath("/staff/leads?status=new&dealer=2")).toBe("/staff/leads?status=new&dealer=2");
    expect(safeStaffPath("/staff?x=1")).toBe("/staff?x=1");
    expect(safeStaffPath("/staff/leads#filters")).toBe("/staff/leads#filters");
  });

  it("percent-encodes what a header cannot carry, so that the redirect can be written", () => {
    expect(safeStaffPath("/staff/€")).toBe("/staff/%E2%82%AC");
    expect(safeStaffPath("/staff/\u2028x")).toBe("/staff/%E2%80%A8x");
    expect(safeStaffPath("/staff/a b?q=é")).toBe("/staff/a%20b?q=%C3%A9");
    // A line break is dropped as the browser drops it: no header can be split.
    expect(safeStaffPath("/staff/\r\nSet-Cookie: x=1")).toBe("/staff/Set-Cookie:%20x=1");
  });

  it("sends anything else to the back office's home", () => {
    for (const next of [
      null,
      "",
      "staff",
      "https://evil.example/staff",
      "//evil.example/staff",
      "/\\evil.example/staff",
      "/\t/evil.example/staff",
      "/staff/../leads",
      "/staffing",
      "/",
      "/used",
    ]) {
      expect(safeStaffPath(next), String(next)).toBe("/staff");
    }
  });
});
