import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { enquiries, financeApplications } from "../../db/schema.ts";
import { type AppProcess, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { validFinanceApplication } from "../support/finance-fixture.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";

/**
 * Property-based fuzzing (fast-check) of every form action of the built site, posted as a browser without
 * JavaScript posts them (urlencoded): arbitrary and near-valid fields never get a 5xx, and a refused form
 * stores nothing. (The JSON endpoints and the read API are fuzzed in server/api/fuzz.test.ts.)
 */
const RUNS = 40;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let app: AppProcess;
let database: DatabaseHandle;
const forms: { path: string; table: typeof enquiries | typeof financeApplications; valid: Record<string, string> }[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase("formfuzz");
  app = await startAppProcess({ DATABASE_URL: scratch.url, POST_RATE_LIMIT: "1000000", LEAD_DELIVERY: "off" }, STARTUP_TIMEOUT_MS);
  database = await openDatabase({ databaseUrl: scratch.url });
  const vehicle = (await getJson("/api/vehicles"))["hydra:member"][0] as { uri: string };
  const special = (await getJson("/api/specials"))["hydra:member"][0] as { slug: string };
  const enquiryPaths = [
    "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    "/honda-wing/honda/nx500/manual/enquire",
    `${vehicle.uri}/enquire`,
    `/specials/${special.slug}`,
    "/parts",
    "/service",
    "/book-test-drive/honda/cr-v",
    "/dealer/honda-sandton/parts",
  ];
  const wingDealer = ((await getJson("/api/dealers"))["hydra:member"] as { slug: string; is_wing: boolean }[]).find((d) => d.is_wing)!;
  for (const path of enquiryPaths) {
    const dealer = path.startsWith("/honda-wing/") ? wingDealer.slug : "honda-sandton";
    forms.push({ path, table: enquiries, valid: validEnquiryForm(dealer) });
  }
  forms.push({ path: "/finance", table: financeApplications, valid: validFinanceForm() });
});
afterAll(async () => {
  await app?.stop();
  await database?.close();
  await scratch?.drop();
});

async function getJson(path: string): Promise<any> {
  return (await fetch(app.baseUrl + path)).json();
}

function validEnquiryForm(dealerSlug: string): Record<string, string> {
  return {
    first_name: "Ayanda",
    last_name: "Khumalo",
    email: "ayanda.khumalo@example.co.za",
    cell_phone: "083 444 1212",
    make: "Honda",
    model: "Jazz",
    year: "2016",
    partNo: "08P01-T5A-100",
    vinNo: "",
    message: "Please phone me after five.",
    dealer_slug: dealerSlug,
    contact: "on",
    terms: "on",
    website: "",
    rendered_at: String(Date.now() - 120_000),
  };
}

function validFinanceForm(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(validFinanceApplication()).map(([name, value]) => [name, value === true ? "on" : String(value)]),
  );
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "on", "off", "0", "-1", "99999999999999999999", "honda-umhlanga", "no-such-dealer",
    "<img src=x onerror=alert(1)>", "'; drop table enquiries; --", "\u0000", "a".repeat(3_000)),
);

function formBodies(valid: Record<string, string>): fc.Arbitrary<string> {
  const fields = Object.keys(valid);
  const replaced = fc.tuple(fc.constantFrom(...fields), hostileText).map(([field, value]) => ({ ...valid, [field]: value }));
  const removed = fc.constantFrom(...fields).map((field) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)));
  const added = fc.tuple(fc.string({ maxLength: 20 }), hostileText).map(([field, value]) => ({ ...valid, [field]: value }));
  const arbitrary = fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })), hostileText, { maxKeys: 8 });
  return fc.oneof(
    fc.oneof(replaced, removed, added, arbitrary).map((form) => new URLSearchParams(form).toString()),
    fc.string({ unit: "binary", maxLength: 200 }),
  );
}

async function rows(table: typeof enquiries | typeof financeApplications): Promise<number> {
  return (await database.db.select({ n: count() }).from(table))[0]!.n;
}

describe("fuzzing the site's form actions", () => {
  it(`never answers 5xx and stores nothing it refuses (${RUNS} posts per form)`, async () => {
    for (const { path, table, valid } of forms) {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(formBodies(valid), async (body) => {
          const before = await rows(table);
          const response = await fetch(app.baseUrl + path, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body,
            redirect: "manual",
          });
          await response.arrayBuffer();
          const added = (await rows(table)) - before;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, `${path} ${body.slice(0, 200)}`).toBeLessThan(500);
          expect(added, `${path} answered ${response.status}`).toBe(response.status === 303 ? Math.min(added, 1) : 0);
        }),
        { numRuns: RUNS },
      );
      console.log(`fuzz form POST ${path}: ${RUNS} posts, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    }
  });
});
