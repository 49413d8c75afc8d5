import { describe, expect, it } from "vitest";
import { DEMO_LEGAL_DETAILS } from "../core/dealers/group.ts";
import { groupLegalDetailsOf, loadEnv } from "./env.ts";

describe("the group's legal details (footer settings)", () => {
  it("show the demonstration values on a first start", () => {
    expect(groupLegalDetailsOf(loadEnv({}))).toEqual(DEMO_LEGAL_DETAILS);
  });

  it("take the group's own numbers, and 'none' leaves one out", () => {
    const env = loadEnv({
      GROUP_COMPANY_REGISTRATION: "1998/004321/07",
      GROUP_VAT_NUMBER: "4790112233",
      GROUP_CREDIT_PROVIDER_NUMBER: "NCRCP9876",
      GROUP_FSP_NUMBER: "none",
    });
    expect(groupLegalDetailsOf(env)).toEqual({
      companyRegistration: "1998/004321/07",
      vatNumber: "4790112233",
      creditProviderNumber: "NCRCP9876",
      fspNumber: null,
    });
  });

  it("refuse to start with markup or an overlong value, naming the setting", () => {
    expect(() => loadEnv({ GROUP_VAT_NUMBER: "<b>4790112233</b>" })).toThrow(/GROUP_VAT_NUMBER: must be letters/);
    expect(() => loadEnv({ GROUP_FSP_NUMBER: "1".repeat(41) })).toThrow(/GROUP_FSP_NUMBER/);
  });
});
