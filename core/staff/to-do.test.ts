import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { LinkSigner } from "../appointments/links.server.ts";
import { listChannelSettings, setChannelEnabled } from "../channels/channel-settings.server.ts";
import { countStock } from "../inventory/stock-admin.server.ts";
import { UsedStock } from "../inventory/used-stock.server.ts";
import { submitEnquiry } from "../leads/enquiries.server.ts";
import { changeLeadWork } from "../leads/inbox.server.ts";
import { southAfricanDay } from "../shared/days.ts";
import type { StaffActor } from "./roles.ts";
import { staffToDo, type ToDoSources } from "./to-do.server.ts";

let database: DatabaseHandle;
let sources: ToDoSources;
let admin: StaffActor;
let sandtonManager: StaffActor;
let menlynManager: StaffActor;
let editor: StaffActor;

const DAY_MS = 86_400_000;

let serial = 0;
async function enquiry(dealerSlug: string): Promise<string> {
  serial += 1;
  const outcome = await submitEnquiry(database.db, {
    form_name: "New Vehicles",
    first_name: "Thandi",
    last_name: "Mokoena",
    email: `to-do.${serial}@example.co.za`,
    cell_phone: "082 123 4567",
    contact: true,
    terms: true,
    dealer_slug: dealerSlug,
    model: "CR-V",
    variant: "1.5T Comfort CVT",
    uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
  });
  if (outcome.kind !== "stored") throw new Error(`enquiry not stored: ${JSON.stringify(outcome)}`);
  return outcome.id;
}

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  sources = {
    db: database.db,
    linkSigner: LinkSigner.ephemeral(),
    usedStock: new UsedStock(database.db),
    siteUrl: "https://www.example.co.za",
  };
  const user = async (email: string, role: StaffActor["role"], dealerSlugs: string[] = []) =>
    (await createStaffUser(database.db, { email, role, dealerSlugs })).actor;
  admin = await user("admin@to-do.example", "group_admin");
  sandtonManager = await user("sandton@to-do.example", "dealer_manager", ["honda-sandton"]);
  menlynManager = await user("menlyn@to-do.example", "dealer_manager", ["honda-menlyn"]);
  editor = await user("editor@to-do.example", "content_editor", ["honda-sandton"]);
});
afterAll(() => database.close());

describe("the staff home's jobs", () => {
  it("are only those of the areas the role may use", async () => {
    expect(await staffToDo(sources, editor)).toEqual({
      newLeadsToday: null,
      vehiclesWithoutPhotos: null,
      channelAlarms: null,
    });
    expect(await staffToDo(sources, { ...sandtonManager, dealerIds: [] })).toEqual({
      newLeadsToday: null,
      vehiclesWithoutPhotos: null,
      channelAlarms: null,
    });
    const today = southAfricanDay(new Date());
    expect(await staffToDo(sources, sandtonManager)).toEqual({
      newLeadsToday: { count: expect.any(Number), href: `/staff/leads?work=New&from=${today}&to=${today}` },
      vehiclesWithoutPhotos: {
        count: await countStock(database.db, sandtonManager, { withoutPhotos: true }),
        href: "/staff/stock?photos=none",
      },
      channelAlarms: { count: 0, href: "/staff/channels" },
    });
  });

  it("count today's leads still New at the person's own dealers, not once contacted, not the next day", async () => {
    const count = async (actor: StaffActor, now?: Date) => (await staffToDo(sources, actor, now)).newLeadsToday?.count;
    const [sandtonBefore, menlynBefore, adminBefore] = [
      await count(sandtonManager),
      await count(menlynManager),
      await count(admin),
    ];
    const first = await enquiry("honda-sandton");
    await enquiry("honda-sandton");
    expect([await count(sandtonManager), await count(menlynManager), await count(admin)]).toEqual([
      sandtonBefore! + 2,
      menlynBefore,
      adminBefore! + 2,
    ]);
    expect(await changeLeadWork(database.db, sandtonManager, first, { status: "Contacted" })).toMatchObject({
      ok: true,
    });
    expect(await count(sandtonManager)).toBe(sandtonBefore! + 1);
    expect(await count(sandtonManager, new Date(Date.now() + DAY_MS))).toBe(0);
  });

  it("count each switched-on channel not fetched for a day as an alarm, for its dealer's people only", async () => {
    const switchedOn = async (actor: StaffActor) =>
      (await listChannelSettings(database.db, sources.linkSigner, actor)).filter((setting) => setting.enabled);
    const alarms = async (actor: StaffActor, now: Date) => (await staffToDo(sources, actor, now)).channelAlarms?.count;
    const sandtonChannels = await switchedOn(sandtonManager);
    const menlynChannels = await switchedOn(menlynManager);
    expect(sandtonChannels.length).toBeGreaterThan(1);
    expect(await alarms(sandtonManager, new Date())).toBe(0);

    const twoDaysOn = new Date(Date.now() + 2 * DAY_MS);
    expect(await alarms(sandtonManager, twoDaysOn)).toBe(sandtonChannels.length);
    const off = sandtonChannels[0]!;
    await setChannelEnabled(database.db, admin, off.dealerId, off.channel, false);
    expect(await alarms(sandtonManager, twoDaysOn)).toBe(sandtonChannels.length - 1);
    expect(await alarms(menlynManager, twoDaysOn)).toBe(menlynChannels.length);
    expect(await alarms(admin, twoDaysOn)).toBe((await switchedOn(admin)).length);
  });
});
