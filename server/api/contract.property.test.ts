import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { ApiContract } from "../../tests/support/api-contract.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { type JsonSchema, type OpenApiDocument, type Operation, operationsOf, resolve } from "./described.ts";
import { ENQUIRY_EXAMPLE } from "./examples.ts";
import { apiDocument } from "./index.ts";

/**
 * Requests generated from the OpenAPI document itself (fast-check): for every documented operation, path
 * and query parameters and bodies drawn from their schemas (valid values, the documented examples, and
 * hostile text in their place). No answer may be a 5xx or depart from the document (status, headers, body).
 */
const RUNS_PER_OPERATION = 40;

let server: TestServer;
let contract: ApiContract;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: new MemoryRateLimiter(1_000_000_000, 600_000) });
  contract = await ApiContract.fetchFrom(server.baseUrl);
});
afterAll(() => server.close());

const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1.5",
    "99999999999",
    "null",
    "Any",
    "ASC",
    "'; drop table dealers; --",
    "<script>",
    "é",
    "x".repeat(400),
  ),
);

/** Values a schema accepts (mostly), built from its type, bounds, choices and example. */
function valuesOf(document: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(document, schema);
  if (!resolved || depth > 5) return fc.constant(null);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valuesOf(document, choice, depth + 1)));
  const types = [resolved.type].flat().filter((type): type is string => typeof type === "string");
  const arbitraries = types.map((type) => valueOfType(document, resolved, type, depth));
  const example = resolved.example === undefined ? [] : [fc.constant(resolved.example)];
  const all = [...example, ...arbitraries];
  return all.length > 0 ? fc.oneof(...all) : fc.jsonValue({ maxDepth: 1 });
}

function valueOfType(
  document: OpenApiDocument,
  schema: JsonSchema,
  type: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const number = (key: string) => (typeof schema[key] === "number" ? (schema[key] as number) : undefined);
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: number("minimum") ?? -1_000, max: number("maximum") ?? 10_000_000 });
    case "number":
      return fc.double({ min: number("minimum") ?? -1_000, max: number("maximum") ?? 10_000_000, noNaN: true });
    case "array":
      return fc.array(valuesOf(document, schema.items, depth + 1), { maxLength: 3 });
    case "object": {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, inner]) => [name, valuesOf(document, inner, depth + 1)]),
      );
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      if (schema.format === "email") return fc.emailAddress();
      return fc.string({ minLength: number("minLength") ?? 0, maxLength: Math.min(number("maxLength") ?? 40, 60) });
  }
}

/** A parameter's value: from its schema, or hostile text in its place. */
const parameterValue = (document: OpenApiDocument, schema: JsonSchema | undefined) =>
  fc.oneof({ weight: 3, arbitrary: valuesOf(document, schema) }, { weight: 1, arbitrary: hostile });

type GeneratedRequest = { path: string; query: URLSearchParams; headers: Record<string, string>; body?: string };

function requestsFor(document: OpenApiDocument, path: string, operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === "path");
  const inQuery = parameters.filter((p) => p.in === "query");
  const inHeader = parameters.filter((p) => p.in === "header");
  const body = operation.requestBody?.content["application/ld+json"];
  return fc
    .record({
      path: fc.tuple(...inPath.map((p) => parameterValue(document, p.schema).map(String)), fc.constant("")),
      query: fc
        .array(fc.constantFrom(...inQuery, { name: "unknown", in: "query" as const, schema: { type: "string" } }), {
          maxLength: 4,
        })
        .chain((chosen) =>
          fc.tuple(
            fc.constant(chosen),
            fc.tuple(...chosen.map((p) => parameterValue(document, p.schema)), fc.constant(null)),
          ),
        ),
      headers: fc.tuple(
        ...inHeader.map((p) => fc.option(parameterValue(document, p.schema).map(String), { nil: undefined })),
        fc.constant(undefined),
      ),
      body: body
        ? fc.oneof(
            { weight: 2, arbitrary: valuesOf(document, body.schema) },
            {
              weight: 2,
              arbitrary: fc
                .tuple(fc.constantFrom(...Object.keys(body.example as object)), hostile)
                .map(([key, value]) => ({ ...(body.example as object), [key]: value })),
            },
            { weight: 1, arbitrary: fc.constant(body.example) },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
          )
        : fc.constant(undefined),
    })
    .map(({ path: values, query: [chosen, queryValues], headers: headerValues, body: payload }) => {
      let index = 0;
      const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(values[index++] ?? "x"));
      const query = new URLSearchParams();
      chosen.forEach((parameter, i) => {
        for (const value of [queryValues[i]].flat()) query.append(parameter.name, asText(value));
      });
      const headers: Record<string, string> = { Accept: "application/ld+json" };
      inHeader.forEach((parameter, i) => {
        const value = headerValues[i];
        if (value !== undefined && /^[\t\x20-\x7e]*$/.test(value)) headers[parameter.name] = value;
      });
      if (body) headers["Content-Type"] = "application/ld+json";
      return { path: url, query, headers, body: body ? (JSON.stringify(payload) ?? "null") : undefined };
    });
}

