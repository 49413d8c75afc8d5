import fs from "node:fs";
import path from "node:path";
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dealers, staffUsers, usedVehicleImages, usedVehicles } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { StaffAccessDenied, type StaffActor, type StaffRole } from "../staff/roles.ts";
import {
  addStockPhotos,
  changeStockPrice,
  changeStockStatus,
  countStock,
  createStockVehicle,
  deleteStockPhoto,
  getStockVehicle,
  listStock,
  markStockSold,
  moveStockPhoto,
  setMainStockPhoto,
  STOCK_PAGE_SIZE,
  stockDealers,
  updateStockVehicle,
} from "./stock-admin.server.ts";
import { findUsedVehicle, listUsedVehicles } from "./used-vehicles.server.ts";

const photo = (name: string) => ({
  name,
  bytes: fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/photos", name)),
});

let database: DatabaseHandle;
let sandton: number;
let menlyn: number;
let admin: StaffActor;
let sandtonManager: StaffActor;
let menlynManager: StaffActor;
let editor: StaffActor;

async function actor(email: string, role: StaffRole, dealerIds: number[] = []): Promise<StaffActor> {
  const [user] = await database.db
    .insert(staffUsers)
    .values({ email, displayName: email, role })
    .returning({ id: staffUsers.id });
  return { id: user!.id, label: email, role, dealerIds };
}

const dealerId = async (slug: string) =>
  (await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug)))[0]!.id;

let serial = 0;
function vehicle(overrides: Record<string, unknown> = {}): Record<string, string> {
  serial += 1;
  return {
    make: "Honda",
    model: "CR-V",
    variant: "1.5T Executive CVT",
    year: "2021",
    mileage: "48 200",
    price: "R 449 900",
    transmission: "Automatic",
    fuelType: "Petrol",
    colour: "Platinum White",
    condition: "Used",
    stockNumber: `SAN-${serial}`,
    vin: "",
    dealer: "honda-sandton",
    description: "One owner, full service history.",
    status: "Available",
    ...overrides,
  } as Record<string, string>;
}

async function created(by: StaffActor, overrides: Record<string, unknown> = {}): Promise<number> {
  const result = await createStockVehicle(database.db, by, vehicle(overrides));
  if (!result.ok) throw new Error(JSON.stringify(result.violations));
  return result.id;
}

const auditOf = (id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "used_vehicle"), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof StaffAccessDenied ? error.kind : error),
  );

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  sandton = await dealerId("honda-sandton");
  menlyn = await dealerId("honda-menlyn");
  admin = await actor("admin@group.example", "group_admin");
  sandtonManager = await actor("sandton.manager@group.example", "dealer_manager", [sandton]);
  menlynManager = await actor("menlyn.manager@group.example", "dealer_manager", [menlyn]);
  editor = await actor("editor@group.example", "content_editor");
});
afterAll(() => database.close());

