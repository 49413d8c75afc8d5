import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { alertAddresses, jobRuns, savedSearches, usedVehicles } from "../../db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { createMailer } from "../delivery/email.server.ts";
import { formatRand } from "../shared/format.ts";
import { JobRunner } from "../jobs/runner.server.ts";
import { sendSavedSearchAlerts } from "./alert-job.server.ts";
import {
  addressAlerts,
  confirmSearch,
  describeSearch,
  purgeAlertAddresses,
  savedQueryOf,
  subscribe,
  unsubscribe,
} from "./saved-searches.server.ts";

const SITE = "https://cars.example.co.za";
const DAY = 86_400_000;
let database: DatabaseHandle & { url?: string };
/** A second connection to the same database where there is a server: the second instance. */
let second: DatabaseHandle | null = null;
let outbox: string;
const logger = createLogger("silent");

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  if (database.url) second = await openDatabase({ databaseUrl: database.url });
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "alerts-outbox-"));
});
afterAll(async () => {
  await second?.close();
  await database.close();
  await fs.rm(outbox, { recursive: true, force: true });
});

const mailer = () => createMailer({ outboxDir: outbox, from: "Alerts <alerts@example.co.za>" });
const seen = new Set<string>();
/** The e-mails written since the last call, parsed. */
async function newMails(): Promise<ParsedMail[]> {
  const names = (await fs.readdir(outbox)).filter((name) => name.endsWith(".eml") && !seen.has(name)).sort();
  const mails: ParsedMail[] = [];
  for (const name of names) {
    seen.add(name);
    mails.push(await simpleParser(await fs.readFile(path.join(outbox, name))));
  }
  return mails;
}
const recipient = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");

/** Two instances of the server: each its own runner (and, on PostgreSQL, its own connection), the same job. */
function twoInstances() {
  return [database.db, (second ?? database).db].map((db, n) => {
    const runner = new JobRunner({ db, logger, instanceId: `instance-${n}` });
    runner.register({
      name: "saved-search-alerts",
      everyMs: DAY,
      run: () => sendSavedSearchAlerts({ db, mailer: mailer(), siteUrl: SITE }),
    });
    return runner;
  });
}
const makeDue = () =>
  database.db
    .update(jobRuns)
    .set({ nextRunAt: sql`now() - interval '1 second'` })
    .where(eq(jobRuns.name, "saved-search-alerts"));
const runBoth = async (runners: JobRunner[]) => (await Promise.all(runners.map((r) => r.runDue()))).flat();

async function addVehicleLike(query: Partial<typeof usedVehicles.$inferInsert>) {
  const [template] = await database.db.select().from(usedVehicles).where(eq(usedVehicles.bodyType, "SUV")).limit(1);
  // Not its VIN, unique across the group, nor its stock number, unique at the dealer.
  const { id: _id, listedAt: _listed, vin: _vin, stockNumber: _stockNumber, ...copy } = template!;
  const [added] = await database.db
    .insert(usedVehicles)
    .values({ ...copy, ...query })
    .returning({ id: usedVehicles.id });
  return added!.id;
}

describe("the job runner", () => {
  it("runs a due job on exactly one of two instances, then not again until its interval has passed", async () => {
    let runs = 0;
    const runners = [database.db, (second ?? database).db].map((db, n) => {
      const runner = new JobRunner({ db, logger, instanceId: `counter-${n}` });
      runner.register({
        name: "count-runs",
        everyMs: DAY,
        run: async () => {
          runs += 1;
        },
      });
      return runner;
    });
    expect(await runBoth(runners)).toEqual(["count-runs"]);
    expect(runs).toBe(1);
    expect(await runBoth(runners)).toEqual([]);
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, "count-runs"));
    expect(row).toMatchObject({ lastOutcome: "ok", leaseHolder: null, lastError: null });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
  });

  it("records a failed run and tries it again after the retry pause, not at once", async () => {
    const runner = new JobRunner({ db: database.db, logger });
    runner.register({
      name: "always-fails",
      everyMs: DAY,
      retryMs: 60_000,
      run: async () => Promise.reject(new Error("feed unreachable")),
    });
    expect(await runner.runDue()).toEqual(["always-fails"]);
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, "always-fails"));
    expect(row).toMatchObject({ lastOutcome: "failed", lastError: "feed unreachable" });
    expect(row!.nextRunAt.getTime()).toBeLessThan(Date.now() + 2 * 60_000);
    expect(await runner.runDue()).toEqual([]);
  });

  it("refuses a job registered twice", () => {
    const runner = new JobRunner({ db: database.db, logger });
    runner.register({ name: "once", everyMs: 1000, run: async () => {} });
    expect(() => runner.register({ name: "once", everyMs: 1000, run: async () => {} })).toThrow(/twice/);
  });
});

/** A Gauteng dealer and one of its SUVs in stock priced under `price`, which the saved search matches. */
async function gautengSuvUnder(price: number) {
  const gautengDealer = (await database.db.execute(
    sql`select id from dealers where province = 'Gauteng' limit 1`,
  )) as unknown as { rows: { id: number }[] };
  const dealerId = gautengDealer.rows[0]!.id;
  const [vehicle] = await database.db
    .select({ id: usedVehicles.id, price: usedVehicles.price })
    .from(usedVehicles)
    .where(
      sql`${usedVehicles.bodyType} = 'SUV' and ${usedVehicles.dealerId} = ${dealerId} and ${usedVehicles.price} < ${price}`,
    )
    .limit(1);
  return { dealerId, vehicle };
}

