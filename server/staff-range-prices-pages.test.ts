import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, makes, models, rangeModels, rangePrices, rangeVariants } from "../db/schema.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";

/**
 * The new-vehicle price pages over real HTTP with real sessions: who may open and change what (group
 * administrators change prices, every role reads a variant's history), a variant's scheduled change, and the
 * maker's price list of the whole range as CSV and as XLSX: preview (nothing changes), confirm (one transaction,
 * one audit entry, a new variant from an unknown code), and the bad inputs that are refused naming row and field.
 */
let database: DatabaseHandle;
let server: { baseUrl: string; close(): Promise<void> };
const sessions: Record<"admin" | "editor" | "manager", StaffHttpSession> = {} as never;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const app = createApp({ db: database.db, logger: capturingLogger("warn").logger, ...(await builtSite()) });
  server = await serveOverHttp(app);
  const accounts = [
    ["admin", "group_admin", []],
    ["editor", "content_editor", []],
    ["manager", "dealer_manager", ["honda-sandton"]],
  ] as const;
  for (const [name, role, dealerSlugs] of accounts) {
    const email = `${name}@range-prices.example`;
    await createStaffUser(database.db, { email, role, dealerSlugs: [...dealerSlugs], password: TEST_STAFF_PASSWORD });
    sessions[name] = await signIn(server.baseUrl, email, TEST_STAFF_PASSWORD);
  }
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const get = (path: string, session?: StaffHttpSession) =>
  fetch(`${server.baseUrl}${path}`, { redirect: "manual", headers: session ? { Cookie: session.cookie } : {} });

function post(
  path: string,
  session: StaffHttpSession,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
) {
  const body = new FormData();
  body.set("csrf", session.csrfToken);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set("list", new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseUrl, Cookie: session.cookie },
    body,
  });
}

/** The page's words as a person reads them: the body without its tags, styles and scripts. */
const text = (html: string) =>
  html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/[\s\u00a0]+/g, " ");
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";

type RangeRow = {
  id: number;
  code: string;
  model: string;
  modelSlug: string;
  rangeModelId: number;
  variant: string;
  price: number;
};