describe("the stock service's role rules", () => {
  it("lets the group administrator and the dealer's manager add, read and change a vehicle of that dealer", async () => {
    for (const by of [admin, sandtonManager]) {
      const id = await created(by);
      expect((await getStockVehicle(database.db, by, id)).values).toMatchObject({
        make: "Honda",
        model: "CR-V",
        price: "449900",
        dealer: "honda-sandton",
      });
      expect(
        await updateStockVehicle(database.db, by, id, vehicle({ price: "439900", stockNumber: `EDIT-${id}` })),
      ).toEqual({ ok: true, id });
      expect(await changeStockStatus(database.db, by, id, "Reserved")).toEqual({ ok: true, id });
    }
  });

  it("answers not found to a manager of another dealer, for reading and for every change", async () => {
    const id = await created(sandtonManager);
    expect(await refusal(getStockVehicle(database.db, menlynManager, id))).toBe("not-found");
    expect(await refusal(updateStockVehicle(database.db, menlynManager, id, vehicle({ price: "1000" })))).toBe(
      "not-found",
    );
    expect(await refusal(changeStockStatus(database.db, menlynManager, id, "Sold"))).toBe("not-found");
    expect(await refusal(addStockPhotos(database.db, menlynManager, id, [photo("trade-in-side.png")]))).toBe(
      "not-found",
    );
    expect((await getStockVehicle(database.db, admin, id)).status).toBe("Available");
  });

  it("answers not found for a vehicle that does not exist, as for another dealer's", async () => {
    expect(await refusal(getStockVehicle(database.db, admin, 99_999_999))).toBe("not-found");
  });

  it("refuses a content editor (forbidden) and a manager without dealers", async () => {
    const id = await created(admin);
    expect(await refusal(getStockVehicle(database.db, editor, id))).toBe("forbidden");
    expect(await refusal(listStock(database.db, editor, { page: 1 }))).toBe("forbidden");
    expect(await refusal(createStockVehicle(database.db, editor, vehicle()))).toBe("forbidden");
    expect(await refusal(changeStockStatus(database.db, editor, id, "Sold"))).toBe("forbidden");
    const managerOfNothing: StaffActor = { ...sandtonManager, dealerIds: [] };
    expect(await refusal(listStock(database.db, managerOfNothing, { page: 1 }))).toBe("forbidden");
  });

  it("offers a manager their own dealers to put stock at, the administrator every dealer, and refuses an editor", async () => {
    expect((await stockDealers(database.db, sandtonManager)).map((dealer) => dealer.id)).toEqual([sandton]);
    expect((await stockDealers(database.db, admin)).map((dealer) => dealer.id)).toEqual(
      expect.arrayContaining([sandton, menlyn]),
    );
    expect(await refusal(stockDealers(database.db, editor))).toBe("forbidden");
  });

  it("keeps a manager to their own dealers when adding or moving a vehicle", async () => {
    const result = await createStockVehicle(database.db, sandtonManager, vehicle({ dealer: "honda-menlyn" }));
    expect(result).toEqual({
      ok: false,
      violations: [{ propertyPath: "dealer", message: "Choose one of your dealers" }],
    });
    const id = await created(sandtonManager);
    expect(
      await updateStockVehicle(database.db, sandtonManager, id, vehicle({ dealer: "honda-menlyn" })),
    ).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "dealer" }],
    });
  });
});

describe("the stock list each actor sees", () => {
  it("lists only the stock the actor may see, with search, status filter and pages", async () => {
    const mine = await listStock(database.db, sandtonManager, { page: 1 });
    expect(mine.total).toBeGreaterThan(STOCK_PAGE_SIZE);
    expect(mine.items).toHaveLength(STOCK_PAGE_SIZE);
    expect(new Set(mine.items.map((item) => item.dealerSlug))).toEqual(new Set(["honda-sandton"]));
    const everything = await listStock(database.db, admin, { page: 1 });
    expect(everything.total).toBeGreaterThan(mine.total);

    const id = await created(sandtonManager, { stockNumber: "FIND-ME-42", model: "Jazz", variant: "1.5 Elegance" });
    const found = await listStock(database.db, sandtonManager, { page: 1, search: "find-me" });
    expect(found.items.map((item) => item.id)).toEqual([id]);
    expect(
      (await listStock(database.db, sandtonManager, { page: 1, search: "Honda Jazz 1.5 Eleg" })).items.map(
        (item) => item.id,
      ),
    ).toContain(id);
    expect((await listStock(database.db, menlynManager, { page: 1, search: "find-me" })).total).toBe(0);

    await changeStockStatus(database.db, sandtonManager, id, "Draft");
    const drafts = await listStock(database.db, sandtonManager, { page: 1, status: "Draft" });
    expect(drafts.items.map((item) => item.id)).toContain(id);
    expect(drafts.items.every((item) => item.status === "Draft")).toBe(true);

    const lastPage = Math.ceil(mine.total / STOCK_PAGE_SIZE);
    const last = await listStock(database.db, sandtonManager, { page: lastPage + 1 });
    expect(last.items).toEqual([]);
  });
});

