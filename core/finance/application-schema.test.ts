import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idNumberProblem, luhnCheckDigit } from "./id-number.ts";
import { isSouthAfricanPhone, SA_PHONE_PATTERN } from "./application-schema.ts";

/** The finance application's rules as the API's document states them never allow what the server refuses. */
describe("the finance application's documented patterns", () => {
  it("phone: every spelling the pattern allows is a South African number to the server", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(new RegExp(SA_PHONE_PATTERN), { size: "xsmall" }).filter((raw) => raw.trim().length <= 30),
        (raw) => {
          expect(isSouthAfricanPhone(raw.trim()), JSON.stringify(raw)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
    for (const refused of ["082 123 456", "+44 20 7946 0958", "0012345678", "abc"]) {
      expect(new RegExp(SA_PHONE_PATTERN).test(refused), refused).toBe(false);
      expect(isSouthAfricanPhone(refused), refused).toBe(false);
    }
  });

  it("ID number: the documented rule (a real date of birth, 0 or 1 for citizenship, the Luhn check digit) is the server's", () => {
    const birth = fc.date({
      min: new Date("1930-01-01T00:00:00Z"),
      max: new Date("2007-12-31T00:00:00Z"),
      noInvalidDate: true,
    });
    const id = fc
      .tuple(birth, fc.stringMatching(/^\d{4}$/), fc.constantFrom("0", "1"), fc.stringMatching(/^\d$/))
      .map(([date, sequence, citizenship, digit]) => {
        const twelve = `${date.toISOString().slice(2, 10).replaceAll("-", "")}${sequence}${citizenship}${digit}`;
        return `${twelve}${luhnCheckDigit(twelve)}`;
      });
    fc.assert(
      fc.property(id, (valid) => {
        expect(idNumberProblem(valid), valid).toBeNull();
      }),
    );
    fc.assert(
      fc.property(id, fc.integer({ min: 1, max: 9 }), (valid, change) => {
        const wrongCheck = `${valid.slice(0, 12)}${(Number(valid[12]) + change) % 10}`;
        expect(idNumberProblem(wrongCheck)).toBe("checkDigit");
      }),
    );
  });
});
