import type { Database } from "../../db/client.ts";
import type { StoredImage } from "../media/image-pipeline.server.ts";
import type { Parsed, Violation } from "../shared/violations.ts";
import { changedFields, recordAudit } from "../staff/audit.server.ts";
import { assertMay, assertMayUse, StaffAccessDenied, type StaffActor, type StaffArea } from "../staff/roles.ts";
import {
  type ContentWriteResult,
  inContentTransaction,
  resolveDealer,
  storeUpload,
  type Transaction,
  type UploadedFile,
} from "./content-admin.server.ts";
import type { PublicationStatus } from "./schedule.ts";

/**
 * The one lifecycle of the back office's scheduled content (specials and service deals, banners):
 * a form's fields checked, the dealer it is for allowed, its image stored through the pipeline, then one
 * transaction that writes the row and its audit entry (a change under the dealer it belonged to and the one
 * it moved to, so each dealer's log shows it). A kind says how its rows are read and written; when it is on
 * the public site is `publicationState` (core/content/schedule.ts). No write here tells the caches: each
 * content table's data_changed trigger tells every instance's read model (decision 034).
 */

type ContentRow = { dealerId: number | null; status?: string };

export type StoredContent<Row extends ContentRow> = { row: Row; dealerSlug: string | null };

export type ScheduledContentKind<Row extends ContentRow, Input extends { dealer?: string | undefined }> = {
  area: StaffArea;
  /** The audit log's entity, and the first part of its actions ("banner" for banner.create). */
  entity: string;
  parse(input: unknown): Parsed<Input>;
  /** The message on `image` when a new one comes without one. */
  imageMissing: string;
  select(db: Database | Transaction, id: number, forUpdate: boolean): Promise<StoredContent<Row> | undefined>;
  insert(tx: Transaction, input: Input, dealerId: number | null, image: StoredImage): Promise<number>;
  update(tx: Transaction, id: number, input: Input, dealerId: number | null, image: StoredImage | null): Promise<void>;
  /** The stored row as the form's input, to compare with what was sent. */
  stored(content: StoredContent<Row>): Input;
  /** The fields the audit log records, of an input. */
  audited(input: Input): Record<string, unknown>;
  /** What the audit log compares of the stored image (its id, or its address when it has none). */
  imageOf(row: Row): unknown;
  /** Recorded with a new one besides its fields (a deal starts as a draft). */
  initial?: Record<string, unknown>;
  /** A violation that a uniqueness rule of the table would raise (a deal's address), checked before writing. */
  taken?(tx: Transaction, input: Input, id: number | null): Promise<Violation | null>;
  /** The table's unique constraints, for a write that loses a race to another. */
  unique?: Record<string, Violation>;
  /** Writes a new status: a kind with drafts only. */
  writeStatus?(tx: Transaction, id: number, status: PublicationStatus): Promise<void>;
};

/** One row the actor may see, locked for a write with `forUpdate`; another dealer's (or none) is not found. */
export async function readContent<Row extends ContentRow, Input extends { dealer?: string }>(
  kind: ScheduledContentKind<Row, Input>,
  db: Database | Transaction,
  actor: StaffActor,
  id: number,
  { forUpdate = false } = {},
): Promise<StoredContent<Row>> {
  assertMayUse(actor, kind.area);
  const found = await kind.select(db, id, forUpdate);
  if (!found) throw new StaffAccessDenied("not-found", kind.area);
  assertMay(actor, kind.area, found.row.dealerId);
  return found;
}

/** Adds one from the form's fields and its image (required). */
export async function createContent<Row extends ContentRow, Input extends { dealer?: string }>(
  kind: ScheduledContentKind<Row, Input>,
  db: Database,
  actor: StaffActor,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  assertMayUse(actor, kind.area);
  const parsed = kind.parse(input);
  if (!parsed.ok) return parsed;
  if (!image || image.bytes.length === 0)
    return { ok: false, violations: [{ propertyPath: "image", message: kind.imageMissing }] };
  const prepared = await prepareWrite(kind, db, actor, parsed.value, image);
  if (!prepared.ok) return prepared;
  const picture = prepared.image!;
  return inContentTransaction(
    db,
    async (tx) => {
      const taken = await kind.taken?.(tx, parsed.value, null);
      if (taken) return { ok: false, violations: [taken] };
      const id = await kind.insert(tx, parsed.value, prepared.dealerId, picture);
      await recordAudit(tx, {
        actor,
        action: `${kind.entity}.create`,
        entity: kind.entity,
        entityId: id,
        dealerId: prepared.dealerId,
        changes: changedFields({}, { ...kind.audited(parsed.value), ...kind.initial, image: picture.id }),
      });
      return { ok: true, id };
    },
    kind.unique,
  );
}

