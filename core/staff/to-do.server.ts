import type { Database } from "../../db/client.ts";
import type { LinkSigner } from "../appointments/links.server.ts";
import { channelAlarmCount } from "../channels/channel-overview.server.ts";
import type { UsedStock } from "../inventory/used-stock.server.ts";
import { countStock } from "../inventory/stock-admin.server.ts";
import { countLeads } from "../leads/inbox.server.ts";
import { filterQuery, newLeadsOf } from "../leads/inbox-filter.ts";
import { southAfricanDay } from "../shared/days.ts";
import { mayUse, type StaffActor, type StaffArea } from "./roles.ts";

/**
 * What needs doing, for the staff home: the day's leads nobody has contacted yet, the vehicles in stock without a
 * photo, and the channels' alarms, each counted over the signed-in person's dealers and each with the page that
 * lists them. A job the role has no part in is left out (null); the services that count check the role again.
 */

export type ToDoItem = { count: number; href: string };

export type StaffToDo = {
  newLeadsToday: ToDoItem | null;
  vehiclesWithoutPhotos: ToDoItem | null;
  channelAlarms: ToDoItem | null;
};

/** The stock list's query string for the vehicles in stock without photos (app/routes/staff/stock/list.tsx reads it). */
const WITHOUT_PHOTOS_QUERY = "photos=none";

export type ToDoSources = { db: Database; linkSigner: LinkSigner; usedStock: UsedStock; siteUrl: string };

export async function staffToDo(sources: ToDoSources, actor: StaffActor, now = new Date()): Promise<StaffToDo> {
  const { db } = sources;
  const newToday = newLeadsOf(southAfricanDay(now));
  const [newLeadsToday, vehiclesWithoutPhotos, channelAlarms] = await Promise.all([
    ifAllowed(actor, "leads", async () => ({
      count: await countLeads(db, actor, newToday),
      href: `/staff/leads?${filterQuery(newToday)}`,
    })),
    ifAllowed(actor, "stock", async () => ({
      count: await countStock(db, actor, { withoutPhotos: true }),
      href: `/staff/stock?${WITHOUT_PHOTOS_QUERY}`,
    })),
    ifAllowed(actor, "channels", async () => ({
      count: await channelAlarmCount(db, sources.linkSigner, actor, sources.usedStock, sources.siteUrl, now),
      href: "/staff/channels",
    })),
  ]);
  return { newLeadsToday, vehiclesWithoutPhotos, channelAlarms };
}

function ifAllowed(actor: StaffActor, area: StaffArea, count: () => Promise<ToDoItem>): Promise<ToDoItem | null> {
  return mayUse(actor, area) ? count() : Promise.resolve(null);
}
