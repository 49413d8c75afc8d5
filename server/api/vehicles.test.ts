import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

type StockRow = {
  id: number;
  make_slug: string;
  model_slug: string;
  dealer_slug: string;
  fuel_type: string;
  transmission: string;
  state: string;
  price: number;
  mileage_km: number;
  year: number;
};

let server: TestServer;
/** The whole stock read straight from the table: the expectations are computed from it, not from the API. */
let stock: StockRow[];

beforeAll(async () => {
  server = await startTestServer();
  const result = await server.database.db.execute(sql`
    select v.id, mk.slug as make_slug, md.slug as model_slug, d.slug as dealer_slug, v.fuel_type,
           v.transmission, v.state, v.price, v.mileage_km, v.year
    from used_vehicles v join makes mk on mk.id = v.make_id join models md on md.id = v.model_id
    join dealers d on d.id = v.dealer_id`);
  stock = (result as unknown as { rows: StockRow[] }).rows;
});
afterAll(() => server.close());

const ids = (body: any): number[] => body["hydra:member"].map((v: { id: number }) => v.id);

describe("GET /api/vehicles", () => {
  it("holds at least 300 used and demo vehicles of several makes", () => {
    expect(stock.length).toBeGreaterThanOrEqual(300);
    expect(new Set(stock.map((v) => v.make_slug)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(stock.map((v) => v.state))).toEqual(new Set(["Used", "Demo"]));
    expect(new Set(stock.map((v) => v.fuel_type))).toEqual(new Set(["Petrol", "Diesel", "Hybrid"]));
    expect(new Set(stock.map((v) => v.transmission))).toEqual(new Set(["Automatic", "Manual"]));
  });

  it("answers page 1 of 12, newest first, with the total", async () => {
    const { status, body } = await server.get("/api/vehicles");
    expect(status).toBe(200);
    expect(body["hydra:totalItems"]).toBe(stock.length);
    expect(ids(body)).toEqual(
      stock
        .map((v) => v.id)
        .sort((a, b) => b - a)
        .slice(0, 12),
    );
  });

  it("shows each vehicle with the spec's fields", async () => {
    const { body } = await server.get("/api/vehicles");
    const [vehicle] = body["hydra:member"];
    expect(vehicle).toMatchObject({
      "@id": `/api/vehicles/${vehicle.id}`,
      "@type": "Vehicle",
      uri: `/used/${vehicle.make_slug}/${vehicle.model_slug}/${vehicle.id}`,
      image: { uri: expect.stringMatching(/^\/media\/vehicles\/.+\.svg$/) },
      images: expect.arrayContaining([{ uri: vehicle.image.uri }]),
      make: expect.any(String),
      model: expect.any(String),
      transmission: expect.stringMatching(/^(Automatic|Manual)$/),
      fuel_type: expect.stringMatching(/^(Petrol|Diesel|Hybrid)$/),
      exterior_color: expect.any(String),
      year: expect.any(Number),
      mileage: { value: expect.any(Number), unit: "km" },
      state_of_vehicle: expect.stringMatching(/^(Used|Demo)$/),
      price: expect.any(Number),
      installment: expect.any(Number),
      dealer_name: expect.any(String),
      dealer_province: expect.any(String),
    });
    expect(vehicle.installment).toBeGreaterThan(0);
    expect(vehicle.installment).toBeLessThan(vehicle.price);
  });

  it("pages through every vehicle exactly once", async () => {
    const pages = Math.ceil(stock.length / 12);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) seen.push(...ids((await server.get(`/api/vehicles?page=${page}`)).body));
    expect(seen.length).toBe(stock.length);
    expect(new Set(seen).size).toBe(stock.length);
  });

  it("answers an empty page past the end, with the true total", async () => {
    const { status, body } = await server.get("/api/vehicles?page=999");
    expect(status).toBe(200);
    expect(body["hydra:member"]).toEqual([]);
    expect(body["hydra:totalItems"]).toBe(stock.length);
  });
});

