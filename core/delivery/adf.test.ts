import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { dealers, usedVehicles } from "../../db/schema.ts";
import { validFinanceApplication, SALARY, VALID_ID_NUMBER } from "../../tests/support/finance-fixture.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { dtdViolations, xpath } from "../../tests/support/xmllint.ts";
import { submitFinanceApplication } from "../finance/applications.server.ts";
import { FinanceCipher } from "../finance/encryption.server.ts";
import { submitEnquiry } from "../leads/enquiries.server.ts";
import { FORM_PRESETS, PRESET_KEYS, type PresetKey } from "../leads/presets.ts";
import { buildAdfXml } from "./adf.server.ts";
import { type LeadForDelivery, loadLeadForDelivery, siteLink } from "./lead-source.server.ts";

const SITE = "https://www.honda-group.example";
const cipher = FinanceCipher.ephemeral();
let database: DatabaseHandle;
let used: { id: number; year: number; mileageKm: number; price: number; dealerSlug: string };

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  const [row] = await database.db
    .select({
      id: usedVehicles.id,
      year: usedVehicles.year,
      mileageKm: usedVehicles.mileageKm,
      price: usedVehicles.price,
      dealerSlug: dealers.slug,
    })
    .from(usedVehicles)
    .innerJoin(dealers, eq(dealers.id, usedVehicles.dealerId))
    .limit(1);
  used = row!;
});
afterAll(() => database.close());

