import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_PRESETS, PRESET_KEYS } from "../../core/leads/presets.ts";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { dealers, enquiries, leadDeliveries } from "../../db/schema.ts";
import { createMailer } from "../../core/delivery/email.server.ts";
import { LeadDeliveryWorker } from "../../core/delivery/worker.server.ts";
import { FinanceCipher } from "../../core/finance/encryption.server.ts";
import { createLogger } from "../logger.ts";
import { compileDocumentSchema } from "../../tests/support/json-schema.ts";
import { startSmtpPeer } from "../../tests/support/smtp-peer.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: new MemoryRateLimiter(10_000, 600_000) });
});
afterAll(() => server.close());

let serial = 0;
function enquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return {
    form_name: "New Vehicles",
    lead_type: "New Vehicles",
    first_name: "Sibusiso",
    last_name: "Dlamini",
    email: `sibusiso.${serial}.${Date.now()}@example.co.za`,
    cell_phone: "072 815 9130",
    make: "Honda",
    model: "CR-V",
    variant: "1.5T Comfort CVT",
    message: "Is the white one in stock?",
    contact: true,
    terms: true,
    dealer_slug: "honda-umhlanga",
    uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    ...overrides,
  };
}

async function post(body: unknown, init: { contentType?: string; raw?: string } = {}) {
  const response = await fetch(`${server.baseUrl}/api/customer_enquiries`, {
    method: "POST",
    headers: { "Content-Type": init.contentType ?? "application/ld+json", Accept: "application/ld+json" },
    body: init.raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, body: json };
}

/** The document's schema of an enquiry, compiled by a JSON Schema validator as a generated client's checks would be. */
function requestBodyValidator(document: any) {
  return compileDocumentSchema(
    document.paths["/api/customer_enquiries"].post.requestBody.content["application/ld+json"].schema,
  );
}

const leadCount = async () => (await server.database.db.select({ n: count() }).from(enquiries))[0]!.n;

/** The message that finds each form's lead among the e-mails. */
const reference = (form: string) => `Reference EVERY-FIELD-${form}`;

/** A test drive, a parts enquiry, a sale, a used car and a special at Sandton: between them every documented field. */
function formsWithEveryField(slot: string, car: { id: number; model: string }) {
  const common = { dealer_slug: "honda-sandton", status: "Queued", contact: true, terms: true };
  // The fields the server derives, sent as a client copying the whole payload would; the server keeps its own.
  const derived = { source: "my-crm", is_used: 1, consent: false };
  return [
    enquiry({
      ...common,
      ...derived,
      form_name: "Book Test Drive",
      lead_type: "Book Test Drive",
      make: "Honda",
      manufacturer: "Honda",
      model: "CR-V",
      variant: "1.5T Comfort CVT",
      appointment_start: slot,
      uri: "/book-test-drive/honda/cr-v",
      idempotency_key: `every-field-${Date.now()}`,
      message: `Could I drive the CR-V on Saturday? ${reference("TEST-DRIVE")}`,
    }),
    enquiry({
      ...common,
      form_name: "Parts Enquiry",
      lead_type: "Parts Enquiry",
      make: "Honda",
      model: "Jazz",
      year: 2019,
      vinNo: "MRHGE8850KP000123",
      partNo: "08P01-T5A-100",
      variant: undefined,
      uri: "/parts",
      message: `Two wiper blades, please. ${reference("PARTS")}`,
    }),
    enquiry({
      ...common,
      form_name: "Sell Your Car",
      lead_type: "Sell Your Car",
      make: "Toyota",
      model: "Corolla",
      year: 2017,
      mileage_km: 98_000,
      condition: "good",
      outstanding_finance: false,
      trade_in: true,
      towards_vehicle_id: car.id,
      variant: undefined,
      uri: "/sell-your-car",
      message: `Full service history. ${reference("SELL")}`,
    }),
    enquiry({
      ...common,
      form_name: "Used Vehicles",
      lead_type: "Used Vehicles",
      vehicle_id: car.id,
      model: car.model,
      variant: undefined,
      uri: "/used",
      message: `Is it still available? ${reference("USED")}`,
    }),
    enquiry({
      ...common,
      form_name: "Specials Enquiry",
      lead_type: "Specials Enquiry",
      special_slug: "amaze-first-instalment-on-us",
      model: undefined,
      variant: undefined,
      uri: "/specials/amaze-first-instalment-on-us",
      message: `Does the offer include the Amaze Trend? ${reference("SPECIAL")}`,
    }),
  ];
}

/** Delivers every queued lead through the SMTP peer, until nothing is due. */
async function deliverQueuedLeads(smtpUrl: string) {
  const worker = new LeadDeliveryWorker({
    db: server.database.db,
    logger: createLogger("silent"),
    mailer: createMailer({ smtpUrl, outboxDir: "/nonexistent", from: "Leads <leads@group.example>" }),
    siteUrl: "https://www.honda-group.example",
    financeCipher: FinanceCipher.ephemeral(),
    batchSize: 500,
  });
  while ((await worker.runOnce()) > 0);
}

describe("POST /api/customer_enquiries", () => {
  it("stores a lead and answers 201 JSON-LD with its id and status Queued", async () => {
    const before = await leadCount();
    const { status, headers, body } = await post(enquiry());
    expect(status).toBe(201);
    expect(headers.get("content-type")).toContain("application/ld+json");
    expect(body).toMatchObject({
      "@type": "CustomerEnquiry",
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "Queued",
    });
    expect(body["@id"]).toBe(`/api/customer_enquiries/${body.id}`);
    expect(await leadCount()).toBe(before + 1);
  });

  it("queues the stored lead for its dealer's people and CRM and the buyer's confirmation; a duplicate adds nothing", async () => {
    const body = enquiry({ first_name: "Delivery", email: "delivery.check@example.co.za" });
    const first = await post(body);
    expect(first.status).toBe(201);
    expect((await post(body)).body.id).toBe(first.body.id);
    const deliveries = await server.database.db
      .select({
        channel: leadDeliveries.channel,
        format: leadDeliveries.format,
        target: leadDeliveries.target,
        status: leadDeliveries.status,
      })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, first.body.id))
      .orderBy(leadDeliveries.id);
    const [lead] = await server.database.db
      .select({ slug: dealers.slug })
      .from(enquiries)
      .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
      .where(eq(enquiries.id, first.body.id));
    expect(deliveries).toEqual([
      { channel: "email", format: "readable", target: `leads@${lead!.slug}.example.co.za`, status: "pending" },
      { channel: "email", format: "adf", target: `crm@${lead!.slug}.example.co.za`, status: "pending" },
      { channel: "email", format: "confirmation", target: "delivery.check@example.co.za", status: "pending" },
    ]);
  });

  it("refuses what its document forbids: each rule the document states, broken once, is a 422 the document foresaw", async () => {
    const allowed = requestBodyValidator((await server.get("/api/docs.json")).body);
    const valid = enquiry({
      form_name: "Parts Enquiry",
      lead_type: "Parts Enquiry",
      model: "Jazz",
      year: 2019,
      variant: undefined,
      uri: "/parts",
    });
    expect(allowed(valid) ? [] : allowed.errors).toEqual([]);
    const broken: [string, Record<string, unknown>][] = [
      ["an e-mail address without its domain", { email: "sibusiso@" }],
      ["a landline", { cell_phone: "011 555 0143" }],
      ["the terms not accepted", { terms: false }],
      ["a make that is a number", { make: 42 }],
      ["a parts enquiry without its year", { year: undefined }],
      ["another form's lead type", { lead_type: "New Vehicles" }],
      ["a seller's mileage on a parts enquiry", { mileage_km: 90_000 }],
      ["a time booked on a parts enquiry", { appointment_start: "2026-12-05T09:30:00+02:00" }],
      ["a field the API does not know", { website: "" }],
      ["an idempotency key of three letters", { idempotency_key: "abc" }],
    ];
    for (const [what, change] of broken) {
      const body = { ...valid, ...change };
      expect(allowed(body), `the document allows ${what}`).toBe(false);
      expect((await post(body)).status, what).toBe(422);
    }
  });
});

