import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { LinkSigner } from "../core/appointments/links.server.ts";
import {
  listChannelSettings,
  revokeChannelKey,
  rotateChannelKey,
  setChannelEnabled,
} from "../core/channels/channel-settings.server.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { channelFetches, dealers, usedVehicles } from "../db/schema.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { createStaffUser } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import type { StaffActor } from "../core/staff/roles.ts";
import { createApp } from "./app.ts";

/**
 * The catalogue feeds as Meta, TikTok and a marketplace fetch them: the key, the answer's
 * validators and coding, the stock's changes at the next fetch, and the fetch log.
 */

let database: DatabaseHandle;
let admin: StaffActor;
let dealer: { id: number; slug: string };
const signer = LinkSigner.ephemeral();
const capture = capturingLogger();
const SITE = "https://cars.example.co.za";
const app = () =>
  createApp({
    db: database.db,
    logger: capture.logger,
    linkSigner: signer,
    siteUrl: SITE,
  });
let server: ReturnType<typeof app>;

async function keyOf(channel: string): Promise<string> {
  const setting = (await listChannelSettings(database.db, signer, admin)).find(
    (s) => s.dealerId === dealer.id && s.channel === channel,
  )!;
  return setting.key!;
}

const feedPath = (channel: string, key: string | null, format = "csv") =>
  `/feeds/${channel}/${dealer.slug}.${format}${key === null ? "" : `?key=${encodeURIComponent(key)}`}`;

async function fetchCsv(channel: string, target = server): Promise<Record<string, string>[]> {
  const response = await target.request(feedPath(channel, await keyOf(channel)));
  expect(response.status).toBe(200);
  return parse(await response.text(), { columns: true, skip_empty_lines: true });
}

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  admin = (await createStaffUser(database.db, { email: "admin@channels.example", role: "group_admin" })).actor;
  const [carDealer] = await database.db
    .select({ id: dealers.id, slug: dealers.slug })
    .from(dealers)
    .where(sql`${dealers.dealerName} not ilike '%wing%'`)
    .orderBy(dealers.sortOrder)
    .limit(1);
  dealer = carDealer!;
  // Identifiers and words the channels need, whatever the demo seed gives.
  await database.db
    .update(usedVehicles)
    .set({
      vin: sql`'MRH' || lpad(${usedVehicles.id}::text, 14, '0')`,
      description: "One owner, full service history, two keys, spare wheel never used.",
    })
    .where(eq(usedVehicles.dealerId, dealer.id));
  await database.db.update(usedVehicles).set({ status: "Available" }).where(eq(usedVehicles.dealerId, dealer.id));
  for (const channel of ["meta-vehicles", "marketplace"])
    await setChannelEnabled(database.db, admin, dealer.id, channel, true);
  server = app();
});

afterAll(async () => {
  await database.close();
});

const dealerVehicles = () =>
  database.db
    .select({ id: usedVehicles.id, vin: usedVehicles.vin, price: usedVehicles.price })
    .from(usedVehicles)
    .where(eq(usedVehicles.dealerId, dealer.id))
    .orderBy(usedVehicles.id);

describe("the feed key", () => {
  it("is required, must be this feed's, stops working when revoked, and survives a rotation for the grace period", async () => {
    const key = await keyOf("meta-vehicles");
    expect((await server.request(feedPath("meta-vehicles", null))).status).toBe(401);
    expect((await server.request(feedPath("meta-vehicles", `${key.slice(0, -1)}x`))).status).toBe(403);
    expect((await server.request(feedPath("marketplace", key))).status).toBe(403);
    expect((await server.request(feedPath("meta-vehicles", key))).status).toBe(200);

    await rotateChannelKey(database.db, admin, dealer.id, "meta-vehicles", 72);
    const rotated = await keyOf("meta-vehicles");
    expect(rotated).not.toBe(key);
    expect((await server.request(feedPath("meta-vehicles", rotated))).status).toBe(200);
    expect((await server.request(feedPath("meta-vehicles", key))).status).toBe(200);
    await database.db.execute(
      sql`update channel_feeds set previous_key_valid_until = now() - interval '1 second' where dealer_id = ${dealer.id} and channel = 'meta-vehicles'`,
    );
    expect((await server.request(feedPath("meta-vehicles", key))).status).toBe(403);

    await revokeChannelKey(database.db, admin, dealer.id, "meta-vehicles");
    expect((await server.request(feedPath("meta-vehicles", rotated))).status).toBe(403);
    await rotateChannelKey(database.db, admin, dealer.id, "meta-vehicles", 72);
    expect((await server.request(feedPath("meta-vehicles", await keyOf("meta-vehicles")))).status).toBe(200);
  });

  it("never reaches the request log in full", async () => {
    const key = await keyOf("meta-vehicles");
    await server.request(feedPath("meta-vehicles", key));
    await server.request(feedPath("meta-vehicles", "wrong-key"));
    expect(capture.lines.join("\n")).not.toContain(key);
    expect(capture.lines.join("\n")).toContain(`/feeds/meta-vehicles/${dealer.slug}.csv`);
  });

  it("answers 404 for a channel switched off, and for a format the channel has not", async () => {
    await setChannelEnabled(database.db, admin, dealer.id, "tiktok-vehicles", true);
    const key = await keyOf("tiktok-vehicles");
    await setChannelEnabled(database.db, admin, dealer.id, "tiktok-vehicles", false);
    expect((await server.request(feedPath("tiktok-vehicles", key))).status).toBe(404);
    expect((await server.request(feedPath("meta-vehicles", await keyOf("meta-vehicles"), "json"))).status).toBe(404);
  });
});

