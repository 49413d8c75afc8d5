import { describe, expect, it } from "vitest";
import { canonicalListing, listingHref, listingPath, sortValue } from "./used-listing.ts";

const canonical = (path: { makeSlug?: string; modelSlug?: string }, query: string, dealer: string | null = null) => {
  const { state, redirect } = canonicalListing(path, new URLSearchParams(query));
  return { href: listingHref(dealer, state), redirect };
};

describe("used listing URLs", () => {
  it("builds the paths, scoped or not", () => {
    expect(listingPath(null)).toBe("/used");
    expect(listingPath(null, "honda", "cr-v")).toBe("/used/honda/cr-v");
    expect(listingPath("honda-sandton", "honda")).toBe("/dealer/honda-sandton/used/honda");
    expect(listingPath(null, undefined, "cr-v")).toBe("/used");
  });

  it("keeps a canonical URL as it is, page included", () => {
    expect(canonical({ makeSlug: "honda" }, "transmissionType=Manual&order[price]=asc&page=3")).toEqual({
      href: "/used/honda?transmissionType=Manual&order[price]=asc&page=3",
      redirect: false,
    });
  });

  it("turns a submitted form into the canonical URL on page 1 with the sort mapped to order[...]", () => {
    expect(
      canonical(
        { makeSlug: "honda" },
        "make=honda&model=&transmissionType=Manual&fuelType=Hybrid&sort=mileage-desc&page=4",
      ),
    ).toEqual({ href: "/used/honda?transmissionType=Manual&fuelType=Hybrid&order[mileage]=desc", redirect: true });
    expect(canonical({}, "make=&sort=").href).toBe("/used");
  });

  it("selecting a make clears the model and goes to the make's path; selecting a model goes to its path", () => {
    expect(canonical({ makeSlug: "honda", modelSlug: "cr-v" }, "make=toyota&model=cr-v").href).toBe("/used/toyota");
    expect(canonical({ makeSlug: "honda" }, "make=honda&model=jazz").href).toBe("/used/honda/jazz");
    expect(canonical({ makeSlug: "honda", modelSlug: "jazz" }, "make=honda&model=").href).toBe("/used/honda");
    expect(canonical({ makeSlug: "honda", modelSlug: "jazz" }, "make=Any&model=jazz").href).toBe("/used");
  });

  it("'Any' in a group clears that group; filters keep under the dealer's prefix", () => {
    expect(canonical({}, "make=&fuelType=Diesel&fuelType=Any&vehicle_state=Demo", "honda-sandton").href).toBe(
      "/dealer/honda-sandton/used?vehicle_state=Demo",
    );
  });

  it("drops parameters at fault instead of failing: a bad page is page 1", () => {
    expect(canonical({}, "page=abc&fuelType=Diesel")).toEqual({ href: "/used?fuelType=Diesel", redirect: true });
    expect(canonical({}, "fuelType[]=Steam&fuelType[]=Diesel&order[colour]=asc&page=2")).toEqual({
      href: "/used?page=2",
      redirect: true,
    });
  });

  it("moves make_slug and model_slug from the query into the path", () => {
    expect(canonical({}, "make_slug=honda&model_slug=jazz&fuelType[]=Petrol")).toEqual({
      href: "/used/honda/jazz?fuelType=Petrol",
      redirect: true,
    });
  });

  it("shows the sort menu's value for an order, Default otherwise", () => {
    expect(sortValue([{ field: "price", direction: "desc" }])).toBe("price-desc");
    expect(sortValue([])).toBe("");
    expect(sortValue([{ field: "year", direction: "desc" }])).toBe("");
  });
});
