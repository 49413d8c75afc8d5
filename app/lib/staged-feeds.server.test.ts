import { describe, expect, it } from "vitest";
import { stageFeedFile, stagedFeedFile } from "./staged-feeds.server.ts";

const megabytes = (count: number) => new Uint8Array(count * 1024 * 1024);

describe("stock files kept between the mapping steps", () => {
  it("are kept for the person who uploaded them only", () => {
    const token = stageFeedFile("anna@dealer.example", "stock.csv", new Uint8Array([1, 2, 3]));
    expect(stagedFeedFile("anna@dealer.example", token)).toEqual({
      name: "stock.csv",
      bytes: new Uint8Array([1, 2, 3]),
    });
    expect(stagedFeedFile("ben@dealer.example", token)).toBeNull();
  });

  it("keep one file a person: a new upload lets go of the earlier one", () => {
    const first = stageFeedFile("carl@dealer.example", "monday.csv", new Uint8Array([1]));
    const second = stageFeedFile("carl@dealer.example", "tuesday.csv", new Uint8Array([2]));
    expect(stagedFeedFile("carl@dealer.example", first)).toBeNull();
    expect(stagedFeedFile("carl@dealer.example", second)?.name).toBe("tuesday.csv");
  });

  it("are not pushed out by another person's large uploads", () => {
    const mine = stageFeedFile("dora@dealer.example", "stock.csv", megabytes(40));
    for (let upload = 0; upload < 4; upload++) stageFeedFile("eve@dealer.example", `big-${upload}.csv`, megabytes(50));
    expect(stagedFeedFile("dora@dealer.example", mine)?.bytes.byteLength).toBe(40 * 1024 * 1024);
  });
});