/** The range as the maker's list names it, in range order. */
async function rangeRows(): Promise<RangeRow[]> {
  return database.db
    .select({
      id: rangeVariants.id,
      code: sql<string>`${rangeVariants.mmCode}`,
      model: models.name,
      modelSlug: models.slug,
      rangeModelId: rangeModels.id,
      variant: rangeVariants.name,
      // The price in force now: the last change already in force, else the variant's own.
      price: sql<number>`coalesce((select p.price from range_prices p where p.range_variant_id = ${rangeVariants.id} and p.effective_at <= now() order by p.effective_at desc limit 1), ${rangeVariants.price})`,
    })
    .from(rangeVariants)
    .innerJoin(rangeModels, eq(rangeModels.id, rangeVariants.rangeModelId))
    .innerJoin(models, eq(models.id, rangeModels.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .orderBy(asc(rangeModels.sortOrder), asc(rangeVariants.sortOrder));
}

const priceListAudits = async () =>
  (await database.db.select().from(auditLog).where(eq(auditLog.action, "price_list.apply"))).length;

describe("who may use the price pages", () => {
  it("lets only group administrators open the price list; every role reads a variant's prices; none but them change one", async () => {
    const [variant] = await rangeRows();
    expect((await get("/staff/range/prices")).status).toBe(302);
    expect((await get("/staff/range/prices", sessions.admin)).status).toBe(200);
    expect((await get("/staff/range/prices", sessions.editor)).status).toBe(403);
    expect((await get("/staff/range/prices", sessions.manager)).status).toBe(403);
    for (const name of ["admin", "editor", "manager"] as const) {
      const page = await get(`/staff/range/variants/${variant!.id}/prices`, sessions[name]);
      expect(page.status, name).toBe(200);
      const shown = text(await page.text());
      expect(shown, name).toContain(`Prices of the Honda ${variant!.model} ${variant!.variant}`);
      expect(shown.includes("Set the price"), name).toBe(name === "admin");
    }
    for (const name of ["editor", "manager"] as const) {
      const refused = await post(`/staff/range/variants/${variant!.id}/prices`, sessions[name], { price: "1" });
      expect(refused.status, name).toBe(403);
    }
    expect((await get("/staff/range/variants/999999/prices", sessions.admin)).status).toBe(404);
  });
});

describe("a variant's scheduled change", () => {
  it("is set from a South African date and time, shown in the history, replaced by the next and withdrawn", async () => {
    const [, variant] = await rangeRows();
    const path = `/staff/range/variants/${variant!.id}/prices`;
    const bad = await post(path, sessions.admin, { price: "a lot", date: "2020-01-01", time: "09:00" });
    expect(bad.status).toBe(422);
    const problems = text(await bad.text());
    expect(problems).toContain('New price (R, including VAT): "a lot" is not a price in rand');
    expect(problems).toContain("From date: That moment has passed");

    const year = new Date().getUTCFullYear() + 1;
    expect(
      (await post(path, sessions.admin, { price: "R 499 900", date: `${year}-03-01`, time: "06:00" })).status,
    ).toBe(200);
    expect((await post(path, sessions.admin, { price: "509900", date: `${year}-04-01`, time: "" })).status).toBe(200);
    const page = text(await (await get(path, sessions.admin)).text());
    expect(page).toContain(`Scheduled R 509 900 from 01 Apr ${year}, 00:00`);
    const future = await database.db
      .select()
      .from(rangePrices)
      .where(and(eq(rangePrices.rangeVariantId, variant!.id), gt(rangePrices.effectiveAt, new Date())));
    expect(future.map((row) => [row.price, row.effectiveAt.toISOString()])).toEqual([
      [509_900, `${year}-03-31T22:00:00.000Z`],
    ]);

    const withdrawn = await post(path, sessions.admin, { intent: "cancel" });
    expect(text(await withdrawn.text())).toContain("The scheduled change is withdrawn.");
    expect(text(await (await get(path, sessions.admin)).text())).toContain("No change scheduled");
  });
});

/** The maker's list of the whole range: every variant, some prices changed, one beyond 25 %, one code new. */
function makersList(range: RangeRow[]) {
  const rows = range.map((row, index) => ({
    code: row.code,
    description: `${row.model} ${row.variant}`,
    price: index === 0 ? Math.round(row.price * 1.3) : index % 3 === 0 ? row.price + 7_500 : row.price,
  }));
  rows.push({ code: "99887766", description: "City 1.5 Sport CVT", price: 389_900 });
  return rows;
}

/** "R 479 900,00", as a South African maker's CSV export writes it. */
const randText = (amount: number) => `R ${String(amount).replace(/\B(?=(\d{3})+$)/g, " ")},00`;

function csvFile(rows: ReturnType<typeof makersList>) {
  const lines = [
    "Model Description;M&M Code;Body;RRP (incl VAT);RRP (excl VAT)",
    ...rows.map(
      (row) => `${row.description};${row.code};Sedan;${randText(row.price)};${randText(Math.round(row.price / 1.15))}`,
    ),
  ];
  return { name: "honda-pricelist.csv", bytes: new Uint8Array(Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1")) };
}

async function xlsxFile(rows: ReturnType<typeof makersList>) {
  const sheet = [
    [{ value: "MMCode" }, { value: "Description" }, { value: "Retail Price" }],
    ...rows.map((row) => [{ value: row.code }, { value: row.description }, { value: row.price }]),
  ];
  return { name: "honda-pricelist.xlsx", bytes: new Uint8Array(await writeExcelFile(sheet).toBuffer()) };
}

async function previewAndApply(file: { name: string; bytes: Uint8Array }, when: { date: string; time: string }) {
  const range = await rangeRows();
  const audits = await priceListAudits();
  const pricesBefore = await database.db.select().from(rangePrices);
  const preview = await post("/staff/range/prices", sessions.admin, { intent: "preview", ...when }, file);
  expect(preview.status).toBe(200);
  const html = await preview.text();
  const shown = text(html);
  const changed = makersList(range).filter((row, index) => index < range.length && row.price !== range[index]!.price);
  expect(shown).toContain(`${changed.length} price changes`);
  expect(shown).toContain(`1 M&M codes not in the range, 0 variants the list does not mention`);
  expect(shown).toContain("1 change is beyond ±25%: check them.");
  const [first] = range;
  const rand = (amount: number) => randText(amount).replace(",00", "");
  expect(shown).toContain(
    `${first!.model} ${first!.variant} ${first!.code} 2 ${rand(first!.price)} ${rand(Math.round(first!.price * 1.3))} +30% Beyond ±25%`,
  );
  expect(shown).toContain(`Row ${range.length + 2}: 99887766, City 1.5 Sport CVT, R 389 900`);
  // Nothing changed yet.
  expect(await database.db.select().from(rangePrices)).toEqual(pricesBefore);

  const city = range.find((row) => row.model.startsWith("City"))!;
  const applied = await post("/staff/range/prices", sessions.admin, {
    intent: "apply",
    staged: hidden(html, "staged"),
    date: hidden(html, "date"),
    time: hidden(html, "time"),
    "new.99887766": String(city.rangeModelId),
  });
  expect(applied.status).toBe(200);
  expect(text(await applied.text())).toContain(`Applied: ${changed.length} prices change`);
  expect(await priceListAudits()).toBe(audits + 1);
  return { range, changed, city };
}

describe("the maker's price list", () => {
  it("of the whole range as CSV (semicolons, Windows-1252, rand with spaces and cents): previewed, then applied now", async () => {
    const range = await rangeRows();
    const { changed, city } = await previewAndApply(csvFile(makersList(range)), { date: "", time: "" });
    const now = new Date(Date.now() + 1_000);
    const listed = await database.db.select().from(rangePrices).where(eq(rangePrices.source, "price-list"));
    expect(listed).toHaveLength(changed.length);
    expect(listed.every((row) => row.effectiveAt.getTime() <= now.getTime())).toBe(true);
    const [created] = await database.db.select().from(rangeVariants).where(eq(rangeVariants.mmCode, "99887766"));
    const [cityFirst] = await database.db
      .select()
      .from(rangeVariants)
      .where(eq(rangeVariants.rangeModelId, city.rangeModelId))
      .orderBy(asc(rangeVariants.sortOrder));
    expect(created).toMatchObject({
      rangeModelId: city.rangeModelId,
      name: "City 1.5 Sport CVT",
      slug: "city-1-5-sport-cvt",
      price: 389_900,
      powerKw: cityFirst!.powerKw,
      torqueNm: cityFirst!.torqueNm,
      transmission: cityFirst!.transmission,
      transmissionType: cityFirst!.transmissionType,
    });
    const api = await (
      await get(`/api/renault_ranges?model_slug=${city.modelSlug}&variant_slug=city-1-5-sport-cvt`)
    ).json();
    expect(api["hydra:member"]).toMatchObject([{ mm_code: "99887766", modelPrice: 389_900 }]);
  });

  it("as XLSX, with an effective date and time ahead: the prices change then, and the preview says so", async () => {
    await database.db.delete(rangeVariants).where(eq(rangeVariants.mmCode, "99887766"));
    const range = await rangeRows();
    const year = new Date().getUTCFullYear() + 1;
    const { changed } = await previewAndApply(await xlsxFile(makersList(range)), {
      date: `${year}-02-01`,
      time: "08:00",
    });
    const scheduled = await database.db
      .select()
      .from(rangePrices)
      .where(and(eq(rangePrices.source, "price-list"), gt(rangePrices.effectiveAt, new Date())));
    expect(scheduled).toHaveLength(changed.length);
    expect(new Set(scheduled.map((row) => row.effectiveAt.toISOString()))).toEqual(
      new Set([`${year}-02-01T06:00:00.000Z`]),
    );
  });
});

describe("a maker's price list the page cannot take as sent", () => {
  it("refuses a price that is not a number and a code given twice, naming each row, and changes nothing", async () => {
    const range = await rangeRows();
    const rows = makersList(range).slice(0, 4);
    const lines = ["M&M Code,Retail Price", ...rows.map((row) => `${row.code},${row.price}`)];
    lines[2] = `${rows[1]!.code},POA`;
    lines.push(`${rows[0]!.code},199900`);
    const prices = await database.db.select().from(rangePrices);
    const refused = await post(
      "/staff/range/prices",
      sessions.admin,
      { intent: "preview" },
      {
        name: "list.csv",
        bytes: new Uint8Array(Buffer.from(lines.join("\n"))),
      },
    );
    expect(refused.status).toBe(422);
    const html = await refused.text();
    const shown = text(html);
    expect(shown).toContain('Row 3: price: "POA" is not a price in rand');
    expect(shown).toContain(`Row 6: M&M code: ${rows[0]!.code} is also on row 2`);
    // Confirming the same file anyway is refused the same way.
    const applied = await post("/staff/range/prices", sessions.admin, {
      intent: "apply",
      staged: hidden(html, "staged"),
    });
    expect(applied.status).toBe(422);
    expect(await database.db.select().from(rangePrices)).toEqual(prices);
  });

  it("asks for the columns when no header names the price, and remembers the answer for that layout", async () => {
    const range = await rangeRows();
    const file = {
      name: "list.csv",
      bytes: new Uint8Array(
        Buffer.from(["Code,Amount", ...range.slice(0, 3).map((r) => `${r.code},${r.price + 1000}`)].join("\n")),
      ),
    };
    const asked = await post("/staff/range/prices", sessions.admin, { intent: "preview" }, file);
    expect(asked.status).toBe(422);
    const html = await asked.text();
    expect(text(html)).toContain("No column header says which column holds the M&M code");
    expect(text(html)).toContain("Which columns are the code and the price?");
    const answered = await post("/staff/range/prices", sessions.admin, {
      intent: "preview",
      staged: hidden(html, "staged"),
      codeColumn: "0",
      priceColumn: "1",
    });
    expect(answered.status).toBe(200);
    expect(text(await answered.text())).toContain("3 price changes");
    const again = await post("/staff/range/prices", sessions.admin, { intent: "preview" }, file);
    expect(again.status).toBe(200);
  });

  it("answers 413 for a 50 MB workbook", async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const refused = await post(
      "/staff/range/prices",
      sessions.admin,
      { intent: "preview" },
      { name: "list.xlsx", bytes: big },
    );
    expect(refused.status).toBe(413);
  });
});
