import { type Context, Hono } from "hono";
import { listMakes } from "../../core/catalogue/makes.ts";
import { findDealerId } from "../../core/dealers/dealers.ts";
import { parseUsedVehicleQuery } from "../../core/inventory/used-query.ts";
import type { UsedStock } from "../../core/inventory/used-stock.ts";
import { findUsedVehicle } from "../../core/inventory/used-vehicles.ts";
import type { Database } from "../../db/client.ts";
import { apiError, hydraCollection, jsonLd, notFound, withLdType } from "./responses.ts";

const vehicleId = (id: number) => `/api/vehicles/${id}`;

export function vehicleRoutes(db: Database, usedStock: UsedStock): Hono {
  const list = async (c: Context, dealerId?: number) => {
    const parsed = parseUsedVehicleQuery(new URL(c.req.url).searchParams);
    if (!parsed.ok) return apiError(c, 400, "Invalid query parameters", parsed.violations);
    const { members, total } = await usedStock.list(parsed.value, { dealerId });
    return hydraCollection(
      c,
      "Vehicle",
      members.map((vehicle) => ({ "@id": vehicleId(vehicle.id), ...vehicle })),
      total,
    );
  };

  const filters = async (c: Context, makeSlug?: string, modelSlug?: string) => {
    const params = new URL(c.req.url).searchParams;
    if (makeSlug) params.set("make_slug", makeSlug);
    if (modelSlug) params.set("model_slug", modelSlug);
    const parsed = parseUsedVehicleQuery(params);
    if (!parsed.ok) return apiError(c, 400, "Invalid query parameters", parsed.violations);
    const dealerSlug = params.get("dealer");
    const dealerId = dealerSlug ? await findDealerId(db, dealerSlug) : undefined;
    if (dealerId === null) return notFound(c, "Dealer");
    return jsonLd(c, { "@type": "UsedVehicleFilters", ...(await usedStock.filters(parsed.value, { dealerId })) });
  };

  return new Hono()
    .get("/vehicles", (c) => list(c))
    .get("/dealers/:slug/vehicles", async (c) => {
      const dealerId = await findDealerId(db, c.req.param("slug"));
      return dealerId === null ? notFound(c, "Dealer") : list(c, dealerId);
    })
    .get("/vehicles/:id", async (c) => {
      const id = c.req.param("id");
      const vehicle = /^\d{1,9}$/.test(id) ? await findUsedVehicle(db, Number(id)) : null;
      if (!vehicle || vehicle.status === "Draft") return notFound(c, "Vehicle");
      if (vehicle.status === "Sold") return apiError(c, 410, "Vehicle sold");
      return jsonLd(c, withLdType(vehicle, "Vehicle", vehicleId(vehicle.id)));
    })
    .get("/makes", async (c) => {
      const makes = await listMakes(db);
      return hydraCollection(c, "Make", makes, makes.length);
    })
    .get("/filters", (c) => filters(c))
    .get("/filters/:make", (c) => filters(c, c.req.param("make")))
    .get("/filters/:make/:model", (c) => filters(c, c.req.param("make"), c.req.param("model")));
}
