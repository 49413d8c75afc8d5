import { describe, expect, it } from "vitest";
import { skeletonKindFor } from "./skeletons.tsx";

describe("which skeleton stands in for a page", () => {
  it.each([
    ["/", "home"],
    ["/new", "cards"],
    ["/new/honda", "cards"],
    ["/specials", "cards"],
    ["/dealer/honda-sandton/specials", "cards"],
    ["/new/honda/cr-v", "model"],
    ["/honda-wing/honda/nc750x", "model"],
    ["/dealer/honda-wing-durban/honda-wing/honda/nc750x", "model"],
    ["/used", null],
    ["/honda-wing", "dealers"],
    ["/dealer/honda-sandton/dealer", "dealers"],
    ["/blog", "blog"],
    ["/contact", "dealers"],
    ["/specials/some-deal", null],
    ["/new/honda/cr-v/1-5t-comfort-cvt/enquire", null],
    ["/dealer/honda-sandton", null],
  ])("%s -> %s", (path, kind) => {
    expect(skeletonKindFor(path)).toBe(kind);
  });
});
