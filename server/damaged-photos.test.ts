import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { banners, blogPosts, deals, enquiries, storedImages, usedVehicleImages, usedVehicles } from "../db/schema.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { createApp } from "./app.ts";

/**
 * A damaged photo (a JPEG cut off halfway, as an interrupted phone upload leaves it: a valid header, then the
 * data stops) on every form that takes an image, public and staff: 422 with "This photo
 * could not be read; please take it again" on the field, nothing stored, what was typed kept, and no
 * error-level log. (A feed's damaged photo: core/inventory/feed-photos.test.ts.)
 */
const DAMAGED = "This photo could not be read; please take it again";
const cutOffJpeg = () =>
  new Blob([fs.readFileSync(path.join(import.meta.dirname, "../tests/fixtures/photos/trade-in-cut-off.jpg"))], {
    type: "image/jpeg",
  });

let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
let editor: StaffHttpSession;
let errorLines: () => string[];

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const { logger, lines } = capturingLogger("warn");
  errorLines = () => lines.filter((line) => JSON.parse(line).level >= 50);
  const app = createApp({
    db: database.db,
    logger,
    ...(await builtSite()),
    rateLimiter: new MemoryRateLimiter(1_000, 600_000),
  });
  server = await serveOverHttp(app);
  await createStaffUser(database.db, {
    email: "damaged@photos.example",
    role: "group_admin",
    password: TEST_STAFF_PASSWORD,
  });
  editor = await signIn(server.baseUrl, "damaged@photos.example", TEST_STAFF_PASSWORD);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** How many rows each table of a stored upload has: none may change for a refused one. */
async function storedCounts() {
  const rows = async (
    table:
      | typeof storedImages
      | typeof enquiries
      | typeof deals
      | typeof banners
      | typeof blogPosts
      | typeof usedVehicleImages,
  ) => (await database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    images: await rows(storedImages),
    enquiries: await rows(enquiries),
    deals: await rows(deals),
    banners: await rows(banners),
    posts: await rows(blogPosts),
    vehiclePhotos: await rows(usedVehicleImages),
  };
}

function post(
  url: string,
  fields: Record<string, string>,
  file: { field: string; name: string },
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(file.field, cutOffJpeg(), file.name);
  return fetch(`${server.baseUrl}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseUrl, ...headers },
    body,
  });
}

const asEditor = (fields: Record<string, string>) => ({ ...fields, csrf: editor.csrfToken });
const sast = (moment: Date) => new Date(moment.getTime() + 2 * 60 * 60 * 1000).toISOString().slice(0, 16);

describe("a damaged photo", () => {
  it("on the public sell-your-car form: 422 on the photos field, the typed form kept, nothing stored", async () => {
    const before = await storedCounts();
    const typed = {
      first_name: "Pieter",
      last_name: "van der Merwe",
      email: "pieter@example.co.za",
      cell_phone: "0821234567",
      make: "Honda",
      model: "Jazz",
      year: "2017",
      dealer_slug: "honda-sandton",
      mileage_km: "98000",
      condition: "good",
      outstanding_finance: "no",
      trade_in: "no",
      terms: "on",
      idempotency_key: crypto.randomUUID(),
      rendered_at: String(Date.now() - 60_000),
    };
    const answer = await post("/sell-your-car", typed, { field: "photos", name: "front.jpg" });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain(`Photo 1: ${DAMAGED}`);
    expect(html).toContain('value="van der Merwe"');
    expect(html).toContain('value="pieter@example.co.za"');
    expect(await storedCounts()).toEqual(before);
  });

  it("on a vehicle's photos in the back office: 422 naming the file (the page's script), and the same message after a plain post", async () => {
    const [vehicle] = await database.db.select({ id: usedVehicles.id }).from(usedVehicles).limit(1);
    const before = await storedCounts();
    const url = `/staff/stock/${vehicle!.id}/photos`;
    const headers = { Cookie: editor.cookie };
    const scripted = await post(
      url,
      asEditor({ intent: "upload" }),
      { field: "photos", name: "side.jpg" },
      { ...headers, Accept: "application/json" },
    );
    expect(scripted.status).toBe(422);
    expect(await scripted.json()).toEqual({
      ok: false,
      violations: [{ propertyPath: "photos", message: `side.jpg: ${DAMAGED}` }],
    });
    const plain = await post(url, asEditor({ intent: "upload" }), { field: "photos", name: "side.jpg" }, headers);
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.get("location")!, server.baseUrl).searchParams.get("photoError")).toBe(
      `side.jpg: ${DAMAGED}`,
    );
    expect(await storedCounts()).toEqual(before);
  });
});

describe("a damaged photo on the back office's content", () => {
  it.each([
    [
      "a special",
      "/staff/specials/new",
      "image",
      {
        title: "Deposit special",
        kind: "special",
        dealer: "",
        summary: "R5 000 towards your deposit.",
        endsAt: sast(new Date(Date.now() + 7 * 86_400_000)),
      },
    ],
    [
      "a banner",
      "/staff/banners/new",
      "image",
      { title: "Winter service clinic", type: "", buttonUrl: "/service", sortOrder: "0" },
    ],
    [
      "a blog post's hero image",
      "/staff/blog/new",
      "heroImage",
      {
        title: "Festive season hours",
        slug: "",
        author: "Lerato Dlamini",
        description: "When we are open.",
        body: "Book a check.",
        status: "draft",
        publishAt: "",
        metaTitle: "",
        metaDescription: "",
        keywords: "",
      },
    ],
  ] as const)("on %s: 422 with the message, the typed title kept, nothing stored", async (_, url, field, fields) => {
    const before = await storedCounts();
    const answer = await post(url, asEditor(fields), { field, name: "picture.jpg" }, { Cookie: editor.cookie });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain(`picture.jpg: ${DAMAGED}`);
    expect(html).toContain(`value="${fields.title}"`);
    expect(await storedCounts()).toEqual(before);
  });

  it("is the sender's mistake: nothing was logged as an error", () => {
    expect(errorLines()).toEqual([]);
  });
});
