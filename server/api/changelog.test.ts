import fs from "node:fs";
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveOverHttp } from "../../tests/support/page-server.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { changelogVersions, versionProblem, withChanges } from "./changelog.ts";
import type { OpenApiDocument } from "./described.ts";
import { diffDocuments } from "./document-diff.ts";
import { answers, apiRouter, operation } from "./operation.ts";
import { jsonLd } from "./responses.ts";

const root = path.resolve(import.meta.dirname, "../..");
const committed = (): OpenApiDocument => JSON.parse(fs.readFileSync(path.join(root, "docs/api/openapi.json"), "utf8"));
const guide = () => fs.readFileSync(path.join(root, "docs/api.md"), "utf8");

let server: TestServer;
let served: OpenApiDocument;
beforeAll(async () => {
  server = await startTestServer();
  served = (await server.get("/api/docs.json")).body;
});
afterAll(() => server.close());

describe("no change to the API lands without its documentation", () => {
  it("docs/api/openapi.json is the document the API serves (run npm run api:document after changing an operation)", () => {
    expect(diffDocuments(committed(), served)).toEqual([]);
    expect(served).toEqual(committed());
  });

  it("the changelog of docs/api.md has the document's version as its newest section", () => {
    expect(changelogVersions(guide())[0]).toBe(served.info.version);
  });
});

/** A copy of the served document, changed by `change`. */
function changed(change: (document: OpenApiDocument) => void): OpenApiDocument {
  const copy = structuredClone(served);
  change(copy);
  return copy;
}

describe("the document's diff", () => {
  it("calls removing an operation, a field of an answer or a success status breaking", () => {
    const withoutBlog = changed((d) => delete d.paths["/api/blog/{slug}"]);
    expect(diffDocuments(served, withoutBlog)).toEqual([{ breaking: true, text: "GET /api/blog/{slug} removed" }]);

    const withoutName = changed((d) => delete d.components!.schemas!.Dealer!.properties!.dealerName);
    expect(diffDocuments(served, withoutName)).toContainEqual({
      breaking: true,
      text: "GET /api/dealers/{slug} 200: field dealerName removed",
    });

    const without201 = changed((d) => delete d.paths["/api/customer_enquiries"]!.post!.responses["201"]);
    expect(diffDocuments(served, without201)).toEqual([
      { breaking: true, text: "POST /api/customer_enquiries no longer answers 201" },
    ]);
  });

  it("calls a new required body field or a narrower parameter breaking, and additions not", () => {
    const requiresVin = changed((d) => {
      const schema = d.paths["/api/customer_enquiries"]!.post!.requestBody!.content["application/ld+json"]!.schema!;
      schema.required = [...(schema.required ?? []), "vinNo"];
    });
    expect(diffDocuments(served, requiresVin)).toContainEqual({
      breaking: true,
      text: "POST /api/customer_enquiries request body: field vinNo is now required",
    });

    const noHybrid = changed((d) => {
      const fuel = d.paths["/api/vehicles"]!.get!.parameters!.find((p) => p.name === "fuelType[]")!;
      fuel.schema!.items!.enum = fuel.schema!.items!.enum!.filter((value) => value !== "Hybrid");
    });
    expect(diffDocuments(served, noHybrid)).toContainEqual({
      breaking: true,
      text: "GET /api/vehicles: query parameter fuelType[][]: no longer Hybrid",
    });

    const withSeats = changed((d) => {
      d.paths["/api/vehicles"]!.get!.parameters!.push({
        name: "seats[]",
        in: "query",
        schema: { type: "array", items: { type: "string" } },
      });
      d.components!.schemas!.Dealer!.properties!.whatsapp = { type: "string" };
    });
    const additions = diffDocuments(served, withSeats);
    expect(additions).toContainEqual({ breaking: false, text: "GET /api/vehicles: query parameter seats[] added" });
    expect(additions).toContainEqual({
      breaking: false,
      text: "GET /api/dealers 200.hydra:member[]: field whatsapp added",
    });
    expect(additions.every((change) => !change.breaking)).toBe(true);
  });

  it("names every operation once, and calls renaming an operation breaking", () => {
    const ids = Object.values(served.paths).flatMap((path) =>
      Object.values(path).map((operation) => operation.operationId),
    );
    expect(ids.filter((id) => id === undefined || !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const renamed = changed((d) => (d.paths["/api/vehicles"]!.get!.operationId = "getVehicles"));
    expect(diffDocuments(served, renamed)).toEqual([
      { breaking: true, text: "GET /api/vehicles: operationId getVehicles (was listVehicles)" },
    ]);
    const unnamed = changed((d) => delete d.paths["/api/vehicles"]!.get!.operationId);
    expect(diffDocuments(unnamed, served)).toEqual([
      { breaking: false, text: "GET /api/vehicles: operationId listVehicles" },
    ]);
  });

  it("refuses a breaking change without the next major version, and records changes under the version", () => {
    const withoutBlog = changed((d) => delete d.paths["/api/blog/{slug}"]);
    expect(versionProblem(served, withoutBlog)).toContain("need version 2.0.0");
    const major = changed((d) => {
      delete d.paths["/api/blog/{slug}"];
      d.info.version = "2.0.0";
    });
    expect(versionProblem(served, major)).toBeNull();
    const { markdown, lines } = withChanges(guide(), served, major, "2027-06-01");
    expect(lines).toEqual(["- **Breaking:** GET /api/blog/{slug} removed"]);
    expect(changelogVersions(markdown).slice(0, 2)).toEqual(["2.0.0", served.info.version]);
    expect(markdown).toContain("### 2.0.0 (2027-06-01)\n\n- **Breaking:** GET /api/blog/{slug} removed");
  });
});

describe("a deprecated operation", () => {
  it("answers with Deprecation, Sunset and its successor, and documents them on each answer", async () => {
    const app = apiRouter();
    operation(
      app,
      createRoute({
        method: "get",
        path: "/old-specials",
        deprecated: true,
        responses: answers({ 200: { description: "The deals", schema: z.object({ "@type": z.literal("Deal") }) } }),
      }),
      (c) => jsonLd(c, { "@type": "Deal" }),
      {
        sunset: {
          deprecatedOn: new Date("2026-11-01T00:00:00Z"),
          date: new Date("2027-06-01T00:00:00Z"),
          successor: "/api/specials",
        },
      },
    );
    const http = await serveOverHttp(app);
    try {
      const response = await fetch(`${http.baseUrl}/old-specials`);
      expect(response.status).toBe(200);
      expect(response.headers.get("deprecation")).toBe("@1793491200");
      expect(response.headers.get("sunset")).toBe("Tue, 01 Jun 2027 00:00:00 GMT");
      expect(response.headers.get("link")).toBe('</api/specials>; rel="successor-version"');
    } finally {
      await http.close();
    }
    const document = app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "t", version: "1.0.0" },
    }) as unknown as OpenApiDocument;
    const operationDoc = document.paths["/old-specials"]!.get!;
    expect(operationDoc.deprecated).toBe(true);
    expect(operationDoc.responses["200"]!.headers).toMatchObject({
      Sunset: { required: true },
      Deprecation: { required: true },
    });
  });
});
