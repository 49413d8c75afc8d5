import {
  applyPriceList,
  columnsOf,
  type PriceListApplied,
  type PriceListPreview,
  type PriceListRow,
  previewPriceList,
  rangeModelChoices,
  readPriceRows,
  rememberColumns,
} from "../../core/catalogue/price-list.server.ts";
import { parseEffectiveAt } from "../../core/catalogue/range-prices.server.ts";
import { type FeedFileLimits, readFeedFile } from "../../core/inventory/feed-file.server.ts";
import type { Violation } from "../../core/shared/violations.ts";
import { assertMayUse, type StaffActor } from "../../core/staff/roles.ts";
import type { Database } from "../../db/client.ts";
import { dropStagedFeedFile, stageFeedFile, stagedFeedFile } from "./staged-feeds.server.ts";

/**
 * The steps of /staff/range/prices (docs/back-office.md, "The maker's price list"): upload (with the date and time
 * it takes effect), the column question when no header names the code or the price, the preview, the confirmation.
 * The file is kept between steps as the stock import keeps its own (staged-feeds.server.ts).
 */

export type ColumnQuestion = { columns: { index: number; header: string; samples: string[] }[] };

export type PriceListStep = {
  token: string;
  fileName: string;
  date: string;
  time: string;
};

export type PriceListOutcome =
  | { kind: "errors"; status: number; violations: Violation[]; step?: PriceListStep; question?: ColumnQuestion }
  | { kind: "preview"; step: PriceListStep; preview: PriceListPreview; models: { id: number; label: string }[] }
  | { kind: "applied"; applied: PriceListApplied };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The upload's file: sent now, or kept from an earlier step (by its token). */
async function fileOf(form: FormData, staffKey: string) {
  const token = text(form, "staged");
  if (token !== "") {
    const staged = stagedFeedFile(staffKey, token);
    return staged ? { ...staged, token } : null;
  }
  const file = form.get("list");
  if (!(file instanceof File) || file.size === 0) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { name: file.name, bytes, token: stageFeedFile(staffKey, file.name, bytes) };
}

const refused = (status: number, propertyPath: string, message: string, step?: PriceListStep): PriceListOutcome => ({
  kind: "errors",
  status,
  violations: [{ propertyPath, message }],
  step,
});

export async function runPriceList(
  db: Database,
  actor: StaffActor,
  form: FormData,
  limits?: FeedFileLimits,
): Promise<PriceListOutcome> {
  assertMayUse(actor, "range-prices");
  const file = await fileOf(form, actor.label);
  if (!file)
    return refused(
      422,
      "list",
      text(form, "staged")
        ? "The file is no longer kept (after 30 minutes it is let go): choose it again."
        : "Choose the price list (CSV or Excel .xlsx)",
    );
  const step: PriceListStep = {
    token: file.token,
    fileName: file.name,
    date: text(form, "date"),
    time: text(form, "time"),
  };
  const effectiveAt = parseEffectiveAt(step.date, step.time);
  if (!effectiveAt.ok) return { kind: "errors", status: 422, violations: effectiveAt.violations, step };
  const table = await readFeedFile(file.bytes, limits);
  if (!table.ok) {
    dropStagedFeedFile(file.token);
    return refused(table.refusal.status, "list", table.refusal.reason);
  }
  const rows = await rowsOf(db, actor, form, table.records, step);
  if ("kind" in rows) return rows;
  if (text(form, "intent") !== "apply")
    return {
      kind: "preview",
      step,
      preview: await previewPriceList(db, actor, rows),
      models: await rangeModelChoices(db),
    };
  const newVariants = newVariantChoices(form);
  const modelIds = new Set((await rangeModelChoices(db)).map((model) => model.id));
  const strays = [...newVariants].filter(([, modelId]) => !modelIds.has(modelId));
  if (strays.length > 0)
    return {
      kind: "errors",
      status: 422,
      violations: strays.map(([code]) => ({ propertyPath: `new.${code}`, message: "Choose a model of the range" })),
      step,
    };
  const applied = await applyPriceList(db, actor, {
    fileName: file.name,
    rows,
    effectiveAt: effectiveAt.value,
    newVariants,
  });
  dropStagedFeedFile(file.token);
  return { kind: "applied", applied };
}

/** The list's rows: by the columns staff name now (remembered for the layout), else the layout's remembered or named ones. */
async function rowsOf(
  db: Database,
  actor: StaffActor,
  form: FormData,
  records: string[][],
  step: PriceListStep,
): Promise<PriceListRow[] | PriceListOutcome> {
  const header = records[0] ?? [];
  const question = questionOf(records);
  if (text(form, "codeColumn") !== "" || text(form, "priceColumn") !== "") {
    const code = columnIndex(text(form, "codeColumn"), header.length);
    const price = columnIndex(text(form, "priceColumn"), header.length);
    const violations: Violation[] = [];
    if (code === null) violations.push({ propertyPath: "codeColumn", message: "Choose the column of M&M codes" });
    if (price === null) violations.push({ propertyPath: "priceColumn", message: "Choose the column of prices" });
    else if (price === code)
      violations.push({ propertyPath: "priceColumn", message: "The price is not in the code's column" });
    if (violations.length > 0 || code === null || price === null)
      return { kind: "errors", status: 422, violations, step, question };
    await rememberColumns(db, actor, header, { code, price });
  }
  const columns = await columnsOf(db, header);
  if (columns.code === null || columns.price === null) {
    const violations: Violation[] = [];
    if (columns.code === null)
      violations.push({ propertyPath: "codeColumn", message: "No column header says which column holds the M&M code" });
    if (columns.price === null)
      violations.push({ propertyPath: "priceColumn", message: "No column header says which column holds the price" });
    return { kind: "errors", status: 422, violations, step, question };
  }
  const read = readPriceRows(records, { code: columns.code, price: columns.price, description: columns.description });
  if (read.violations.length > 0) return { kind: "errors", status: 422, violations: read.violations, step };
  return read.rows;
}

function columnIndex(raw: string, count: number): number | null {
  const index = Number(raw);
  return raw !== "" && Number.isInteger(index) && index >= 0 && index < count ? index : null;
}

function questionOf(records: string[][]): ColumnQuestion {
  const header = records[0] ?? [];
  return {
    columns: header.map((name, index) => ({
      index,
      header: name,
      samples: records
        .slice(1, 4)
        .map((record) => record[index] ?? "")
        .filter((sample) => sample.trim() !== ""),
    })),
  };
}

/** Each unknown code staff chose to add, by the model it joins (`new.<code>` = the range model's id; empty: ignored). */
function newVariantChoices(form: FormData): Map<string, number> {
  const choices = new Map<string, number>();
  for (const [name, value] of form.entries()) {
    const code = /^new\.(\d{8})$/.exec(name)?.[1];
    const modelId = Number(value);
    if (code && typeof value === "string" && value !== "" && Number.isInteger(modelId) && modelId > 0)
      choices.set(code, modelId);
  }
  return choices;
}
