import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid.ts";

describe("isUuid", () => {
  it("accepts a UUID in either case", () => {
    const id = randomUUID();
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
  });

  it("refuses anything else: short, long, without hyphens, with other letters, around other text", () => {
    const id = "3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b";
    for (const value of [
      "",
      id.slice(1),
      `${id}0`,
      id.replaceAll("-", ""),
      id.replace("f", "g"),
      ` ${id}`,
      `${id}\n`,
      "1 OR 1=1",
    ])
      expect(isUuid(value), JSON.stringify(value)).toBe(false);
  });
});
