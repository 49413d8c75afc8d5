import { describe, expect, it } from "vitest";
import { breadcrumbsFor } from "./breadcrumbs.ts";
import { siteNavigation } from "./navigation.ts";

describe("breadcrumbsFor", () => {
  it("names each segment as the site names it: dealer, make, model and vehicle", () => {
    const names = { "honda-sandton": "Honda Sandton", honda: "Honda", "cr-v": "CR-V", "310": "2024 Honda CR-V" };
    expect(breadcrumbsFor("/dealer/honda-sandton/used/honda/cr-v/310", names)).toEqual([
      { label: "Dealers", href: "/dealer" },
      { label: "Honda Sandton", href: "/dealer/honda-sandton" },
      { label: "Used Cars", href: "/dealer/honda-sandton/used" },
      { label: "Honda", href: "/dealer/honda-sandton/used/honda" },
      { label: "CR-V", href: "/dealer/honda-sandton/used/honda/cr-v" },
      { label: "2024 Honda CR-V", href: "/dealer/honda-sandton/used/honda/cr-v/310" },
    ]);
  });

  it("uses the header's word for a section, News for /blog among them", () => {
    const { main, top } = siteNavigation(null);
    for (const item of [...main, ...top]) {
      expect(breadcrumbsFor(item.path).at(-1)?.label, item.path).toBe(item.label);
    }
    expect(breadcrumbsFor("/blog/a-post", { "a-post": "A Post's Title" }).map((crumb) => crumb.label)).toEqual([
      "News",
      "A Post's Title",
    ]);
  });

  it("turns the hyphens of a segment nobody named into spaces, its first letter a capital", () => {
    expect(breadcrumbsFor("/used/some-make/odd-model").map((crumb) => crumb.label)).toEqual([
      "Used Cars",
      "Some make",
      "Odd model",
    ]);
  });

  it("names a section only where sections are: a model called like one keeps its own name", () => {
    expect(breadcrumbsFor("/used/honda/service").at(-1)?.label).toBe("Service");
    expect(breadcrumbsFor("/new/honda/parts", { parts: "Parts Bin" }).at(-1)?.label).toBe("Parts Bin");
    expect(breadcrumbsFor("/alerts/new").map((crumb) => crumb.label)).toEqual(["Alerts", "New"]);
  });

  it("has no crumbs on the home page", () => {
    expect(breadcrumbsFor("/")).toEqual([]);
  });
});
