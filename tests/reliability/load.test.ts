import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { type AppProcess, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { postMarkedEnquiry, storedMarkers } from "../support/enquiry-traffic.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";

const CLIENTS = 50;
const DURATION_MS = 30_000;
/** One request in five is an enquiry; the rest are the pages a visitor browses on the way to one. */
const ENQUIRY_SHARE = 0.2;

type Tally = { requests: number; byStatus: Map<string, number>; acknowledged: string[]; failures: string[] };

/**
 * 50 clients for 30 seconds against the built app on PostgreSQL, mixing page views and enquiry POSTs:
 * no answer is a 5xx or a dropped connection (but for an enquiry past the bounded write queue, told to come back
 * with Retry-After), and every 201 is one stored lead (no more, no fewer).
 */
describe("the site under load", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let app: AppProcess;
  let database: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase("load");
    app = await startAppProcess(
      { DATABASE_URL: scratch.url, POST_RATE_LIMIT: "1000000", LEAD_DELIVERY: "off" },
      STARTUP_TIMEOUT_MS,
    );
    database = await openDatabase({ databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.close();
    await scratch?.drop();
  });

  it(`holds ${CLIENTS} clients for ${DURATION_MS / 1000} s with no 5xx, and stores exactly the acknowledged leads`, async () => {
    const pages = ["/", "/used", "/new/honda/cr-v", await firstUsedVehiclePage(app.baseUrl)];
    const run = `load${Date.now().toString(36)}`;
    const tally: Tally = { requests: 0, byStatus: new Map(), acknowledged: [], failures: [] };
    const started = performance.now();
    const deadline = Date.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, client) => browse(app.baseUrl, pages, `${run}-${client}`, deadline, tally)),
    );
    const seconds = (performance.now() - started) / 1000;

    const stored = await storedMarkers(database.db, run);
    console.log(
      `load: ${tally.requests} requests in ${seconds.toFixed(1)} s (${Math.round(tally.requests / seconds)} rps) from ${CLIENTS} clients;`,
      `statuses ${JSON.stringify(Object.fromEntries(tally.byStatus))}; 201 answers ${tally.acknowledged.length}; leads stored ${[...stored.values()].reduce((a, b) => a + b, 0)}`,
    );
    expect(tally.failures).toEqual([]);
    // Only an enquiry past the bounded write queue may be a 503 with Retry-After; nothing it sent is stored (below).
    expect([...tally.byStatus.keys()].filter((status) => Number(status) >= 500)).toEqual([]);
    expect(tally.acknowledged.length).toBeGreaterThan(0);
    expect([...stored.keys()].sort()).toEqual([...tally.acknowledged].sort());
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
  });
});

async function firstUsedVehiclePage(baseUrl: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl}/api/vehicles`)).json()) as { "hydra:member": { uri: string }[] };
  const uri = list["hydra:member"][0]?.uri;
  if (!uri) throw new Error("the demo catalogue has no used vehicle");
  return uri;
}

/** One client: page views and enquiries one after another until the deadline. */
async function browse(baseUrl: string, pages: string[], client: string, deadline: number, tally: Tally) {
  for (let n = 0; Date.now() < deadline; n++) {
    tally.requests += 1;
    if (Math.random() < ENQUIRY_SHARE) {
      const marker = `${client}-${n}`;
      const outcome = await postMarkedEnquiry(baseUrl, marker, 30_000);
      if ("error" in outcome) tally.failures.push(`POST ${marker}: ${outcome.error}`);
      else {
        // A write past the bounded write queue (decision 036) is told to come back, at once: the one
        // 5xx a client may see, and never without Retry-After.
        const busy = outcome.status === 503 && outcome.retryAfter !== null;
        count(tally, busy ? "503 busy (Retry-After)" : `${outcome.status}`);
        if (outcome.status === 201) tally.acknowledged.push(marker);
      }
      continue;
    }
    const page = pages[n % pages.length]!;
    try {
      const response = await fetch(baseUrl + page, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      count(tally, `${response.status}`);
    } catch (error) {
      tally.failures.push(`GET ${page}: ${String((error as Error).cause ?? error)}`);
    }
  }
}

function count(tally: Tally, status: string) {
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
}
