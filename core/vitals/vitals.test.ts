import { describe, expect, it } from "vitest";
import { bucketOf, deviceClassOf, p75OfBuckets, pageTypeOf, ratingOf, VITALS } from "./vitals.ts";

describe("pageTypeOf", () => {
  it.each([
    ["/", "home"],
    ["/new/:make/:model", "new-model"],
    ["/honda-wing/:make/:model", "new-model"],
    ["/used", "used-listing"],
    ["/used/:make/:model", "used-listing"],
    ["/used/:make/:model/:id", "used-vehicle"],
    ["/finance", "finance"],
    ["/blog/:slug", "blog"],
    ["/dealer", "dealer"],
    ["/dealer/:dealerName", "dealer"],
    ["/dealer/:dealerName/used/:make/:model/:id", "used-vehicle"],
    ["/dealer/:dealerName/new/:make/:model", "new-model"],
    ["/contact", "other"],
    ["/finance/thank-you", "other"],
    [undefined, "other"],
  ])("classes %s as %s", (pattern, type) => {
    expect(pageTypeOf(pattern)).toBe(type);
  });
});

describe("the value buckets", () => {
  it("has both of Google's thresholds as bounds of every vital, so ratings from buckets are exact", () => {
    for (const vital of Object.values(VITALS)) {
      expect(vital.bounds).toContain(vital.good);
      expect(vital.bounds).toContain(vital.poor);
      expect([...vital.bounds].sort((a, b) => a - b)).toEqual(vital.bounds);
    }
  });

  it("puts a value on a bound in that bound's bucket and a value past the last in the bucket over it", () => {
    expect(bucketOf("LCP", 2500)).toBe(VITALS.LCP.bounds.indexOf(2500));
    expect(bucketOf("LCP", 2500.1)).toBe(VITALS.LCP.bounds.indexOf(2500) + 1);
    expect(bucketOf("CLS", 0)).toBe(0);
    expect(bucketOf("INP", 99_999)).toBe(VITALS.INP.bounds.length);
  });
});

describe("p75OfBuckets and ratingOf", () => {
  const counts = (values: number[], name: "LCP" | "CLS" = "LCP") => {
    const map = new Map<number, number>();
    for (const value of values) map.set(bucketOf(name, value), (map.get(bucketOf(name, value)) ?? 0) + 1);
    return map;
  };

  it("answers the bound of the bucket that holds the 75th percentile visit", () => {
    expect(p75OfBuckets("LCP", counts([900, 1100, 2400, 3900]))).toEqual({ value: 2500, over: false, visits: 4 });
    expect(p75OfBuckets("LCP", counts([900, 1100, 1200, 3900]))).toEqual({ value: 1250, over: false, visits: 4 });
  });

  it("is null without visits, and over the last bound when the visits are", () => {
    expect(p75OfBuckets("LCP", new Map())).toBeNull();
    expect(p75OfBuckets("LCP", counts([30_000, 40_000]))).toEqual({ value: 20_000, over: true, visits: 2 });
  });

  it("rates good up to the first threshold, poor past the second", () => {
    expect(ratingOf("LCP", { value: 2500, over: false })).toBe("good");
    expect(ratingOf("LCP", { value: 2750, over: false })).toBe("needs-improvement");
    expect(ratingOf("LCP", { value: 4000, over: false })).toBe("needs-improvement");
    expect(ratingOf("LCP", { value: 5000, over: false })).toBe("poor");
    expect(ratingOf("CLS", p75OfBuckets("CLS", counts([0, 0.05, 0.1, 0.3], "CLS"))!)).toBe("good");
  });
});

describe("deviceClassOf", () => {
  it("reads the mobile client hint first, then the User-Agent", () => {
    expect(deviceClassOf({ mobileHint: "?1", userAgent: "Mozilla/5.0 (X11; Linux x86_64)" })).toBe("mobile");
    expect(deviceClassOf({ mobileHint: "?0", userAgent: "Mozilla/5.0 (Linux; Android 14) Mobile" })).toBe("desktop");
    expect(deviceClassOf({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" })).toBe("mobile");
    expect(deviceClassOf({})).toBe("desktop");
  });
});