/** Changes one's fields (all of them, as the form sends them) and, when one is sent, its image. */
export async function updateContent<Row extends ContentRow, Input extends { dealer?: string }>(
  kind: ScheduledContentKind<Row, Input>,
  db: Database,
  actor: StaffActor,
  id: number,
  input: unknown,
  image: UploadedFile | null,
): Promise<ContentWriteResult> {
  await readContent(kind, db, actor, id);
  const parsed = kind.parse(input);
  if (!parsed.ok) return parsed;
  const prepared = await prepareWrite(kind, db, actor, parsed.value, image);
  if (!prepared.ok) return prepared;
  return inContentTransaction(
    db,
    async (tx) => {
      const current = await readContent(kind, tx, actor, id, { forUpdate: true });
      const taken = await kind.taken?.(tx, parsed.value, id);
      if (taken) return { ok: false, violations: [taken] };
      const before = { ...kind.audited(kind.stored(current)), image: kind.imageOf(current.row) };
      const after = { ...kind.audited(parsed.value), image: prepared.image?.id ?? before.image };
      const changes = changedFields(before, after);
      if (Object.keys(changes).length === 0) return { ok: true, id };
      await kind.update(tx, id, parsed.value, prepared.dealerId, prepared.image);
      const dealerIds = [current.row.dealerId];
      if (prepared.dealerId !== current.row.dealerId && prepared.dealerId !== null) dealerIds.push(prepared.dealerId);
      for (const dealerId of dealerIds) {
        await recordAudit(tx, {
          actor,
          action: `${kind.entity}.update`,
          entity: kind.entity,
          entityId: id,
          dealerId,
          changes,
        });
      }
      return { ok: true, id };
    },
    kind.unique,
  );
}

/** Publishes one (public for its schedule) or takes it back to draft. */
export async function setContentStatus<Row extends ContentRow, Input extends { dealer?: string }>(
  kind: ScheduledContentKind<Row, Input>,
  db: Database,
  actor: StaffActor,
  id: number,
  status: string,
): Promise<ContentWriteResult> {
  await readContent(kind, db, actor, id);
  if (status !== "draft" && status !== "published")
    return { ok: false, violations: [{ propertyPath: "status", message: "Status must be draft or published" }] };
  return inContentTransaction(db, async (tx) => {
    const { row } = await readContent(kind, tx, actor, id, { forUpdate: true });
    if (row.status === status) return { ok: true, id };
    await kind.writeStatus!(tx, id, status);
    await recordAudit(tx, {
      actor,
      action: `${kind.entity}.${status === "published" ? "publish" : "unpublish"}`,
      entity: kind.entity,
      entityId: id,
      dealerId: row.dealerId,
      changes: { status: { from: row.status, to: status } },
    });
    return { ok: true, id };
  });
}

/** The dealer the form names, allowed for the actor, and the uploaded image stored (null when none was sent). */
async function prepareWrite<Row extends ContentRow, Input extends { dealer?: string }>(
  kind: ScheduledContentKind<Row, Input>,
  db: Database,
  actor: StaffActor,
  input: Input,
  image: UploadedFile | null,
): Promise<{ ok: true; dealerId: number | null; image: StoredImage | null } | { ok: false; violations: Violation[] }> {
  const dealer = await resolveDealer(db, actor, kind.area, input.dealer);
  if (!dealer.ok) return { ok: false, violations: [dealer.violation] };
  const stored = await storeUpload(db, image, "image");
  if (!stored.ok) return stored;
  return { ok: true, dealerId: dealer.dealerId, image: stored.image };
}
