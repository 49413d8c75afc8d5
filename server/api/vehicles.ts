import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { listMakes } from "../../core/catalogue/makes.server.ts";
import { dealerDirectoryModel, dealerIdNamed } from "../../core/dealers/dealers.server.ts";
import {
  ORDER_FIELDS,
  parseUsedVehicleQuery,
  USED_PAGE_SIZE,
  type UsedVehicleQuery,
} from "../../core/inventory/used-query.ts";
import type { UsedStock } from "../../core/inventory/used-stock.server.ts";
import type { ReadModels } from "../../core/shared/read-model.server.ts";
import { featureList } from "../../core/inventory/dealer-words.ts";
import { answers, apiRouter, goneAnswer, notFoundAnswer, operation } from "./operation.ts";
import { apiError, hydraCollection, ldResource, notFound } from "./responses.ts";
import {
  hydraCollectionSchema,
  makeSchema,
  pageParameter,
  usedFilterParameters,
  usedFiltersSchema,
  usedVehicleSchema,
} from "./schemas.ts";

const vehicleId = (id: number) => `/api/vehicles/${id}`;

const orderParameters = Object.fromEntries(
  ORDER_FIELDS.map((field) => [
    `order[${field}]`,
    z
      .enum(["asc", "desc"])
      .optional()
      .openapi({ description: `Sort by ${field}; several orders apply in the order given` }),
  ]),
);

/** The used listing's parameters as documented (product.md §7); core/inventory/used-query.ts parses them. */
const usedListQuery = z.object({ page: pageParameter, ...usedFilterParameters, ...orderParameters });
const usedFiltersQuery = z.object({
  ...usedFilterParameters,
  dealer: z.string().optional().openapi({ example: "honda-sandton" }),
});

/**
 * The parser behind the documented parameters: option values case-insensitive, lists with or without `[]`,
 * 'Any' clearing its group (core/inventory/used-query.ts); each violation becomes an issue on its parameter.
 */
type UsedQueryInput = UsedVehicleQuery & { dealerSlug?: string };

const usedVehicleQuery = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((raw, ctx): UsedQueryInput => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(raw)) for (const one of [value].flat()) params.append(name, one);
    const parsed = parseUsedVehicleQuery(params);
    if (parsed.ok) return { ...parsed.value, dealerSlug: params.get("dealer") || undefined };
    for (const violation of parsed.violations)
      ctx.addIssue({ code: "custom", path: [violation.propertyPath], message: violation.message });
    return z.NEVER;
  });

const pathText = (name: string, example: string) => z.string().openapi({ param: { name, in: "path" }, example });

const usedCollection = hydraCollectionSchema(usedVehicleSchema, {}, { paged: true });

const filterAnswers = answers({
  200: { description: "Every option of the filter panel with how many vehicles it gives", schema: usedFiltersSchema },
  404: notFoundAnswer("dealer"),
});
const filterSummary = "The used-vehicle filter options with their counts, each as if chosen alone in its group";

const listVehiclesRoute = createRoute({
  method: "get",
  operationId: "listVehicles",
  path: "/vehicles",
  tags: ["Used vehicles"],
  summary: "The used and demo stock of every dealer, 12 a page",
  request: { query: usedListQuery },
  responses: answers({
    200: { description: "One page of vehicles and the total that match", schema: usedCollection },
  }),
});

const listDealerVehiclesRoute = createRoute({
  method: "get",
  operationId: "listDealerVehicles",
  path: "/dealers/{slug}/vehicles",
  tags: ["Used vehicles"],
  summary: "One dealer's used and demo stock (the dealer's apiUri + /vehicles)",
  request: { params: z.object({ slug: pathText("slug", "honda-sandton") }), query: usedListQuery },
  responses: answers({
    200: { description: "One page of the dealer's vehicles", schema: usedCollection },
    404: notFoundAnswer("dealer"),
  }),
});

const getVehicleRoute = createRoute({
  method: "get",
  operationId: "getVehicle",
  path: "/vehicles/{id}",
  tags: ["Used vehicles"],
  summary: "One used vehicle with all its images",
  request: { params: z.object({ id: pathText("id", "12") }) },
  responses: answers({
    200: { description: "The vehicle (Available, or Reserved by another buyer)", schema: usedVehicleSchema },
    404: notFoundAnswer("vehicle (or one not yet published)"),
    410: goneAnswer("The vehicle has been sold"),
  }),
});

