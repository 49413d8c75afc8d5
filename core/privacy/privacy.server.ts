import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { alertAddresses, doNotContact, enquiries, financeApplicationIdentifiers } from "../../db/schema.ts";
import { enquiryInputSchema } from "../leads/enquiry-schema.ts";
import { recordAudit } from "../staff/audit.server.ts";
import { isOnDoNotContactList } from "./do-not-contact.server.ts";
import { assertMayUse, type DealerScope, dealerScope, StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import type { Violation } from "../shared/violations.ts";
import { eraseFiles, recordFilesToErase } from "./files.server.ts";
import { identifierKey, type PersonIdentifier } from "./identifiers.ts";
import type {
  Correction,
  FoundRecord,
  PersonalRecordKind,
  PersonalRecordKindId,
  PrivacyDeps,
  SearchContext,
} from "./kinds.ts";
import { PERSONAL_RECORD_KIND_LIST } from "./registry.server.ts";
import { describePeriod, type RetentionSettings } from "./retention.ts";
import { exportDocument } from "./export-document.ts";

export { isOnDoNotContactList } from "./do-not-contact.server.ts";
export { parsePersonIdentifier, type PersonIdentifier } from "./identifiers.ts";
export type { PersonalRecordKindId, PrivacyDeps } from "./kinds.ts";
export type { RetentionSettings } from "./retention.ts";

/** One record found for a person, as the privacy page lists it. */
export type PersonRecord = {
  kind: PersonalRecordKindId;
  kindLabel: string;
  recordId: string;
  dealer: { id: number; name: string } | null;
  date: Date;
  summary: string;
};

/** How many records of each kind a correction or an erasure changed. */
export type KindCounts = Partial<Record<PersonalRecordKindId, number>>;

export type CorrectResult = { ok: true; counts: KindCounts } | { ok: false; violations: Violation[] };

export type EraseResult =
  | { status: "erased"; counts: KindCounts; filesPending: number }
  | { status: "nothing-found"; message: string };

export const NOTHING_FOUND_MESSAGE =
  "Nothing is held about this person that you may erase: no record carries this e-mail address, number or ID number (any more).";

export const NOTHING_AT_YOUR_DEALERS_MESSAGE =
  "Nothing is held about this person at your dealers: a group administrator can put this address or number on the do-not-contact list.";

const KIND_BY_ID = new Map(PERSONAL_RECORD_KIND_LIST.map((kind) => [kind.id, kind]));

/** Every record of every kind that carries the identifier, within the actor's dealers; each search audited (the kind searched by, never the value). */
export async function findPersonRecords(
  db: Database,
  actor: StaffActor,
  identifier: PersonIdentifier,
  deps: PrivacyDeps,
): Promise<{ records: PersonRecord[] }> {
  const { records } = await search(db, actor, identifier, deps);
  await recordAudit(db, {
    actor,
    action: "personal_records.search",
    entity: "personal_records",
    entityId: identifier.kind,
    changes: { found: { from: null, to: records.length } },
  });
  return { records: records.map(toPersonRecord) };
}

/**
 * Everything found, to hand over (POPIA section 23): each record with its kind's category, purpose, recipients and
 * retention, each delivery of a lead (when, to which CRM address or webhook), as JSON and as a document a person can read.
 */
export async function exportPersonRecords(
  db: Database,
  actor: StaffActor,
  identifier: PersonIdentifier,
  deps: PrivacyDeps,
  settings: RetentionSettings,
): Promise<{ json: Record<string, unknown>; text: string }> {
  const { context, records } = await search(db, actor, identifier, deps);
  // Whether someone objected to marketing is the group's to tell: a dealer manager hands over only a person their dealers hold.
  if (records.length === 0 && dealerScope(actor, "privacy").kind !== "all")
    throw new StaffAccessDenied("not-found", "privacy");
  const groups = [];
  for (const kind of PERSONAL_RECORD_KIND_LIST) {
    const ofKind = records.filter((record) => record.kind === kind.id);
    if (ofKind.length === 0) continue;
    groups.push({
      kind: kind.id,
      label: kind.label,
      category: kind.category,
      purpose: kind.purpose,
      recipients: kind.recipients,
      keptFor: describePeriod(kind.retention(settings)),
      records: await kind.export(context, ofKind),
    });
  }
  const objected = await isOnDoNotContactList(db, deps, identifier);
  const json = {
    generatedAt: new Date().toISOString(),
    searchedBy: identifier.kind,
    objectedToMarketing: objected,
    kinds: groups,
  };
  await recordAudit(db, {
    actor,
    action: "personal_records.export",
    entity: "personal_records",
    entityId: identifier.kind,
    changes: { exported: { from: null, to: records.length } },
  });
  return { json, text: exportDocument(json) };
}

/**
 * Sets a name, e-mail address or cell number on every record of the person at once (POPIA section 24), validated as
 * the enquiry forms validate them (a violation per field at fault, nothing changed); audited without the values.
 */
export async function correctPersonRecords(
  db: Database,
  actor: StaffActor,
  identifier: PersonIdentifier,
  input: { name?: string; email?: string; phone?: string },
  deps: PrivacyDeps,
): Promise<CorrectResult> {
  const parsed = parseCorrection(input);
  if (!parsed.ok) return parsed;
  const { context, records } = await search(db, actor, identifier, deps);
  const counts: KindCounts = {};
  await db.transaction(async (tx) => {
    for (const [kind, ofKind] of byKind(records)) {
      const changed = await kind.correct(tx, { ...context, db: tx }, ofKind, parsed.correction);
      if (changed > 0) counts[kind.id] = changed;
    }
    await recordAudit(tx, {
      actor,
      action: "personal_records.correct",
      entity: "personal_records",
      entityId: identifier.kind,
      changes: { fields: { from: null, to: correctedFields(input) }, records: { from: null, to: counts } },
    });
  });
  return { ok: true, counts };
}

/**
 * Erases everything held about the person (POPIA section 24): in one transaction, each kind deletes its records or
 * anonymises them in place; the files (outbox e-mails) are deleted once it has committed, and one whose deletion
 * fails stays listed for the daily retention job. The audit log says who erased how many records of which kind.
 */
export async function erasePersonRecords(
  db: Database,
  actor: StaffActor,
  identifier: PersonIdentifier,
  deps: PrivacyDeps,
): Promise<EraseResult> {
  const { context, records } = await search(db, actor, identifier, deps);
  if (records.length === 0) return { status: "nothing-found", message: NOTHING_FOUND_MESSAGE };
  const counts: KindCounts = {};
  const files = await db.transaction(async (tx) => {
    const toDelete: string[] = [];
    for (const [kind, ofKind] of byKind(records)) {
      const erased = await kind.erase(tx, { ...context, db: tx }, ofKind);
      counts[kind.id] = ofKind.length;
      toDelete.push(...erased.files);
      await recordAudit(tx, {
        actor,
        action: "personal_records.erase",
        entity: "personal_records",
        entityId: kind.id,
        changes: { category: { from: null, to: kind.category }, records: { from: null, to: ofKind.length } },
      });
    }
    await recordFilesToErase(tx, toDelete);
    return toDelete;
  });
  const left = await eraseFiles(db, deps.outboxDir, files);
  return { status: "erased", counts, filesPending: left };
}

/**
 * Puts the person's e-mail address or number on the do-not-contact list (POPIA sections 11(3) and 69), with every
 * e-mail address their leads carry; their saved-search alerts stop at once and a later sign-up is not mailed.
 * Answers whether anything was added (false: already listed). A dealer manager acts only for a person their dealers
 * hold a record of: the list and the alerts are the group's, and whether an address is listed is not theirs to learn.
 */
export async function objectToMarketing(
  db: Database,
  actor: StaffActor,
  identifier: PersonIdentifier,
  deps: PrivacyDeps,
): Promise<{ added: boolean } | { status: "nothing-found"; message: string }> {
  const { context, records } = await search(db, actor, identifier, deps);
  if (records.length === 0 && dealerScope(actor, "privacy").kind !== "all")
    return { status: "nothing-found", message: NOTHING_AT_YOUR_DEALERS_MESSAGE };
  const entries = [
    ...(identifier.kind === "id_number" ? [] : [identifier]),
    ...context.emails.map((value): PersonIdentifier => ({ kind: "email", value })),
  ];
  const unique = [...new Map(entries.map((entry) => [identifierKey(entry), entry])).values()];
  return db.transaction(async (tx) => {
    const added =
      unique.length === 0
        ? []
        : await tx
            .insert(doNotContact)
            .values(
              unique.map((entry) => ({ blindIndex: deps.cipher.blindIndex(identifierKey(entry)), kind: entry.kind })),
            )
            .onConflictDoNothing()
            .returning({ kind: doNotContact.kind });
    const emails = unique.filter((entry) => entry.kind === "email").map((entry) => entry.value);
    if (emails.length > 0) {
      await tx
        .update(alertAddresses)
        .set({ unsubscribedAt: sql`coalesce(${alertAddresses.unsubscribedAt}, now())` })
        .where(inArray(alertAddresses.email, emails));
    }
    await recordAudit(tx, {
      actor,
      action: "personal_records.object_to_marketing",
      entity: "personal_records",
      entityId: identifier.kind,
      changes: { listed: { from: null, to: added.length } },
    });
    return { added: added.length > 0 };
  });
}

/** For each kind: what is collected, why, for how long (from the settings), who receives it. */
export function retentionPolicy(settings: RetentionSettings): {
  kind: PersonalRecordKindId;
  label: string;
  category: string;
  collected: string;
  purpose: string;
  recipients: string;
  keptFor: string;
  afterwards: "deleted" | "anonymised";
}[] {
  return PERSONAL_RECORD_KIND_LIST.map((kind) => ({
    kind: kind.id,
    label: kind.label,
    category: kind.category,
    collected: kind.collected,
    purpose: kind.purpose,
    recipients: kind.recipients,
    keptFor: describePeriod(kind.retention(settings)),
    afterwards: kind.erasure,
  }));
}

/** The daily retention job's work: each kind deletes or anonymises what is past its period; files are deleted after each commit. */
export async function expirePersonalRecords(
  db: Database,
  now: Date,
  settings: RetentionSettings,
  deps: PrivacyDeps,
): Promise<KindCounts & { filesPending: number }> {
  const counts: KindCounts = {};
  for (const kind of PERSONAL_RECORD_KIND_LIST) {
    const files = await db.transaction(async (tx) => {
      const expired = await kind.expire(tx, now, settings, deps);
      if (expired.count > 0) counts[kind.id] = expired.count;
      await recordFilesToErase(tx, expired.files);
      return expired.files;
    });
    await eraseFiles(db, deps.outboxDir, files);
  }
  const filesPending = await eraseFiles(db, deps.outboxDir, null);
  return { ...counts, filesPending };
}

async function search(
  db: Database,
  actor: StaffActor,
  identifier: PersonIdentifier,
  deps: PrivacyDeps,
): Promise<{ context: SearchContext; records: FoundRecord[] }> {
  assertMayUse(actor, "privacy");
  const scope = dealerScope(actor, "privacy");
  const context = await searchContext(db, identifier, deps, scope);
  const records: FoundRecord[] = [];
  for (const kind of PERSONAL_RECORD_KIND_LIST) records.push(...(await kind.find(context)));
  return { context, records: records.filter((record) => inScope(scope, record.dealerId)) };
}

function inScope(scope: DealerScope, dealerId: number | null): boolean {
  if (scope.kind === "all") return true;
  return dealerId !== null && scope.dealerIds.includes(dealerId);
}

/** The person's leads within the scope: enquiries by e-mail or cell number, finance applications by the blind index. */
async function searchContext(
  db: Database,
  identifier: PersonIdentifier,
  deps: PrivacyDeps,
  scope: DealerScope,
): Promise<SearchContext> {
  const dealerCondition = (column: typeof enquiries.dealerId) =>
    scope.kind === "all" ? sql`true` : scope.dealerIds.length === 0 ? sql`false` : inArray(column, scope.dealerIds);
  const enquiryMatch =
    identifier.kind === "email"
      ? eq(enquiries.email, identifier.value)
      : identifier.kind === "phone"
        ? eq(enquiries.cellPhone, identifier.value)
        : sql`false`;
  const enquiryRows = await db
    .select({ id: enquiries.id, email: enquiries.email })
    .from(enquiries)
    .where(and(enquiryMatch, dealerCondition(enquiries.dealerId)));
  const financeRows = await db
    .select({ id: financeApplicationIdentifiers.applicationId })
    .from(financeApplicationIdentifiers)
    .where(eq(financeApplicationIdentifiers.blindIndex, deps.cipher.blindIndex(identifierKey(identifier))));
  const financeIds = await financeInScope(
    db,
    financeRows.map((row) => row.id),
    scope,
  );
  const emails = new Set(enquiryRows.map((row) => row.email).filter((email) => email !== ""));
  if (identifier.kind === "email") emails.add(identifier.value);
  return {
    db,
    deps,
    identifier,
    enquiryIds: enquiryRows.map((row) => row.id),
    financeIds,
    emails: [...emails],
  };
}

async function financeInScope(db: Database, ids: string[], scope: DealerScope): Promise<string[]> {
  if (ids.length === 0 || scope.kind === "all") return ids;
  const rows = await db.execute(
    sql`select id from finance_applications where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and dealer_id = any(${`{${scope.dealerIds.join(",")}}`}::int[])`,
  );
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

function byKind(records: readonly FoundRecord[]): [PersonalRecordKind, FoundRecord[]][] {
  const groups: [PersonalRecordKind, FoundRecord[]][] = [];
  for (const kind of PERSONAL_RECORD_KIND_LIST) {
    const ofKind = records.filter((record) => record.kind === kind.id);
    if (ofKind.length > 0) groups.push([kind, ofKind]);
  }
  return groups;
}

function toPersonRecord(record: FoundRecord): PersonRecord {
  return {
    kind: record.kind,
    kindLabel: KIND_BY_ID.get(record.kind)?.label ?? record.kind,
    recordId: record.recordId,
    dealer: record.dealerId !== null ? { id: record.dealerId, name: record.dealerName ?? "" } : null,
    date: record.date,
    summary: record.summary,
  };
}

const NAME_PARTS_MESSAGE = "Enter the first name and the last name, e.g. Thandi Nkosi";

/** The correction as the enquiry form validates each field: the name split into first name and the rest as last name. */
function parseCorrection(input: {
  name?: string;
  email?: string;
  phone?: string;
}): { ok: true; correction: Correction } | { ok: false; violations: Violation[] } {
  const shape = enquiryInputSchema.shape;
  const violations: Violation[] = [];
  const correction: Correction = {};
  const name = blankToUndefined(input.name);
  if (name !== undefined) {
    const [first, ...rest] = name.trim().split(/\s+/);
    const firstName = shape.first_name.safeParse(first);
    const lastName = shape.last_name.safeParse(rest.join(" "));
    if (rest.length === 0) violations.push({ propertyPath: "name", message: NAME_PARTS_MESSAGE });
    else if (!firstName.success) violations.push({ propertyPath: "name", message: firstName.error.issues[0]!.message });
    else if (!lastName.success) violations.push({ propertyPath: "name", message: lastName.error.issues[0]!.message });
    else Object.assign(correction, { firstName: firstName.data, lastName: lastName.data });
  }
  const email = blankToUndefined(input.email);
  if (email !== undefined) {
    const parsed = shape.email.safeParse(email);
    if (parsed.success) correction.email = parsed.data;
    else violations.push({ propertyPath: "email", message: parsed.error.issues[0]!.message });
  }
  const phone = blankToUndefined(input.phone);
  if (phone !== undefined) {
    const parsed = shape.cell_phone.safeParse(phone);
    if (parsed.success) correction.phone = parsed.data;
    else violations.push({ propertyPath: "phone", message: parsed.error.issues[0]!.message });
  }
  if (violations.length === 0 && Object.keys(correction).length === 0) {
    violations.push({ propertyPath: "name", message: "Enter the corrected name, e-mail address or cell number" });
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, correction };
}

const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : value;

function correctedFields(input: { name?: string; email?: string; phone?: string }): string[] {
  return (["name", "email", "phone"] as const).filter((field) => blankToUndefined(input[field]) !== undefined);
}
