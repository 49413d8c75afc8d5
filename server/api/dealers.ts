import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { dealerCalendar, listFreeSlots } from "../../core/appointments/appointments.server.ts";
import {
  APPOINTMENT_KINDS,
  type AppointmentKind,
  isIsoDate,
  lastBookableDate,
  saIso,
} from "../../core/appointments/calendar.ts";
import type { Violation } from "../../core/shared/violations.ts";
import {
  type DealerView,
  dealerDirectoryModel,
  dealerNamed,
  dealersNamedLike,
  pathAtCurrentSlug,
  renamedDealerSlug,
} from "../../core/dealers/dealers.server.ts";
import type { ReadModels } from "../../core/shared/read-model.server.ts";
import type { Database } from "../../db/client.ts";
import { answers, apiRouter, notFoundAnswer, operation } from "./operation.ts";
import { apiError, hydraCollection, ldResource, notFound } from "./responses.ts";
import { appointmentSlotSchema, dealerSchema, errorSchema, hydraCollectionSchema } from "./schemas.ts";

const withDealerId = (dealer: DealerView) => ({ "@id": dealer.apiUri, ...dealer });

export const slugParam = z.object({
  slug: z
    .string()
    .min(1)
    .openapi({ param: { name: "slug", in: "path" }, example: "honda-sandton" }),
});

const movedAnswer = {
  description: "The dealer's slug has changed: Location is the same resource at the current slug (permanent)",
  headers: { Location: { description: "The current address", required: true } },
};

const listDealersRoute = createRoute({
  method: "get",
  operationId: "listDealers",
  path: "/dealers",
  tags: ["Dealers"],
  summary: "Every dealer of the group",
  responses: answers({ 200: { description: "The dealers", schema: hydraCollectionSchema(dealerSchema) } }),
});

const getDealerRoute = createRoute({
  method: "get",
  operationId: "getDealer",
  path: "/dealers/{slug}",
  tags: ["Dealers"],
  summary: "One dealer",
  request: { params: slugParam },
  responses: answers({
    200: { description: "The dealer", schema: dealerSchema },
    308: movedAnswer,
    404: notFoundAnswer("dealer"),
  }),
});

const listDealerSlotsRoute = createRoute({
  method: "get",
  operationId: "listDealerSlots",
  path: "/dealers/{slug}/slots",
  tags: ["Dealers"],
  summary: "The dealer's free test-drive or service times for the next 14 days, 30 minutes each, with the places left",
  request: {
    params: slugParam,
    query: z.object({
      type: z.enum(APPOINTMENT_KINDS).openapi({
        param: { name: "type", in: "query" },
        description: "Which appointments",
        example: "test-drive",
      }),
      from: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional()
        .openapi({
          param: { name: "from", in: "query" },
          description:
            "The first day (YYYY-MM-DD, South African time): a real date from today to 13 days ahead (the 14 days bookings open); today when absent",
          format: "date",
          example: "2026-12-05",
        }),
    }),
  },
  responses: answers({
    200: {
      description: "The free slots, start and end in +02:00",
      schema: hydraCollectionSchema(appointmentSlotSchema, {
        dealer: z.string().openapi({ description: "The dealer's API resource", example: "/api/dealers/honda-sandton" }),
        type: z.enum(APPOINTMENT_KINDS),
      }),
    },
    400: {
      description:
        "type missing or not one of the kinds, or from not a date within the 14 bookable days (violations name them)",
      schema: errorSchema,
    },
    404: notFoundAnswer("dealer"),
  }),
});

const searchDealersRoute = createRoute({
  method: "get",
  operationId: "searchDealers",
  path: "/dealer-list/{name}",
  tags: ["Dealers"],
  summary: "The dealers whose name contains the text (case-insensitive)",
  request: {
    params: z.object({ name: z.string().openapi({ param: { name: "name", in: "path" }, example: "wing" }) }),
  },
  responses: answers({
    200: { description: "The matching dealers, perhaps none", schema: hydraCollectionSchema(dealerSchema) },
  }),
});

export function dealerRoutes(db: Database, readModels: ReadModels): OpenAPIHono {
  const app = apiRouter();
  // A renamed dealer's former slug: every /api/dealers/{old}... answers 308 to the current slug.
  const redirectFormerSlug: MiddlewareHandler = async (c, next) => {
    const slug = c.req.param("slug")!;
    const directory = await readModels.read(dealerDirectoryModel);
    const current = dealerNamed(directory, slug) ? null : renamedDealerSlug(directory, slug);
    if (!current) return next();
    const url = new URL(c.req.url);
    const path = pathAtCurrentSlug(url.pathname, current);
    return c.redirect(`${path}${url.search}`, 308);
  };
  app.use("/dealers/:slug", redirectFormerSlug);
  app.use("/dealers/:slug/*", redirectFormerSlug);
  operation(app, listDealersRoute, async (c) => {
    const { dealers } = await readModels.read(dealerDirectoryModel);
    return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
  });
  operation(app, getDealerRoute, async (c, { params }) => {
    const dealer = dealerNamed(await readModels.read(dealerDirectoryModel), params.slug);
    return dealer ? ldResource(c, dealer, "Dealer", dealer.apiUri) : notFound(c, "Dealer");
  });
  operation(
    app,
    listDealerSlotsRoute,
    (c, { params, query }) => freeSlotsAnswer(c, db, params.slug, query, new Date()),
    // The calendar's own rules answer these parameters (with the bookable window's message), not the document's.
    { parseQuery: z.object({ type: z.string().optional(), from: z.string().optional() }) },
  );
  operation(app, searchDealersRoute, async (c, { params }) => {
    const dealers = dealersNamedLike(await readModels.read(dealerDirectoryModel), params.name);
    return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
  });
  return app;
}

/**
 * GET /api/dealers/{slug}/slots?type=test-drive|service&from=YYYY-MM-DD: the dealer's free appointment slots
 * from the date (default today) to the end of the 14-day booking window, as a hydra collection; each slot's
 * start and end in ISO 8601 with the +02:00 offset and the places left.
 */
async function freeSlotsAnswer(
  c: Context,
  db: Database,
  slug: string,
  { type, from }: { type?: string; from?: string },
  now: Date,
): Promise<Response> {
  const violations: Violation[] = [];
  if (!APPOINTMENT_KINDS.includes(type as AppointmentKind)) {
    violations.push({ propertyPath: "type", message: `type must be one of: ${APPOINTMENT_KINDS.join(", ")}` });
  }
  if (from !== undefined && !isIsoDate(from))
    violations.push({ propertyPath: "from", message: "from must be a date written YYYY-MM-DD" });
  else if (from !== undefined && from > lastBookableDate(now)) {
    violations.push({
      propertyPath: "from",
      message: `from must be no later than ${lastBookableDate(now)}: bookings open 14 days ahead`,
    });
  }
  if (violations.length > 0) return apiError(c, 400, "Invalid query parameters", violations);
  const calendar = await dealerCalendar(db, slug);
  if (!calendar) return notFound(c, "Dealer");
  const slots = await listFreeSlots(db, calendar, type as AppointmentKind, { now, from });
  const members = slots.map((slot) => ({
    start: saIso(slot.start),
    end: saIso(slot.end),
    placesLeft: slot.placesLeft,
  }));
  return hydraCollection(c, "AppointmentSlot", members, members.length, {
    dealer: `/api/dealers/${calendar.slug}`,
    type,
  });
}