let serial = 0;
/** Each public enquiry form's fields, as the form or an API client sends them. */
function enquiry(preset: PresetKey, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const forms: Record<PresetKey, Record<string, unknown>> = {
    new: { model: "CR-V", variant: "1.5T Comfort CVT", uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire" },
    wing: {
      model: "NX500",
      variant: "Manual",
      uri: "/honda-wing/honda/nx500/manual/enquire",
      dealer_slug: "honda-wing-durban",
    },
    used: { model: "Jazz", vehicle_id: used.id, dealer_slug: used.dealerSlug, uri: `/used/x/${used.id}/enquire` },
    special: { special_slug: "cr-v-e-hev-cash-back", uri: "/specials/cr-v-e-hev-cash-back" },
    parts: {
      make: "Honda",
      model: "Civic",
      year: "2017",
      partNo: "15400-PLM-A02",
      vinNo: "JHMFC1F30HX123456",
      uri: "/parts",
    },
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
  return {
    form_name: FORM_PRESETS[preset].formName,
    first_name: "Thandi",
    last_name: "Mokoena",
    email: `adf.${serial}.${Date.now()}@example.co.za`,
    cell_phone: "082 123 4567",
    terms: true,
    dealer_slug: "honda-sandton",
    ...forms[preset],
    ...overrides,
  };
}

async function adfOfEnquiry(preset: PresetKey, overrides: Record<string, unknown> = {}): Promise<string> {
  const outcome = await submitEnquiry(database.db, enquiry(preset, overrides));
  if (outcome.kind !== "stored") throw new Error(`not stored: ${JSON.stringify(outcome)}`);
  const lead = await loadLeadForDelivery(database.db, "enquiry", outcome.id);
  return buildAdfXml(lead!, SITE);
}

const text = async (xml: string, expression: string) => (await xpath(xml, `string(${expression})`)).replace(/\n$/, "");

describe("ADF 1.0 for every lead type", () => {
  const year = new Date().getUTCFullYear();
  it.each([
    ["new", "new", String(year), "CR-V", "buy"],
    ["wing", "new", String(year), "NX500", "buy"],
    ["special", "new", String(year), "R40 000 cash back on the CR-V e:HEV", "buy"],
    ["testDrive", "new", String(year), "HR-V", "test-drive"],
    ["parts", "used", "2017", "Civic", "buy"],
    ["service", "used", "2016", "Jazz", "buy"],
  ] as const)(
    "a %s enquiry is valid ADF with year, make and model",
    async (preset, status, vehicleYear, model, interest) => {
      const xml = await adfOfEnquiry(preset);
      expect(await dtdViolations(xml)).toBe("");
      expect(await text(xml, "/adf/prospect/vehicle/@status")).toBe(status);
      expect(await text(xml, "/adf/prospect/vehicle/@interest")).toBe(interest);
      expect(await text(xml, "/adf/prospect/vehicle/year")).toBe(vehicleYear);
      expect(await text(xml, "/adf/prospect/vehicle/make")).toBe("Honda");
      expect(await text(xml, "/adf/prospect/vehicle/model")).toBe(model);
      expect(await text(xml, "/adf/prospect/customer/contact/name[@part='first']")).toBe("Thandi");
      expect(await text(xml, "/adf/prospect/customer/contact/phone[@type='cellphone']")).toBe("+27821234567");
      expect(await text(xml, "/adf/prospect/provider/service")).toContain(FORM_PRESETS[preset].formName);
    },
  );

  it.each(PRESET_KEYS)(
    "every %s lead, with a hostile message and non-Latin names, is valid ADF whose vehicle has a year, make and model",
    async (preset) => {
      const message = `Zoë's "offer": 5 < 6 & 7 > 3, ]]> 李雷 علي ${"long ".repeat(380)}`.slice(0, 2000);
      const xml = await adfOfEnquiry(preset, { first_name: "Zoë-李", last_name: "N'Dlovu علي", message });
      expect(await dtdViolations(xml)).toBe("");
      for (const element of ["year", "make", "model"])
        expect(await text(xml, `/adf/prospect/vehicle[1]/${element}`)).toMatch(/\S/);
      expect(await text(xml, "/adf/prospect/vehicle[1]/year")).toMatch(/^(19[5-9]\d|20\d\d)$/);
      expect(await text(xml, "//customer/contact/name[@part='first']")).toBe("Zoë-李");
      expect(await text(xml, "//customer/contact/name[@part='last']")).toBe("N'Dlovu علي");
      expect(await text(xml, "//customer/comments")).toContain(message.trim());
    },
  );

  it("a sell-your-car lead traded in towards a listed car carries the seller's car and then the car they want, both with year, make and model", async () => {
    const xml = await adfOfEnquiry("sellCar", {
      trade_in: "yes",
      towards_vehicle_id: used.id,
      dealer_slug: used.dealerSlug,
    });
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "/adf/prospect/vehicle[1]/@interest")).toBe("trade-in");
    expect(await text(xml, "/adf/prospect/vehicle[1]/year")).toBe("2017");
    expect(await text(xml, "/adf/prospect/vehicle[1]/make")).toBe("Toyota");
    expect(await text(xml, "/adf/prospect/vehicle[2]/@interest")).toBe("buy");
    expect(await text(xml, "/adf/prospect/vehicle[2]/year")).toBe(String(used.year));
    expect(await text(xml, "/adf/prospect/vehicle[2]/stock")).toBe(String(used.id));
    expect(await text(xml, "/adf/prospect/vehicle[2]/model")).toMatch(/\S/);
  });

  it("a used vehicle carries the listing's year, stock number, odometer in km and asking price in ZAR", async () => {
    const xml = await adfOfEnquiry("used");
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//vehicle/year")).toBe(String(used.year));
    expect(await text(xml, "//vehicle/stock")).toBe(String(used.id));
    expect(await text(xml, "//vehicle/odometer[@units='km'][@status='original']")).toBe(String(used.mileageKm));
    expect(await text(xml, "//vehicle/price[@type='asking'][@currency='ZAR']")).toBe(String(used.price));
  });

  it("a new vehicle carries its trim and list price; parts carry the visitor's VIN and part number", async () => {
    const newXml = await adfOfEnquiry("new");
    expect(await text(newXml, "//vehicle/trim")).toBe("1.5T Comfort CVT");
    expect(await text(newXml, "//vehicle/price[@type='msrp'][@currency='ZAR']")).toBe("689900");
    const partsXml = await adfOfEnquiry("parts");
    expect(await text(partsXml, "//vehicle/vin")).toBe("JHMFC1F30HX123456");
    expect(await text(partsXml, "//customer/comments")).toBe("Part number: 15400-PLM-A02");
  });
});

