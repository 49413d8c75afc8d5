import { eq } from "drizzle-orm";
import { dealers } from "../../db/schema.ts";
import type { Database } from "../../db/client.ts";
import { addPhotoHost, parsePhotoHost } from "../../core/inventory/feed-keys.server.ts";
import { type FeedFileLimits, readFeedFile } from "../../core/inventory/feed-file.server.ts";
import { feedProfileReader, parseLayoutMapping, saveDealerLayout } from "../../core/inventory/feed-layouts.server.ts";
import { type FeedColumn, type FeedProfile, valueMapsText } from "../../core/inventory/feed-columns.ts";
import {
  feedFromRecords,
  type FeedRow,
  photoUrlsOf,
  placedRows,
  readHeader,
} from "../../core/inventory/stock-feed-format.server.ts";
import { importStockFeed, type StockFeedReport } from "../../core/inventory/stock-feed.server.ts";
import { readStockField } from "../../core/inventory/stock-schema.ts";
import { assertMay, StaffAccessDenied, type StaffActor } from "../../core/staff/roles.ts";
import { dropStagedFeedFile, stageFeedFile, stagedFeedFile } from "./staged-feeds.server.ts";

/**
 * The upload page's steps (/staff/stock/import, docs/back-office.md): a file whose layout the site can place is
 * imported at once; a new layout (or one staff ask to review) shows its columns beside the fields they fill and
 * a preview of its first rows as they will land, and the mapping staff give is saved as the dealer's layout
 * (core/inventory/feed-layouts.server.ts), which the feed API reads too. Every step is a form round trip.
 */

export type ImportErrors = { dealer?: string; feed?: string; mapping?: string };

export type MappingColumn = { index: number; header: string; field: FeedColumn | ""; samples: string[] };
export type PreviewCell = { field: FeedColumn; value: string; problem?: string };
export type MappingStep = {
  token: string;
  fileName: string;
  dealer: string;
  dryRun: boolean;
  columns: MappingColumn[];
  valueMaps: string;
  preview: { row: number; cells: PreviewCell[] }[];
  /** What keeps the file from being read as mapped (missing required fields, a mapping error), or null. */
  problem: string | null;
};

export type ImportOutcome =
  | { kind: "errors"; status: number; errors: ImportErrors }
  | { kind: "mapping"; status: number; step: MappingStep }
  | { kind: "report"; report: StockFeedReport; dealer: string }
  | { kind: "host-allowed"; host: string };

const PREVIEW_ROWS = 5;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

async function dealerIdOf(db: Database, slug: string): Promise<number | null> {
  const [dealer] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug));
  return dealer?.id ?? null;
}

/** How the first rows land: each mapped field's value as the site reads it, or why it is refused. */
function previewOf(rows: FeedRow[]): MappingStep["preview"] {
  return rows.slice(0, PREVIEW_ROWS).map((row) => ({
    row: row.row,
    cells: (Object.keys(row.values) as FeedColumn[]).map((field) => {
      if (field === "photos") return { field, value: photoUrlsOf(row.values.photos).join(" ") };
      const read = readStockField(field, row.values[field]);
      return "problem" in read
        ? { field, value: String(row.values[field] ?? ""), problem: read.problem }
        : { field, value: read.value === undefined ? "" : String(read.value) };
    }),
  }));
}

function mappingStep(
  records: string[][],
  profile: FeedProfile | undefined,
  base: Pick<MappingStep, "token" | "fileName" | "dealer" | "dryRun">,
  valueMaps: string,
  problem: string | null,
): MappingStep {
  const header = records[0] ?? [];
  const { columns } = readHeader(header, profile);
  const parsed = feedFromRecords(records.slice(0, PREVIEW_ROWS + 1), profile);
  const rows = placedRows(records.slice(0, PREVIEW_ROWS + 1), profile);
  return {
    ...base,
    columns: header.map((name, index) => ({
      index,
      header: name,
      field: columns[index] ?? "",
      samples: records.slice(1, 4).map((record) => record[index] ?? ""),
    })),
    valueMaps,
    preview: previewOf(rows),
    problem: problem ?? (parsed.ok ? null : parsed.reason),
  };
}