const listMakesRoute = createRoute({
  method: "get",
  operationId: "listMakes",
  path: "/makes",
  tags: ["Used vehicles"],
  summary: "The makes with their models and how many of each are in stock",
  responses: answers({ 200: { description: "The makes", schema: hydraCollectionSchema(makeSchema) } }),
});

const getVehicleFiltersRoute = createRoute({
  method: "get",
  operationId: "getVehicleFilters",
  path: "/filters",
  tags: ["Used vehicles"],
  summary: filterSummary,
  request: { query: usedFiltersQuery },
  responses: filterAnswers,
});

const getVehicleFiltersOfMakeRoute = createRoute({
  method: "get",
  operationId: "getVehicleFiltersOfMake",
  path: "/filters/{make}",
  tags: ["Used vehicles"],
  summary: `${filterSummary}, within a make`,
  request: { params: z.object({ make: pathText("make", "honda") }), query: usedFiltersQuery },
  responses: filterAnswers,
});

const getVehicleFiltersOfModelRoute = createRoute({
  method: "get",
  operationId: "getVehicleFiltersOfModel",
  path: "/filters/{make}/{model}",
  tags: ["Used vehicles"],
  summary: `${filterSummary}, within a make and model`,
  request: {
    params: z.object({ make: pathText("make", "honda"), model: pathText("model", "cr-v") }),
    query: usedFiltersQuery,
  },
  responses: filterAnswers,
});

export function vehicleRoutes(usedStock: UsedStock, readModels: ReadModels): OpenAPIHono {
  const list = async (c: Context, { dealerSlug: _ignored, ...query }: UsedQueryInput, dealerId?: number) => {
    const { members, total } = await usedStock.list(query, { dealerId });
    return hydraCollection(
      c,
      "Vehicle",
      members.map((vehicle) => ({ "@id": vehicleId(vehicle.id), ...vehicle })),
      total,
      {},
      { page: query.page, pageSize: USED_PAGE_SIZE },
    );
  };

  const filters = async (
    c: Context,
    { dealerSlug, ...query }: UsedQueryInput,
    makeSlug?: string,
    modelSlug?: string,
  ) => {
    const scoped = {
      ...query,
      makeSlug: makeSlug?.trim() || query.makeSlug,
      modelSlug: modelSlug?.trim() || query.modelSlug,
    };
    const dealerId = dealerSlug ? dealerIdNamed(await readModels.read(dealerDirectoryModel), dealerSlug) : undefined;
    if (dealerId === null) return notFound(c, "Dealer");
    return ldResource(c, await usedStock.filters(scoped, { dealerId }), "UsedVehicleFilters");
  };
  const parseQuery = usedVehicleQuery;

  const app = apiRouter();
  operation(app, listVehiclesRoute, (c, { query }) => list(c, query), { parseQuery });
  operation(
    app,
    listDealerVehiclesRoute,
    async (c, { params, query }) => {
      const dealerId = dealerIdNamed(await readModels.read(dealerDirectoryModel), params.slug);
      return dealerId === null ? notFound(c, "Dealer") : list(c, query, dealerId);
    },
    { parseQuery },
  );
  operation(app, getVehicleRoute, async (c, { params }) => {
    const vehicle = /^\d{1,9}$/.test(params.id) ? await usedStock.vehicle(Number(params.id)) : null;
    if (!vehicle || vehicle.status === "Draft") return notFound(c, "Vehicle");
    if (vehicle.status === "Sold") return apiError(c, 410, "Vehicle sold");
    const details = await usedStock.details(vehicle.id);
    const words = { description: details?.description ?? null, features: featureList(details?.features) };
    return ldResource(c, { ...vehicle, ...words }, "Vehicle", vehicleId(vehicle.id));
  });
  operation(app, listMakesRoute, async (c) => {
    const makes = await listMakes(readModels);
    return hydraCollection(c, "Make", makes, makes.length);
  });
  operation(app, getVehicleFiltersRoute, (c, { query }) => filters(c, query), { parseQuery });
  operation(app, getVehicleFiltersOfMakeRoute, (c, { params, query }) => filters(c, query, params.make), {
    parseQuery,
  });
  operation(
    app,
    getVehicleFiltersOfModelRoute,
    (c, { params, query }) => filters(c, query, params.make, params.model),
    { parseQuery },
  );
  return app;
}