// Read before the tests are collected: each operation is a test of its own.
const documented = operationsOf(await apiDocument());

describe("requests generated from /api/docs.json", () => {
  it("covers every documented operation", () => {
    expect(operationsOf(contract.document).length).toBeGreaterThanOrEqual(25);
  });

  it.each(documented.map(({ method, path }) => [method.toUpperCase(), path] as const))(
    "%s %s answers only as documented, never 5xx",
    async (method, path) => {
      const { operation } = operationsOf(contract.document).find(
        (o) => o.path === path && o.method === method.toLowerCase(),
      )!;
      const statuses: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(requestsFor(contract.document, path, operation), async (request) => {
          const search = request.query.toString();
          const response = await fetch(`${server.baseUrl}${request.path}${search ? `?${search}` : ""}`, {
            method,
            headers: request.headers,
            body: request.body,
          });
          const body = await response.text();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          expect(response.status, body).toBeLessThan(500);
          expect(
            contract.check(method, `${request.path}?${search}`, {
              status: response.status,
              headers: response.headers,
              body,
            }),
          ).toEqual([]);
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
      console.log(`contract ${method} ${path}: ${RUNS_PER_OPERATION} requests, answers ${JSON.stringify(statuses)}`);
    },
  );
});

/**
 * A value the document allows for a parameter, drawn only from what the document states: its choices, its pattern, or,
 * for a name of something that must exist (a slug, an id: a plain string), its documented example, which names a real one.
 */
function allowedValue(schema: JsonSchema | undefined): fc.Arbitrary<string | string[]> | null {
  if (!schema) return null;
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === "array") {
    const item = allowedValue(schema.items);
    return item && fc.array(item as fc.Arbitrary<string>, { minLength: 1, maxLength: 2 });
  }
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern, "u"), { size: "xsmall" });
  if (schema.example !== undefined) return fc.constant(String(schema.example));
  if (typeof schema.maxLength === "number") return fc.string({ maxLength: schema.maxLength });
  return null;
}

/** The rules between parameters the document states in their descriptions ("not below price[gte]"), kept by reordering. */
const ORDERED_PAIRS = [
  ["price[gte]", "price[lte]"],
  ["year[gte]", "year[lte]"],
] as const;

function keepDocumentedOrder(query: Record<string, string | string[]>): void {
  for (const [low, high] of ORDERED_PAIRS) {
    const [a, b] = [Number(query[low]), Number(query[high])];
    if (
      typeof query[low] === "string" &&
      typeof query[high] === "string" &&
      /\d/.test(query[low]) &&
      /\d/.test(query[high]) &&
      a > b
    ) {
      [query[low], query[high]] = [query[high], query[low]];
    }
  }
}

/** The slots' first day: the document says "from today to 13 days ahead", which a pattern cannot say relative to today. */
const slotDay = fc
  .integer({ min: 0, max: 13 })
  .map((days) => new Date(Date.now() + 2 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10));

/** A lead exists only once sent: its status is read at the id the documented example's POST answers. */
async function existingPathValues(path: string, operation: Operation): Promise<string[]> {
  if (path === "/api/customer_enquiries/{id}") {
    const sent = await fetch(`${server.baseUrl}/api/customer_enquiries`, {
      method: "POST",
      headers: { "Content-Type": "application/ld+json" },
      body: JSON.stringify({
        ...ENQUIRY_EXAMPLE,
        email: `contract.${Date.now()}@example.co.za`,
        idempotency_key: `contract-${Date.now()}`,
      }),
    });
    const answer = (await sent.json()) as { id?: string };
    if (sent.status !== 201 || !answer.id)
      throw new Error(`the documented enquiry example was answered ${sent.status}: ${JSON.stringify(answer)}`);
    return [answer.id];
  }
  return (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => String(p.schema?.example));
}

