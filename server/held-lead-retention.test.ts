import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("the retention of enquiries held as automated", () => {
  it("is 14 days unless set", () => {
    expect(loadEnv({}).HELD_LEAD_RETENTION_DAYS).toBe(14);
    expect(loadEnv({ HELD_LEAD_RETENTION_DAYS: "30" }).HELD_LEAD_RETENTION_DAYS).toBe(30);
  });

  it("refuses to start with none, or longer than 90 days", () => {
    expect(() => loadEnv({ HELD_LEAD_RETENTION_DAYS: "0" })).toThrow(/HELD_LEAD_RETENTION_DAYS/);
    expect(() => loadEnv({ HELD_LEAD_RETENTION_DAYS: "91" })).toThrow(/HELD_LEAD_RETENTION_DAYS/);
  });
});
