import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_TYPES_FILE, clientTypesOf } from "../../server/cli/api-client-types.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { integratorJourney } from "./integrator-journey.ts";

/**
 * A client generated from the API's document, as an outside integrator makes one: openapi-typescript's types
 * of the document the server serves, and a typed script (integrator-journey.ts, type-checked by `npm run typecheck`)
 * that lists, filters, pages, reads and posts through openapi-fetch against a test server.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("a client generated from /api/docs.json", () => {
  it("has the types openapi-typescript generates from the served document (npm run api:document writes them)", async () => {
    const served = (await server.get("/api/docs.json")).body;
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../..", CLIENT_TYPES_FILE), "utf8");
    expect(committed).toBe(await clientTypesOf(served));
    expect(committed).toContain('"/api/customer_enquiries": {');
    expect(committed).toContain("createCustomerEnquiry: {");
  });

  it("lists, filters, sorts, pages, reads a vehicle and sends an enquiry about it, typed end to end", async () => {
    const journey = await integratorJourney(server.baseUrl);
    expect(journey.total).toBeGreaterThan(12);
    expect(journey.prices).toHaveLength(12);
    expect(journey.prices).toEqual([...journey.prices].sort((a, b) => a - b));
    expect(journey.secondPage).toHaveLength(Math.min(12, journey.total - 12));
    expect(journey.lead).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), created: true, status: "Queued" });
  });
});
