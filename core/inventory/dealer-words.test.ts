import { describe, expect, it } from "vitest";
import { dealerWords, featureList } from "./dealer-words.ts";

describe("the dealer's words", () => {
  it("reads a features list however the DMS separates it: lines, semicolons, pipes, commas, bullets", () => {
    expect(featureList("Aircon, Cruise control;Tow bar|Leather seats\r\n- Sunroof\n• Two keys,,")).toEqual([
      "Aircon",
      "Cruise control",
      "Tow bar",
      "Leather seats",
      "Sunroof",
      "Two keys",
    ]);
    expect(featureList(null)).toEqual([]);
  });

  it("gives a channel the description, then the features as one line; null when the dealer wrote nothing", () => {
    expect(dealerWords(" One owner. ", "Tow bar; Aircon")).toBe("One owner.\n\nFeatures: Tow bar, Aircon.");
    expect(dealerWords(null, "Tow bar")).toBe("Features: Tow bar.");
    expect(dealerWords("  ", " ")).toBeNull();
  });
});
