import { count, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { dealers, enquiries, usedVehicles } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { parseEnquiry } from "./enquiry-schema.ts";
import { DUPLICATE_WINDOW_MS, MIN_FILL_MS, submitEnquiry } from "./enquiries.server.ts";
import { normaliseSaCell, SA_CELL_PATTERN } from "./phone.ts";
import { FORM_PRESETS, PRESET_KEYS, type PresetKey } from "./presets.ts";

let database: DatabaseHandle;
let usedVehicle: { id: number; dealerSlug: string };
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const [row] = await database.db
    .select({ id: usedVehicles.id, dealerSlug: dealers.slug })
    .from(usedVehicles)
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .limit(1);
  usedVehicle = row!;
});
afterAll(() => database.close());

let serial = 0;
/** A complete, valid enquiry for a preset; every call is a different person unless `email` is given. */
function validEnquiry(preset: PresetKey, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  const base: Record<string, unknown> = {
    form_name: FORM_PRESETS[preset].formName,
    first_name: "Thandi",
    last_name: "Mokoena",
    email: `thandi.${serial}.${Date.now()}@example.co.za`,
    cell_phone: "082 123 4567",
    contact: true,
    terms: true,
    dealer_slug: preset === "wing" ? "honda-wing-durban" : "honda-sandton",
    uri: "/somewhere",
  };
  const extra: Record<PresetKey, Record<string, unknown>> = {
    new: { model: "CR-V", variant: "1.5T Comfort CVT", uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire" },
    wing: { model: "NX500", variant: "Manual", uri: "/honda-wing/honda/nx500/manual/enquire" },
    used: {
      model: "Jazz",
      variant: "1.5 Dynamic",
      vehicle_id: usedVehicle?.id,
      dealer_slug: usedVehicle?.dealerSlug,
      uri: "/used/honda/jazz/1/enquire",
    },
    special: { special_slug: "cr-v-e-hev-cash-back", uri: "/specials/cr-v-e-hev-cash-back" },
    parts: { make: "Honda", model: "Civic", year: "2017", partNo: "15400-PLM-A02", uri: "/parts" },
    testDrive: { model: "HR-V", uri: "/book-test-drive/honda/hr-v" },
    service: { make: "Honda", model: "Jazz", year: 2016, message: "60 000 km service please", uri: "/service" },
    sellCar: {
      make: "Toyota",
      model: "Corolla",
      year: 2017,
      mileage_km: "98000",
      condition: "good",
      outstanding_finance: "no",
      trade_in: "no",
      uri: "/sell-your-car",
    },
  };
  return { ...base, ...extra[preset], ...overrides };
}

const leadCount = async () => (await database.db.select({ n: count() }).from(enquiries))[0]!.n;
const messagesFor = (raw: unknown) => {
  const parsed = parseEnquiry(raw);
  return parsed.ok ? {} : Object.fromEntries(parsed.violations.map((v) => [v.propertyPath, v.message]));
};

describe("South African cell numbers", () => {
  it.each([
    ["0821234567", "+27821234567"],
    ["082 123 4567", "+27821234567"],
    ["+27821234567", "+27821234567"],
    ["+27 82 123 4567", "+27821234567"],
    ["27821234567", "+27821234567"],
    ["0027821234567", "+27821234567"],
    ["(072) 815-9130", "+27728159130"],
    ["0612345678", "+27612345678"],
  ])("accepts %s as %s", (raw, expected) => {
    expect(normaliseSaCell(raw)).toBe(expected);
  });

  it("takes every spelling the API's document allows (its pattern), up to the document's 30 characters", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(new RegExp(SA_CELL_PATTERN), { size: "xsmall" }).filter((raw) => raw.trim().length <= 30),
        (raw) => {
          expect(normaliseSaCell(raw.trim()), JSON.stringify(raw)).toMatch(/^\+27[6-8]\d{8}$/);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it.each(["0112345678", "082123456", "08212345678", "+44 7700 900123", "abc", "", "+27 11 123 4567", "0821234567x"])(
    "rejects %j",
    (raw) => {
      expect(new RegExp(SA_CELL_PATTERN).test(raw), "the document's pattern").toBe(false);
      expect(normaliseSaCell(raw)).toBeNull();
      expect(messagesFor(validEnquiry("service", { cell_phone: raw })).cell_phone).toMatch(/cell/);
    },
  );
});

describe("the enquiry schema", () => {
  it.each(PRESET_KEYS)("accepts a complete %s enquiry", (preset) => {
    expect(parseEnquiry(validEnquiry(preset))).toMatchObject({ ok: true });
  });

  it("names every required field of an empty parts form, make on manufacturer", () => {
    expect(messagesFor({ form_name: "Parts Enquiry", uri: "/parts" })).toEqual({
      first_name: "Please enter your first name",
      last_name: "Please enter your last name",
      email: "Please enter your email address",
      cell_phone: "Please enter your cell phone number",
      manufacturer: "Please enter the make",
      model: "Please enter the model",
      year: "Please enter your vehicle's year",
      dealer_slug: "Please choose a dealership",
      terms: "Please accept the terms and privacy policy so that we may process your enquiry",
    });
  });

  it("keeps the vehicle's year for parts and service only", () => {
    const year = (preset: PresetKey) => {
      const parsed = parseEnquiry(validEnquiry(preset, { year: "2016" }));
      return parsed.ok ? parsed.value.payload.year : parsed.violations;
    };
    expect([year("service"), year("parts"), year("new"), year("testDrive")]).toEqual([2016, 2016, null, null]);
  });

  it.each(["first_name", "last_name", "email", "cell_phone", "dealer_slug", "uri", "form_name"])(
    "requires %s",
    (field) => {
      const enquiry = validEnquiry("new");
      delete enquiry[field];
      expect(Object.keys(messagesFor(enquiry))).toEqual([field]);
      expect(Object.keys(messagesFor({ ...validEnquiry("new"), [field]: "" }))).toEqual([field]);
    },
  );

  it("takes as uri only a path on this site, never another site's address", () => {
    for (const uri of ["//evil.example/x", "https://evil.example/x", "evil.example"]) {
      expect(Object.keys(messagesFor(validEnquiry("new", { uri })))).toEqual(["uri"]);
    }
    expect(messagesFor(validEnquiry("new", { uri: "/used/honda/jazz/1/enquire" }))).toEqual({});
  });

  it("requires make and model for parts and service only; other forms default the make to Honda", () => {
    for (const preset of ["parts", "service"] as const) {
      expect(messagesFor(validEnquiry(preset, { make: "", model: "" }))).toEqual({
        manufacturer: "Please enter the make",
        model: "Please enter the model",
      });
    }
    const parsed = parseEnquiry(validEnquiry("special"));
    expect(parsed.ok && parsed.value.payload).toMatchObject({ make: "Honda", manufacturer: "Honda", model: null });
  });

  it("copies make into manufacturer, and takes manufacturer when only it is sent", () => {
    const fromMake = parseEnquiry(validEnquiry("parts", { make: "Toyota" }));
    expect(fromMake.ok && fromMake.value.payload).toMatchObject({ make: "Toyota", manufacturer: "Toyota" });
    const fromManufacturer = parseEnquiry(validEnquiry("parts", { make: undefined, manufacturer: "Honda" }));
    expect(fromManufacturer.ok && fromManufacturer.value.payload).toMatchObject({
      make: "Honda",
      manufacturer: "Honda",
    });
  });
});

describe("the enquiry schema's consent, names and lengths", () => {
  it("requires the terms (POPIA consent) but not the contact permission", () => {
    expect(messagesFor(validEnquiry("new", { terms: false }))).toEqual({
      terms: "Please accept the terms and privacy policy so that we may process your enquiry",
    });
    expect(messagesFor(validEnquiry("new", { contact: false }))).toEqual({});
  });

  it("sets consent to contact and terms both true", () => {
    const both = parseEnquiry(validEnquiry("new", { contact: true }));
    const termsOnly = parseEnquiry(validEnquiry("new", { contact: false }));
    expect(both.ok && both.value.payload.consent).toBe(true);
    expect(termsOnly.ok && termsOnly.value.payload.consent).toBe(false);
  });

  it.each([
    ["new", "New Vehicles", "Group Website Honda-Online New Vehicles", 0],
    ["wing", "New Honda Wing", "Group Website Honda-Online Honda Wing", 0],
    ["used", "Used Vehicles", "Group Website Honda-Online Used Vehicles", 1],
    ["special", "Specials Enquiry", null, 0],
    ["parts", "Parts Enquiry", "Dealer Website Honda-Online Parts", 1],
    ["testDrive", "Book Test Drive", "Group Website Honda-Online Test Drive", 0],
    ["service", "Book Service", "Group Website Honda-Online Service Booking", 1],
  ] as const)("completes a %s enquiry with its preset and is_used", (preset, formName, source, isUsed) => {
    const parsed = parseEnquiry(
      validEnquiry(preset, { source: "forged", is_used: 1 - isUsed, consent: true, contact: false }),
    );
    expect(parsed.ok && parsed.value.payload).toMatchObject({
      form_name: formName,
      lead_type: formName,
      source,
      is_used: isUsed,
      status: "Queued",
      consent: false,
    });
  });

  it("keeps the spelling of names from any language and rejects markup in them", () => {
    expect(messagesFor(validEnquiry("new", { first_name: "Zoë-Marié", last_name: "N'Dlovu van der Merwe" }))).toEqual(
      {},
    );
    expect(messagesFor(validEnquiry("new", { first_name: "<script>alert(1)</script>" })).first_name).toMatch(
      /only letters/,
    );
  });

  it("bounds lengths", () => {
    expect(messagesFor(validEnquiry("new", { first_name: "A".repeat(61) })).first_name).toBe(
      "Your first name must be at most 60 characters",
    );
    expect(messagesFor(validEnquiry("new", { message: "x".repeat(2001) })).message).toBe(
      "Please keep your message under 2000 characters",
    );
    expect(messagesFor(validEnquiry("new", { message: "x".repeat(2000) }))).toEqual({});
  });
});

describe("storing an enquiry", () => {
  it("stores each preset's lead with its dealer, uri and status Queued", async () => {
    for (const preset of PRESET_KEYS) {
      const enquiry = validEnquiry(preset);
      const outcome = await submitEnquiry(database.db, enquiry);
      expect(outcome).toMatchObject({ kind: "stored", created: true, status: "Queued" });
      const [row] = await database.db
        .select({ lead: enquiries, dealerSlug: dealers.slug })
        .from(enquiries)
        .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
        .where(eq(enquiries.id, outcome.kind === "stored" ? outcome.id : ""));
      expect(row!.dealerSlug).toBe(enquiry.dealer_slug);
      expect(row!.lead).toMatchObject({
        formName: FORM_PRESETS[preset].formName,
        leadType: FORM_PRESETS[preset].leadType,
        source: FORM_PRESETS[preset].source,
        status: "Queued",
        uri: enquiry.uri,
        cellPhone: "+27821234567",
        email: enquiry.email,
      });
    }
  });

  it("sends a New Honda Wing lead only to a wing dealer, and a New Vehicles lead only to a car dealer", async () => {
    const before = await leadCount();
    const wingAtCarDealer = await submitEnquiry(database.db, validEnquiry("wing", { dealer_slug: "honda-sandton" }));
    expect(wingAtCarDealer).toEqual({
      kind: "invalid",
      violations: [
        {
          propertyPath: "dealer_slug",
          message: "Honda Sandton does not sell Honda Wing motorcycles; please choose a Honda Wing dealer",
        },
      ],
    });
    const carAtWingDealer = await submitEnquiry(
      database.db,
      validEnquiry("new", { dealer_slug: "honda-wing-midrand" }),
    );
    expect(carAtWingDealer).toMatchObject({ kind: "invalid", violations: [{ propertyPath: "dealer_slug" }] });
    const unknownDealer = await submitEnquiry(database.db, validEnquiry("service", { dealer_slug: "honda-atlantis" }));
    expect(unknownDealer).toMatchObject({ kind: "invalid", violations: [{ propertyPath: "dealer_slug" }] });
    expect(
      await submitEnquiry(database.db, validEnquiry("service", { dealer_slug: "honda-wing-midrand" })),
    ).toMatchObject({ kind: "stored" });
    expect(await leadCount()).toBe(before + 1);
  });

  it("keeps a used enquiry with the vehicle's own dealer and a dealer special with its dealer", async () => {
    const otherDealer = usedVehicle.dealerSlug === "honda-menlyn" ? "honda-sandton" : "honda-menlyn";
    expect(await submitEnquiry(database.db, validEnquiry("used", { dealer_slug: otherDealer }))).toMatchObject({
      kind: "invalid",
      violations: [{ propertyPath: "dealer_slug", message: "This vehicle is sold by another dealership" }],
    });
    expect(await submitEnquiry(database.db, validEnquiry("used", { vehicle_id: 999_999 }))).toMatchObject({
      kind: "invalid",
      violations: [{ propertyPath: "vehicle_id" }],
    });
    expect(
      await submitEnquiry(
        database.db,
        validEnquiry("special", { special_slug: "sandton-zr-v-launch-offer", dealer_slug: "honda-menlyn" }),
      ),
    ).toMatchObject({ kind: "invalid", violations: [{ propertyPath: "dealer_slug" }] });
    expect(
      await submitEnquiry(
        database.db,
        validEnquiry("special", { special_slug: "sandton-zr-v-launch-offer", dealer_slug: "honda-sandton" }),
      ),
    ).toMatchObject({ kind: "stored", created: true });
  });
});

describe("storing an enquiry once", () => {
  it("stores a double submission (same idempotency key) once", async () => {
    const enquiry = validEnquiry("new", { idempotency_key: `render-${Date.now()}` });
    const before = await leadCount();
    const [first, second] = await Promise.all([
      submitEnquiry(database.db, enquiry),
      submitEnquiry(database.db, enquiry),
    ]);
    expect(first.kind === "stored" && second.kind === "stored" && first.id === second.id).toBe(true);
    expect(await leadCount()).toBe(before + 1);
  });

  it("stores the same lead from two renders once within 10 minutes, and again after", async () => {
    const start = Date.UTC(2026, 10, 22, 10, 9, 0); // one minute before a 10-minute boundary
    const enquiry = validEnquiry("service");
    const before = await leadCount();
    const at = (ms: number) => ({ now: () => start + ms });
    const first = await submitEnquiry(database.db, { ...enquiry, idempotency_key: "render-one-aaaa" }, at(0));
    const again = await submitEnquiry(
      database.db,
      {
        ...enquiry,
        idempotency_key: "render-two-bbbb",
        email: String(enquiry.email).toUpperCase(),
        cell_phone: "+27 82 123 4567",
      },
      at(9 * 60_000),
    );
    expect(first).toMatchObject({ kind: "stored", created: true });
    expect(again).toMatchObject({ kind: "stored", created: false, id: first.kind === "stored" ? first.id : "" });
    expect(await leadCount()).toBe(before + 1);
    const changedMessage = await submitEnquiry(
      database.db,
      { ...enquiry, message: "Also check the brakes", idempotency_key: "render-three-cc" },
      at(60_000),
    );
    expect(changedMessage).toMatchObject({ kind: "stored", created: true });
    const later = await submitEnquiry(
      database.db,
      { ...enquiry, idempotency_key: "render-four-dddd" },
      at(DUPLICATE_WINDOW_MS + 1_000),
    );
    expect(later).toMatchObject({ kind: "stored", created: true });
    expect(await leadCount()).toBe(before + 3);
  });
});

describe("holding an automated-looking enquiry", () => {
  it("holds a web form's automated-looking posts, stored with their reason: hidden field filled, too fast, no render time", async () => {
    const held: string[] = [];
    const onHeld = ({ reason }: { reason: string }) => held.push(reason);
    const before = await leadCount();
    const now = Date.now();
    const webForm = (website: string, renderedAt?: number) => ({
      onHeld,
      webForm: { website, renderedAt: renderedAt === undefined ? undefined : String(renderedAt) },
    });
    const honeypot = await submitEnquiry(
      database.db,
      validEnquiry("new"),
      webForm("http://spam.example", now - 60_000),
    );
    const tooFast = await submitEnquiry(database.db, validEnquiry("new"), webForm("", now - MIN_FILL_MS / 2));
    const noTime = await submitEnquiry(database.db, validEnquiry("new"), webForm(""));
    for (const outcome of [honeypot, tooFast, noTime])
      expect(outcome).toMatchObject({ kind: "held", created: true, status: "Held" });
    expect(held).toEqual(["honeypot", "too-fast", "no-render-time"]);
    expect(await leadCount()).toBe(before + 3);
    const reasons = await database.db
      .select({ reason: enquiries.heldReason })
      .from(enquiries)
      .where(
        inArray(
          enquiries.id,
          [honeypot, tooFast, noTime].map((outcome) => ("id" in outcome ? outcome.id : "")),
        ),
      );
    expect(reasons.map((row) => row.reason).sort()).toEqual(["honeypot", "no-render-time", "too-fast"]);
    expect(await submitEnquiry(database.db, validEnquiry("new"), webForm("", now - 5_000))).toMatchObject({
      kind: "stored",
    });
  });

  it("holds a web form by the minimum fill time it is given (FORM_MIN_FILL_MS), the default without one", async () => {
    const now = Date.now();
    const sent = (renderedMsAgo: number, minFillMs?: number) =>
      submitEnquiry(database.db, validEnquiry("new"), {
        webForm: { website: "", renderedAt: String(now - renderedMsAgo) },
        now: () => now,
        minFillMs,
      });
    expect((await sent(0, 0)).kind).toBe("stored");
    expect((await sent(5_000, 10_000)).kind).toBe("held");
    expect((await sent(MIN_FILL_MS - 1)).kind).toBe("held");
    expect((await sent(MIN_FILL_MS)).kind).toBe("stored");
  });

  it("keeps a person's send apart from the same enquiry held a moment before, and a held one's repeat held once", async () => {
    const enquiry = validEnquiry("new");
    const now = Date.now();
    const traps = (renderedAt: number) => ({
      webForm: { website: "", renderedAt: String(renderedAt) },
      now: () => now,
    });
    const first = await submitEnquiry(
      database.db,
      { ...enquiry, idempotency_key: "held-render-one" },
      traps(now - 500),
    );
    const again = await submitEnquiry(
      database.db,
      { ...enquiry, idempotency_key: "held-render-two" },
      traps(now - 700),
    );
    const person = await submitEnquiry(
      database.db,
      { ...enquiry, idempotency_key: "held-render-three" },
      traps(now - 30_000),
    );
    expect(first).toMatchObject({ kind: "held", created: true });
    expect(again).toEqual({ ...first, created: false });
    expect(person).toMatchObject({ kind: "stored", created: true });
  });
});

describe("storing an enquiry's message as sent", () => {
  it("stores an SQL fragment in a message as plain text", async () => {
    const message = "Is R300 000 enough?'; DROP TABLE enquiries; --";
    const outcome = await submitEnquiry(database.db, validEnquiry("service", { message }));
    expect(outcome.kind).toBe("stored");
    const [row] = await database.db
      .select({ message: enquiries.message })
      .from(enquiries)
      .where(eq(enquiries.id, outcome.kind === "stored" ? outcome.id : ""));
    expect(row!.message).toBe(message);
  });
});
