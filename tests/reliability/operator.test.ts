import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { filesOpenToOthers } from "../../server/startup-report.ts";
import { type AppProcess, freePort, runTool, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { postMarkedEnquiry, storedMarkers } from "../support/enquiry-traffic.ts";
import { SALARY, VALID_ID_NUMBER, validFinanceApplication } from "../support/finance-fixture.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";

/**
 * A bound, not an expectation: a first start initialises and seeds a fresh PGlite directory, which took over
 * STARTUP_TIMEOUT_MS once while other builds shared the two CPUs.
 */
const FIRST_START_TIMEOUT_MS = 2 * STARTUP_TIMEOUT_MS;

/**
 * Enquiries posted by two clients, each pausing 250 ms between posts (a busy site, within what the delivery
 * worker keeps up with on the embedded database); each 201 is recorded with its lead id, in the order answered.
 */
function enquiryTraffic(baseUrl: string, prefix: string) {
  const acknowledged: { marker: string; id: string }[] = [];
  const failures: string[] = [];
  let stopped = false;
  const client = async (n: number) => {
    for (let i = 0; !stopped; i++) {
      const marker = `${prefix}-c${n}-${i}`;
      const outcome = await postMarkedEnquiry(baseUrl, marker, 30_000);
      if ("error" in outcome || outcome.status !== 201) failures.push(`${marker}: ${JSON.stringify(outcome)}`);
      else acknowledged.push({ marker, id: (JSON.parse(outcome.body) as { id: string }).id });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const clients = [client(0), client(1)];
  return {
    acknowledged,
    failures,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Target = {
  name: string;
  embedded: boolean;
  /** DATA_DIR (the outbox, the finance key) and, on PostgreSQL, DATABASE_URL. */
  env: Record<string, string>;
  /** Settings for a fresh, empty database to restore a backup into. */
  freshEnv(): Promise<Record<string, string>>;
  dispose(): Promise<void>;
};

async function embeddedTarget(): Promise<Target> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "honda-rel-operator-"));
  let fresh = 0;
  return {
    name: "the embedded PGlite",
    embedded: true,
    env: { DATA_DIR: path.join(root, "data"), DATABASE_URL: "" },
    freshEnv: async () => ({ DATA_DIR: path.join(root, `restored-${fresh++}`), DATABASE_URL: "" }),
    dispose: () => fs.rm(root, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "honda-rel-operator-pg-"));
  const scratch = await createScratchDatabase("operator");
  const restored: Awaited<ReturnType<typeof createScratchDatabase>>[] = [];
  return {
    name: "PostgreSQL",
    embedded: false,
    env: { DATA_DIR: path.join(root, "data"), DATABASE_URL: scratch.url },
    async freshEnv() {
      const database = await createScratchDatabase("operator_restored");
      restored.push(database);
      return { DATA_DIR: path.join(root, "data"), DATABASE_URL: database.url };
    },
    async dispose() {
      await Promise.all([scratch.drop(), ...restored.map((database) => database.drop())]);
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

async function withDatabase<T>(
  env: Record<string, string>,
  use: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! },
  );
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** The .eml files in the outbox that carry a lead: one per delivery made by e-mail. */
async function mailsFor(dataDir: string, leadId: string): Promise<number> {
  const outbox = path.join(dataDir, "outbox");
  const names = await fs.readdir(outbox).catch(() => [] as string[]);
  return names.filter((name) => name.includes(`lead-${leadId}`)).length;
}

type Traffic = ReturnType<typeof enquiryTraffic>;

/** Runs an operator tool (an npm script) on the target's data. */
function toolOn(target: Target) {
  return (script: string, ...args: string[]) => runTool(script, args, target.env);
}

/**
 * A delivery's line in `leads show`. The lines are matched loosely on purpose in two places only: a line may carry
 * the lead's reference after its id and each delivery's format after its channel, and a lead may have more than
 * one delivery.
 */
const DELIVERY_LINE = /^(email|webhook)\b[^\n]* to \S+: (\w+) after (\d+) attempt\(s\)/gm;

/** `leads show` of a lead, once its first line says Delivered. */
const shownDelivered = (target: Target, id: string) =>
  until(
    `lead ${id} shown as Delivered`,
    async () => {
      const result = await toolOn(target)("leads", "show", id);
      return result.code === 0 && / for Honda Sandton: Delivered$/.test(result.stdout.split("\n")[0]!) && result;
    },
    120_000,
  );

/** A delivered lead resent with `leads resend --all` is sent again; answers what `leads show` then printed. */
async function expectResentAgain(target: Target, traffic: Traffic): Promise<{ id: string; stdout: string }> {
  const tool = toolOn(target);
  // The first lead: long delivered, so the wait is for the resend alone, not for the worker's backlog.
  const lead = traffic.acknowledged[0]!;
  const first = await shownDelivered(target, lead.id);
  const deliveries = [...first.stdout.matchAll(DELIVERY_LINE)];
  const emails = deliveries.filter((line) => line[1] === "email").length;
  const mailsBefore = await mailsFor(target.env.DATA_DIR!, lead.id);
  const resend = await tool("leads", "resend", lead.id, "--all");
  expect(resend.stdout.trim()).toBe(`queued ${deliveries.length} deliveries again`);
  await until(
    "the e-mails sent again",
    async () => (await mailsFor(target.env.DATA_DIR!, lead.id)) >= mailsBefore + emails,
    120_000,
  );
  const show = await until(
    "the lead delivered again",
    async () => {
      const result = await shownDelivered(target, lead.id);
      return result.stdout.match(/ ok \(/g)?.length === 2 * deliveries.length && result;
    },
    120_000,
  );
  expect([...show.stdout.matchAll(DELIVERY_LINE)].map((line) => `${line[2]} ${line[3]}`)).toEqual(
    deliveries.map(() => "delivered 1"),
  );
  return { id: lead.id, stdout: show.stdout };
}

/** A finance application posted now, shown by `leads show` encrypted, and decrypted only with --decrypt. */
async function expectDecryptedOnlyOnRequest(target: Target, app: AppProcess) {
  const tool = toolOn(target);
  const response = await fetch(`${app.baseUrl}/api/finance_applications`, {
    method: "POST",
    headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json" },
    body: JSON.stringify(validFinanceApplication({ idempotencyKey: `operator-${Date.now()}` })),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const plain = await tool("leads", "show", id);
  expect(plain.stdout).toContain(`Finance application ${id}`);
  expect(plain.stdout).toContain("personal details are encrypted; add --decrypt to read them");
  expect(plain.stdout).not.toContain(VALID_ID_NUMBER);
  const decrypted = await tool("leads", "show", id, "--decrypt");
  expect(decrypted.code).toBe(0);
  expect(decrypted.stdout).toContain(VALID_ID_NUMBER);
  expect(decrypted.stdout).toContain(SALARY);
}

/** `finance:purge` finds nothing to anonymise yet, and `db:seed --used 7` adds stock the site then lists. */
async function expectPurgedAndSeeded(target: Target, app: AppProcess) {
  const tool = toolOn(target);
  const purge = await tool("finance:purge");
  expect(purge.code).toBe(0);
  expect(purge.stdout.trim()).toBe("anonymised 0 finance application(s) older than 180 days");
  const listed = async () =>
    ((await fetch(`${app.baseUrl}/api/vehicles`).then((r) => r.json())) as { "hydra:totalItems": number })[
      "hydra:totalItems"
    ];
  const before = await listed();
  const seed = await tool("db:seed", "--used", "7");
  expect(seed.code).toBe(0);
  expect(seed.stdout).toContain("added 7 used vehicles");
  expect(seed.stdout).toMatch(/^327 used vehicles in stock/m);
  await until("the site listing the new stock", async () => (await listed()) === before + 7);
}

/**
 * On the embedded database: a second server, a migration and a restore are refused, naming the owner, which keeps
 * serving.
 */
async function expectOneOwner(target: Target, app: AppProcess, traffic: Traffic) {
  const tool = toolOn(target);
  const port = await freePort();
  const second = await runTool("serve", [], { ...target.env, PORT: String(port), NODE_ENV: "production" });
  expect(second.code).toBe(1);
  expect(second.stdout + second.stderr).toContain(`in use by process ${app.child.pid}`);
  expect(second.stdout + second.stderr).toContain(`serving on port ${new URL(app.baseUrl).port}`);
  expect(
    await fetch(`http://127.0.0.1:${port}/api/dealers`).then(
      () => "answered",
      () => "nobody",
    ),
  ).toBe("nobody");
  const migration = await tool("db:migrate");
  expect(migration.code).toBe(1);
  expect(migration.stderr).toContain(`in use by process ${app.child.pid}`);
  // A restore onto the running server's directory: refused before it unpacks or moves anything.
  const backupFile = path.join(path.dirname(target.env.DATA_DIR!), "any-embedded-backup.tar.gz");
  await fs.writeFile(backupFile, gzipSync("not a database"));
  const filesBefore = (await fs.readdir(target.env.DATA_DIR!)).sort();
  const restore = await tool("db:restore", backupFile, "--yes");
  expect(restore.code).toBe(1);
  expect(restore.stderr).toContain(
    `Stop the server before restoring. The embedded database in ${target.env.DATA_DIR} is in use by process ${app.child.pid}`,
  );
  expect((await fs.readdir(target.env.DATA_DIR!)).sort()).toEqual(filesBefore);
  const acknowledgedBefore = traffic.acknowledged.length;
  await until("more enquiries acknowledged", async () => traffic.acknowledged.length > acknowledgedBefore + 3);
  expect(traffic.failures).toEqual([]);
}

/**
 * A backup taken while enquiries arrive, restored into a fresh database, holds every lead acknowledged before it
 * began.
 */
async function expectBackupUnderLoad(target: Target, traffic: Traffic) {
  const tool = toolOn(target);
  const before = traffic.acknowledged.map((lead) => lead.marker);
  const file = path.join(path.dirname(target.env.DATA_DIR!), `backup-${Date.now()}.dump`);
  const backup = await tool("db:backup", file);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(backup.stdout).toContain(`to ${file}`);
  expect(backup.stdout).toContain(
    `The finance encryption key is not in the backup: it is in ${path.join(target.env.DATA_DIR!, "finance-encryption.key")}.`,
  );
  expect(backup.stdout).toContain(
    `Nor is the appointment link key (${path.join(target.env.DATA_DIR!, "link-signing.key")})`,
  );
  expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  if (target.embedded) {
    // The embedded backup is a gzipped tar of the database's folder: neither key's text is anywhere in it.
    const unpacked = gunzipSync(await fs.readFile(file)).toString("latin1");
    for (const key of ["finance-encryption.key", "link-signing.key"]) {
      expect(unpacked).not.toContain((await fs.readFile(path.join(target.env.DATA_DIR!, key), "utf8")).trim());
    }
  }
  expect(traffic.acknowledged.length).toBeGreaterThan(before.length);

  const fresh = await target.freshEnv();
  const restore = await runTool("db:restore", [file, "--yes"], fresh);
  expect(restore.stderr).toBe("");
  expect(restore.code).toBe(0);
  if (target.embedded) expect(filesOpenToOthers(fresh.DATA_DIR!)).toEqual([]);
  const stored = await withDatabase(fresh, (database) =>
    storedMarkers(database.db, before[0]!.replace(/-c\d+-\d+$/, "")),
  );
  expect(before.filter((marker) => stored.get(marker) !== 1)).toEqual([]);
}

/**
 * The leads stored under the markers of `prefix`, the counts of leads and deliveries, and the leads whose status
 * disagrees with their deliveries.
 */
function storedLeads(env: Record<string, string>, prefix: string) {
  return withDatabase(env, async (database) => {
    const counts = (await database.db.execute(sql`
      select (select count(*)::int from enquiries) as leads, (select count(*)::int from lead_deliveries) as deliveries`)) as unknown as {
      rows: { leads: number; deliveries: number }[];
    };
    // A lead's own status as its deliveries make it: Failed if any failed, Delivered if all were, else Queued.
    const mismatches = (await database.db.execute(sql`
      select e.id, e.status from enquiries e join lead_deliveries d on d.lead_id = e.id
      group by e.id, e.status
      having e.status <> case when bool_or(d.status = 'failed') then 'Failed'
                              when bool_and(d.status = 'delivered') then 'Delivered' else 'Queued' end`)) as unknown as {
      rows: unknown[];
    };
    return { stored: await storedMarkers(database.db, prefix), ...counts.rows[0]!, disagreeing: mismatches.rows };
  });
}

/**
 * Every operator tool run while the server takes enquiries without pause: on the embedded default
 * they go through the server, its only owner; on PostgreSQL directly. Reads are current, a resend re-sends,
 * a backup taken under load holds every lead acknowledged before it began, and afterwards every acknowledged
 * lead is stored once with statuses that agree with its deliveries.
 */
describe.each([
  ["the embedded PGlite", embeddedTarget],
  ["PostgreSQL", postgresTarget],
] as const)("operator tools while the server takes enquiries, on %s", (name, open) => {
  let target: Target;
  let app: AppProcess;
  let traffic: Traffic;
  const shownWhileRunning: { id: string; stdout: string }[] = [];
  const tool = (script: string, ...args: string[]) => toolOn(target)(script, ...args);

  beforeAll(async () => {
    target = await open();
    app = await startAppProcess(
      { ...target.env, POST_RATE_LIMIT: "1000000", LEAD_DELIVERY: "on", LEAD_DELIVERY_INTERVAL_MS: "200" },
      FIRST_START_TIMEOUT_MS,
    );
    traffic = enquiryTraffic(app.baseUrl, `op${Date.now().toString(36)}`);
    await until("the first acknowledged enquiry", async () => traffic.acknowledged.length > 0);
  }, FIRST_START_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await traffic?.stop();
    await app?.stop();
    await target?.dispose();
  });

  // Only the embedded data directory has one owner; several servers may share one PostgreSQL.
  if (name === "the embedded PGlite")
    it("refuses a second server, a migration and a restore on the same data directory, naming the owner, and the first keeps serving", () =>
      expectOneOwner(target, app, traffic));

  it("lists and shows a lead the server has just stored and delivered", async () => {
    const latest = traffic.acknowledged.at(-1)!;
    const show = await shownDelivered(target, latest.id);
    expect(show.stdout.split("\n")[0]).toMatch(
      new RegExp(`^New Vehicles ${latest.id} (\\(\\S+\\) )?for Honda Sandton: Delivered$`),
    );
    expect(show.stdout).toContain(`Reference ${latest.marker}`);
    const deliveries = [...show.stdout.matchAll(DELIVERY_LINE)];
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.map((line) => line[2])).toEqual(deliveries.map(() => "delivered"));
    // What the tool read is what happened: every e-mail delivery it reports is in the outbox.
    const emails = deliveries.filter((line) => line[1] === "email").length;
    expect(await mailsFor(target.env.DATA_DIR!, latest.id)).toBeGreaterThanOrEqual(emails);
    const list = await tool("leads", "list", "--limit", "10000");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(latest.id);
    const stats = await tool("leads", "stats");
    expect(stats.stdout).toContain("Honda Sandton");
  });

  it("resend --all really sends the lead again, and its status and its delivery's agree", async () => {
    shownWhileRunning.push(await expectResentAgain(target, traffic));
  });

  it("shows a finance application decrypted only with --decrypt", () => expectDecryptedOnlyOnRequest(target, app));

  it("purges expired finance applications and adds used stock the site then lists", () =>
    expectPurgedAndSeeded(target, app));

  it("writes a backup under write load that, restored into a fresh database, holds every lead acknowledged before it began", () =>
    expectBackupUnderLoad(target, traffic));

  it("afterwards: every acknowledged lead stored once, every lead's status agrees with its deliveries, and a tool prints the same without the server", async () => {
    await traffic.stop();
    await app.stop();
    expect(traffic.failures).toEqual([]);
    const prefix = traffic.acknowledged[0]!.marker.replace(/-c\d+-\d+$/, "");
    const { stored, leads, deliveries, disagreeing } = await storedLeads(target.env, prefix);
    console.log(
      `operator (${target.name}): ${traffic.acknowledged.length} enquiries acknowledged; ${leads} leads and ${deliveries} deliveries stored`,
    );
    expect(traffic.acknowledged.filter(({ marker }) => stored.get(marker) !== 1)).toEqual([]);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    expect(Number(deliveries)).toBeGreaterThanOrEqual(Number(leads));
    expect(disagreeing).toEqual([]);

    const [resent] = shownWhileRunning;
    const direct = await tool("leads", "show", resent!.id);
    expect(direct.code).toBe(0);
    expect(direct.stdout).toBe(resent!.stdout);
  });
});
