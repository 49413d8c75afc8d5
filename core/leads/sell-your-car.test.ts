import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageRenditions } from "../../db/schema.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { dtdViolations, xpath } from "../../tests/support/xmllint.ts";
import { LinkSigner } from "../appointments/links.server.ts";
import { buildAdfXml } from "../delivery/adf.server.ts";
import { LEAD_PHOTO, leadPhotoPath } from "../delivery/lead-photos.server.ts";
import { loadLeadForDelivery } from "../delivery/lead-source.server.ts";
import { storeImage } from "../media/image-pipeline.server.ts";
import { submitEnquiry } from "./enquiries.server.ts";
import { FORM_PRESETS } from "./presets.ts";

const SITE = "https://www.honda-group.example";
const PHOTOS = path.resolve(import.meta.dirname, "../../tests/fixtures/photos");
const signer = LinkSigner.ephemeral();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ linkSigner: signer });
});
afterAll(() => server.close());

const seller = (overrides: Record<string, unknown> = {}) => ({
  form_name: FORM_PRESETS.sellCar.formName,
  first_name: "Pieter",
  last_name: "Botha",
  email: `pieter.${Date.now()}.${Math.random()}@example.co.za`,
  cell_phone: "083 555 0177",
  terms: true,
  dealer_slug: "honda-sandton",
  uri: "/sell-your-car",
  make: "Toyota",
  model: "Corolla Quest",
  year: 2018,
  mileage_km: 112_000,
  condition: "fair",
  outstanding_finance: true,
  trade_in: false,
  ...overrides,
});

describe("a Sell Your Car lead", () => {
  it("asks for the vehicle's details and answers on each field", async () => {
    const outcome = await submitEnquiry(
      server.database.db,
      seller({ mileage_km: "", condition: "mint", outstanding_finance: undefined, year: undefined }),
    );
    expect(outcome.kind).toBe("invalid");
    const paths =
      outcome.kind === "invalid" ? Object.fromEntries(outcome.violations.map((v) => [v.propertyPath, v.message])) : {};
    expect(paths).toMatchObject({
      mileage_km: "Please enter the mileage in km",
      condition: expect.stringContaining("Please choose the condition"),
      outstanding_finance: "Say whether there is finance outstanding on the vehicle",
      year: "Please enter your vehicle's year",
    });
    const other = await submitEnquiry(server.database.db, { ...seller(), form_name: "Parts Enquiry", partNo: "123" });
    expect(other).toMatchObject({
      kind: "invalid",
      violations: expect.arrayContaining([expect.objectContaining({ propertyPath: "mileage_km" })]),
    });
  });

  it("refuses a towards car of another dealer", async () => {
    const stock = await server.get("/api/dealers/honda-menlyn/vehicles");
    const outcome = await submitEnquiry(
      server.database.db,
      seller({ towards_vehicle_id: stock.body["hydra:member"][0].id }),
    );
    expect(outcome).toMatchObject({ kind: "invalid", violations: [{ propertyPath: "dealer_slug" }] });
  });
});

describe("a Sell Your Car lead traded in, with photos", () => {
  it("carries the seller's car as ADF trade-in used, the car it is traded in towards, and signed links to its photos", async () => {
    const db = server.database.db;
    const stock = await server.get("/api/dealers/honda-sandton/vehicles");
    const wanted = stock.body["hydra:member"][0];
    const photos = await Promise.all(
      ["trade-in-side.png", "trade-in-sideways-gps.jpg"].map(async (name) =>
        storeImage(db, await fs.readFile(path.join(PHOTOS, name)), { private: true }),
      ),
    );
    const outcome = await submitEnquiry(db, seller({ trade_in: true, towards_vehicle_id: wanted.id }), {
      photoImageIds: photos.map((photo) => photo.id),
    });
    if (outcome.kind !== "stored") throw new Error(JSON.stringify(outcome));
    const now = new Date();
    const lead = (await loadLeadForDelivery(db, "enquiry", outcome.id, {
      photoLink: (id, position) => new URL(leadPhotoPath(signer, id, position, now), SITE).toString(),
    }))!;
    expect(lead).toMatchObject({
      formName: "Sell Your Car",
      leadType: "Sell Your Car",
      source: "Group Website Honda-Online Sell Your Car",
    });
    const adf = buildAdfXml(lead, SITE);
    expect(await dtdViolations(adf)).toBe("");
    const value = async (expression: string) => (await xpath(adf, `string(${expression})`)).trim();
    expect(await value("//vehicle[1]/@interest")).toBe("trade-in");
    expect(await value("//vehicle[1]/@status")).toBe("used");
    expect(await value("//vehicle[1]/year")).toBe("2018");
    expect(await value("//vehicle[1]/model")).toBe("Corolla Quest");
    expect(await value("//vehicle[1]/odometer")).toBe("112000");
    expect(await value("//vehicle[1]/condition")).toBe("fair");
    expect(await value("//vehicle[1]/imagetag")).toMatch(
      new RegExp(`^${SITE}/media/leads/${outcome.id}/1\\?expires=\\d+&signature=`),
    );
    expect(await value("//vehicle[2]/@interest")).toBe("buy");
    expect(await value("//vehicle[2]/stock")).toBe(String(wanted.id));
    const comments = await value("//customer/comments");
    expect(comments).toContain("Outstanding finance: yes");
    expect(comments).toContain(`Trade-in towards the ${wanted.year}`);
    expect(comments).toMatch(/Photo 2: https:\/\/www\.honda-group\.example\/media\/leads\/.*\/2\?expires=/);

    // The photo is served through its signed link only, as a JPEG; never at the public rendition address.
    const link = new URL(lead.photoLinks![1]!);
    const photo = await fetch(server.baseUrl + link.pathname + link.search);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await photo.arrayBuffer()).includes(Buffer.from("Exif"))).toBe(false);
    const [rendition] = await db
      .select({ hash: imageRenditions.hash })
      .from(imageRenditions)
      .where(eq(imageRenditions.imageId, photos[1]!.id));
    expect((await server.get(`/media/images/${rendition!.hash}.jpg`)).status).toBe(404);
    expect((await server.get(link.pathname)).status).toBe(403);
    expect(
      (await server.get(`${link.pathname}?expires=${link.searchParams.get("expires")}&signature=${"A".repeat(43)}`))
        .status,
    ).toBe(403);
    const expired = signer.sign(LEAD_PHOTO, `${outcome.id}/2`, new Date(Date.now() - 1000));
    expect(
      (await server.get(`${link.pathname}?expires=${expired.expires}&signature=${expired.signature}`)).status,
    ).toBe(410);
  });
});