describe("the stock service's records", () => {
  it("audits a creation, a price change and a status change with old and new values, naming the actor", async () => {
    const id = await created(sandtonManager, { price: "300000" });
    await updateStockVehicle(database.db, sandtonManager, id, {
      ...(await getStockVehicle(database.db, sandtonManager, id)).values,
      price: "289 900",
    });
    await changeStockStatus(database.db, sandtonManager, id, "Sold");
    const [sold, repriced, creation] = await auditOf(id);
    expect(creation).toMatchObject({
      action: "used_vehicle.create",
      actorId: sandtonManager.id,
      actorLabel: sandtonManager.label,
      dealerId: sandton,
    });
    expect(creation!.changes).toMatchObject({
      price: { from: null, to: 300000 },
      status: { from: null, to: "Available" },
    });
    expect(repriced).toMatchObject({ action: "used_vehicle.update", changes: { price: { from: 300000, to: 289900 } } });
    expect(Object.keys(repriced!.changes)).toEqual(["price"]);
    expect(sold).toMatchObject({
      action: "used_vehicle.status",
      changes: { status: { from: "Available", to: "Sold" } },
    });
  });

  it("records nothing for a save that changes nothing", async () => {
    const id = await created(admin);
    await updateStockVehicle(database.db, admin, id, (await getStockVehicle(database.db, admin, id)).values);
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe("a stock vehicle's fields checked", () => {
  it("answers a stock number already used at the dealer, and a VIN already in stock, as field violations", async () => {
    await created(admin, { stockNumber: "DUP-1", vin: "JHMRW2H50MX000001" });
    const again = await createStockVehicle(
      database.db,
      admin,
      vehicle({ stockNumber: "DUP-1", vin: "JHMRW2H50MX000001" }),
    );
    expect(again).toEqual({
      ok: false,
      violations: [
        { propertyPath: "stockNumber", message: "Stock number DUP-1 is already used at this dealer" },
        {
          propertyPath: "vin",
          message: "A vehicle with this VIN is already in stock at Honda Sandton (stock number DUP-1)",
        },
      ],
    });
    // Another dealer may use the same stock number.
    expect(
      await createStockVehicle(database.db, admin, vehicle({ stockNumber: "DUP-1", dealer: "honda-menlyn" })),
    ).toMatchObject({ ok: true });
  });

  it("answers bad fields with the form's messages and stores nothing", async () => {
    const before = (await listStock(database.db, admin, { page: 1 })).total;
    const result = await createStockVehicle(
      database.db,
      admin,
      vehicle({ vin: "JHMRW2H50MX00000I", year: String(new Date().getFullYear() + 1), price: "12", make: "Trabant" }),
    );
    expect(result.ok).toBe(false);
    const paths = !result.ok ? result.violations.map((v) => v.propertyPath).sort() : [];
    expect(paths).toEqual(["price", "vin", "year"]);
    const unknownMake = await createStockVehicle(database.db, admin, vehicle({ make: "trabant", model: "601" }));
    expect(unknownMake).toEqual({
      ok: false,
      violations: [
        {
          propertyPath: "make",
          message:
            'Trabant is not a make in the catalogue yet: check the spelling, or tick "Add Trabant as a new make"',
        },
        {
          propertyPath: "model",
          message:
            '601 is not a Trabant model in the catalogue yet: check the spelling, or tick "Add 601 as a new model"',
        },
      ],
    });
    expect((await listStock(database.db, admin, { page: 1 })).total).toBe(before);
  });

  it("adds a make and model the catalogue does not know once the form confirms them, and finds a make by its alias", async () => {
    const added = await createStockVehicle(
      database.db,
      admin,
      vehicle({ make: "trabant", model: "601", addMake: "on", addModel: "on" }),
    );
    expect(added.ok).toBe(true);
    const vw = await createStockVehicle(database.db, admin, vehicle({ make: "VW", model: "polo vivo", vin: "" }));
    expect(vw.ok).toBe(true);
    const names = async (id: number) => {
      const v = (await getStockVehicle(database.db, admin, id)).values;
      return `${v.make} ${v.model}`;
    };
    expect(await names((added as { id: number }).id)).toBe("Trabant 601");
    expect(await names((vw as { id: number }).id)).toBe("Volkswagen Polo Vivo");
  });
});

describe("a stock vehicle on the public site", () => {
  it("shows a vehicle publicly only while it is Available or Reserved", async () => {
    const id = await created(sandtonManager, { status: "Draft", price: "19 999 999" });
    const mostExpensive = {
      page: 1,
      fuelTypes: [],
      transmissions: [],
      states: [],
      order: [{ field: "price" as const, direction: "desc" as const }],
    };
    const firstListed = async () => (await listUsedVehicles(database.db, mostExpensive)).members[0]?.id;
    expect(await firstListed()).not.toBe(id);
    await changeStockStatus(database.db, sandtonManager, id, "Available");
    expect(await firstListed()).toBe(id);
    await changeStockStatus(database.db, sandtonManager, id, "Reserved");
    expect(await firstListed()).toBe(id);
    await changeStockStatus(database.db, sandtonManager, id, "Sold");
    expect(await firstListed()).not.toBe(id);
    expect((await findUsedVehicle(database.db, id))?.status).toBe("Sold");
  });
});

describe("a vehicle's photos", () => {
  it("replace a seeded vehicle's artwork, keep their order, and the first is the public main photo", {
    timeout: 120_000,
  }, async () => {
    // The seed's first vehicle at the dealer (the vehicles this file adds come after it).
    const [seeded] = await database.db
      .select({ id: usedVehicles.id })
      .from(usedVehicles)
      .where(eq(usedVehicles.dealerId, sandton))
      .orderBy(asc(usedVehicles.id))
      .limit(1);
    const id = seeded!.id;
    const artwork = (await findUsedVehicle(database.db, id))!.image.uri;
    expect(artwork).not.toMatch(/^\/media\/images\//);

    const added = await addStockPhotos(database.db, sandtonManager, id, [
      photo("trade-in-sideways-gps.jpg"),
      photo("trade-in-side.png"),
      photo("trade-in-interior.webp"),
    ]);
    expect(added).toMatchObject({ ok: true, added: 3 });
    const photos = (await getStockVehicle(database.db, sandtonManager, id)).photos;
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2]);
    expect(photos.every((p) => p.renditions && p.renditions.length === 12)).toBe(true);
    const publicView = await findUsedVehicle(database.db, id);
    expect(publicView!.images.map((image) => image.uri)).toEqual(photos.map((p) => p.uri));
    expect(publicView!.image.uri).toMatch(/^\/media\/images\/[0-9a-f]{32}\.jpg$/);
    // The public page's <picture>: AVIF and WebP sources and a JPEG fallback, each at every width of the upright 1200 px photo.
    const picture = publicView!.image.picture!;
    expect(picture.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(picture.sources[0]!.srcSet).toMatch(/^\S+\.avif 320w, \S+\.avif 640w, \S+\.avif 960w, \S+\.avif 1200w$/);
    expect(picture.img).toMatchObject({ width: 1200, height: 1600, srcSet: expect.stringMatching(/\.jpg 1200w$/) });

    const [a, b, c] = photos.map((p) => p.id) as [number, number, number];
    await moveStockPhoto(database.db, sandtonManager, id, a, 1);
    expect((await getStockVehicle(database.db, sandtonManager, id)).photos.map((p) => p.id)).toEqual([b, a, c]);
    await setMainStockPhoto(database.db, sandtonManager, id, c);
    expect((await getStockVehicle(database.db, sandtonManager, id)).photos.map((p) => p.id)).toEqual([c, b, a]);
    await deleteStockPhoto(database.db, sandtonManager, id, b);
    const left = (await getStockVehicle(database.db, sandtonManager, id)).photos;
    expect(left.map((p) => [p.id, p.position])).toEqual([
      [c, 0],
      [a, 1],
    ]);
    expect((await findUsedVehicle(database.db, id))!.image.uri).toBe(left[0]!.uri);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual([
      "used_vehicle.photo_delete",
      "used_vehicle.photos_reorder",
      "used_vehicle.photos_reorder",
      "used_vehicle.photos_add",
    ]);
  });

  it("refuse a file that is not a photo, by its content, and add none of that upload", async () => {
    const id = await created(sandtonManager);
    const result = await addStockPhotos(database.db, sandtonManager, id, [
      photo("trade-in-side.png"),
      { name: "invoice.jpg", bytes: Buffer.from("%PDF-1.7 not a photo at all") },
    ]);
    expect(result).toEqual({
      ok: false,
      violations: [{ propertyPath: "photos", message: "invoice.jpg: This file is not a photo we can read" }],
    });
    expect(await database.db.select().from(usedVehicleImages).where(eq(usedVehicleImages.vehicleId, id))).toEqual([]);
  });

  it("answer not found for another vehicle's photo", async () => {
    const id = await created(sandtonManager);
    const other = await created(sandtonManager);
    await addStockPhotos(database.db, sandtonManager, other, [photo("trade-in-interior.webp")]);
    const [otherPhoto] = (await getStockVehicle(database.db, sandtonManager, other)).photos;
    expect(await refusal(deleteStockPhoto(database.db, sandtonManager, id, otherPhoto!.id))).toBe("not-found");
    expect(await refusal(deleteStockPhoto(database.db, menlynManager, other, otherPhoto!.id))).toBe("not-found");
  });
});

describe("the stock list's quick changes", () => {
  it("change the price and mark sold as a full save of the form would, audit entry and all", async () => {
    const quick = await created(sandtonManager, { price: "300000" });
    const full = await created(sandtonManager, { price: "300000" });
    expect(await changeStockPrice(database.db, sandtonManager, quick, "R 289 900")).toEqual({ ok: true, id: quick });
    expect(await markStockSold(database.db, sandtonManager, quick)).toEqual({ ok: true, id: quick });
    const form = async (changes: Record<string, string>) =>
      updateStockVehicle(database.db, sandtonManager, full, {
        ...(await getStockVehicle(database.db, sandtonManager, full)).values,
        ...changes,
      });
    await form({ price: "289900" });
    await form({ status: "Sold" });

    const entries = async (id: number) =>
      (await auditOf(id)).map(({ action, entity, actorId, actorLabel, dealerId, changes }) => ({
        action,
        entity,
        actorId,
        actorLabel,
        dealerId,
        changes,
      }));
    const [sold, repriced] = await entries(quick);
    expect(repriced).toEqual({
      action: "used_vehicle.update",
      entity: "used_vehicle",
      actorId: sandtonManager.id,
      actorLabel: sandtonManager.label,
      dealerId: sandton,
      changes: { price: { from: 300000, to: 289900 } },
    });
    expect(sold).toMatchObject({
      action: "used_vehicle.update",
      changes: { status: { from: "Available", to: "Sold" } },
    });
    expect((await entries(quick)).slice(0, 2)).toEqual((await entries(full)).slice(0, 2));
    const stored = await getStockVehicle(database.db, admin, quick);
    expect([stored.values.price, stored.status]).toEqual(["289900", "Sold"]);
  });

  it("refuse a bad price with the full form's message, changing and recording nothing", async () => {
    const id = await created(sandtonManager, { price: "300000" });
    expect(await changeStockPrice(database.db, sandtonManager, id, "about 250k")).toEqual({
      ok: false,
      violations: [{ propertyPath: "price", message: "Price must be a whole number" }],
    });
    expect(await changeStockPrice(database.db, sandtonManager, id, "500")).toEqual({
      ok: false,
      violations: [{ propertyPath: "price", message: expect.stringMatching(/^Price must be at least R\s1\s000$/) }],
    });
    expect(await changeStockPrice(database.db, sandtonManager, id, "")).toEqual({
      ok: false,
      violations: [{ propertyPath: "price", message: "Price is required" }],
    });
    expect((await getStockVehicle(database.db, admin, id)).values.price).toBe("300000");
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("record nothing for the same price again, or Sold for a vehicle already sold", async () => {
    const id = await created(sandtonManager, { price: "300000", status: "Sold" });
    await changeStockPrice(database.db, sandtonManager, id, "300 000");
    await markStockSold(database.db, sandtonManager, id);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("are refused as the full form is: not found for another dealer's manager, forbidden for an editor", async () => {
    const id = await created(sandtonManager, { price: "300000" });
    expect(await refusal(changeStockPrice(database.db, menlynManager, id, "250000"))).toBe("not-found");
    expect(await refusal(markStockSold(database.db, menlynManager, id))).toBe("not-found");
    // The role comes before the price: a bad price for another dealer's vehicle tells nothing about it.
    expect(await refusal(changeStockPrice(database.db, menlynManager, id, "cheap"))).toBe("not-found");
    expect(await refusal(changeStockPrice(database.db, editor, id, "250000"))).toBe("forbidden");
    expect(await refusal(markStockSold(database.db, editor, id))).toBe("forbidden");
    expect(await refusal(markStockSold(database.db, admin, 99_999_999))).toBe("not-found");
    const stored = await getStockVehicle(database.db, admin, id);
    expect([stored.values.price, stored.status]).toEqual(["300000", "Available"]);
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe("the vehicles in stock without photos", () => {
  it("are counted and listed over the actor's dealers, leaving out sold vehicles and those with a photo", async () => {
    const before = await countStock(database.db, sandtonManager, { withoutPhotos: true });
    const bare = await created(sandtonManager);
    await created(sandtonManager, { status: "Sold" });
    const photographed = await created(sandtonManager);
    await addStockPhotos(database.db, sandtonManager, photographed, [photo("trade-in-side.png")]);
    await created(menlynManager, { dealer: "honda-menlyn", stockNumber: `MEN-BARE-${serial}` });

    expect(await countStock(database.db, sandtonManager, { withoutPhotos: true })).toBe(before + 1);
    const listed = await listStock(database.db, sandtonManager, { withoutPhotos: true, page: 1 });
    expect(listed.total).toBe(before + 1);
    expect(listed.items[0]).toMatchObject({ id: bare, photos: 0 });
    expect(listed.items.every((item) => item.photos === 0 && item.status !== "Sold")).toBe(true);
    expect(new Set(listed.items.map((item) => item.dealerSlug))).toEqual(new Set(["honda-sandton"]));
    expect(await countStock(database.db, admin, { withoutPhotos: true })).toBeGreaterThan(before + 1);
    expect(await refusal(countStock(database.db, editor, { withoutPhotos: true }))).toBe("forbidden");
  });
});