describe("a fetch", () => {
  it("carries a weak ETag and Last-Modified, is gzipped when asked, never stored by a cache, and 304 when unchanged", async () => {
    const path = feedPath("marketplace", await keyOf("marketplace"), "json");
    const first = await server.request(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Encoding")).toBe("gzip");
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const items = JSON.parse(gunzipSync(Buffer.from(await first.arrayBuffer())).toString("utf8")) as {
      VinNo: string;
    }[];
    expect(items.length).toBe((await dealerVehicles()).length);
    expect((await server.request(path, { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect(
      (await server.request(path, { headers: { "If-Modified-Since": first.headers.get("Last-Modified")! } })).status,
    ).toBe(304);
  });

  it("gives its plain and gzipped answers no one strong ETag: the tag they share is weak (RFC 9110 section 8.8.1)", async () => {
    const path = feedPath("meta-vehicles", await keyOf("meta-vehicles"));
    const gzipped = await server.request(path, { headers: { "Accept-Encoding": "gzip" } });
    const plain = await server.request(path, { headers: { "Accept-Encoding": "identity" } });
    expect([gzipped.headers.get("Content-Encoding"), plain.headers.get("Content-Encoding")]).toEqual(["gzip", null]);
    const tags = [gzipped.headers.get("ETag")!, plain.headers.get("ETag")!];
    expect(tags[1]).toBe(tags[0]);
    expect(tags[0]).toMatch(/^W\/"[\w-]+"$/);
  });

  it("shows a price change, a reservation and a sale at the next fetch", async () => {
    const [changed, reserved, sold] = await dealerVehicles();
    await database.db
      .update(usedVehicles)
      .set({ price: changed!.price - 10_000 })
      .where(eq(usedVehicles.id, changed!.id));
    await database.db.update(usedVehicles).set({ status: "Reserved" }).where(eq(usedVehicles.id, reserved!.id));
    await database.db.update(usedVehicles).set({ status: "Sold" }).where(eq(usedVehicles.id, sold!.id));

    const meta = await fetchCsv("meta-vehicles");
    expect(meta.find((row) => row.vin === changed!.vin)!.price).toBe(`${changed!.price - 10_000} ZAR`);
    expect(meta.find((row) => row.vin === reserved!.vin)!.availability).toBe("PENDING");
    expect(meta.find((row) => row.vin === sold!.vin)).toBeUndefined();
    const marketplace = await fetchCsv("marketplace");
    expect(marketplace.find((row) => row.VinNo === changed!.vin)!.Price).toBe(String(changed!.price - 10_000));
    expect(marketplace.find((row) => row.VinNo === reserved!.vin)).toBeUndefined();
    expect(marketplace.find((row) => row.VinNo === sold!.vin)).toBeUndefined();
  });

  it("is logged with the client, the item count and the time it took", async () => {
    await server.request(feedPath("meta-vehicles", await keyOf("meta-vehicles")), {
      headers: { "User-Agent": "facebookexternalhit/1.1" },
    });
    const [last] = await database.db
      .select()
      .from(channelFetches)
      .where(eq(channelFetches.channel, "meta-vehicles"))
      .orderBy(sql`${channelFetches.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ userAgent: "facebookexternalhit/1.1", status: 200 });
    expect(last!.items).toBeGreaterThan(0);
  });

  it("records a 304 as what it was: not modified, the channel keeping the file it has", async () => {
    const path = feedPath("meta-vehicles", await keyOf("meta-vehicles"));
    const first = await server.request(path);
    const items = (await first.text()).trim().split("\r\n").length - 1;
    const again = await server.request(path, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    const [last] = await database.db
      .select()
      .from(channelFetches)
      .where(eq(channelFetches.channel, "meta-vehicles"))
      .orderBy(sql`${channelFetches.id} desc`)
      .limit(1);
    expect({ status: last!.status, items: last!.items }).toEqual({ status: 304, items });
  });
});

describe("the files and the site", () => {
  it("agree after a large withdrawal, on this instance and on a new one: no file lists a car whose page is gone", async () => {
    await server.request(feedPath("marketplace", await keyOf("marketplace")));
    const vehicles = await dealerVehicles();
    const withdrawn = vehicles.slice(0, Math.ceil(vehicles.length * 0.8)).map((v) => v.id);
    await database.db.update(usedVehicles).set({ status: "Draft" }).where(sql`${usedVehicles.id} in ${withdrawn}`);
    try {
      for (const target of [server, app()]) {
        const listed = await fetchCsv("marketplace", target);
        expect(listed).toHaveLength(vehicles.length - withdrawn.length);
        for (const row of listed) {
          const id = new URL(row.Url!).pathname.split("/").at(-1);
          expect((await target.request(`/api/vehicles/${id}`)).status, row.Url).toBe(200);
        }
      }
      const [last] = await database.db
        .select()
        .from(channelFetches)
        .where(eq(channelFetches.channel, "marketplace"))
        .orderBy(sql`${channelFetches.id} desc`)
        .limit(1);
      expect({ status: last!.status, items: last!.items }).toEqual({
        status: 200,
        items: vehicles.length - withdrawn.length,
      });
    } finally {
      await database.db
        .update(usedVehicles)
        .set({ status: "Available" })
        .where(sql`${usedVehicles.id} in ${withdrawn}`);
    }
  });
});

describe("the drawings as the channels get them", () => {
  it("are JPEGs at least 500 px on the short side", async () => {
    const response = await server.request("/media/vehicles/hatch/f4f5f2/studio.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const { format, width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(format).toBe("jpeg");
    expect(Math.min(width!, height!)).toBeGreaterThanOrEqual(500);
  });
});
