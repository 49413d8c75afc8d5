import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dealerDirectoryModel, dealerNamed } from "../../core/dealers/dealers.server.ts";
import { blogPostsModel } from "../../core/content/blog.server.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { type InMemoryReads, keepPublicReadsInMemory } from "../../tests/support/in-memory-reads.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { crumbNamesOf } from "./crumb-names.server.ts";

let database: DatabaseHandle;
let reads: InMemoryReads;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  reads = await keepPublicReadsInMemory(database);
});

afterAll(async () => {
  await reads.stop();
  await database.close();
});

describe("crumbNamesOf", () => {
  it("names the dealer, make, model and variant of a path as the catalogue and directory do", async () => {
    const dealer = dealerNamed(await reads.readModels.read(dealerDirectoryModel), "honda-sandton");
    const path = "/dealer/honda-sandton/new/honda/cr-v/1-5t-comfort-cvt/enquire";
    const params = { dealerName: "honda-sandton", make: "honda", model: "cr-v", variant: "1-5t-comfort-cvt" };
    expect(await crumbNamesOf(reads, params, path, dealer)).toEqual({
      "honda-sandton": "Honda Sandton",
      honda: "Honda",
      "cr-v": "CR-V",
      "1-5t-comfort-cvt": "1.5T Comfort CVT",
    });
  });

  it("names a used vehicle by year, make and model, and a blog post by its title", async () => {
    const [vehicle] = (
      await reads.usedStock.list(
        { page: 1, makeSlug: "bmw", fuelTypes: [], transmissions: [], states: [], order: [] },
        {},
      )
    ).members;
    const id = String(vehicle!.id);
    const names = await crumbNamesOf(
      reads,
      { make: "bmw", model: vehicle!.model_slug, id },
      `/used/bmw/${vehicle!.model_slug}/${id}`,
      null,
    );
    expect(names[id]).toBe(`${vehicle!.year} BMW ${vehicle!.model}`);
    expect(names.bmw).toBe("BMW");

    const [post] = await reads.readModels.read(blogPostsModel);
    expect(await crumbNamesOf(reads, { slug: post!.slug }, `/blog/${post!.slug}`, null)).toEqual({
      [post!.slug]: post!.title,
    });
  });

  it("names nothing it does not know, and no dealer that is only remembered", async () => {
    expect(await crumbNamesOf(reads, { make: "no-such-make", model: "x" }, "/used/no-such-make/x", null)).toEqual({});
    expect(
      await crumbNamesOf(reads, { make: "honda", model: "cr-v", id: "999999999" }, "/used/honda/cr-v/999999999", null),
    ).toEqual({
      honda: "Honda",
      "cr-v": "CR-V",
    });
    expect(await crumbNamesOf(reads, { dealerName: "honda-sandton" }, "/dealer/honda-sandton", null)).toEqual({});
  });

  it("shows a buyer's own link as theirs, not as its token", async () => {
    expect(await crumbNamesOf(reads, { token: "abc.def" }, "/alerts/manage/abc.def", null)).toEqual({
      "abc.def": "Your alert",
    });
    expect(await crumbNamesOf(reads, { id: "42" }, "/appointments/42", null)).toEqual({ "42": "Your appointment" });
  });
});
