import { describe, expect, it } from "vitest";
import { STEP_FIELDS } from "../../../core/finance/application-schema.ts";
import { fieldNamesOf, stepGroups } from "./fields.ts";

describe("the finance form's fields", () => {
  // The wizard knows a step's fields from the form it shows (the schemas load only when the buyer starts on
  // it), so the form must show each step's fields exactly as the schema checks them.
  it("are the schema's fields, step by step", () => {
    const sorted = (steps: string[][]) => steps.map((names) => [...names].sort());
    const steps = stepGroups([{ slug: "honda-sandton", dealerName: "Honda Sandton" }]);
    expect(sorted(steps.map(fieldNamesOf))).toEqual(sorted(STEP_FIELDS));
  });
});
