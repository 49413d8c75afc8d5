import { Validator } from "@seriousme/openapi-schema-validator";
import jsonld from "jsonld";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiContract } from "../../tests/support/api-contract.ts";
import { compileDocumentSchema } from "../../tests/support/json-schema.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { createApp } from "../app.ts";
import { createLogger } from "../logger.ts";
import { HTTP_METHODS, type OpenApiDocument, operationsOf } from "./described.ts";
import { ENQUIRY_EXAMPLE, FINANCE_APPLICATION_EXAMPLE } from "./examples.ts";

let server: TestServer;
let document: OpenApiDocument;
beforeAll(async () => {
  server = await startTestServer();
  document = (await server.get("/api/docs.json")).body;
});
afterAll(() => server.close());

/** Sample requests that reach every kind of answer the API gives, one per collection and resource. */
const SAMPLE_PATHS = [
  "/api",
  "/api/dealers",
  "/api/dealers/honda-sandton",
  "/api/dealers/honda-sandton/slots?type=test-drive",
  "/api/vehicles?order[price]=asc",
  "/api/vehicles?price[gte]=100000&year[gte]=2015&bodyType[]=SUV&province[]=Gauteng&q=honda",
  "/api/filters?mileage[lte]=200000&colour[]=white",
  "/api/makes",
  "/api/filters/honda",
  "/api/renault_ranges?type=car",
  "/api/vehicle_range/motorcycle",
  "/api/banners?type=Car",
  "/api/specials",
  "/api/blog",
  "/api/dealers/no-such-dealer",
  "/api/blog?page=zero",
];

