import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { WriteQueue } from "../core/shared/write-queue.ts";
import { enquiries, leadDeliveries } from "../db/schema.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

/**
 * Buyers' writes wait in a bounded queue for the database; past it they are answered 503 with
 * Retry-After at once and nothing is stored, and an enquiry form shows the busy message with what was typed.
 * The queue is filled here by a write of the test's own that holds the one turn until the test lets it go.
 */
const queue = new WriteQueue({ concurrency: 1, maxWaiting: 0, maxWaitMs: 60_000, retryAfterSeconds: 4 });
let site: TestServer;
beforeAll(async () => {
  site = await startTestServer({
    ...(await builtSite()),
    writeQueue: queue,
    rateLimiter: new MemoryRateLimiter(10_000, 600_000),
  });
});
afterAll(() => site.close());

async function holdTheQueue(): Promise<() => Promise<void>> {
  // The gate exists before the write starts (it starts on the event loop's next turn).
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = queue.run(() => gate);
  return async () => {
    release();
    await held;
  };
}

const stored = async () =>
  Promise.all(
    [enquiries, leadDeliveries].map(async (table) => (await site.database.db.select({ n: count() }).from(table))[0]!.n),
  );

const apiEnquiry = (email: string) =>
  fetch(`${site.baseUrl}/api/customer_enquiries`, {
    method: "POST",
    headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json" },
    body: JSON.stringify({
      form_name: "New Vehicles",
      lead_type: "New Vehicles",
      first_name: "Sibusiso",
      last_name: "Dlamini",
      email,
      cell_phone: "072 815 9130",
      make: "Honda",
      model: "CR-V",
      variant: "1.5T Comfort CVT",
      message: "Is the white one in stock?",
      contact: true,
      terms: true,
      dealer_slug: "honda-umhlanga",
      uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    }),
  });

const partsForm = {
  first_name: "Ayanda",
  last_name: "Khumalo",
  email: "ayanda.busy@example.co.za",
  cell_phone: "083 444 1212",
  make: "Honda",
  model: "Jazz",
  year: "2016",
  partNo: "08P01-T5A-100",
  vinNo: "",
  message: "Two wiper blades, please.",
  dealer_slug: "honda-sandton",
  contact: "on",
  terms: "on",
  website: "",
  idempotency_key: crypto.randomUUID(),
  rendered_at: String(Date.now() - 120_000),
};

const postPartsForm = () =>
  fetch(`${site.baseUrl}/parts`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
    body: new URLSearchParams(partsForm).toString(),
  });

describe("the bounded write queue", () => {
  it("answers an API enquiry 503 with Retry-After when the queue is full, stores nothing, and takes it once there is room", async () => {
    const before = await stored();
    const release = await holdTheQueue();
    const refused = await apiEnquiry("sibusiso.busy@example.co.za").finally(release);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("4");
    expect(await refused.json()).toMatchObject({
      "@type": "Error",
      status: 503,
      title: "We are busy, please try again in a moment",
    });
    expect(await stored()).toEqual(before);
    const taken = await apiEnquiry("sibusiso.busy@example.co.za");
    expect(taken.status).toBe(201);
    const [leads] = await stored();
    expect(leads).toBe(before[0]! + 1);
  });

  it("gives an enquiry form back with the busy message and what was typed, and stores nothing", async () => {
    const before = await stored();
    const release = await holdTheQueue();
    const refused = await postPartsForm().finally(release);
    const page = await refused.text();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("4");
    expect(page).toContain("We are busy, please try again in a moment");
    for (const typed of ["Ayanda", "Khumalo", "ayanda.busy@example.co.za", "083 444 1212", "08P01-T5A-100"])
      expect(page).toContain(`value="${typed}"`);
    expect(page).toContain("Two wiper blades, please.");
    expect(await stored()).toEqual(before);
    const taken = await postPartsForm();
    expect(taken.status).toBe(303);
    expect((await stored())[0]).toBe(before[0]! + 1);
  });
});
