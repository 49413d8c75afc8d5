import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema.ts";
import { PERSONAL_RECORD_KINDS } from "./kinds.ts";
import { PERSONAL_RECORD_KIND_LIST } from "./registry.server.ts";

/** A column that holds a person's name, contact, identity number or words: what a kind of personal record must cover. */
const PERSONAL_COLUMN =
  /(^|_)(email|phone|cell_phone|contact_no|name|first_name|last_name|surname|id_number|message|note|comments?)$/;

/** Tables with such columns that hold no buyer's personal record, and why. */
const NOT_BUYERS_RECORDS: Record<string, string> = {
  dealers: "the dealer's own business name and its dealer principal's work contact details",
  staff_users: "staff accounts, kept and removed in /staff/accounts (core/staff)",
  makes: "vehicle make names",
  models: "vehicle model names",
  range_variants: "vehicle variant names",
  range_colours: "paint colour names",
  dealer_feed_keys: "the names staff give their stock-feed keys",
  job_runs: "the scheduled jobs' names",
};

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

describe("the registry of personal records", () => {
  const covered = new Set(PERSONAL_RECORD_KIND_LIST.flatMap((kind) => kind.tables));

  it.each(
    tables
      .filter((table) => table.columns.some((column) => PERSONAL_COLUMN.test(column.name)))
      .map((table) => [
        table.name,
        table.columns.filter((column) => PERSONAL_COLUMN.test(column.name)).map((c) => c.name),
      ]),
  )("covers %s (%j) with a kind of personal record, or says why it holds none", (table) => {
    expect(covered.has(table) || table in NOT_BUYERS_RECORDS).toBe(true);
  });

  it("names only tables that exist, and registers every kind once", () => {
    const names = new Set(tables.map((table) => table.name));
    expect([...covered].filter((table) => !names.has(table))).toEqual([]);
    expect(PERSONAL_RECORD_KIND_LIST.map((kind) => kind.id)).toEqual([...PERSONAL_RECORD_KINDS]);
  });
});
