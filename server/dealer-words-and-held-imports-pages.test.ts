import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LinkSigner } from "../core/appointments/links.server.ts";
import { listChannelSettings, setChannelEnabled } from "../core/channels/channel-settings.server.ts";
import { feedKeyActor } from "../core/inventory/feed-keys.server.ts";
import { importStockFeed } from "../core/inventory/stock-feed.server.ts";
import { parseFeed } from "../core/inventory/stock-feed-format.server.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { dealers, heldStockImports, usedVehicles } from "../db/schema.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import {
  createStaffUser,
  formValues,
  signIn,
  type StaffHttpSession,
  TEST_STAFF_PASSWORD,
} from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * Over real HTTP with the built pages: a used vehicle's description on its page, in its JSON-LD and its API
 * answer; the drop guard's confirmation on the upload page and its alarm on /staff/channels; the channel
 * settings that Meta's file reads (Facebook page id, coordinates); the empty-channel flag and the demo's
 * default channels.
 */
let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
const signer = LinkSigner.ephemeral();
const sessions: Record<"admin" | "mbombela" | "menlyn", StaffHttpSession> = {} as never;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const app = createApp({
    db: database.db,
    logger: capturingLogger("warn").logger,
    linkSigner: signer,
    ...(await builtSite()),
  });
  server = await serveOverHttp(app);
  const accounts = [
    ["admin", "group_admin", []],
    ["mbombela", "dealer_manager", ["honda-mbombela"]],
    ["menlyn", "dealer_manager", ["honda-menlyn"]],
  ] as const;
  for (const [name, role, dealerSlugs] of accounts) {
    await createStaffUser(database.db, {
      email: `${name}@words.example`,
      role,
      dealerSlugs: [...dealerSlugs],
      password: TEST_STAFF_PASSWORD,
    });
    sessions[name] = await signIn(server.baseUrl, `${name}@words.example`, TEST_STAFF_PASSWORD);
  }
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const get = (url: string, session?: StaffHttpSession) =>
  fetch(`${server.baseUrl}${url}`, { redirect: "manual", headers: session ? { Cookie: session.cookie } : {} });

