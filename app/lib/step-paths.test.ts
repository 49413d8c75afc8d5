import { describe, expect, it } from "vitest";
import { breadcrumbsFor } from "./breadcrumbs.ts";
import { pageAboveStep } from "./step-paths.ts";

describe("pageAboveStep", () => {
  it("leads each step of a page's path that is no page of its own to the page a buyer going up wants", () => {
    expect(pageAboveStep("/book-test-drive")).toBe("/new");
    expect(pageAboveStep("/book-test-drive/honda")).toBe("/new");
    expect(pageAboveStep("/new/honda/cr-v/1-5t-comfort-cvt")).toBe("/new/honda/cr-v");
    expect(pageAboveStep("/honda-wing/honda")).toBe("/honda-wing");
    expect(pageAboveStep("/honda-wing/honda/crf1100l-africa-twin/dct")).toBe("/honda-wing/honda/crf1100l-africa-twin");
    expect(pageAboveStep("/alerts")).toBe("/alerts/new");
    expect(pageAboveStep("/alerts/manage")).toBe("/alerts/new");
    expect(pageAboveStep("/honda-wing/honda/")).toBe("/honda-wing");
  });

  it("keeps a dealer's prefix, and has no group-only step under it", () => {
    expect(pageAboveStep("/dealer/honda-sandton/book-test-drive/honda")).toBe("/dealer/honda-sandton/new");
    expect(pageAboveStep("/dealer/honda-wing-midrand/honda-wing/honda")).toBe("/dealer/honda-wing-midrand/honda-wing");
    expect(pageAboveStep("/dealer/honda-sandton/alerts")).toBeNull();
  });

  it("leaves every other address to the not-found page", () => {
    for (const path of [
      "/",
      "/book-test-drive/honda/jazz/more/still",
      "/nothing",
      "/new/honda/cr-v/x/y/z",
      "/alerts/x",
    ]) {
      expect(pageAboveStep(path), path).toBeNull();
    }
  });

  it("covers every step of the paths the breadcrumbs link that matches no route", () => {
    const crumbs = breadcrumbsFor("/dealer/honda-sandton/book-test-drive/honda/cr-v/thank-you").map((c) => c.href);
    expect(crumbs.slice(2, 4).map(pageAboveStep)).toEqual(["/dealer/honda-sandton/new", "/dealer/honda-sandton/new"]);
  });
});
