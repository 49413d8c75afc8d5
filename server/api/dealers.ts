import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { dealerCalendar, listFreeSlots } from "../../core/appointments/appointments.ts";
import { APPOINTMENT_KINDS, type AppointmentKind, isIsoDate, lastBookableDate, saIso } from "../../core/appointments/calendar.ts";
import type { Violation } from "../../core/shared/violations.ts";
import { type DealerView, findDealer, listDealers, listDealersNamed } from "../../core/dealers/dealers.ts";
import type { Database } from "../../db/client.ts";
import { answers, apiRouter, notFoundAnswer, operation } from "./operation.ts";
import { apiError, hydraCollection, ldResource, notFound } from "./responses.ts";
import { appointmentSlotSchema, dealerSchema, hydraCollectionSchema } from "./schemas.ts";

const withDealerId = (dealer: DealerView) => ({ "@id": dealer.apiUri, ...dealer });

export const slugParam = z.object({ slug: z.string().min(1).openapi({ param: { name: "slug", in: "path" }, example: "honda-sandton" }) });

export function dealerRoutes(db: Database): OpenAPIHono {
  const app = apiRouter();
  operation(
    app,
    createRoute({
      method: "get",
      path: "/dealers",
      tags: ["Dealers"],
      summary: "Every dealer of the group",
      responses: answers({ 200: { description: "The dealers", schema: hydraCollectionSchema(dealerSchema) } }),
    }),
    async (c) => {
      const dealers = await listDealers(db);
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    },
  );
  operation(
    app,
    createRoute({
      method: "get",
      path: "/dealers/{slug}",
      tags: ["Dealers"],
      summary: "One dealer",
      request: { params: slugParam },
      responses: answers({ 200: { description: "The dealer", schema: dealerSchema }, 404: notFoundAnswer("dealer") }),
    }),
    async (c, { params }) => {
      const dealer = await findDealer(db, params.slug);
      return dealer ? ldResource(c, dealer, "Dealer", dealer.apiUri) : notFound(c, "Dealer");
    },
  );
  operation(
    app,
    createRoute({
      method: "get",
      path: "/dealers/{slug}/slots",
      tags: ["Dealers"],
      summary: "The dealer's free test-drive or service times for the next 14 days, 30 minutes each, with the places left",
      request: {
        params: slugParam,
        query: z.object({
          type: z.string().optional().openapi({ param: { name: "type", in: "query" }, description: `One of: ${APPOINTMENT_KINDS.join(", ")}`, example: "test-drive" }),
          from: z.string().optional().openapi({ param: { name: "from", in: "query" }, description: "The first day (YYYY-MM-DD); today when absent", example: "2026-12-05" }),
        }),
      },
      responses: answers({ 200: { description: "The free slots, start and end in +02:00", schema: hydraCollectionSchema(appointmentSlotSchema, { dealer: z.string(), type: z.string() }) }, 404: notFoundAnswer("dealer") }),
    }),
    (c) => freeSlotsAnswer(c, db, new Date()),
  );
  operation(
    app,
    createRoute({
      method: "get",
      path: "/dealer-list/{name}",
      tags: ["Dealers"],
      summary: "The dealers whose name contains the text (case-insensitive)",
      request: { params: z.object({ name: z.string().openapi({ param: { name: "name", in: "path" }, example: "wing" }) }) },
      responses: answers({ 200: { description: "The matching dealers, perhaps none", schema: hydraCollectionSchema(dealerSchema) } }),
    }),
    async (c, { params }) => {
      const dealers = await listDealersNamed(db, params.name);
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    },
  );
  return app;
}

/**
 * GET /api/dealers/{slug}/slots?type=test-drive|service&from=YYYY-MM-DD: the dealer's free appointment slots
 * from the date (default today) to the end of the 14-day booking window, as a hydra collection; each slot's
 * start and end in ISO 8601 with the +02:00 offset and the places left.
 */
async function freeSlotsAnswer(c: Context, db: Database, now: Date): Promise<Response> {
  const type = c.req.query("type");
  const from = c.req.query("from");
  const violations: Violation[] = [];
  if (!APPOINTMENT_KINDS.includes(type as AppointmentKind)) {
    violations.push({ propertyPath: "type", message: `type must be one of: ${APPOINTMENT_KINDS.join(", ")}` });
  }
  if (from !== undefined && !isIsoDate(from)) violations.push({ propertyPath: "from", message: "from must be a date written YYYY-MM-DD" });
  else if (from !== undefined && from > lastBookableDate(now)) {
    violations.push({ propertyPath: "from", message: `from must be no later than ${lastBookableDate(now)}: bookings open 14 days ahead` });
  }
  if (violations.length > 0) return apiError(c, 400, "Invalid query parameters", violations);
  const calendar = await dealerCalendar(db, c.req.param("slug")!);
  if (!calendar) return notFound(c, "Dealer");
  const slots = await listFreeSlots(db, calendar, type as AppointmentKind, { now, from });
  const members = slots.map((slot) => ({ start: saIso(slot.start), end: saIso(slot.end), placesLeft: slot.placesLeft }));
  return hydraCollection(c, "AppointmentSlot", members, members.length, { dealer: `/api/dealers/${calendar.slug}`, type });
}