describe("GET /api/docs.json", () => {
  it("is an OpenAPI 3.1 document valid against the OpenAPI schema", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("describes every operation of product.md §7 with its parameter names", () => {
    const operations = operationsOf(document).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    for (const expected of [
      "GET /api/dealers",
      "GET /api/dealers/{slug}",
      "GET /api/dealer-list/{name}",
      "GET /api/banners",
      "GET /api/dealers/{slug}/vehicles",
      "GET /api/vehicles/{id}",
      "GET /api/makes",
      "GET /api/renault_ranges",
      "GET /api/vehicle_range/{type}",
      "GET /api/special-deals/{name}",
      "GET /api/service-deals/{name}",
      "GET /api/specials/{dealerSlug}",
      "GET /api/deals/{slug}",
      "GET /api/filters/{make}/{model}",
      "POST /api/customer_enquiries",
      "POST /api/finance_applications",
      "GET /api/blog",
      "GET /api/blog/{slug}",
    ]) {
      expect(operations).toContain(expected);
    }
    const vehicleParameters = document.paths["/api/vehicles"]!.get!.parameters!.map((p) => p.name);
    expect(vehicleParameters).toEqual(
      expect.arrayContaining([
        "page",
        "make_slug",
        "model_slug",
        "order[price]",
        "order[year]",
        "order[mileage]",
        "fuelType[]",
        "transmissionType[]",
        "vehicle_state[]",
        "price[gte]",
        "price[lte]",
        "year[gte]",
        "year[lte]",
        "mileage[lte]",
        "bodyType[]",
        "colour[]",
        "province[]",
        "dealer[]",
        "q",
      ]),
    );
  });

  it("documents the 422 violations of the writes and the guard's 413, 415 and 429", () => {
    for (const path of ["/api/customer_enquiries", "/api/finance_applications"]) {
      const responses = document.paths[path]!.post!.responses;
      expect(Object.keys(responses)).toEqual(
        expect.arrayContaining(["200", "201", "400", "403", "413", "415", "422", "429", "503"]),
      );
      expect(responses["429"]!.headers?.["Retry-After"]?.required).toBe(true);
    }
  });
});

describe("routes and document agree", () => {
  it("documents every route the API serves, and serves every route it documents", () => {
    const app = createApp({ db: server.database.db, logger: createLogger("silent") });
    expect(routeCoverage(app, document)).toEqual({ undocumented: [], unserved: [] });
    expect(operationsOf(document).length).toBeGreaterThanOrEqual(25);
  });

  it("fails for a route added without its definition, and for a definition without its route", () => {
    const app = createApp({ db: server.database.db, logger: createLogger("silent") });
    app.get("/api/dealers/:slug/reviews", (c) => c.json([]));
    const withGhost = structuredClone(document);
    withGhost.paths["/api/staff/dealers/{slug}/stock-history"] = {
      get: { responses: { "204": { description: "Stored" } } },
    };
    expect(routeCoverage(app, withGhost)).toEqual({
      undocumented: ["GET /api/dealers/{slug}/reviews"],
      unserved: ["GET /api/staff/dealers/{slug}/stock-history"],
    });
  });

  it("answers every documented operation over HTTP (not the API's catch-all 404)", async () => {
    for (const { method, path, operation } of operationsOf(document)) {
      const url = path.replace(/\{(\w+)\}/g, (_, name) => {
        const parameter = operation.parameters?.find((p) => p.name === name);
        return encodeURIComponent(String(parameter?.schema?.example ?? "x"));
      });
      const response = await fetch(server.baseUrl + url, {
        method: method.toUpperCase(),
        headers: { "Content-Type": "application/ld+json" },
        body: method === "get" ? undefined : "{}",
      });
      const body = await response.text();
      expect(body, `${method} ${path}`).not.toContain('"title":"Resource not found"');
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain(String(response.status));
    }
  });
});

describe("the contract check", () => {
  it("passes real answers and catches an answer that drifts from the document", async () => {
    const contract = new ApiContract(document);
    const response = await fetch(`${server.baseUrl}/api/dealers/honda-sandton`);
    const body = await response.text();
    const answer = { status: response.status, headers: response.headers, body };
    expect(contract.check("GET", "/api/dealers/honda-sandton", answer)).toEqual([]);

    const { dealerName: _removed, ...withoutName } = JSON.parse(body);
    expect(
      contract.check("GET", "/api/dealers/honda-sandton", { ...answer, body: JSON.stringify(withoutName) }),
    ).toEqual([expect.stringContaining("must have required property 'dealerName'")]);
    expect(
      contract.check("GET", "/api/dealers/honda-sandton", {
        ...answer,
        body: JSON.stringify({ ...withoutName, dealerName: 7 }),
      })[0],
    ).toContain("/dealerName must be string");
    expect(contract.check("GET", "/api/dealers/honda-sandton", { ...answer, status: 422 })[0]).toContain(
      "status not documented",
    );
    expect(
      contract.check("GET", "/api/dealers/honda-sandton", {
        ...answer,
        headers: new Headers({ "content-type": "text/html" }),
      })[0],
    ).toContain("Content-Type");
    expect(contract.check("DELETE", "/api/dealers/honda-sandton", { ...answer, status: 200 })[0]).toContain(
      "must answer 400 or 405",
    );
    expect(contract.check("GET", "/api/not-documented", { ...answer, status: 200 })[0]).toContain(
      "must answer 400 or 404",
    );
  });

  it("holds for a 429 only with its Retry-After", async () => {
    const contract = new ApiContract(document);
    const answer = {
      status: 429,
      headers: new Headers({ "content-type": "application/ld+json" }),
      body: JSON.stringify({
        "@context": "/api/contexts/Error",
        "@type": "Error",
        status: 429,
        title: "Too many requests; try again later",
      }),
    };
    expect(contract.check("POST", "/api/customer_enquiries", answer)).toEqual([expect.stringContaining("Retry-After")]);
    answer.headers.set("retry-after", "60");
    expect(contract.check("POST", "/api/customer_enquiries", answer)).toEqual([]);
  });
});

describe("the document's request examples", () => {
  it("each validate against the schema they illustrate (the JSON-LD tests below post them: 201)", async () => {
    const document = (await server.get("/api/docs.json")).body as OpenApiDocument;
    const examples = operationsOf(document).flatMap(({ method, path, operation }) =>
      Object.values(operation.requestBody?.content ?? {})
        .filter((media) => media.example !== undefined && media.schema)
        .map((media) => ({ name: `${method.toUpperCase()} ${path}`, example: media.example, schema: media.schema! })),
    );
    expect(examples.map((example) => example.name)).toEqual(
      expect.arrayContaining(["POST /api/customer_enquiries", "POST /api/finance_applications"]),
    );
    for (const { name, example, schema } of examples) {
      const validate = compileDocumentSchema(schema, document.components);
      expect(validate(example) ? [] : validate.errors, name).toEqual([]);
    }
  });
});

describe("JSON-LD: the entrypoint and the contexts", () => {
  it("links every collection from /api, and each link answers a hydra collection", async () => {
    const { status, body } = await server.get("/api");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      "@context": "/api/contexts/Entrypoint",
      "@id": "/api",
      "@type": "Entrypoint",
      dealers: "/api/dealers",
      vehicles: "/api/vehicles",
    });
    const links = Object.entries(body).filter(([key]) => !key.startsWith("@"));
    expect(links.length).toBeGreaterThanOrEqual(7);
    for (const [, link] of links) {
      const collection = await server.get(link as string);
      expect(collection.status, String(link)).toBe(200);
      expect(collection.body["@type"]).toBe("hydra:Collection");
    }
  });

  it("serves every @context any answer names, and a JSON-LD processor expands each answer by following it", async () => {
    const contexts = new Set<string>();
    const vocabulary = "http://localhost:3000/api/docs.jsonld#";
    const loaded: string[] = [];
    const documentLoader = async (url: string) => {
      loaded.push(url);
      const response = await fetch(new URL(new URL(url).pathname, server.baseUrl));
      expect(response.status, url).toBe(200);
      return { contextUrl: null, documentUrl: url, document: await response.json() };
    };
    for (const path of SAMPLE_PATHS) {
      const { body } = await server.get(path);
      collectContexts(body, contexts);
      const [expanded] = await jsonld.expand(body, { base: `http://localhost:3000${path}`, documentLoader });
      expect(expanded, path).toBeDefined();
      expect(JSON.stringify(expanded), path).not.toContain('"@context"');
    }
    expect([...contexts].sort()).toEqual(
      expect.arrayContaining([
        "/api/contexts/Dealer",
        "/api/contexts/Entrypoint",
        "/api/contexts/Error",
        "/api/contexts/UsedVehicleFilters",
        "/api/contexts/Vehicle",
      ]),
    );
    expect(new Set(loaded.map((url) => new URL(url).pathname))).toEqual(contexts);

    const [dealer] = await jsonld.expand((await server.get("/api/dealers/honda-sandton")).body, {
      base: "http://localhost:3000/",
      documentLoader,
    });
    expect(dealer!["@id"]).toBe("http://localhost:3000/api/dealers/honda-sandton");
    expect(dealer!["@type"]).toEqual([`${vocabulary}Dealer`]);
    expect(dealer![`${vocabulary}Dealer/dealerName`]).toEqual([{ "@value": "Honda Sandton" }]);

    const [collection] = await jsonld.expand((await server.get("/api/dealers")).body, {
      base: "http://localhost:3000/",
      documentLoader,
    });
    expect(collection!["@type"]).toEqual(["http://www.w3.org/ns/hydra/core#Collection"]);
    expect((collection!["http://www.w3.org/ns/hydra/core#member"] as unknown[]).length).toBeGreaterThanOrEqual(8);
  });
});

