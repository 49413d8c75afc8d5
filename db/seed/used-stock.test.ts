import { describe, expect, it } from "vitest";
import { BODY_TYPES } from "../../core/inventory/used-query.ts";
import { bodyTypeOf, USED_MAKES } from "./used-stock.ts";

/** Issue 17: "The seed gives every vehicle a body type", for every model it can draw, not only those a sample picked. */
describe("the seed's body types", () => {
  it("gives every make and model of the used stock a body type of the list, never 'Other'", () => {
    for (const make of USED_MAKES) {
      for (const model of make.models) {
        const body = bodyTypeOf(model);
        expect(BODY_TYPES, `${make.name} ${model.name}`).toContain(body);
        expect(body, `${make.name} ${model.name}`).not.toBe("Other");
      }
    }
  });

  it("names motorcycles and bakkies by what they are, cars by their shape", () => {
    const model = (makeName: string, modelName: string) => USED_MAKES.find((m) => m.name === makeName)!.models.find((m) => m.name === modelName)!;
    expect(bodyTypeOf(model("Honda", "NC750X"))).toBe("Motorcycle");
    expect(bodyTypeOf(model("Toyota", "Hilux"))).toBe("Bakkie");
    expect(bodyTypeOf(model("Honda", "Jazz"))).toBe("Hatchback");
    expect(bodyTypeOf(model("Honda", "CR-V"))).toBe("SUV");
    expect(bodyTypeOf(model("Honda", "BR-V"))).toBe("MPV");
    expect(bodyTypeOf(model("Honda", "Ballade"))).toBe("Sedan");
  });
});