function post(url: string, session: StaffHttpSession, fields: Record<string, string>, file?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file !== undefined) body.append("feed", new Blob([file], { type: "text/csv" }), "stock.csv");
  return fetch(`${server.baseUrl}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: session.cookie, Origin: server.baseUrl },
    body,
  });
}

async function dealerId(slug: string): Promise<number> {
  const [row] = await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug));
  return row!.id;
}

const unsold = async (id: number) =>
  (
    await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(usedVehicles)
      .where(and(eq(usedVehicles.dealerId, id), sql`${usedVehicles.status} <> 'Sold'`))
  )[0]!.count;

const ONE_CAR = [
  "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition,Comments,Extras",
  'NEW-1,Honda,Jazz,1.5 Elegance CVT,2021,42000,249900,Automatic,Petrol,White,Used,"One owner, full service history at Honda.","Aircon; Tow bar; Two keys"',
].join("\n");

describe("a used vehicle's description", () => {
  const description = "One owner, bought here.\n\nFull service history at <b>Honda</b>.\nTwo keys, tow bar.";
  const features = "Cruise control, Leather seats\nSunroof";
  let vehicle: { id: number; path: string };

  beforeAll(async () => {
    const [row] = await database.db
      .execute<{ id: number; make: string; model: string }>(
        sql`select v.id, mk.slug as make, md.slug as model from used_vehicles v join makes mk on mk.id = v.make_id
          join models md on md.id = v.model_id where v.status = 'Available' order by v.id limit 1`,
      )
      .then((result) => (result as unknown as { rows: { id: number; make: string; model: string }[] }).rows);
    vehicle = { id: row!.id, path: `/used/${row!.make}/${row!.model}/${row!.id}` };
    await database.db.update(usedVehicles).set({ description, features }).where(eq(usedVehicles.id, vehicle.id));
  });

  it("is on its page as the dealer's words: paragraphs kept, markup shown as text, never as HTML", async () => {
    const html = await (await get(vehicle.path)).text();
    const section = html.slice(html.indexOf('id="vehicle-description"'));
    expect(section).toMatch(
      /^id="vehicle-description"[^>]*>From the dealer<\/h2><p[^>]*>One owner, bought here\.<\/p>/,
    );
    expect(section).toContain("Full service history at &lt;b&gt;Honda&lt;/b&gt;.\nTwo keys, tow bar.</p>");
    expect(html).not.toContain("<b>Honda</b>");
    const list = section.slice(section.indexOf("Features and extras"), section.indexOf("</ul>"));
    expect([...list.matchAll(/<li>([^<]*)<\/li>/g)].map(([, item]) => item)).toEqual([
      "Cruise control",
      "Leather seats",
      "Sunroof",
    ]);
  });

  it("is the description of its JSON-LD and of its API answer", async () => {
    const html = await (await get(vehicle.path)).text();
    const documents = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
      ([, json]) => JSON.parse(json!.replace(/\\u003c/g, "<")) as { "@type"?: string; description?: string },
    );
    expect(documents.find((document) => document["@type"] === "Car")?.description).toBe(
      `${description}\n\nFeatures: Cruise control, Leather seats, Sunroof.`,
    );
    const api = (await (await get(`/api/vehicles/${vehicle.id}`)).json()) as {
      description: string;
      features: string[];
    };
    expect({ description: api.description, features: api.features }).toEqual({
      description,
      features: ["Cruise control", "Leather seats", "Sunroof"],
    });
  });
});

describe("the drop guard on the upload page", () => {
  it("asks the uploader to confirm a file that would mark most of the stock sold, and changes nothing until then", async () => {
    const mbombela = await dealerId("honda-mbombela");
    const before = await unsold(mbombela);
    expect(before).toBeGreaterThan(2);
    const fields = { csrf: sessions.mbombela.csrfToken, dealer: "honda-mbombela" };
    const held = await post("/staff/stock/import", sessions.mbombela, fields, ONE_CAR);
    expect(held.status).toBe(200);
    const page = await held.text();
    expect(page).toContain(`Confirm: this file would mark ${before} of ${before} vehicles sold`);
    expect(await unsold(mbombela)).toBe(before);

    const { import: importId } = formValues(page.slice(page.indexOf("confirm-drop-heading")));
    expect(
      (
        await post("/staff/stock/import", sessions.menlyn, {
          csrf: sessions.menlyn.csrfToken,
          intent: "confirm",
          import: importId!,
        })
      ).status,
    ).toBe(404);
    expect(await unsold(mbombela)).toBe(before);
    const confirmed = await post("/staff/stock/import", sessions.mbombela, {
      csrf: sessions.mbombela.csrfToken,
      intent: "confirm",
      import: importId!,
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Import report");
    expect(await unsold(mbombela)).toBe(1);
    // The DMS's own words, from its Comments and Extras columns, are on the new car's page.
    const [created] = await database.db
      .select({ id: usedVehicles.id })
      .from(usedVehicles)
      .where(and(eq(usedVehicles.dealerId, mbombela), eq(usedVehicles.stockNumber, "NEW-1")));
    const carPage = await (await get(`/used/honda/jazz/${created!.id}`)).text();
    expect(carPage).toContain("One owner, full service history at Honda.</p>");
    expect([...carPage.matchAll(/<li>([^<]*)<\/li>/g)].map(([, item]) => item)).toEqual(
      expect.arrayContaining(["Aircon", "Tow bar", "Two keys"]),
    );
  });
});

describe("/staff/channels", () => {
  it("shows a held DMS feed as an alarm, published with the session's CSRF token by someone who may edit the stock", async () => {
    const polokwane = await dealerId("honda-polokwane");
    const before = await unsold(polokwane);
    const parsed = parseFeed(ONE_CAR.replace("NEW-1", "POL-1"), "csv");
    if (!parsed.ok) throw new Error(parsed.reason);
    const report = await importStockFeed(
      database.db,
      feedKeyActor({ dealerId: polokwane, name: "Polokwane DMS" }),
      "honda-polokwane",
      parsed.rows,
      { columns: parsed.columns, dropGuard: { maxShare: 0.5, source: "feed" } },
    );
    const heldId = String(report.held!.id);
    const page = await (await get("/staff/channels", sessions.admin)).text();
    expect(page).toContain("Honda Polokwane: a stock import is waiting");
    expect(page).toContain(`It would mark ${before} of the dealer&#x27;s ${before} vehicles sold`);

    const publish = { intent: "publish-import", import: heldId };
    expect((await post("/staff/channels", sessions.admin, { ...publish, csrf: "" })).status).toBe(403);
    expect(
      (await post("/staff/channels", sessions.menlyn, { ...publish, csrf: sessions.menlyn.csrfToken })).status,
    ).toBe(404);
    expect(await unsold(polokwane)).toBe(before);
    const published = await post("/staff/channels", sessions.admin, { ...publish, csrf: sessions.admin.csrfToken });
    expect(await published.text()).toContain(`The import is published: 1 created, 0 updated, ${before} marked sold.`);
    expect(await unsold(polokwane)).toBe(1);
    const [row] = await database.db
      .select()
      .from(heldStockImports)
      .where(eq(heldStockImports.id, Number(heldId)));
    expect(row!.publishedBy).toBe("admin@words.example");
  });

  it("saves a dealer's Facebook page id and coordinates, and answers 422 with the fields at fault", async () => {
    const mbombela = await dealerId("honda-mbombela");
    const fields = { csrf: sessions.mbombela.csrfToken, intent: "dealer-details", dealer: String(mbombela) };
    const wrong = await post("/staff/channels", sessions.mbombela, {
      ...fields,
      fbPageId: "facebook.com/hondambombela",
      latitude: "25.4753",
      longitude: "30.9694",
    });
    expect(wrong.status).toBe(422);
    const answer = await wrong.text();
    expect(answer).toContain("The Facebook page id is the page&#x27;s number");
    expect(answer).toContain("The latitude is decimal degrees within South Africa, from -35 to -22");
    const right = await post("/staff/channels", sessions.mbombela, {
      ...fields,
      fbPageId: "104329871234567",
      latitude: "-25.4753",
      longitude: "30.9694",
    });
    expect(right.status).toBe(200);
    const [saved] = await database.db
      .select({ fbPageId: dealers.fbPageId, latitude: dealers.latitude, longitude: dealers.longitude })
      .from(dealers)
      .where(eq(dealers.id, mbombela));
    expect(saved).toEqual({ fbPageId: "104329871234567", latitude: -25.4753, longitude: 30.9694 });
  });

  it("flags a switched-on channel whose file is empty; the demo switches on only what a dealer has stock for", async () => {
    const admin = (await createStaffUser(database.db, { email: "flags@words.example", role: "group_admin" })).actor;
    const settings = await listChannelSettings(database.db, signer, admin);
    const enabled = (slug: string, channel: string) =>
      settings.find((setting) => setting.dealerSlug === slug && setting.channel === channel)?.enabled;
    expect([enabled("honda-sandton", "meta-vehicles"), enabled("honda-sandton", "meta-products")]).toEqual([
      true,
      false,
    ]);
    expect([enabled("honda-wing-midrand", "meta-vehicles"), enabled("honda-wing-midrand", "meta-products")]).toEqual([
      false,
      true,
    ]);
    await setChannelEnabled(database.db, admin, await dealerId("honda-wing-midrand"), "meta-vehicles", true);
    const summary = await (await get("/staff/channels", sessions.admin)).text();
    expect(summary).toMatch(
      /<a [^>]*href="\/staff\/channels\?dealer=honda-wing-midrand"[^>]*>Honda Wing Midrand, Meta vehicles<\/a>: Switched on, but the file is empty\./,
    );
    const page = await (await get("/staff/channels?dealer=honda-wing-midrand", sessions.admin)).text();
    const metaVehicles = page.slice(page.indexOf("Meta vehicles"), page.indexOf("</article>"));
    expect(metaVehicles).toContain("Switched on, but the file is empty");
    expect((await get("/staff/channels?dealer=honda-wing-midrand", sessions.menlyn)).status).toBe(404);
  });
});
