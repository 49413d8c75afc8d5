import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMailer } from "../core/delivery/email.server.ts";
import { eq } from "drizzle-orm";
import { bootstrapStaff, type StaffBootstrap } from "../core/staff/bootstrap.server.ts";
import { staffUsers } from "../db/schema.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { KEY_FILE_NAME } from "../core/finance/encryption.server.ts";
import { LINK_KEY_FILE_NAME } from "../core/appointments/links.server.ts";
import { loadEnv } from "./env.ts";
import { financeCipherFromEnv } from "./finance-cipher.ts";
import { linkSignerFromEnv } from "./link-signer.ts";
import { createLogger } from "./logger.ts";
import { filesOpenToOthers, formatStartupReport, startupReport } from "./startup-report.ts";

let database: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-report-"));
});
afterAll(async () => {
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the start-up report", () => {
  it("names the embedded database's folder, the outbox, the webhooks, the site and the staff accounts", async () => {
    const env = loadEnv({ DATA_DIR: dataDir });
    const outbox = path.join(dataDir, "outbox");
    const staff = await bootstrapStaff(database.db, { siteUrl: "https://www.example.co.za" });
    const report = await startupReport(
      env,
      database.db,
      createMailer({ outboxDir: outbox, from: env.MAIL_FROM }).description,
      "https://www.example.co.za",
      staff,
    );
    expect(report).toEqual({
      database: { kind: "pglite", dataDir },
      leads: { delivery: "on", email: outbox, webhooks: expect.any(Number) },
      siteUrl: "https://www.example.co.za",
      staff:
        "no staff accounts yet: open the set-up link in the log line 'staff set-up link' (valid 24 hours) to create the first administrator",
      staffAdministrators: 0,
    });
    expect(JSON.stringify(report)).not.toContain(staff.kind === "setup-link" ? staff.link : "?");
    expect(formatStartupReport(report)).toContain(`Database:  embedded PGlite in ${dataDir}`);
    expect(formatStartupReport(report)).toContain(`e-mail as .eml files in ${outbox}`);
  });

  it("names PostgreSQL's host and database and the SMTP host, never a password", async () => {
    const env = loadEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://site:s3cret-pw@db.internal:5433/honda",
      LEAD_DELIVERY: "off",
    });
    const mail = createMailer({
      smtpUrl: "smtps://leads:m41l-pw@smtp.example.co.za:465",
      outboxDir: dataDir,
      from: env.MAIL_FROM,
    }).description;
    const report = await startupReport(env, database.db, mail, "https://www.example.co.za", {
      kind: "accounts",
      count: 3,
    });
    expect(report.database).toEqual({ kind: "postgres", host: "db.internal:5433", database: "honda" });
    const text = JSON.stringify(report) + formatStartupReport(report);
    expect(text).toContain("smtps://smtp.example.co.za:465");
    expect(text).toContain("delivery off in this instance");
    expect(text).toContain("Staff:     3 staff accounts but no active group administrator");
    expect(text).not.toContain("s3cret-pw");
    expect(text).not.toContain("m41l-pw");
  });
});

describe("the start-up report's staff line", () => {
  it("says whether an active group administrator exists, not just how many accounts", async () => {
    const env = loadEnv({ DATA_DIR: dataDir });
    const report = async (staff: StaffBootstrap) =>
      startupReport(env, database.db, dataDir, "https://www.example.co.za", staff);
    const created = await bootstrapStaff(database.db, {
      email: "admin@example.co.za",
      password: "tyre-kicker-harbour-77",
      siteUrl: "https://www.example.co.za",
    });
    expect(await report(created)).toMatchObject({
      staff: "created the group administrator admin@example.co.za from STAFF_BOOTSTRAP_EMAIL; sign in at /staff/login",
      staffAdministrators: 1,
    });

    const nextStart = await bootstrapStaff(database.db, { siteUrl: "https://www.example.co.za" });
    expect(formatStartupReport(await report(nextStart))).toContain(
      "Staff:     1 staff account, 1 of them active group administrator; sign in at /staff/login",
    );

    await database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.email, "admin@example.co.za"));
    const deactivated = await report(nextStart);
    expect(deactivated.staffAdministrators).toBe(0);
    expect(formatStartupReport(deactivated)).toContain(
      "Staff:     1 staff account but no active group administrator: nobody can create, change or reactivate staff accounts",
    );
  });
});

describe("files that must be the owner's alone", () => {
  it("are created so (outbox, its e-mails, the finance and link-signing keys), and any opened to others is named", async () => {
    const outbox = path.join(dataDir, "outbox");
    await fs.chmod(dataDir, 0o700);
    const env = loadEnv({ DATA_DIR: dataDir });
    const logger = createLogger("silent");
    financeCipherFromEnv(env, logger);
    linkSignerFromEnv(env, logger);
    const mailer = createMailer({ outboxDir: outbox, from: "Leads <leads@example.co.za>" });
    await mailer.send({
      messageId: "<lead-1@test>",
      to: "dealer@example.co.za",
      subject: "Lead",
      text: "Name: Lerato",
      attachments: [],
    });
    const [mail] = await fs.readdir(outbox);
    const mode = async (file: string) => ((await fs.stat(file)).mode & 0o777).toString(8);
    expect(await mode(outbox)).toBe("700");
    expect(await mode(path.join(outbox, mail!))).toBe("600");
    expect(await mode(path.join(dataDir, KEY_FILE_NAME))).toBe("600");
    expect(await mode(path.join(dataDir, LINK_KEY_FILE_NAME))).toBe("600");
    expect(filesOpenToOthers(dataDir)).toEqual([]);

    // As a data directory made by hand, or by an earlier version (whose PGlite folder was 0755), may be.
    await fs.chmod(path.join(outbox, mail!), 0o644);
    await fs.chmod(path.join(dataDir, LINK_KEY_FILE_NAME), 0o640);
    await fs.mkdir(path.join(dataDir, "pglite"));
    await fs.chmod(path.join(dataDir, "pglite"), 0o755);
    await fs.chmod(dataDir, 0o755);
    expect(filesOpenToOthers(dataDir).sort()).toEqual(
      [dataDir, path.join(dataDir, LINK_KEY_FILE_NAME), path.join(dataDir, "pglite"), path.join(outbox, mail!)].sort(),
    );
  });
});
