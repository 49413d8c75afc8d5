import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  listRangeModels,
  listRangeVariants,
  VEHICLE_TYPES,
  type VehicleType,
} from "../../core/catalogue/ranges.server.ts";
import type { ReadModels } from "../../core/shared/read-model.server.ts";
import { answers, apiRouter, notFoundAnswer, operation } from "./operation.ts";
import { hydraCollection, notFound } from "./responses.ts";
import { hydraCollectionSchema, pageQuery, rangeModelSchema, rangeVariantSchema } from "./schemas.ts";

const RANGE_PAGE_SIZE = 30;

function vehicleTypeOf(raw: string | undefined): VehicleType | null {
  return VEHICLE_TYPES.find((type) => type === raw?.toLowerCase()) ?? null;
}

const optionalText = (example: string, description?: string) => z.string().optional().openapi({ example, description });

const rangeQuery = z.object({
  page: pageQuery,
  model_slug: optionalText("hr-v"),
  variant_slug: optionalText("1-5-comfort-cvt"),
  type: z
    .string()
    .openapi({ enum: ["car", "motorcycle"], description: "car or motorcycle (case-insensitive); empty for both" })
    .optional()
    .transform((raw, ctx): VehicleType | undefined => {
      if (!raw) return undefined;
      const type = vehicleTypeOf(raw);
      if (type) return type;
      ctx.addIssue({ code: "custom", message: "must be car or motorcycle" });
      return z.NEVER;
    }),
  model: optionalText("HR-V", "The model by name (the second query form)"),
  variant: optionalText("1.5 Comfort CVT", "The variant by name (the second query form)"),
});

export function rangeRoutes(readModels: ReadModels): OpenAPIHono {
  const app = apiRouter();
  operation(
    app,
    createRoute({
      method: "get",
      operationId: "listRangeVariants",
      path: "/renault_ranges",
      tags: ["New vehicles"],
      summary: "The new-vehicle range, one member per variant, 30 a page",
      request: { query: rangeQuery },
      responses: answers({
        200: {
          description: "The variants that match",
          schema: hydraCollectionSchema(rangeVariantSchema, {}, { paged: true }),
        },
      }),
    }),
    async (c, { query }) => {
      const variants = await listRangeVariants(readModels, {
        type: query.type,
        modelSlug: query.model_slug || undefined,
        variantSlug: query.variant_slug || undefined,
        modelName: query.model || undefined,
        variantName: query.variant || undefined,
      });
      const pageOfVariants = variants.slice((query.page - 1) * RANGE_PAGE_SIZE, query.page * RANGE_PAGE_SIZE);
      return hydraCollection(
        c,
        "VehicleRange",
        pageOfVariants,
        variants.length,
        {},
        { page: query.page, pageSize: RANGE_PAGE_SIZE },
      );
    },
  );
  operation(
    app,
    createRoute({
      method: "get",
      operationId: "listRangeModels",
      path: "/vehicle_range/{type}",
      tags: ["New vehicles"],
      summary: "The models of a vehicle type with their variants",
      request: {
        params: z.object({
          type: z
            .string()
            .openapi({ param: { name: "type", in: "path" }, enum: ["car", "motorcycle"], example: "car" }),
        }),
      },
      responses: answers({
        200: { description: "The models", schema: hydraCollectionSchema(rangeModelSchema) },
        404: notFoundAnswer("vehicle type"),
      }),
    }),
    async (c, { params }) => {
      const type = vehicleTypeOf(params.type);
      if (!type) return notFound(c, "Vehicle type");
      const models = await listRangeModels(readModels, { type });
      // A listed model is never retired, so it has no successor to tell.
      const members = models.map(({ successor: _retiredOnly, ...model }) => model);
      return hydraCollection(c, "VehicleRangeModel", members, members.length);
    },
  );
  return app;
}
