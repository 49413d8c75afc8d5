import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { startAppProcess } from "../../tests/support/app-process.ts";
import { storeTestEnquiry } from "../../tests/support/leads.ts";
import { startSmtpPeer, type SmtpPeer } from "../../tests/support/smtp-peer.ts";
import { cloneTemplate, copyTemplateTo } from "../../tests/support/template-db.ts";

const LEADS = 30;
/** The seed gives each dealer an address for people and one for its CRM: two e-mails per lead. */
const MESSAGES = LEADS * 2;

/**
 * The app is killed with SIGKILL in the middle of delivering a batch and started again: every lead is still
 * delivered. Delivery is at least once: a message the SMTP server accepted just before the kill, but that
 * the dead process could not record, is sent again with the same Message-ID, so a mail system can drop the
 * copy; at most the one message in flight at the kill can be repeated.
 */
describe("the app killed while delivering leads", () => {
  let smtp: SmtpPeer;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    smtp = await startSmtpPeer({ delayMs: 25 });
    let database: DatabaseHandle & { url?: string };
    if (inject("databaseTemplate").kind === "postgres") {
      database = await cloneTemplate(inject("databaseTemplate"));
      databaseUrl = database.url;
    } else {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-crash-"));
      database = await copyTemplateTo(path.join(dataDir, "pglite"));
    }
    for (let i = 0; i < LEADS; i++) await storeTestEnquiry(database.db, { firstName: `Crash${i}` });
    if (dataDir) await database.close();
    cleanup = async () => {
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
      else await database.close();
    };
  });
  afterAll(async () => {
    await smtp.close();
    await cleanup();
  });

  it("delivers every lead after a SIGKILL and a restart", async () => {
    const env = {
      SMTP_URL: smtp.url,
      LEAD_DELIVERY_INTERVAL_MS: "50",
      LEAD_DELIVERY_LOCK_SECONDS: "1",
      ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: "" } : { DATABASE_URL: databaseUrl! }),
    };
    const first = await startAppProcess(env);
    await waitFor(() => smtp.messages.length >= LEADS / 3, 30_000);
    await first.stop("SIGKILL");
    const deliveredBeforeKill = smtp.messages.length;
    expect(deliveredBeforeKill).toBeLessThan(MESSAGES);

    const second = await startAppProcess(env);
    await waitFor(() => distinctMessages() === MESSAGES, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${distinctMessages()} of ${MESSAGES} delivered\n${second.output()}`);
    });
    await second.stop("SIGTERM");

    expect(distinctMessages()).toBe(MESSAGES);
    expect(smtp.messages.length - MESSAGES).toBeLessThanOrEqual(1);
    const database = dataDir ? await openDatabase({ dataDir }) : await openDatabase({ databaseUrl: databaseUrl! });
    try {
      const result = await database.db.execute(
        sql`select status, count(*)::int as n from enquiries where first_name like 'Crash%' group by status`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ status: "Delivered", n: LEADS }]);
    } finally {
      await database.close();
    }
  }, 150_000);

  function distinctMessages(): number {
    return new Set(smtp.messages.map((mail) => mail.messageId)).size;
  }
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