describe("POST /api/customer_enquiries, form by form", () => {
  it("answers 404 for a lead id it never gave, whatever its spelling", async () => {
    for (const id of ["3f1c2a9e-5b7d-4c1e-9a0b-2d6f8e4c7a31", "not-a-uuid", "1"]) {
      expect((await server.get(`/api/customer_enquiries/${id}`)).status, id).toBe(404);
    }
  });

  it("accepts application/json as well", async () => {
    expect((await post(enquiry(), { contentType: "application/json; charset=utf-8" })).status).toBe(201);
  });

  it.each(PRESET_KEYS)("accepts the %s preset", async (preset) => {
    const extra: Record<string, Record<string, unknown>> = {
      new: {},
      wing: { dealer_slug: "honda-wing-cape-town", model: "CB650R", variant: "E-Clutch" },
      used: { vehicle_id: "FROM_DB" },
      special: { special_slug: "amaze-first-instalment-on-us", model: undefined },
      parts: { partNo: "08P01-T7A-600", vinNo: "MRHRU5870LP000123", variant: undefined, year: 2019 },
      testDrive: { variant: undefined },
      service: { year: "2021" },
      sellCar: {
        variant: undefined,
        year: 2017,
        mileage_km: 98_000,
        condition: "good",
        outstanding_finance: false,
        trade_in: false,
      },
    };
    const overrides: Record<string, unknown> = {
      form_name: FORM_PRESETS[preset].formName,
      lead_type: FORM_PRESETS[preset].leadType,
      ...extra[preset],
    };
    if (overrides.vehicle_id === "FROM_DB") {
      const vehicle = await server.get("/api/dealers/honda-sandton/vehicles");
      const first = vehicle.body["hydra:member"][0];
      Object.assign(overrides, { vehicle_id: first.id, dealer_slug: "honda-sandton", model: first.model });
    }
    const { status, body } = await post(enquiry(overrides));
    expect(status, JSON.stringify(body)).toBe(201);
  });

  it("answers 422 with a violation for every missing required field", async () => {
    const before = await leadCount();
    const { status, body } = await post({ form_name: "Book Service", uri: "/service" });
    expect(status).toBe(422);
    expect(body.violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual(
      [
        "cell_phone",
        "dealer_slug",
        "email",
        "first_name",
        "last_name",
        "manufacturer",
        "model",
        "terms",
        "year",
      ].sort(),
    );
    for (const violation of body.violations) expect(violation.message).toEqual(expect.any(String));
    expect(await leadCount()).toBe(before);
  });
});

describe("POST /api/customer_enquiries, a service booking's year and the dealer", () => {
  it.each([
    ["1949", "Please enter a year from 1950 to NEXT"],
    [String(new Date().getFullYear() + 2), "Please enter a year from 1950 to NEXT"],
    ["2016.5", "Please enter the year as digits, like 2018"],
    ["two thousand", "Please enter the year as digits, like 2018"],
  ])("answers a service booking for a vehicle of year %s with 422 on year", async (year, message) => {
    const { status, body } = await post(enquiry({ form_name: "Book Service", lead_type: undefined, year }));
    expect(status).toBe(422);
    expect(body.violations).toEqual([
      { propertyPath: "year", message: message.replace("NEXT", String(new Date().getFullYear() + 1)) },
    ]);
  });

  it("takes next year's model for a service booking", async () => {
    const { status } = await post(
      enquiry({ form_name: "Book Service", lead_type: undefined, year: new Date().getFullYear() + 1 }),
    );
    expect(status).toBe(201);
  });

  it("refuses a dealer that does not take the lead type", async () => {
    const { status, body } = await post(
      enquiry({ form_name: "New Honda Wing", lead_type: "New Honda Wing", dealer_slug: "honda-umhlanga" }),
    );
    expect(status).toBe(422);
    expect(body.violations).toEqual([
      {
        propertyPath: "dealer_slug",
        message: "Honda Umhlanga does not sell Honda Wing motorcycles; please choose a Honda Wing dealer",
      },
    ]);
  });
});

describe("POST /api/customer_enquiries, a lead sent twice", () => {
  it("collapses a double submission and a resend within 10 minutes into one lead", async () => {
    const before = await leadCount();
    const once = enquiry({ idempotency_key: `api-${Date.now()}-abc` });
    const [first, second] = await Promise.all([post(once), post(once)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);
    const resent = await post({ ...once, idempotency_key: `api-${Date.now()}-other`, cell_phone: "+27728159130" });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(first.body.id);
    expect(await leadCount()).toBe(before + 1);
  });

  it("answers 409 naming idempotency_key when a key that stored one enquiry comes with another, and stores nothing", async () => {
    const key = `api-reused-${Date.now()}`;
    const first = await post(enquiry({ idempotency_key: key, message: "Is the white one in stock?" }));
    expect(first.status).toBe(201);
    const before = await leadCount();
    const changed = await post(
      enquiry({ idempotency_key: key, email: "someone.else@example.co.za", message: "And the grey one?" }),
    );
    expect(changed.status).toBe(409);
    expect(changed.body.violations).toEqual([
      { propertyPath: "idempotency_key", message: expect.stringContaining("already used for a different enquiry") },
    ]);
    expect(await leadCount()).toBe(before);
  });

  it("takes the key from the Idempotency-Key header as from the body, and refuses the two differing with 422", async () => {
    const key = `api-header-${Date.now()}`;
    const once = enquiry();
    const send = (body: unknown, header?: string) =>
      fetch(`${server.baseUrl}/api/customer_enquiries`, {
        method: "POST",
        headers: { "Content-Type": "application/ld+json", ...(header ? { "Idempotency-Key": header } : {}) },
        body: JSON.stringify(body),
      });
    const first = await send({ ...once, idempotency_key: "" }, key);
    expect(first.status).toBe(201);
    const again = await send({ ...once, idempotency_key: key });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
    const differing = await send({ ...once, idempotency_key: `${key}-other` }, key);
    expect(differing.status).toBe(422);
    expect((await differing.json()).violations[0].propertyPath).toBe("idempotency_key");
  });
});

describe("POST /api/customer_enquiries, the fields and bodies it takes", () => {
  it("refuses the web form's bot traps and any other unknown field with 422 naming each, and stores nothing", async () => {
    const before = await leadCount();
    const { status, body } = await post(enquiry({ website: "", rendered_at: Date.now(), crm_contact_id: "C-1042" }));
    expect(status).toBe(422);
    expect(body.violations).toEqual(
      ["website", "rendered_at", "crm_contact_id"].map((field) => ({
        propertyPath: field,
        message: `${field} is not a field of this request: leave it out`,
      })),
    );
    expect(await leadCount()).toBe(before);
  });

  it("takes every documented field with realistic values, form by form, and delivers each lead to its dealer", async () => {
    const document = (await server.get("/api/docs.json")).body;
    const documented = Object.keys(
      document.paths["/api/customer_enquiries"].post.requestBody.content["application/ld+json"].schema.properties,
    );
    const slots = (await server.get("/api/dealers/honda-sandton/slots?type=test-drive")).body["hydra:member"] as {
      start: string;
    }[];
    const [car] = (await server.get("/api/dealers/honda-sandton/vehicles")).body["hydra:member"] as {
      id: number;
      model: string;
    }[];
    const forms = formsWithEveryField(slots[0]!.start, car!);
    expect([...new Set(forms.flatMap((form) => Object.keys(form)))].sort()).toEqual([...documented].sort());
    const allowed = requestBodyValidator(document);
    for (const form of forms) expect(allowed(form) ? [] : allowed.errors, String(form.form_name)).toEqual([]);
    const ids: string[] = [];
    for (const form of forms) {
      const { status, body } = await post(form);
      expect(status, JSON.stringify(body)).toBe(201);
      const queued = await server.get(body["@id"]);
      expect(queued.body).toMatchObject({ "@type": "CustomerEnquiry", "@id": body["@id"], status: "Queued" });
      expect(queued.headers.get("cache-control")).toBe("private, no-store");
      ids.push(body.id);
    }
    const [testDrive] = await server.database.db
      .select({ source: enquiries.source, isUsed: enquiries.isUsed, consent: enquiries.consent })
      .from(enquiries)
      .where(eq(enquiries.id, ids[0]!));
    expect(testDrive).toEqual({ source: FORM_PRESETS.testDrive.source, isUsed: 0, consent: true });

    const smtp = await startSmtpPeer();
    try {
      // The earlier tests' leads are delivered in the same pass.
      await deliverQueuedLeads(smtp.url);
      for (const form of ["TEST-DRIVE", "PARTS", "SELL", "USED", "SPECIAL"]) {
        const recipients = smtp.messages
          .filter((mail) => mail.text?.includes(reference(form)))
          .map((mail) => (Array.isArray(mail.to) ? "" : mail.to?.text));
        expect(recipients.sort(), form).toEqual([
          "crm@honda-sandton.example.co.za",
          "leads@honda-sandton.example.co.za",
        ]);
      }
      for (const id of ids) expect((await server.get(`/api/customer_enquiries/${id}`)).body.status).toBe("Delivered");
    } finally {
      await smtp.close();
    }
  });

  it("answers 400 for malformed JSON, 415 for other content types, 413 over 64 KB", async () => {
    const before = await leadCount();
    expect((await post(null, { raw: '{"first_name": "Thandi",' })).status).toBe(400);
    const form = await post(null, { contentType: "application/x-www-form-urlencoded", raw: "first_name=Thandi" });
    expect(form.status).toBe(415);
    expect((await post(null, { contentType: "text/plain", raw: JSON.stringify(enquiry()) })).status).toBe(415);
    const huge = await post(enquiry({ message: "x".repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body.title).toContain("64 KB");
    expect(await leadCount()).toBe(before);
  });
});

const BIG = "A".repeat(5_000);
/** Hostile or malformed bodies: each must be refused, 422 unless said otherwise (400: not JSON), and store nothing. */
const HOSTILE: [string, { body?: unknown; raw?: string; status?: 400 }][] = [
  ["an empty body", { raw: "", status: 400 }],
  ["whitespace only", { raw: "   ", status: 400 }],
  ["JSON null", { body: null }],
  ["a JSON array of an enquiry", { body: [enquiry()] }],
  ["a JSON string", { body: "enquiry" }],
  ["a JSON number", { body: 42 }],
  ["an empty object", { body: {} }],
  ["truncated JSON", { raw: '{"form_name":"New Vehicles"', status: 400 }],
  ["JSON with a trailing comma", { raw: '{"form_name":"New Vehicles",}', status: 400 }],
  ["first_name as a number", { body: enquiry({ first_name: 12345 }) }],
  ["first_name as an array", { body: enquiry({ first_name: ["Thandi"] }) }],
  ["first_name as an object", { body: enquiry({ first_name: { $ne: null } }) }],
  ["first_name null", { body: enquiry({ first_name: null }) }],
  ["a script tag in first_name", { body: enquiry({ first_name: "<script>alert(1)</script>" }) }],
  ["a script tag in the message", { body: enquiry({ message: "<script>alert(document.cookie)</script>" }) }],
  ["an img onerror in the message", { body: enquiry({ message: 'Hi <img src=x onerror="alert(1)">' }) }],
  ["SQL in last_name", { body: enquiry({ last_name: "Smith'); DROP TABLE enquiries;--" }) }],
  ["SQL in dealer_slug", { body: enquiry({ dealer_slug: "honda-sandton' OR '1'='1" }) }],
  ["SQL in email", { body: enquiry({ email: "a@b.co.za' OR 1=1 --" }) }],
  ["a huge first_name", { body: enquiry({ first_name: BIG }) }],
  ["a huge model", { body: enquiry({ model: BIG }) }],
  ["a message just over 2000 characters", { body: enquiry({ message: "m".repeat(2_001) }) }],
  ["a NUL byte in the message", { body: enquiry({ message: "hello\u0000world" }) }],
  ["a NUL byte in first_name", { body: enquiry({ first_name: "Tha\u0000ndi" }) }],
  ["a right-to-left override in the message", { body: enquiry({ message: "pay \u202Eexe.txt" }) }],
  [
    "a lone surrogate in the message",
    { raw: JSON.stringify(enquiry()).replace('"Is the white one in stock?"', '"bad \\ud800 text"') },
  ],
  ["emoji as a name", { body: enquiry({ first_name: "😀😀" }) }],
  ["zero-width characters as a name", { body: enquiry({ first_name: "\u200B\u200B" }) }],
  ["an email without a domain", { body: enquiry({ email: "thandi@" }) }],
  ["an email with spaces", { body: enquiry({ email: "thandi mokoena@example.co.za" }) }],
  ["a foreign phone number", { body: enquiry({ cell_phone: "+44 7700 900123" }) }],
  ["a landline number", { body: enquiry({ cell_phone: "011 784 2210" }) }],
  ["phone as a number", { body: enquiry({ cell_phone: 821234567 }) }],
  ["terms as the string true", { body: enquiry({ terms: "true" }) }],
  ["terms false", { body: enquiry({ terms: false }) }],
  ["contact as an object", { body: enquiry({ contact: { yes: true } }) }],
  ["an unknown form name", { body: enquiry({ form_name: "Free Car" }) }],
  ["a lead type that does not match the form", { body: enquiry({ lead_type: "Used Vehicles" }) }],
  ["a status other than Queued", { body: enquiry({ status: "Sold" }) }],
  ["an unknown dealer", { body: enquiry({ dealer_slug: "honda-atlantis" }) }],
  ["a dealer slug with a path", { body: enquiry({ dealer_slug: "../../etc/passwd" }) }],
  ["a uri that is a full URL", { body: enquiry({ uri: "https://evil.example/phish" }) }],
  ["a uri with a script", { body: enquiry({ uri: "/new/<script>" }) }],
  ["a javascript: uri", { body: enquiry({ uri: "javascript:alert(1)" }) }],
  [
    "an unknown special",
    { body: enquiry({ form_name: "Specials Enquiry", lead_type: undefined, special_slug: "free-car" }) },
  ],
  [
    "a used enquiry for a vehicle that does not exist",
    { body: enquiry({ form_name: "Used Vehicles", lead_type: undefined, vehicle_id: 99_999_999 }) },
  ],
  [
    "a vehicle id beyond integer range",
    { body: enquiry({ form_name: "Used Vehicles", lead_type: undefined, vehicle_id: 1e20 }) },
  ],
  [
    "a vehicle id that is true",
    { body: enquiry({ form_name: "Used Vehicles", lead_type: undefined, vehicle_id: true }) },
  ],
  [
    "a vehicle id that is text",
    { body: enquiry({ form_name: "Used Vehicles", lead_type: undefined, vehicle_id: "1; DROP TABLE" }) },
  ],
  ["a bad VIN", { body: enquiry({ form_name: "Parts Enquiry", lead_type: undefined, vinNo: "NOT-A-VIN" }) }],
  ["an idempotency key with SQL", { body: enquiry({ idempotency_key: "x'; DELETE FROM enquiries; --" }) }],
  ["a deeply nested object", { raw: `{"first_name":${"[".repeat(5_000)}${"]".repeat(5_000)}}` }],
  [
    "a prototype pollution attempt",
    {
      raw: JSON.stringify(enquiry()).replace(
        '"first_name":"Sibusiso"',
        '"__proto__":{"admin":true},"first_name":{"constructor":{"prototype":{"x":1}}}',
      ),
    },
  ],
];

describe("hostile and malformed payloads", () => {
  it("has at least 30 cases", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)("refuses %s and stores nothing", async (_name, { body, raw, status = 422 }) => {
    const before = await leadCount();
    const response = await post(body, { raw });
    expect(response.status).toBe(status);
    if (status === 422) {
      expect(response.body.violations.length).toBeGreaterThan(0);
      for (const violation of response.body.violations) {
        expect(violation).toEqual({ propertyPath: expect.any(String), message: expect.any(String) });
      }
    }
    expect(await leadCount()).toBe(before);
  });
});

describe("the rate limit on POSTs", () => {
  it("answers 429 with Retry-After once a client has used its allowance", async () => {
    const limited = await startTestServer({ rateLimiter: new MemoryRateLimiter(2, 600_000) });
    try {
      const send = () =>
        fetch(`${limited.baseUrl}/api/customer_enquiries`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(enquiry()),
        });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.database.db.select({ n: count() }).from(enquiries))[0]!.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe("POST /api/customer_enquiries with an appointment", () => {
  const booking = (start: string) =>
    enquiry({
      form_name: "Book Test Drive",
      lead_type: "Book Test Drive",
      variant: undefined,
      message: undefined,
      model: "HR-V",
      uri: "/book-test-drive/honda/hr-v",
      dealer_slug: "honda-mbombela",
      appointment_start: start,
    });

  it("books a free slot, refuses a closed time with 422, and answers 409 when the slot is full", async () => {
    const slots = (await server.get("/api/dealers/honda-mbombela/slots?type=test-drive")).body["hydra:member"];
    const [first] = slots as { start: string; placesLeft: number }[];
    expect((await post(booking(first!.start))).status).toBe(201);
    const closed = await post(booking(`${first!.start.slice(0, 10)}T03:00:00+02:00`));
    expect(closed.status).toBe(422);
    expect(closed.body.violations).toEqual([expect.objectContaining({ propertyPath: "appointment_start" })]);
    expect((await post(booking(first!.start))).status).toBe(201);
    const full = await post(booking(first!.start));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({
      title: "That time has just been taken, please pick another",
      violations: [{ propertyPath: "appointment_start" }],
    });
    const after = (await server.get(`/api/dealers/honda-mbombela/slots?type=test-drive`)).body["hydra:member"];
    expect(after.map((slot: { start: string }) => slot.start)).not.toContain(first!.start);
  });
});