describe("GET /api/vehicles, filtered and sorted", () => {
  it("filters by repeated fuel types, transmission and state together", async () => {
    const { body } = await server.get(
      "/api/vehicles?fuelType[]=Diesel&fuelType[]=Hybrid&transmissionType[]=Automatic&vehicle_state[]=Used",
    );
    const expected = stock.filter(
      (v) => ["Diesel", "Hybrid"].includes(v.fuel_type) && v.transmission === "Automatic" && v.state === "Used",
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(body["hydra:totalItems"]).toBe(expected.length);
    for (const vehicle of body["hydra:member"]) {
      expect(["Diesel", "Hybrid"]).toContain(vehicle.fuel_type);
      expect(vehicle.transmission).toBe("Automatic");
      expect(vehicle.state_of_vehicle).toBe("Used");
    }
  });

  it("ignores empty values and 'Any'", async () => {
    const { status, body } = await server.get(
      "/api/vehicles?fuelType[]=&transmissionType[]=Any&make_slug=&order[price]=",
    );
    expect(status).toBe(200);
    expect(body["hydra:totalItems"]).toBe(stock.length);
  });

  it("sorts by price ascending with ?fuelType[]=Diesel&order[price]=asc", async () => {
    const { body } = await server.get("/api/vehicles?fuelType[]=Diesel&order[price]=asc");
    const diesel = stock.filter((v) => v.fuel_type === "Diesel");
    expect(body["hydra:totalItems"]).toBe(diesel.length);
    const prices = body["hydra:member"].map((v: { price: number }) => v.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(Math.min(...diesel.map((v) => v.price)));
  });

  it.each([
    ["order[price]=desc", (v: StockRow) => -v.price],
    ["order[mileage]=asc", (v: StockRow) => v.mileage_km],
    ["order[mileage]=desc", (v: StockRow) => -v.mileage_km],
    ["order[year]=desc", (v: StockRow) => -v.year],
  ])("sorts with %s across pages", async (query, key) => {
    const first = (await server.get(`/api/vehicles?${query}`)).body;
    const second = (await server.get(`/api/vehicles?${query}&page=2`)).body;
    const keys = [...first["hydra:member"], ...second["hydra:member"]].map((v: any) =>
      key({ ...v, mileage_km: v.mileage.value }),
    );
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(keys[0]).toBe(Math.min(...stock.map(key)));
  });
});

describe("GET /api/vehicles by make and model, and the parameters it refuses", () => {
  it("narrows by make and then model slug", async () => {
    const toyota = stock.filter((v) => v.make_slug === "toyota");
    const byMake = (await server.get("/api/vehicles?make_slug=toyota")).body;
    expect(byMake["hydra:totalItems"]).toBe(toyota.length);
    const model = toyota[0]!.model_slug;
    const byModel = (await server.get(`/api/vehicles?make_slug=toyota&model_slug=${model}`)).body;
    expect(byModel["hydra:totalItems"]).toBe(toyota.filter((v) => v.model_slug === model).length);
    for (const vehicle of byModel["hydra:member"]) expect(vehicle.model_slug).toBe(model);
  });

  it("answers an empty collection for an unknown make", async () => {
    const { status, body } = await server.get("/api/vehicles?make_slug=trabant");
    expect(status).toBe(200);
    expect(body["hydra:totalItems"]).toBe(0);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=-2", "page"],
    ["order[price]=sideways", "order[price]"],
    ["order[colour]=asc", "order[colour]"],
    ["fuelType[]=Steam", "fuelType[]"],
    ["vehicle_state[]=New", "vehicle_state[]"],
    ["price[gte]=cheap", "price[gte]"],
    ["price[lte]=-5", "price[lte]"],
    ["price[gte]=400000&price[lte]=100000", "price[gte]"],
    ["year[gte]=19", "year[gte]"],
    ["year[lte]=20x1", "year[lte]"],
    ["mileage[lte]=1e5", "mileage[lte]"],
    ["bodyType[]=Spaceship", "bodyType[]"],
    ["province[]=Atlantis", "province[]"],
    ["colour[]=%3Cscript%3E", "colour[]"],
    ["dealer[]=Not a slug!", "dealer[]"],
    [`q=${"x".repeat(101)}`, "q"],
  ])("answers 400 naming the parameter for %s", async (query, propertyPath) => {
    const { status, body } = await server.get(`/api/vehicles?${query}`);
    expect(status).toBe(400);
    expect(body.violations).toContainEqual({ propertyPath, message: expect.any(String) });
  });
});

/** The vehicles of the stock a listing query should answer, worked out from the table. */
const matching = (query: string) => {
  const params = new URLSearchParams(query);
  const cap = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();
  const values = (name: string) =>
    [...params.getAll(name), ...params.getAll(`${name}[]`)].filter((v) => v !== "").map(cap);
  const any = (name: string) => values(name).some((v) => v.toLowerCase() === "any");
  const fuels = any("fuelType") ? [] : values("fuelType");
  const gears = any("transmissionType") ? [] : values("transmissionType");
  const states = any("vehicle_state") ? [] : values("vehicle_state");
  return stock.filter(
    (v) =>
      (!params.get("make_slug") || v.make_slug === params.get("make_slug")) &&
      (!params.get("model_slug") || v.model_slug === params.get("model_slug")) &&
      (fuels.length === 0 || fuels.includes(v.fuel_type)) &&
      (gears.length === 0 || gears.includes(v.transmission)) &&
      (states.length === 0 || states.includes(v.state)),
  );
};

describe("GET /api/vehicles: every filter, sort and paging rule", () => {
  it.each([
    "fuelType[]=Petrol",
    "fuelType[]=Diesel",
    "fuelType[]=Hybrid",
    "fuelType=Hybrid&fuelType=Diesel",
    "transmissionType[]=Automatic",
    "transmissionType[]=Manual",
    "vehicle_state[]=Demo",
    "vehicle_state[]=Used",
    "vehicle_state[]=demo&vehicle_state[]=DEMO",
    "make_slug=honda&transmissionType[]=Manual&vehicle_state[]=Used",
    "make_slug=honda&model_slug=cr-v&fuelType[]=Hybrid",
  ])("totals exactly what the stock holds for %s", async (query) => {
    const { status, body } = await server.get(`/api/vehicles?${query}`);
    expect(status).toBe(200);
    const expected = matching(query);
    expect(body["hydra:totalItems"]).toBe(expected.length);
    expect(ids(body)).toEqual(
      expected
        .map((v) => v.id)
        .sort((a, b) => b - a)
        .slice(0, 12),
    );
  });

  it("lets 'Any' clear its group even beside other values (product.md §4)", async () => {
    const { body } = await server.get("/api/vehicles?fuelType[]=Diesel&fuelType[]=Any&vehicle_state[]=Demo");
    expect(body["hydra:totalItems"]).toBe(stock.filter((v) => v.state === "Demo").length);
  });

  it.each(["order[price]=asc", "order[price]=desc", "order[mileage]=asc", "order[mileage]=desc"])(
    "pages through a filtered list with %s in order, each vehicle exactly once",
    async (order) => {
      const filter = "transmissionType[]=Automatic";
      const expected = matching(filter);
      const pages = Math.ceil(expected.length / 12);
      const seen: { id: number; key: number }[] = [];
      const field = order.includes("price") ? "price" : "mileage";
      for (let page = 1; page <= pages; page++) {
        const { body } = await server.get(`/api/vehicles?${filter}&${order}&page=${page}`);
        for (const v of body["hydra:member"])
          seen.push({ id: v.id, key: field === "price" ? v.price : v.mileage.value });
      }
      expect(seen.length).toBe(expected.length);
      expect(new Set(seen.map((v) => v.id)).size).toBe(expected.length);
      const keys = seen.map((v) => v.key);
      const sorted = [...keys].sort((a, b) => (order.endsWith("asc") ? a - b : b - a));
      expect(keys).toEqual(sorted);
    },
  );

  it("answers the last partial page and then an empty page past the end", async () => {
    const candidates = [
      "make_slug=honda&vehicle_state[]=Demo",
      "vehicle_state[]=Demo",
      "fuelType[]=Diesel",
      "transmissionType[]=Manual",
    ];
    const filter = candidates.find((c) => matching(c).length % 12 !== 0 && matching(c).length > 12)!;
    expect(filter).toBeDefined();
    const expected = matching(filter);
    const last = Math.ceil(expected.length / 12);
    const { body } = await server.get(`/api/vehicles?${filter}&page=${last}`);
    expect(body["hydra:member"].length).toBe(expected.length % 12);
    const past = (await server.get(`/api/vehicles?${filter}&page=${last + 1}`)).body;
    expect(past["hydra:member"]).toEqual([]);
    expect(past["hydra:totalItems"]).toBe(expected.length);
  });

  it("answers an empty list for a model of another make", async () => {
    const { status, body } = await server.get("/api/vehicles?make_slug=toyota&model_slug=cr-v");
    expect(status).toBe(200);
    expect(body["hydra:totalItems"]).toBe(0);
  });
});

describe("GET [dealer apiUri]/vehicles", () => {
  it("answers only that dealer's stock, filtered and sorted", async () => {
    const dealer = (await server.get("/api/dealers/honda-sandton")).body;
    const { status, body } = await server.get(`${dealer.apiUri}/vehicles?order[price]=asc`);
    expect(status).toBe(200);
    const own = stock.filter((v) => v.dealer_slug === "honda-sandton");
    expect(own.length).toBeGreaterThan(0);
    expect(body["hydra:totalItems"]).toBe(own.length);
    for (const vehicle of body["hydra:member"]) expect(vehicle.dealer_name).toBe("Honda Sandton");
    expect(body["hydra:member"][0].price).toBe(Math.min(...own.map((v) => v.price)));
  });

  it("gives Honda Wing dealers motorcycles only", async () => {
    const { body } = await server.get("/api/dealers/honda-wing-midrand/vehicles");
    expect(body["hydra:totalItems"]).toBe(stock.filter((v) => v.dealer_slug === "honda-wing-midrand").length);
  });

  it("answers 404 for an unknown dealer", async () => {
    expect((await server.get("/api/dealers/nope/vehicles")).status).toBe(404);
  });
});

describe("GET /api/vehicles/{id}", () => {
  it("answers one vehicle with all its images", async () => {
    const id = stock[0]!.id;
    const { status, body } = await server.get(`/api/vehicles/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ "@id": `/api/vehicles/${id}`, id });
    expect(body.images.length).toBeGreaterThanOrEqual(3);
  });

  it.each(["999999", "abc", "1.5", "-1", "99999999999999"])("answers 404 for id %s", async (id) => {
    expect((await server.get(`/api/vehicles/${id}`)).status).toBe(404);
  });
});

describe("GET /api/makes", () => {
  it("lists makes with their models and how many of each are in stock", async () => {
    const { body } = await server.get("/api/makes");
    const honda = body["hydra:member"].find((m: { slug: string }) => m.slug === "honda");
    expect(honda.name).toBe("Honda");
    const counted = honda.models.reduce((sum: number, model: { count: number }) => sum + model.count, 0);
    expect(counted).toBe(stock.filter((v) => v.make_slug === "honda").length);
    expect(honda.models[0]).toEqual({ name: expect.any(String), slug: expect.any(String), count: expect.any(Number) });
  });
});

describe("GET /api/filters", () => {
  it("counts every option over the whole stock", async () => {
    const { status, body } = await server.get("/api/filters");
    expect(status).toBe(200);
    expect(body.total).toBe(stock.length);
    const diesel = body.fuelTypes.find((f: { value: string }) => f.value === "Diesel");
    expect(diesel.count).toBe(stock.filter((v) => v.fuel_type === "Diesel").length);
    const makeTotal = body.makes.reduce((sum: number, make: { count: number }) => sum + make.count, 0);
    expect(makeTotal).toBe(stock.length);
    expect(body.models).toEqual([]);
  });

  it("counts within a make and model given as path segments", async () => {
    const { body } = await server.get("/api/filters/honda/cr-v");
    const crv = stock.filter((v) => v.make_slug === "honda" && v.model_slug === "cr-v");
    expect(body.total).toBe(crv.length);
    const models = body.models.map((m: { slug: string }) => m.slug);
    expect(models).toContain("cr-v");
    const states = Object.fromEntries(
      body.vehicleStates.map((s: { value: string; count: number }) => [s.value, s.count]),
    );
    expect(states.Demo + states.Used).toBe(crv.length);
  });

  it("counts an option as if chosen alone in its group, with the other filters in force", async () => {
    const { body } = await server.get("/api/filters?fuelType[]=Diesel&transmissionType[]=Manual");
    const manual = stock.filter((v) => v.transmission === "Manual");
    const petrol = body.fuelTypes.find((f: { value: string }) => f.value === "Petrol");
    expect(petrol.count).toBe(manual.filter((v) => v.fuel_type === "Petrol").length);
    expect(body.total).toBe(manual.filter((v) => v.fuel_type === "Diesel").length);
  });

  it("answers 400 for a bad filter value", async () => {
    expect((await server.get("/api/filters?fuelType[]=Coal")).status).toBe(400);
  });
});

describe("GET /api/vehicles and /api/filters: the refinements", () => {
  type Full = { id: number; price: number; year: number; mileage_km: number; body_type: string; province: string };
  let full: Full[];
  beforeAll(async () => {
    const result = await server.database.db.execute(sql`
      select v.id, v.price, v.year, v.mileage_km, v.body_type, d.province from used_vehicles v join dealers d on d.id = v.dealer_id`);
    full = (result as unknown as { rows: Full[] }).rows;
  });
  const suvQuery = "price[lte]=350000&year[gte]=2019&mileage[lte]=80000&bodyType[]=SUV&province[]=Gauteng";
  const isGautengSuv = (v: Full) =>
    v.price <= 350_000 && v.year >= 2019 && v.mileage_km <= 80_000 && v.body_type === "SUV" && v.province === "Gauteng";

  it("narrows the list with the same parameter names, and every vehicle carries body_type", async () => {
    const { status, body } = await server.get(`/api/vehicles?${suvQuery}&order[price]=asc`);
    expect(status).toBe(200);
    const expected = full.filter(isGautengSuv);
    expect(body["hydra:totalItems"]).toBe(expected.length);
    expect(ids(body)).toEqual(
      expected
        .sort((a, b) => a.price - b.price || a.id - b.id)
        .slice(0, 12)
        .map((v) => v.id),
    );
    for (const vehicle of body["hydra:member"])
      expect(vehicle).toMatchObject({ body_type: "SUV", dealer_province: "Gauteng" });
  });

  it("counts every option of the new filters with the other filters in force", async () => {
    const { status, body } = await server.get(`/api/filters?${suvQuery}`);
    expect(status).toBe(200);
    expect(body.total).toBe(full.filter(isGautengSuv).length);
    const others = (v: Full) =>
      v.price <= 350_000 && v.year >= 2019 && v.mileage_km <= 80_000 && v.province === "Gauteng";
    expect(body.bodyTypes).toContainEqual({
      value: "Hatchback",
      count: full.filter((v) => others(v) && v.body_type === "Hatchback").length,
    });
    expect(body.priceMax).toContainEqual({
      value: 200_000,
      count: full.filter((v) => isGautengSuv(v) && v.price <= 200_000).length,
    });
    expect(body.yearMin.length).toBeGreaterThan(5);
  });

  it("finds vehicles by keywords, forgiving a typo in the model", async () => {
    const { body } = await server.get("/api/vehicles?q=jzaz");
    expect(body["hydra:totalItems"]).toBeGreaterThan(0);
    for (const vehicle of body["hydra:member"]) expect(vehicle.model).toBe("Jazz");
  });
});