describe("ADF 1.0: who sends the lead, and a finance application", () => {
  it("the vendor is the dealer with its structured address, and the provider names the website and form", async () => {
    const xml = await adfOfEnquiry("service", { dealer_slug: "honda-kimberley" });
    expect(await text(xml, "//vendor/vendorname")).toBe("Honda Kimberley");
    expect(await text(xml, "//vendor/url")).toBe(`${SITE}/dealer/honda-kimberley`);
    expect(await text(xml, "//vendor/contact/address/street")).toBe("17 Bultfontein Road");
    expect(await text(xml, "//vendor/contact/address/city")).toBe("Kimberley");
    expect(await text(xml, "//vendor/contact/address/regioncode")).toBe("Northern Cape");
    expect(await text(xml, "//vendor/contact/address/postalcode")).toBe("8301");
    expect(await text(xml, "//vendor/contact/address/country")).toBe("ZA");
    expect(await text(xml, "//provider/name")).toBe("Honda Dealer Group Website");
    expect(await text(xml, "//provider/service")).toBe("Book Service (Group Website Honda-Online Service Booking)");
    expect(await text(xml, "//provider/url")).toBe(`${SITE}/service`);
    expect(await text(xml, "//customer/comments")).toBe("60 000 km service please");
  });

  it("a finance application is a lead with a finance element and nothing of the identity number, income or bank", async () => {
    const result = await submitFinanceApplication(
      database.db,
      cipher,
      validFinanceApplication({ bankName: "First National Bank" }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.violations));
    const lead = await loadLeadForDelivery(database.db, "finance", result.status.id, { financeCipher: cipher });
    const xml = buildAdfXml(lead!, SITE);
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//vehicle/finance/method")).toBe("finance");
    expect(await text(xml, "//vehicle/model")).toBe("Civic");
    expect(await text(xml, "//vehicle/year")).toBe(String(new Date().getUTCFullYear()));
    expect(await text(xml, "//customer/contact/name[@part='last']")).toBe("Nkosi");
    expect(await text(xml, "//customer/contact/email")).toBe("thandi.nkosi@example.co.za");
    expect(xml).not.toContain(VALID_ID_NUMBER);
    expect(xml).not.toContain(SALARY);
    expect(xml).not.toMatch(/First National Bank|Acme Mining|salary|income|bank/i);
  });
});

/** A service booking whose customer and vehicle each test makes hostile. */
const serviceLead: LeadForDelivery = {
  kind: "enquiry",
  id: "0b7d8f2e-5c1a-4e8b-9a3d-2f6e1c4b7a90",
  reference: "HDG-0B7D8F2E",
  createdAt: new Date("2026-11-24T10:15:00Z"),
  status: "Queued",
  formName: "Book Service",
  leadType: "Book Service",
  source: null,
  uri: "/service",
  vehiclePath: null,
  dealer: {
    slug: "honda-sandton",
    dealerName: "Honda Sandton",
    dpName: "Thandi Mokoena",
    dpEmail: "thandi@honda-sandton.example.co.za",
    contactNo: "011 784 2210",
    address: "112 Rivonia Road, Sandown, Sandton, 2196",
    street: "112 Rivonia Road, Sandown",
    city: "Sandton",
    province: "Gauteng",
    postalCode: "2196",
    businessHours: [],
  },
  customer: {
    firstName: "Thabo",
    lastName: "Nkosi",
    email: "thabo@example.co.za",
    cellPhone: "+27821234567",
    message: null,
    contactAllowed: true,
  },
  vehicle: { interest: "buy", condition: "used", year: 2015, make: "Honda", model: "Jazz" },
  finance: null,
  timeframe: null,
  notes: [],
  attribution: null,
};