function allowedRequests(path: string, operation: Operation, pathValues: string[]): fc.Arbitrary<string> {
  const parameters = operation.parameters ?? [];
  const inQuery = parameters.filter((p) => p.in === "query");
  const values = Object.fromEntries(
    inQuery.map((p) => [p.name, p.name === "from" ? slotDay : (allowedValue(p.schema) ?? fc.constant(""))]),
  ) as Record<string, fc.Arbitrary<string | string[]>>;
  const required = inQuery.filter((p) => p.required).map((p) => p.name);
  return fc.record(values, { requiredKeys: required }).map((query) => {
    keepDocumentedOrder(query);
    let index = 0;
    const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(pathValues[index++]!));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, one);
    return `${url}?${search}`;
  });
}

const publicReads = documented.filter(({ method, operation }) => method === "get" && !operation.security);

describe("requests the document allows", () => {
  it.each(publicReads.map(({ path }) => path))("GET %s answers 200 to every one", async (path) => {
    const { operation } = operationsOf(contract.document).find((o) => o.path === path && o.method === "get")!;
    const pathValues = await existingPathValues(path, operation);
    await fc.assert(
      fc.asyncProperty(allowedRequests(path, operation, pathValues), async (address) => {
        const response = await fetch(`${server.baseUrl}${address}`, { headers: { Accept: "application/ld+json" } });
        const body = await response.text();
        expect(response.status, `${address}: ${body.slice(0, 300)}`).toBe(200);
      }),
      { numRuns: RUNS_PER_OPERATION },
    );
  });
});

/** A value the document forbids for a parameter with choices or a pattern: text outside them. */
function forbiddenValue(schema: JsonSchema | undefined): fc.Arbitrary<string> | null {
  const single = schema?.type === "array" ? schema.items : schema;
  if (!single) return null;
  if (single.enum)
    return fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !single.enum!.map(String).includes(text));
  if (typeof single.pattern === "string") {
    const pattern = new RegExp(single.pattern, "u");
    return fc.string({ minLength: 1, maxLength: 30 }).filter((text) => !pattern.test(text));
  }
  return null;
}

describe("requests the document forbids", () => {
  const withRules = publicReads.filter(({ operation }) =>
    (operation.parameters ?? []).some((p) => p.in === "query" && forbiddenValue(p.schema)),
  );

  it("covers every public read with a parameter of choices or a pattern", () => {
    expect(withRules.map(({ path }) => path)).toEqual(
      expect.arrayContaining(["/api/vehicles", "/api/dealers/{slug}/slots", "/api/blog", "/api/banners"]),
    );
  });

  it.each(withRules.map(({ path }) => path))(
    "GET %s answers 400 to a parameter outside its choices or pattern",
    async (path) => {
      const { operation } = operationsOf(contract.document).find((o) => o.path === path && o.method === "get")!;
      const checked = (operation.parameters ?? []).filter((p) => p.in === "query" && forbiddenValue(p.schema));
      const pathValues = await existingPathValues(path, operation);
      let index = 0;
      const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(pathValues[index++]!));
      const required = (operation.parameters ?? []).filter((p) => p.in === "query" && p.required);
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...checked)
            .chain((parameter) => fc.tuple(fc.constant(parameter.name), forbiddenValue(parameter.schema)!)),
          async ([name, value]) => {
            const search = new URLSearchParams(
              required.filter((p) => p.name !== name).map((p) => [p.name, String(p.schema?.example ?? "")]),
            );
            search.append(name, value);
            const response = await fetch(`${server.baseUrl}${url}?${search}`, {
              headers: { Accept: "application/ld+json" },
            });
            expect(response.status, `${url}?${search}: ${(await response.text()).slice(0, 200)}`).toBe(400);
          },
        ),
        { numRuns: RUNS_PER_OPERATION },
      );
    },
  );
});

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
