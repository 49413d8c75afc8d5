import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { jobRuns, rateLimitWindows, signInFailures, staffSessions, staffTokens } from "../../db/schema.ts";
import { capturingLogger } from "../../tests/support/log-capture.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { JobRunner } from "../jobs/runner.server.ts";
import { registerStaffHousekeepingJob, STAFF_HOUSEKEEPING_JOB } from "./housekeeping.server.ts";
import { createSession, resolveSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./sessions.server.ts";
import { FAILURE_WINDOW_MS } from "./sign-in-throttle.server.ts";
import { hashToken, issueToken, TOKEN_LIFETIME_MS } from "./tokens.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe("the daily staff housekeeping job", () => {
  it("deletes sessions past their idle or absolute end, expired tokens and ended sign-in counts, and keeps the live ones", async () => {
    const { id } = await createStaffUser(database.db, { email: "housekeeping@example.co.za", role: "content_editor" });
    // Each made in the past it stands for (a session made now would delete the ones already over).
    const live = await createSession(database.db, id, ago(5 * MINUTE));
    await createSession(database.db, id, ago(SESSION_IDLE_MS + MINUTE));
    const overTwelveHours = await createSession(database.db, id, ago(SESSION_ABSOLUTE_MS + MINUTE));
    // Busy to the last minute, but signed in more than 12 hours ago.
    await database.db
      .update(staffSessions)
      .set({ lastSeenAt: ago(MINUTE) })
      .where(eq(staffSessions.tokenHash, hashToken(overTwelveHours.token)));
    const liveInvite = await issueToken(database.db, "invite", id, ago(MINUTE));
    const expiredReset = await issueToken(database.db, "reset", id, ago(TOKEN_LIFETIME_MS.reset + MINUTE));
    await database.db.insert(signInFailures).values([
      {
        key: "account|housekeeping@example.co.za",
        failures: 3,
        windowStartedAt: ago(FAILURE_WINDOW_MS + MINUTE),
        lastFailureAt: ago(FAILURE_WINDOW_MS),
      },
      { key: "client|192.0.2.250", failures: 2, windowStartedAt: ago(10 * MINUTE), lastFailureAt: ago(MINUTE) },
    ]);
    await database.db
      .insert(rateLimitWindows)
      .values({ key: "staff-sign-in-account|housekeeping@example.co.za", windowStart: ago(3 * 86_400_000), count: 5 });

    const log = capturingLogger("info");
    const runner = new JobRunner({ db: database.db, logger: log.logger, instanceId: "housekeeper" });
    registerStaffHousekeepingJob(runner, { db: database.db });
    expect(await runner.runDue()).toEqual([STAFF_HOUSEKEEPING_JOB]);

    const sessions = await database.db
      .select({ tokenHash: staffSessions.tokenHash })
      .from(staffSessions)
      .where(eq(staffSessions.staffUserId, id));
    expect(sessions.map((row) => row.tokenHash)).toEqual([hashToken(live.token)]);
    expect(await resolveSession(database.db, live.token)).not.toBeNull();
    const tokens = await database.db
      .select({ tokenHash: staffTokens.tokenHash })
      .from(staffTokens)
      .where(inArray(staffTokens.tokenHash, [hashToken(expiredReset), hashToken(liveInvite)]));
    expect(tokens.map((row) => row.tokenHash)).toEqual([hashToken(liveInvite)]);
    const counts = await database.db.select({ key: signInFailures.key }).from(signInFailures);
    expect(counts.map((row) => row.key)).toEqual(["client|192.0.2.250"]);
    expect(
      await database.db.select().from(rateLimitWindows).where(like(rateLimitWindows.key, "staff-sign-in-%")),
    ).toEqual([]);

    const finished = log.lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "job finished");
    expect(finished).toEqual([
      expect.objectContaining({ job: STAFF_HOUSEKEEPING_JOB, sessions: 2, tokens: 1, signInCounts: 2 }),
    ]);
    const [run] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, STAFF_HOUSEKEEPING_JOB));
    expect(run!.nextRunAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * MINUTE);
  });
});