describe("hostile values", () => {
  const lead = (
    customer: Partial<LeadForDelivery["customer"]>,
    vehicle: Partial<LeadForDelivery["vehicle"]> = {},
  ): LeadForDelivery => ({
    ...serviceLead,
    customer: { ...serviceLead.customer, ...customer },
    vehicle: { ...serviceLead.vehicle, ...vehicle },
  });

  it("keeps XML metacharacters as text", async () => {
    const message = `Is <b>this</b> & "that" 'quoted'? ]]> <!-- no --> <?pi?>`;
    const xml = buildAdfXml(lead({ message, lastName: "O'Brien & <Sons>" }, { model: `CR-V "e:HEV" <AWD>` }), SITE);
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//customer/comments")).toBe(message);
    expect(await text(xml, "//customer/contact/name[@part='last']")).toBe("O'Brien & <Sons>");
    expect(await text(xml, "//vehicle/model")).toBe(`CR-V "e:HEV" <AWD>`);
  });

  it("drops control characters XML cannot carry and keeps tabs and line breaks", async () => {
    const xml = buildAdfXml(
      lead({ message: "bell\u0007 escape\u001b null\u0000 tab\there\nnext line\uffff \ud800lone" }),
      SITE,
    );
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//customer/comments")).toBe("bell escape null tab\there\nnext line lone");
  });

  it("carries very long comments whole", async () => {
    const message = "Please call me after five. ".repeat(2_000);
    const xml = buildAdfXml(lead({ message }), SITE);
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//customer/comments")).toBe(message);
  });

  it("carries non-Latin names in UTF-8", async () => {
    const names = { firstName: "Zoë Nomsa", lastName: "Ngcobo-Müller 李 علي" };
    const xml = buildAdfXml(lead(names), SITE);
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//customer/contact/name[@part='first']")).toBe(names.firstName);
    expect(await text(xml, "//customer/contact/name[@part='last']")).toBe(names.lastName);
  });

  it("writes an appointment's timeframe in the customer, before the comments", async () => {
    const xml = buildAdfXml(
      {
        ...lead({ message: "Mornings suit me" }),
        timeframe: { description: "Service on Tuesday morning", earliest: new Date("2026-12-01T07:30:00Z") },
      },
      SITE,
    );
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//customer/timeframe/description")).toBe("Service on Tuesday morning");
    expect(await text(xml, "//customer/timeframe/earliestdate")).toBe("2026-12-01T09:30:00+02:00");
  });

  it("names the visit's source in the provider's service, and its campaign, term, content and click ids in the comments", async () => {
    const attribution = {
      source: "facebook",
      medium: "cpc",
      campaign: `spring <sale> & "more"`,
      term: "jazz",
      content: "carousel\u0007",
      referrerHost: "l.facebook.com",
      landingPath: "/used/honda/jazz",
      clickIds: { gclid: "G-1", fbclid: "IwAR<1>" },
    };
    const xml = buildAdfXml({ ...lead({ message: "Call me after five" }), attribution }, SITE);
    expect(await dtdViolations(xml)).toBe("");
    expect(await text(xml, "//provider/name")).toBe("Honda Dealer Group Website");
    expect(await text(xml, "//provider/service")).toBe(`Book Service from facebook / cpc / spring <sale> & "more"`);
    expect((await text(xml, "//customer/comments")).split("\n")).toEqual([
      "Call me after five",
      "Visit source: facebook",
      "Visit medium: cpc",
      `Campaign: spring <sale> & "more"`,
      "Campaign term: jazz",
      "Campaign content: carousel",
      "Referring site: l.facebook.com",
      `Landing page: ${SITE}/used/honda/jazz`,
      "Google Ads click id (gclid): G-1",
      "Facebook click id (fbclid): IwAR<1>",
    ]);
  });

  it("is refused by the document type when a required element is missing (the check can fail)", async () => {
    const xml = buildAdfXml(serviceLead, SITE).replace(/<year>2015<\/year>\n\s*/, "");
    expect(await dtdViolations(xml)).toMatch(/vehicle/);
  });
});

describe("links to the site", () => {
  it("names only addresses on this site", () => {
    expect(siteLink("/used/honda/jazz/1", "https://www.example.co.za")).toBe(
      "https://www.example.co.za/used/honda/jazz/1",
    );
    expect(siteLink("//evil.example/x", "https://www.example.co.za")).toBeNull();
    expect(siteLink(null, "https://www.example.co.za")).toBeNull();
  });
});
