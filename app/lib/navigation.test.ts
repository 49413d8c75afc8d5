import { describe, expect, it } from "vitest";
import { currentState, scopedHref, sectionPath, siteNavigation } from "./navigation.ts";

const sandton = { slug: "honda-sandton", is_wing: false };
const wingDurban = { slug: "honda-wing-durban", is_wing: true };

describe("siteNavigation", () => {
  it("shows every item unprefixed for the whole group", () => {
    const { main, top } = siteNavigation(null);
    expect(main.map((item) => [item.label, item.href])).toEqual([
      ["New Cars", "/new"],
      ["Used Cars", "/used"],
      ["Honda Wing", "/honda-wing"],
      ["Specials", "/specials"],
      ["Service", "/service"],
      ["Parts", "/parts"],
      ["Finance", "/finance"],
      ["Dealers", "/dealer"],
    ]);
    expect(top.map((item) => [item.label, item.href])).toEqual([
      ["News", "/blog"],
      ["Contact", "/contact"],
    ]);
  });

  it("prefixes scoped items for a car dealer, keeps group-only ones and hides Honda Wing", () => {
    const { main, top } = siteNavigation(sandton);
    expect(main.map((item) => [item.label, item.href])).toEqual([
      ["New Cars", "/dealer/honda-sandton/new"],
      ["Used Cars", "/dealer/honda-sandton/used"],
      ["Specials", "/dealer/honda-sandton/specials"],
      ["Service", "/dealer/honda-sandton/service"],
      ["Parts", "/dealer/honda-sandton/parts"],
      ["Finance", "/finance"],
      ["Dealers", "/dealer/honda-sandton/dealer"],
    ]);
    expect(top.map((item) => item.href)).toEqual(["/blog", "/contact"]);
  });

  it("keeps only Honda Wing, Specials and Used among prefixed items for a wing dealer", () => {
    const { main, top } = siteNavigation(wingDurban);
    expect(main.map((item) => [item.label, item.href])).toEqual([
      ["Used Cars", "/dealer/honda-wing-durban/used"],
      ["Honda Wing", "/dealer/honda-wing-durban/honda-wing"],
      ["Specials", "/dealer/honda-wing-durban/specials"],
      ["Finance", "/finance"],
    ]);
    expect(top.map((item) => item.href)).toEqual(["/blog", "/contact"]);
  });
});

describe("scopedHref", () => {
  it("prefixes scoped paths and leaves group-only ones alone", () => {
    expect(scopedHref(null, "/popia")).toBe("/popia");
    expect(scopedHref(sandton, "/popia")).toBe("/dealer/honda-sandton/popia");
    expect(scopedHref(sandton, "/blog")).toBe("/blog");
    expect(scopedHref(sandton, "/blog/some-post")).toBe("/blog/some-post");
    expect(scopedHref(sandton, "/finance")).toBe("/finance");
  });

  it("sends a wing dealer's visitors to the group page for routes a wing dealer does not show", () => {
    expect(scopedHref(wingDurban, "/new")).toBe("/new");
    expect(scopedHref(wingDurban, "/used")).toBe("/dealer/honda-wing-durban/used");
    expect(scopedHref(wingDurban, "/specials")).toBe("/dealer/honda-wing-durban/specials");
  });
});

describe("currentState", () => {
  const item = (path: string) => ({ path });

  it("marks the item of the page itself", () => {
    expect(currentState("/used", item("/used"))).toBe("page");
    expect(currentState("/used/", item("/used"))).toBe("page");
    expect(currentState("/dealer/honda-sandton/used", item("/used"))).toBe("page");
    expect(currentState("/dealer", item("/dealer"))).toBe("page");
  });

  it("marks the section of a page deeper down", () => {
    expect(currentState("/blog/a-post", item("/blog"))).toBe("true");
    expect(currentState("/dealer/honda-sandton/new/honda/civic", item("/new"))).toBe("true");
    expect(currentState("/dealer/honda-sandton", item("/dealer"))).toBe("true");
  });

  it("does not mark unrelated items or prefixes of other words", () => {
    expect(currentState("/used", item("/new"))).toBeUndefined();
    expect(currentState("/newsletter", item("/new"))).toBeUndefined();
    expect(currentState("/", item("/new"))).toBeUndefined();
    expect(currentState("/dealer/honda-sandton/used", item("/dealer"))).toBeUndefined();
  });
});

describe("sectionPath", () => {
  it("strips the dealer prefix only when a page follows it", () => {
    expect(sectionPath("/dealer/honda-sandton/specials")).toBe("/specials");
    expect(sectionPath("/dealer/honda-sandton")).toBe("/dealer/honda-sandton");
    expect(sectionPath("/dealer")).toBe("/dealer");
  });
});
