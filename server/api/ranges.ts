import { Hono } from "hono";
import { listRangeModels, listRangeVariants, VEHICLE_TYPES, type VehicleType } from "../../core/catalogue/ranges.ts";
import { parsePage, type Violation } from "../../core/shared/violations.ts";
import type { Database } from "../../db/client.ts";
import { apiError, hydraCollection, notFound } from "./responses.ts";

const RANGE_PAGE_SIZE = 30;

function vehicleTypeOf(raw: string | undefined): VehicleType | null {
  return VEHICLE_TYPES.find((type) => type === raw?.toLowerCase()) ?? null;
}

export function rangeRoutes(db: Database): Hono {
  return new Hono()
    .get("/renault_ranges", async (c) => {
      const violations: Violation[] = [];
      const page = parsePage(c.req.query("page") ?? null, violations);
      const rawType = c.req.query("type") || undefined;
      const type = rawType === undefined ? undefined : vehicleTypeOf(rawType);
      if (type === null) violations.push({ propertyPath: "type", message: "must be car or motorcycle" });
      if (violations.length > 0) return apiError(c, 400, "Invalid query parameters", violations);
      const variants = await listRangeVariants(db, {
        type: type ?? undefined,
        modelSlug: c.req.query("model_slug") || undefined,
        variantSlug: c.req.query("variant_slug") || undefined,
        modelName: c.req.query("model") || undefined,
        variantName: c.req.query("variant") || undefined,
      });
      const pageOfVariants = variants.slice((page - 1) * RANGE_PAGE_SIZE, page * RANGE_PAGE_SIZE);
      return hydraCollection(c, "VehicleRange", pageOfVariants, variants.length);
    })
    .get("/vehicle_range/:type", async (c) => {
      const type = vehicleTypeOf(c.req.param("type"));
      if (!type) return notFound(c, "Vehicle type");
      const models = await listRangeModels(db, { type });
      return hydraCollection(c, "VehicleRangeModel", models, models.length);
    });
}
