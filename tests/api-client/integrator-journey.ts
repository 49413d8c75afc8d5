import createClient from "openapi-fetch";
import type { paths } from "./api-types.ts";

/**
 * What an outside integrator writes against the API with a client generated from its document (openapi-typescript
 * types, openapi-fetch calls): list the used stock, filter and sort it, page through it by its hydra:view links, read
 * one vehicle, send an enquiry about it, and read back the lead's status. Type-checked with the project (strict), and
 * run against a test server by generated-client.test.ts; every step throws if the API answers otherwise.
 */
export async function integratorJourney(baseUrl: string, fetch: typeof globalThis.fetch = globalThis.fetch) {
  const api = createClient<paths>({ baseUrl, fetch, headers: { Accept: "application/ld+json" } });

  const hybrids = await api.GET("/api/vehicles", {
    params: { query: { "fuelType[]": ["Hybrid", "Petrol"], "order[price]": "asc" } },
  });
  if (!hybrids.data) throw new Error(`listing the stock answered ${hybrids.response.status}`);
  const prices = hybrids.data["hydra:member"].map((vehicle) => vehicle.price);

  const next = hybrids.data["hydra:view"]?.["hydra:next"];
  if (!next) throw new Error("the first page links no next page");
  const secondPage = await api.GET("/api/vehicles", {
    params: { query: { ...queryOf(next), "fuelType[]": ["Hybrid", "Petrol"] } },
  });
  if (!secondPage.data) throw new Error(`the next page answered ${secondPage.response.status}`);

  const first = hybrids.data["hydra:member"][0];
  if (!first) throw new Error("no vehicle in the stock");
  const vehicle = await api.GET("/api/vehicles/{id}", { params: { path: { id: String(first.id) } } });
  if (!vehicle.data) throw new Error(`reading vehicle ${first.id} answered ${vehicle.response.status}`);

  const sent = await api.POST("/api/customer_enquiries", {
    body: {
      form_name: "Used Vehicles",
      first_name: "Lindiwe",
      last_name: "Mokoena",
      email: `lindiwe.mokoena.${Date.now()}@example.co.za`,
      cell_phone: "082 555 0143",
      make: vehicle.data.make,
      model: vehicle.data.model,
      message: `Is the ${vehicle.data.make} ${vehicle.data.model} still available for a test drive this week?`,
      contact: true,
      terms: true,
      dealer_slug: vehicle.data.dealer_slug,
      vehicle_id: vehicle.data.id,
      uri: vehicle.data.uri,
    },
  });
  if (!sent.data) throw new Error(`the enquiry answered ${sent.response.status}: ${JSON.stringify(sent.error)}`);
  const lead = await api.GET("/api/customer_enquiries/{id}", { params: { path: { id: sent.data.id } } });
  if (!lead.data) throw new Error(`the lead's status answered ${lead.response.status}`);

  return {
    total: hybrids.data["hydra:totalItems"],
    prices,
    secondPage: secondPage.data["hydra:member"].map((member) => member.id),
    vehicle: { id: vehicle.data.id, dealer: vehicle.data.dealer_slug },
    lead: { id: sent.data.id, created: sent.response.status === 201, status: lead.data.status },
  };
}

/** A hydra:view link's query as the generated client takes it (its page; the filters are the caller's own). */
function queryOf(link: string): { page?: string; "order[price]"?: "asc" | "desc" } {
  const query = new URL(link, "http://api.invalid").searchParams;
  const order = query.get("order[price]");
  return {
    page: query.get("page") ?? undefined,
    ...(order === "asc" || order === "desc" ? { "order[price]": order } : {}),
  };
}