describe("JSON-LD: terms, pages and @ids", () => {
  it("expands a resource's terms to the same IRIs in a collection as alone, the ones the Hydra documentation defines", async () => {
    const vocabulary = "http://localhost:3000/api/docs.jsonld#";
    const documentLoader = async (url: string) => ({
      contextUrl: null,
      documentUrl: url,
      document: await (await fetch(new URL(new URL(url).pathname, server.baseUrl))).json(),
    });
    const expand = async (path: string) =>
      (await jsonld.expand((await server.get(path)).body, { base: "http://localhost:3000/", documentLoader }))[0]!;
    const collection = await expand("/api/vehicles?order[price]=asc");
    const [member] = collection["http://www.w3.org/ns/hydra/core#member"] as Record<string, unknown>[];
    const alone = await expand(new URL(member!["@id"] as string).pathname);
    const defined = new Set(
      (
        (await server.get("/api/docs.jsonld")).body["hydra:supportedClass"] as {
          "@id": string;
          "hydra:supportedProperty": { "hydra:property": { "@id": string } }[];
        }[]
      )
        .find((type) => type["@id"] === "#Vehicle")!
        ["hydra:supportedProperty"].map((supported) => supported["hydra:property"]["@id"].replace(/^#/, vocabulary)),
    );
    const terms = (node: Record<string, unknown>) => Object.keys(node).filter((key) => !key.startsWith("@"));
    expect(terms(member!).length).toBeGreaterThan(10);
    expect(terms(member!).filter((iri) => !defined.has(iri))).toEqual([]);
    expect(terms(member!).filter((iri) => !(iri in alone))).toEqual([]);
    expect(member![`${vocabulary}Vehicle/price`]).toEqual(alone[`${vocabulary}Vehicle/price`]);
  });

  it("links a paged collection's pages in hydra:view, and names the collection by its filters", async () => {
    const filters = "make[]=honda&order[price]=asc";
    const { body } = await server.get(`/api/vehicles?page=2&${filters}`);
    const last = Math.ceil(body["hydra:totalItems"] / 12);
    expect(last).toBeGreaterThan(2);
    expect(body["@id"]).toBe(`/api/vehicles?${filters}`);
    expect(body["hydra:view"]).toEqual({
      "@id": `/api/vehicles?${filters}&page=2`,
      "@type": "hydra:PartialCollectionView",
      "hydra:first": `/api/vehicles?${filters}&page=1`,
      "hydra:last": `/api/vehicles?${filters}&page=${last}`,
      "hydra:previous": `/api/vehicles?${filters}&page=1`,
      "hydra:next": `/api/vehicles?${filters}&page=3`,
    });
    const lastPage = (await server.get(body["hydra:view"]["hydra:last"])).body;
    expect(lastPage["hydra:member"].length).toBeGreaterThan(0);
    expect(lastPage["hydra:view"]["hydra:next"]).toBeUndefined();
    const firstPage = (await server.get(body["hydra:view"]["hydra:first"])).body;
    expect(firstPage["hydra:view"]["hydra:previous"]).toBeUndefined();
    expect(firstPage["hydra:member"][0]["@id"]).not.toBe(lastPage["hydra:member"][0]["@id"]);
  });

  it("gives only @ids that answer", async () => {
    const ids = new Set<string>();
    for (const path of SAMPLE_PATHS) collectIds((await server.get(path)).body, ids);
    const created = await fetch(`${server.baseUrl}/api/customer_enquiries`, {
      method: "POST",
      headers: { "Content-Type": "application/ld+json" },
      body: JSON.stringify({
        ...ENQUIRY_EXAMPLE,
        email: `ids.${Date.now()}@example.co.za`,
        idempotency_key: `ids-${Date.now()}`,
      }),
    });
    collectIds(await created.json(), ids);
    expect(ids.size).toBeGreaterThan(30);
    const failing: string[] = [];
    for (const id of ids) {
      const { status } = await server.get(id);
      if (status !== 200) failing.push(`${id}: ${status}`);
    }
    expect(failing).toEqual([]);
  });
});

describe("JSON-LD: the answers of the writes, and the Hydra documentation", () => {
  it("expands the answers of the writes, created and refused, by their contexts", async () => {
    const documentLoader = async (url: string) => ({
      contextUrl: null,
      documentUrl: url,
      document: await (await fetch(new URL(new URL(url).pathname, server.baseUrl))).json(),
    });
    const send = async (path: string, body: unknown) => {
      const response = await fetch(server.baseUrl + path, {
        method: "POST",
        headers: { "Content-Type": "application/ld+json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const vocabulary = "http://localhost:3000/api/docs.jsonld#";
    const answers = [
      await send("/api/customer_enquiries", ENQUIRY_EXAMPLE),
      await send("/api/finance_applications", FINANCE_APPLICATION_EXAMPLE),
      await send("/api/customer_enquiries", { ...ENQUIRY_EXAMPLE, cell_phone: "12" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 422]);
    const expanded = await Promise.all(
      answers.map(({ body }) => jsonld.expand(body, { base: "http://localhost:3000/", documentLoader })),
    );
    expect(expanded.map(([node]) => node!["@type"])).toEqual([
      [`${vocabulary}CustomerEnquiry`],
      [`${vocabulary}FinanceApplicationStatus`],
      [`${vocabulary}Error`],
    ]);
    expect(expanded[0]![0]![`${vocabulary}CustomerEnquiry/status`]).toEqual([{ "@value": "Queued" }]);
    const [violation] = expanded[2]![0]![`${vocabulary}Error/violations`] as Record<string, unknown>[];
    expect(violation![`${vocabulary}propertyPath`]).toEqual([{ "@value": "cell_phone" }]);
  });

  it("answers 404 for a context no answer names", async () => {
    const { status, body } = await server.get("/api/contexts/Spaceship");
    expect(status).toBe(404);
    expect(body.title).toBe("Context not found");
  });

  it("describes each resource class with its properties and operations in /api/docs.jsonld", async () => {
    const { status, headers, body } = await server.get("/api/docs.jsonld");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/ld+json");
    expect(body).toMatchObject({ "@type": "hydra:ApiDocumentation", "hydra:entrypoint": "/api" });
    const classes = new Map(body["hydra:supportedClass"].map((c: { "@id": string }) => [c["@id"], c]));
    for (const type of [
      "Dealer",
      "Vehicle",
      "Make",
      "VehicleRange",
      "Banner",
      "Deal",
      "BlogPost",
      "CustomerEnquiry",
      "Entrypoint",
    ]) {
      expect(classes.has(`#${type}`), type).toBe(true);
    }
    const dealer = classes.get("#Dealer") as Record<string, any>;
    expect(dealer["hydra:supportedProperty"]).toContainEqual(
      expect.objectContaining({
        "hydra:title": "dealerName",
        "hydra:required": true,
        "hydra:property": expect.objectContaining({ range: "xsd:string" }),
      }),
    );
    expect(dealer["hydra:supportedOperation"].map((o: { "rdfs:label": string }) => o["rdfs:label"])).toEqual(
      expect.arrayContaining(["GET /api/dealers", "GET /api/dealers/{slug}"]),
    );
    const [expanded] = await jsonld.expand(body, { base: "http://localhost:3000/api/docs.jsonld" });
    expect(expanded!["@type"]).toEqual(["http://www.w3.org/ns/hydra/core#ApiDocumentation"]);
  });
});

describe("GET /api/docs, the readable reference", () => {
  it("lists every operation with its answers and South African examples, from the app's own assets only", async () => {
    const { status, headers, body } = await server.get("/api/docs");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("text/html");
    for (const { method, path } of operationsOf(document)) {
      expect(body).toContain(`<span class="method">${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    expect(body).toContain("South African rand");
    expect(body).toContain("072 815 9130");
    expect(body).toContain("honda-sandton");
    expect(body).toContain("Retry-After");
    expect(body).not.toMatch(/<script|(?:src|href)="(?:https?:)?\/\//);
  });

  it("names only documented methods", () => {
    for (const item of Object.values(document.paths)) {
      for (const method of Object.keys(item)) expect(HTTP_METHODS).toContain(method);
    }
  });
});

/** Every @id of an answer that names an address on this site (not a term like hydra:Collection). */
function collectIds(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === "@id" && typeof inner === "string" && inner.startsWith("/")) into.add(inner);
    else collectIds(inner, into);
  }
}

function collectContexts(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectContexts(item, into);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === "@context" && typeof inner === "string") into.add(inner);
    else collectContexts(inner, into);
  }
}

/** The API routes the app serves that the document does not describe, and the documented ones it does not serve. */
function routeCoverage(app: { routes: { method: string; path: string }[] }, described: OpenApiDocument) {
  const served = new Set(
    app.routes
      .filter((route) => route.path.startsWith("/api") && route.method !== "ALL" && !route.path.includes("*"))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`),
  );
  const documented = new Set(operationsOf(described).map(({ method, path }) => `${method.toUpperCase()} ${path}`));
  return {
    undocumented: [...served].filter((route) => !documented.has(route)),
    unserved: [...documented].filter((route) => !served.has(route)),
  };
}
