import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { rateLimitWindows } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { DatabaseRateLimiter } from "./database-rate-limiter.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

describe("DatabaseRateLimiter", () => {
  it("allows the limit per window per key, then says how long the window has left", async () => {
    let now = 1_800_000_000_000; // a multiple of the 60 s window
    const limiter = new DatabaseRateLimiter(database.db, 2, 60_000, () => now);
    expect(await limiter.hit("a")).toEqual({ allowed: true });
    expect(await limiter.hit("a")).toEqual({ allowed: true });
    now += 15_000;
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await limiter.hit("b")).toEqual({ allowed: true });
    now += 45_000;
    expect(await limiter.hit("a")).toEqual({ allowed: true });
  });

  it("counts hits from several limiters on one database together, also when they race", async () => {
    const now = () => 1_900_000_000_000;
    const limiters = [1, 2, 3].map(() => new DatabaseRateLimiter(database.db, 10, 60_000, now));
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => limiters[i % 3]!.hit("racer")));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it("deletes windows older than the previous one when a new window opens", async () => {
    let now = 2_000_000_000_000;
    const limiter = new DatabaseRateLimiter(database.db, 5, 60_000, () => now);
    await limiter.hit("old");
    now += 60_000;
    await limiter.hit("previous");
    now += 60_000;
    await limiter.hit("current");
    const keys = (await database.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key);
    expect(keys.sort()).toEqual(["current", "previous"]);
  });

  it("keeps a scoped limiter's longer windows when an unscoped limiter prunes its own, and the other way round", async () => {
    let now = 2_100_000_000_000;
    const daily = new DatabaseRateLimiter(database.db, 1, 86_400_000, () => now, "daily");
    const perMinute = new DatabaseRateLimiter(database.db, 5, 60_000, () => now);
    expect(await daily.hit("someone")).toEqual({ allowed: true });
    await perMinute.hit("10.0.0.1");
    now += 5 * 60_000;
    await perMinute.hit("10.0.0.2");
    expect(await daily.hit("someone")).toMatchObject({ allowed: false });
    const keys = (await database.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key);
    expect(keys).toContain("daily|someone");
    expect(keys).not.toContain("10.0.0.1");
  });
});
