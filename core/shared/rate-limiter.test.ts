import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "./rate-limiter.ts";

describe("MemoryRateLimiter", () => {
  it("allows the limit per window per key, then says how long to wait", async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(2, 60_000, () => now);
    expect(await limiter.hit("a")).toEqual({ allowed: true });
    expect(await limiter.hit("a")).toEqual({ allowed: true });
    now = 15_000;
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await limiter.hit("b")).toEqual({ allowed: true });
    now = 60_000;
    expect(await limiter.hit("a")).toEqual({ allowed: true });
  });
});
