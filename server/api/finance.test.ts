import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATIONS } from "../../core/finance/application-schema.ts";
import { purgeExpiredApplications } from "../../core/finance/applications.server.ts";
import { FinanceCipher } from "../../core/finance/encryption.server.ts";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { SALARY, VALID_ID_NUMBER, validFinanceApplication } from "../../tests/support/finance-fixture.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { capturingLogger } from "../../tests/support/log-capture.ts";

const cipher = FinanceCipher.ephemeral();
const { logger: capturedLogger, lines: logLines } = capturingLogger("debug");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    financeCipher: cipher,
    logger: capturedLogger,
    rateLimiter: new MemoryRateLimiter(10_000, 600_000),
  });
});
afterAll(() => server.close());

let keyCounter = 0;
const freshKey = () => `test-render-key-${Date.now()}-${keyCounter++}`;

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/api/finance_applications`, {
    method: "POST",
    headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text };
}

async function rows(): Promise<Record<string, unknown>[]> {
  const result = (await server.database.db.execute(
    sql`select * from finance_applications order by created_at`,
  )) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}

const messagesOf = (body: { violations: { propertyPath: string; message: string }[] }) =>
  Object.fromEntries(body.violations.map((v) => [v.propertyPath, v.message]));

describe("POST /api/finance_applications", () => {
  it("stores a full valid application once, encrypted, and answers 201 with the status object", async () => {
    const before = (await rows()).length;
    const { status, body } = await post(validFinanceApplication({ idempotencyKey: freshKey() }));
    expect(status).toBe(201);
    expect(body).toEqual({
      "@context": "/api/contexts/FinanceApplicationStatus",
      "@type": "FinanceApplicationStatus",
      id: expect.any(String),
      status: "Queued",
    });

    const all = await rows();
    expect(all).toHaveLength(before + 1);
    const row = all.find((r) => r.id === body.id)!;
    expect(row).toMatchObject({
      source_code: "Group Website Honda-Online Fin App",
      status: "Queued",
      vehicle_variant: "new",
      make: "Honda",
      model: "Civic",
    });
    const raw = JSON.stringify(row);
    for (const secret of [VALID_ID_NUMBER, SALARY, "Capitec", "T Nkosi", "38950", "27400", "thandi.nkosi"]) {
      expect(raw).not.toContain(secret);
    }
    const payload = cipher.decrypt(String(row.encrypted_payload)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      idNumber: VALID_ID_NUMBER,
      basicMonthly: Number(SALARY),
      bankName: "Capitec",
      bankAccountHolderName: "T Nkosi",
      foodAndEntertainment: 4300,
      firstName: "Thandi",
      isNotMinor: true,
    });
  });

  it("stores the dealer chosen", async () => {
    const { body } = await post(validFinanceApplication({ dealership: "honda-kimberley", idempotencyKey: freshKey() }));
    const result = (await server.database.db.execute(
      sql`select d.slug from finance_applications f join dealers d on d.id = f.dealer_id where f.id = ${body.id}`,
    )) as unknown as { rows: { slug: string }[] };
    expect(result.rows[0]?.slug).toBe("honda-kimberley");
  });

  it("queues the application for that dealer's finance address and CRM and the applicant's confirmation, e-mail only, in the same write", async () => {
    const email = `applicant.${freshKey()}@example.co.za`;
    const { body } = await post(
      validFinanceApplication({ dealership: "honda-gqeberha", email, idempotencyKey: freshKey() }),
    );
    const result = (await server.database.db.execute(
      sql`select channel, format, target, status from lead_deliveries where lead_id = ${body.id} order by id`,
    )) as unknown as { rows: { channel: string; format: string; target: string; status: string }[] };
    expect(result.rows).toEqual([
      { channel: "email", format: "readable", target: "finance@honda-gqeberha.example.co.za", status: "pending" },
      { channel: "email", format: "adf", target: "crm@honda-gqeberha.example.co.za", status: "pending" },
      { channel: "email", format: "confirmation", target: email, status: "pending" },
    ]);
  });

  it("accepts a used vehicle without make and model, and JSON numbers and booleans", async () => {
    const { status } = await post(
      validFinanceApplication({
        variant: "used",
        make: "",
        model: "",
        basicMonthly: 30000,
        period: 2,
        idempotencyKey: freshKey(),
      }),
      { "Content-Type": "application/json" },
    );
    expect(status).toBe(201);
  });
});

describe("POST /api/finance_applications, an empty application", () => {
  it("answers every step's required messages, word for word, for an empty application", async () => {
    const { status, body } = await post({ variant: "new" });
    expect(status).toBe(422);
    expect(messagesOf(body)).toEqual({
      dealership: "Dealership is required",
      make: "Make is required for new vehicles",
      model: "Model is required for new vehicles",
      firstName: "First name is required",
      surname: "Last name is required",
      idNumber: "ID number is required",
      phone: "Phone numbers is required",
      email: "Email is required",
      postalStreet: "Postal street is required",
      postalSuburb: "Postal suburb is required",
      postalCode: "Postal code is required",
      nextOfKinPhone: "Next of kin phone is required",
      relationship: "Relationship is required",
      nextOfKinStreet: "Next of kin street is required",
      nextOfKinSuburb: "Next of kin suburb is required",
      nextOfKinCode: "Next of kin code is required",
      employmentOccupation: "Occupation is required",
      employmentCompany: "Company is required",
      employmentYearsWorked: "Years worked is required",
      employmentTel: "Tel number is required",
      employmentStreet: "Street is required",
      employmentSuburb: "Suburb is required",
      employmentCode: "Code is required",
      basicMonthly: "Basic monthly salary is required",
      totalSalary: "Total salary is required",
      nettTakeHomePay: "Nett take home pay is required",
      bankName: "Bank name is required",
      bankAccountHolderName: "Account holder name is required",
      bondPaymentOrRent: "Bond payment or rent is required",
      policyInsuranceRepayments: "Policy insurance repayments is required",
      totalMonthlyHouseholdExpenses: "Total monthly household expenses is required",
      foodAndEntertainment: "Food and entertainment is required",
      transportCosts: "Transport costs is required",
      ...Object.fromEntries(CONFIRMATIONS.map(([field, message]) => [field, message])),
    });
    for (const [, message] of CONFIRMATIONS) expect(message.startsWith("Please confirm ")).toBe(true);
    expect((await post({})).body.violations).toContainEqual({
      propertyPath: "variant",
      message: "Vehicle type is required",
    });
  });
});

describe("POST /api/finance_applications, values it refuses", () => {
  it("explains a bad identity number, phone number and amounts", async () => {
    const { status, body } = await post(
      validFinanceApplication({
        idNumber: "8001015009088",
        phone: "12345",
        basicMonthly: "-1",
        totalSalary: "lots",
        employmentYearsWorked: "99",
      }),
    );
    expect(status).toBe(422);
    expect(messagesOf(body)).toEqual({
      idNumber: "ID number is not valid: please check it for a typing mistake",
      phone: "Enter a South African phone number, e.g. 082 123 4567",
      basicMonthly: "Enter an amount of 0 or more",
      totalSalary: "Enter an amount in rand, using numbers only",
      employmentYearsWorked: "Enter at most 60 years",
    });
  });

  it("refuses text the database cannot store (a NUL, a control character, a lone surrogate) with 422, storing nothing", async () => {
    const before = (await rows()).length;
    const { status, body } = await post(
      validFinanceApplication({
        dealership: "\u0000",
        surname: "Nko\u0007si",
        postalStreet: "12 Rivonia \ud800Road",
        idempotencyKey: freshKey(),
      }),
    );
    expect(status).toBe(422);
    expect(messagesOf(body)).toEqual({
      dealership: "This contains characters we cannot accept",
      surname: "This contains characters we cannot accept",
      postalStreet: "This contains characters we cannot accept",
    });
    expect((await rows()).length).toBe(before);
  });
});

describe("POST /api/finance_applications, sent twice", () => {
  it("stores a double submit once, sequential or at the same moment", async () => {
    const key = freshKey();
    const before = (await rows()).length;
    const first = await post(validFinanceApplication({ idempotencyKey: key }));
    const second = await post(validFinanceApplication({ idempotencyKey: key }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);

    const together = freshKey();
    const both = await Promise.all([1, 2].map(() => post(validFinanceApplication({ idempotencyKey: together }))));
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);

    const headerKey = freshKey();
    await post(validFinanceApplication({ firstName: "Header" }), { "Idempotency-Key": headerKey });
    await post(validFinanceApplication({ firstName: "Header" }), { "Idempotency-Key": headerKey });

    const noKey = validFinanceApplication({ firstName: "Unkeyed" });
    expect((await post(noKey)).status).toBe(201);
    expect((await post(noKey)).status).toBe(200);
    expect((await rows()).length).toBe(before + 4);
  });

  it("takes one idempotency key: a blank body key never sidesteps the header's, a header and body that differ are refused, and so is a key with another application", async () => {
    const before = (await rows()).length;
    const headerKey = freshKey();
    const first = await post(validFinanceApplication({ firstName: "Blank", idempotencyKey: "" }), {
      "Idempotency-Key": headerKey,
    });
    const again = await post(validFinanceApplication({ firstName: "Blank", idempotencyKey: "  " }), {
      "Idempotency-Key": headerKey,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // The same key with a different application: nothing stored, and the client is told (one idempotency rule).
    const changed = await post(validFinanceApplication({ firstName: "Blanker" }), { "Idempotency-Key": headerKey });
    expect(changed.status).toBe(409);
    expect(changed.body.violations).toEqual([
      { propertyPath: "idempotencyKey", message: expect.stringContaining("already used for a different application") },
    ]);
    const otherDealer = await post(validFinanceApplication({ firstName: "Blank", dealership: "honda-kimberley" }), {
      "Idempotency-Key": headerKey,
    });
    expect(otherDealer.status).toBe(409);

    const differing = await post(validFinanceApplication({ idempotencyKey: freshKey() }), {
      "Idempotency-Key": freshKey(),
    });
    expect(differing.status).toBe(422);
    expect(differing.body.violations).toEqual([
      {
        propertyPath: "idempotencyKey",
        message: "The Idempotency-Key header and the body's idempotencyKey differ; send the key once",
      },
    ]);
    expect((await rows()).length).toBe(before + 1);
  });
});

describe("POST /api/finance_applications, hostile and malformed", () => {
  it("answers hostile payloads with 4xx and stores nothing", async () => {
    const before = (await rows()).length;
    const hostile: [string, unknown, Record<string, string>?][] = [
      ["not JSON", "{ firstName: 'x' "],
      ["form encoded", "firstName=x", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["plain text", JSON.stringify(validFinanceApplication()), { "Content-Type": "text/plain" }],
      ["array", [validFinanceApplication()]],
      ["null", "null"],
      ["a string", '"hello"'],
      ["a number", "42"],
      ["prototype pollution", `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}`],
      ["SQL in the dealership", validFinanceApplication({ dealership: "honda-sandton' OR '1'='1" })],
      ["unknown dealership", validFinanceApplication({ dealership: "no-such-dealer" })],
      ["other make", validFinanceApplication({ make: "Toyota" })],
      ["other vehicle type", validFinanceApplication({ variant: "rental" })],
      ["object for a name", validFinanceApplication({ firstName: { $ne: "" } })],
      ["array for the ID", validFinanceApplication({ idNumber: ["8001015009087"] })],
      ["ID with a bad date", validFinanceApplication({ idNumber: "8013015009087" })],
      ["ID of 14 digits", validFinanceApplication({ idNumber: "80010150090871" })],
      ["huge name", validFinanceApplication({ firstName: "A".repeat(5000) })],
      ["header injection in email", validFinanceApplication({ email: "a@b.co\r\nBcc: x@y.z" })],
      ["script as email", validFinanceApplication({ email: "<script>alert(1)</script>" })],
      ["infinite salary", `${JSON.stringify(validFinanceApplication()).slice(0, -1)},"basicMonthly":1e400}`],
      ["enormous salary", validFinanceApplication({ basicMonthly: 1e15 })],
      ["negative expense", validFinanceApplication({ transportCosts: -200 })],
      ["a confirmation refused", validFinanceApplication({ debtReview: false })],
      ["a confirmation as text", validFinanceApplication({ communication: "yes please" })],
      ["a future purchase date", validFinanceApplication({ datePurchased: "2999-01-01" })],
      ["an impossible date", validFinanceApplication({ dateRegistered: "2015-02-30" })],
      ["odd idempotency key", validFinanceApplication({ idempotencyKey: "../../etc/passwd" })],
      ["body over 64 KB", JSON.stringify({ ...validFinanceApplication(), otherSpecify: "x".repeat(70_000) })],
    ];
    for (const [name, body, headers] of hostile) {
      const { status } = await post(body, headers);
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
    }
    expect((await rows()).length).toBe(before);
  });

  it("answers the guards' statuses: 400 bad JSON, 413 too large, 415 wrong type", async () => {
    expect((await post("{")).status).toBe(400);
    expect((await post("x".repeat(70_000))).status).toBe(413);
    expect((await post("{}", { "Content-Type": "text/plain" })).status).toBe(415);
  });
});

describe("POST /api/finance_applications, kept private", () => {
  it("never returns applications", async () => {
    const { body } = await post(validFinanceApplication({ idempotencyKey: freshKey() }));
    const list = await server.get("/api/finance_applications");
    expect(list.status).toBe(405);
    expect(list.headers.get("allow")).toBe("POST");
    expect(JSON.stringify(list.body)).not.toContain(body.id);
    expect((await server.get(`/api/finance_applications/${body.id}`)).status).toBe(404);
  });

  it("never writes the ID number, bank details or figures to the log", async () => {
    await post(validFinanceApplication({ idempotencyKey: freshKey(), basicMonthly: "77123" }));
    await post(validFinanceApplication({ basicMonthly: "77123", idNumber: "8001015009088" }));
    const log = logLines.join("");
    expect(log).toContain("/api/finance_applications");
    for (const secret of [VALID_ID_NUMBER, "8001015009088", "77123", "Capitec", "T Nkosi"])
      expect(log).not.toContain(secret);
  });

  it("anonymises applications older than the retention period, keeping their rows, and leaves the rest", async () => {
    const { body: old } = await post(validFinanceApplication({ idempotencyKey: freshKey() }));
    const { body: recent } = await post(validFinanceApplication({ idempotencyKey: freshKey() }));
    await server.database.db.execute(
      sql`update finance_applications set created_at = now() - interval '181 days' where id = ${old.id}`,
    );
    const anonymised = await purgeExpiredApplications(server.database.db, cipher, 180);
    expect(anonymised).toBe(1);
    const kept = Object.fromEntries(
      (await rows()).map((row) => [String(row.id), cipher.decrypt(String(row.encrypted_payload))]),
    );
    expect(kept[old.id]).toEqual({});
    expect(kept[recent.id]).toMatchObject({ idNumber: VALID_ID_NUMBER });
  });
});

describe("POST /api/finance_applications rate limit", () => {
  it("answers 429 with Retry-After once a client has used its allowance", async () => {
    const limited = await startTestServer({ rateLimiter: new MemoryRateLimiter(1, 600_000) });
    try {
      const send = () =>
        fetch(`${limited.baseUrl}/api/finance_applications`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(validFinanceApplication({ idempotencyKey: freshKey() })),
        });
      expect((await send()).status).toBe(201);
      const second = await send();
      expect(second.status).toBe(429);
      expect(second.headers.get("Retry-After")).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