async function dealerOfVariant(variant: string) {
  const [vehicle] = await database.db
    .select({ dealerId: usedVehicles.dealerId })
    .from(usedVehicles)
    .where(eq(usedVehicles.variant, variant));
  return vehicle!.dealerId;
}

describe("saved-search alerts", () => {
  const email = "buyer@example.co.za";
  const saved = savedQueryOf(
    new URLSearchParams("bodyType[]=SUV&price[lte]=900000&province[]=Gauteng&page=3&order[price]=asc"),
  );
  if (!saved.ok) throw new Error("the saved query does not parse");
  let manageToken = "";

  it("sends nothing but the confirmation before its link is followed", async () => {
    const label = describeSearch(saved.value.parsed);
    expect(label).toBe(`Used vehicles: SUV, up to ${formatRand(900_000)}, in Gauteng`);
    expect(
      await subscribe(database.db, mailer(), SITE, { email, query: saved.value.query, label, dealerId: null }),
    ).toEqual({ status: "sent" });
    const [confirmation] = await newMails();
    expect(recipient(confirmation!)).toBe(email);
    const link = /https:\/\/cars\.example\.co\.za\/alerts\/confirm\/([\w-]+)/.exec(confirmation!.text ?? "");
    expect(link).not.toBeNull();

    await addVehicleLike({ price: 500_000 });
    const runners = twoInstances();
    expect(await runBoth(runners)).toEqual(["saved-search-alerts"]);
    expect(await newMails()).toEqual([]);

    const confirmed = await confirmSearch(database.db, SITE, link![1]!);
    expect(confirmed).toMatchObject({ label });
    manageToken = confirmed!.manageToken;
    expect(confirmed!.listing).toBe(`${SITE}/used?bodyType%5B%5D=SUV&price%5Blte%5D=900000&province%5B%5D=Gauteng`);
  });

  it("sends exactly one e-mail per confirmed search with two instances, listing new matches and price drops", async () => {
    const { dealerId, vehicle: reducedBefore } = await gautengSuvUnder(850_000);
    // A day later: one matching SUV arrives, one in stock drops by R 15 000, and one that does not match arrives.
    const added = await addVehicleLike({ dealerId, price: 420_000, variant: "Alert Test Edition" });
    await addVehicleLike({ dealerId, price: 2_000_000 });
    await database.db
      .update(usedVehicles)
      .set({ price: reducedBefore!.price - 15_000 })
      .where(eq(usedVehicles.id, reducedBefore!.id));
    await makeDue();
    expect(await runBoth(twoInstances())).toEqual(["saved-search-alerts"]);

    const mails = await newMails();
    expect(mails.map(recipient)).toEqual([email]);
    const [alert] = mails;
    expect(alert!.text).toContain("Alert Test Edition");
    expect(alert!.text).toContain(`/used/`);
    expect(alert!.text).toContain(`${added}`);
    expect(alert!.text).toContain(`(was ${formatRand(reducedBefore!.price)}, ${formatRand(15_000)} less)`);
    expect(alert!.text).not.toContain(formatRand(2_000_000));
    const header = (name: string) =>
      alert!.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, " ");
    expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${SITE}/alerts/unsubscribe/${manageToken}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(alert!.text).toContain(`${SITE}/alerts/manage/${manageToken}`);

    // Nothing new since: the next run sends nothing.
    await makeDue();
    expect(await runBoth(twoInstances())).toEqual(["saved-search-alerts"]);
    expect(await newMails()).toEqual([]);
  });

  it("sends nothing to an address that unsubscribed, and deletes it after the retention period", async () => {
    expect(await unsubscribe(database.db, manageToken)).toBe(true);
    await addVehicleLike({ price: 410_000, dealerId: await dealerOfVariant("Alert Test Edition") });
    await makeDue();
    expect(await runBoth(twoInstances())).toEqual(["saved-search-alerts"]);
    expect(await newMails()).toEqual([]);
    expect(await addressAlerts(database.db, SITE, manageToken)).toMatchObject({
      unsubscribed: true,
      searches: [{ confirmed: true }],
    });

    expect(await purgeAlertAddresses(database.db, 30)).toMatchObject({ addresses: 0 });
    await database.db
      .update(alertAddresses)
      .set({ unsubscribedAt: sql`now() - interval '31 days'` })
      .where(eq(alertAddresses.email, email));
    expect(await purgeAlertAddresses(database.db, 30)).toMatchObject({ addresses: 1 });
    expect(await database.db.select().from(alertAddresses).where(eq(alertAddresses.email, email))).toEqual([]);
    expect(await database.db.select().from(savedSearches)).toEqual([]);
  });
});

describe("the price history of used vehicles", () => {
  it("records every change of a price, whoever writes it", async () => {
    const [vehicle] = await database.db
      .select({ id: usedVehicles.id, price: usedVehicles.price })
      .from(usedVehicles)
      .limit(1);
    await database.db.execute(sql`update used_vehicles set price = price - 1000 where id = ${vehicle!.id}`);
    await database.db.execute(sql`update used_vehicles set mileage_km = mileage_km + 1 where id = ${vehicle!.id}`);
    const rows = (await database.db.execute(
      sql`select old_price, new_price from used_vehicle_price_changes where vehicle_id = ${vehicle!.id}`,
    )) as unknown as {
      rows: { old_price: number; new_price: number }[];
    };
    expect(rows.rows).toEqual([{ old_price: vehicle!.price, new_price: vehicle!.price - 1000 }]);
  });
});
