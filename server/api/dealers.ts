import { type Context, Hono } from "hono";
import { listFreeSlots, dealerCalendar } from "../../core/appointments/appointments.ts";
import { APPOINTMENT_KINDS, type AppointmentKind, isIsoDate, lastBookableDate, saIso } from "../../core/appointments/calendar.ts";
import type { Violation } from "../../core/shared/violations.ts";
import { type DealerView, findDealer, listDealers, listDealersNamed } from "../../core/dealers/dealers.ts";
import type { Database } from "../../db/client.ts";
import { apiError, hydraCollection, jsonLd, notFound, withLdType } from "./responses.ts";

const withDealerId = (dealer: DealerView) => ({ "@id": dealer.apiUri, ...dealer });

export function dealerRoutes(db: Database): Hono {
  return new Hono()
    .get("/dealers", async (c) => {
      const dealers = await listDealers(db);
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    })
    .get("/dealers/:slug", async (c) => {
      const dealer = await findDealer(db, c.req.param("slug"));
      return dealer ? jsonLd(c, withLdType(dealer, "Dealer", dealer.apiUri)) : notFound(c, "Dealer");
    })
    .get("/dealers/:slug/slots", (c) => freeSlotsAnswer(c, db, new Date()))
    .get("/dealer-list/:name", async (c) => {
      const dealers = await listDealersNamed(db, c.req.param("name"));
      return hydraCollection(c, "Dealer", dealers.map(withDealerId), dealers.length);
    });
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
