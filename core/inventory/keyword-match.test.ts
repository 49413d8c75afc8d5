import { describe, expect, it } from "vitest";
import { compileKeywords, keywordWords, nameMatches, termMatches } from "./keyword-match.ts";
import { parseIdList } from "./id-list.ts";
import { parseUsedVehicleQuery } from "./used-query.ts";

describe("nameMatches: make and model names forgive typos", () => {
  it.each([
    ["jazz", "Jazz"],
    ["jzaz", "Jazz"], // a transposition is one edit
    ["hodna", "Honda"],
    ["civc", "Civic"],
    ["corola", "Corolla Cross"], // a word of the name
    ["fortunr", "Fortuner"],
    ["crv", "CR-V"], // punctuation ignored
    ["cr-v", "CR-V"],
    ["merc", "Mercedes-Benz"], // the start of a name, from 3 letters
    ["volkswagn", "Volkswagen"],
  ])("'%s' names %s", (word, name) => expect(nameMatches(word, name)).toBe(true));

  it.each([
    ["hrv", "CR-V"], // short words and model codes must be exact: one edit names another model
    ["cr", "Civic"],
    ["polo", "Golf"],
    ["auto", "Audi"],
    ["cb650", "CBR650R"],
  ])("'%s' does not name %s", (word, name) => expect(nameMatches(word, name)).toBe(false));
});

describe("termMatches", () => {
  const vehicle = {
    make: 1,
    model: 7,
    variant: "1.5 elegance cvt",
    colour: "pearl white",
    fuel: "petrol",
    transmission: "automatic",
    bodyType: "hatchback",
    year: 2021,
  };
  const vocabulary = { makes: [{ key: 1, name: "Honda" }], models: [{ key: 7, name: "Jazz" }] };
  const matches = (keywords: string) =>
    compileKeywords(keywords, vocabulary).every((term) => termMatches(term, vehicle));

  it("needs every word to match a field", () => {
    expect(matches("jazz auto")).toBe(true);
    expect(matches("honda 2021 white")).toBe(true);
    expect(matches("jzaz elegance hatch")).toBe(true);
    expect(matches("jazz diesel")).toBe(false);
    expect(matches("jazz 2020")).toBe(false);
  });

  it("splits on spaces, lower-cases, and keeps each word once", () => {
    expect(keywordWords("  Jazz  AUTO jazz ")).toEqual(["jazz", "auto"]);
  });
});

describe("the new query parameters", () => {
  const parse = (query: string) => parseUsedVehicleQuery(new URLSearchParams(query));

  it("reads ranges, option lists and keywords, leaving absent ones out", () => {
    expect(
      parse(
        "price[gte]=100000&price[lte]=350000&year[gte]=2019&mileage[lte]=80000&bodyType[]=suv&colour[]=White&province[]=gauteng&dealer[]=honda-sandton&q=  jazz   auto ",
      ),
    ).toMatchObject({
      ok: true,
      value: {
        priceMin: 100_000,
        priceMax: 350_000,
        yearMin: 2019,
        mileageMax: 80_000,
        bodyTypes: ["SUV"],
        colours: ["white"],
        provinces: ["Gauteng"],
        dealerSlugs: ["honda-sandton"],
        keywords: "jazz auto",
      },
    });
    const plain = parse("fuelType=Petrol");
    expect(plain.ok && "priceMax" in plain.value).toBe(false);
  });

  it("'Any' and empty values clear a filter", () => {
    expect(parse("price[lte]=&bodyType[]=Any&bodyType[]=SUV&q=")).toMatchObject({ ok: true, value: {} });
    const cleared = parse("bodyType[]=Any&bodyType[]=SUV");
    expect(cleared.ok && cleared.value.bodyTypes).toBeUndefined();
  });
});

describe("parseIdList (/saved and /compare)", () => {
  it("reads ids once each, in order, up to the limit", () => {
    expect(parseIdList("12, 7,12,3", 3)).toEqual({ ok: true, value: [12, 7, 3] });
    expect(parseIdList(null, 3)).toEqual({ ok: true, value: [] });
    expect(parseIdList("1,2,3,4", 3).ok).toBe(false);
    expect(parseIdList("1,x", 3).ok).toBe(false);
    expect(parseIdList("0", 3).ok).toBe(false);
  });
});
