import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { financeApplicationIdentifiers, financeApplications } from "../../db/schema.ts";
import { validFinanceApplication } from "../../tests/support/finance-fixture.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { submitFinanceApplication } from "../finance/applications.server.ts";
import { FinanceCipher } from "../finance/encryption.server.ts";
import { backfillFinanceIdentifiers } from "./kinds/finance.server.ts";
import { findPersonRecords, parsePersonIdentifier } from "./privacy.server.ts";

const cipher = FinanceCipher.ephemeral();
let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

describe("the finance applications' blind index", () => {
  it("indexes applications stored before it at start, in batches, and leaves one it cannot decrypt without looping", async () => {
    const db = database.db;
    const admin = (await createStaffUser(db, { email: "officer@honda-group.example", role: "group_admin" })).actor;
    const stored = await submitFinanceApplication(
      db,
      cipher,
      validFinanceApplication({ email: "older@example.co.za" }),
    );
    if (!stored.ok) throw new Error("not stored");
    const other = await submitFinanceApplication(
      db,
      FinanceCipher.ephemeral(),
      validFinanceApplication({ email: "other-key@example.co.za" }),
    );
    if (!other.ok) throw new Error("not stored");
    // As an application stored before the index existed: no rows, never indexed.
    await db.delete(financeApplicationIdentifiers);
    await db.update(financeApplications).set({ identifiersIndexedAt: null });
    const search = parsePersonIdentifier("OLDER@example.co.za");
    if (!search.ok) throw new Error(search.message);
    const deps = { cipher, outboxDir: null };
    expect((await findPersonRecords(db, admin, search.identifier, deps)).records).toEqual([]);

    expect(await backfillFinanceIdentifiers(db, cipher)).toBe(1);
    const found = await findPersonRecords(db, admin, search.identifier, deps);
    const applications = (records: { kind: string; recordId: string }[]) =>
      records.filter((record) => record.kind === "finance_application").map((record) => record.recordId);
    expect(applications(found.records)).toEqual([stored.status.id]);
    const byId = parsePersonIdentifier("8001015009087");
    if (!byId.ok) throw new Error(byId.message);
    expect(applications((await findPersonRecords(db, admin, byId.identifier, deps)).records)).toEqual([
      stored.status.id,
    ]);
    // What the index holds reads nothing back: no stored value is the address, number or ID number.
    const text = (await db.execute(
      sql`select string_agg(blind_index, ' ') as text from finance_application_identifiers`,
    )) as unknown as { rows: { text: string }[] };
    expect(text.rows[0]!.text).not.toMatch(/older|8001015009087|27821234567/);
    const [unreadable] = await db
      .select({ indexedAt: financeApplications.identifiersIndexedAt })
      .from(financeApplications)
      .where(eq(financeApplications.id, other.status.id));
    expect(unreadable!.indexedAt).toBeNull();
    expect(await backfillFinanceIdentifiers(db, cipher)).toBe(0);
  });
});