/** The upload's file: sent now, or kept from the mapping step (by its token). */
function fileOf(form: FormData, staffKey: string): { name: string; bytes: Uint8Array; token: string } | string {
  const token = text(form, "staged");
  if (token !== "") {
    const staged = stagedFeedFile(staffKey, token);
    return staged
      ? { ...staged, token }
      : "The file is no longer kept (after 30 minutes it is let go): choose it again.";
  }
  const file = form.get("feed");
  if (!(file instanceof File) || file.size === 0) return "Choose the stock file to import (CSV or Excel .xlsx)";
  return { name: file.name, bytes: new Uint8Array(0), token: "" };
}

export async function runStockImport(
  db: Database,
  actor: StaffActor,
  form: FormData,
  { limits, maxDropShare }: { limits?: FeedFileLimits; maxDropShare: number },
): Promise<ImportOutcome> {
  const intent = text(form, "intent") || "import";
  const dealer = text(form, "dealer");
  if (intent === "allow-host") return allowHost(db, actor, dealer, text(form, "host"));
  const staffKey = actor.label;
  const errors: ImportErrors = {};
  if (dealer === "") errors.dealer = "Choose the dealer whose stock this is";
  const file = fileOf(form, staffKey);
  if (typeof file === "string") errors.feed = file;
  if (errors.dealer || errors.feed || typeof file === "string") return { kind: "errors", status: 422, errors };
  // Another dealer's layouts and mapping step are refused as its import would be (403, or 404 as for no dealer).
  const dealerId = await dealerIdOf(db, dealer);
  if (dealerId === null) throw new StaffAccessDenied("not-found", "stock");
  assertMay(actor, "stock", dealerId);
  const bytes = file.token ? file.bytes : new Uint8Array(await (form.get("feed") as File).arrayBuffer());
  const token = file.token || stageFeedFile(staffKey, file.name, bytes);
  const table = await readFeedFile(bytes, limits);
  if (!table.ok) {
    dropStagedFeedFile(token);
    return { kind: "errors", status: table.refusal.status, errors: { feed: table.refusal.reason } };
  }
  const header = table.records[0] ?? [];
  const dryRun = form.get("dryRun") === "on";
  const base = { token, fileName: file.name, dealer, dryRun };
  let profile: FeedProfile | undefined;
  if (intent === "map" || intent === "preview") {
    const mapping = parseLayoutMapping(form, header);
    const valueMaps = text(form, "valueMaps");
    if (mapping.violations.length > 0)
      return {
        kind: "mapping",
        status: 422,
        step: mappingStep(
          table.records,
          mapping.profile,
          base,
          valueMaps,
          mapping.violations.map((v) => v.message).join(" "),
        ),
      };
    profile = mapping.profile;
    const parsed = feedFromRecords(table.records, profile);
    if (intent === "preview" || !parsed.ok)
      return {
        kind: "mapping",
        status: parsed.ok ? 200 : 422,
        step: mappingStep(table.records, profile, base, valueMaps, null),
      };
    await saveDealerLayout(db, actor, dealer, header, profile);
  } else {
    profile = await feedProfileReader(db, dealer)(header);
    const parsed = feedFromRecords(table.records, profile);
    if (!parsed.ok || form.get("review") === "on")
      return {
        kind: "mapping",
        status: 200,
        step: mappingStep(table.records, profile, base, profile ? valueMapsText(profile) : "", null),
      };
  }
  const parsed = feedFromRecords(table.records, profile);
  if (!parsed.ok) return { kind: "errors", status: 400, errors: { feed: parsed.reason } };
  const report = await importStockFeed(db, actor, dealer, parsed.rows, {
    dryRun,
    columns: parsed.columns,
    dropGuard: { maxShare: maxDropShare, source: "upload" },
  });
  dropStagedFeedFile(token);
  return { kind: "report", report, dealer };
}

/** Lists a photo host for the dealer from the report (group administrators; audited by addPhotoHost). */
async function allowHost(db: Database, actor: StaffActor, dealer: string, raw: string): Promise<ImportOutcome> {
  const host = parsePhotoHost(raw);
  const dealerId = await dealerIdOf(db, dealer);
  if (!host.ok || dealerId === null)
    return {
      kind: "errors",
      status: 422,
      errors: { feed: host.ok ? "Choose the dealer" : host.violations[0]!.message },
    };
  await addPhotoHost(db, actor, dealerId, host.value);
  return { kind: "host-allowed", host: host.value };
}
