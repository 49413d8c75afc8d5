import { data } from "react-router";
import {
  correctPersonRecords,
  erasePersonRecords,
  findPersonRecords,
  type KindCounts,
  objectToMarketing,
  parsePersonIdentifier,
  type PersonIdentifier,
  type PrivacyDeps,
  type RetentionSettings,
  retentionPolicy,
} from "../../core/privacy/privacy.server.ts";
import { DEFAULT_RETENTION } from "../../core/privacy/retention.ts";
import type { StaffActor } from "../../core/staff/roles.ts";
import type { Database } from "../../db/client.ts";
import type { AppContext } from "../load-context.ts";
import { errorsByField } from "../components/staff/form.tsx";
import { field } from "./staff-forms.server.ts";
import { formatDateTime } from "./staff-time.ts";

/**
 * What /staff/privacy answers to each of its forms. Every step is a POST whose body carries the searched value
 * (the search form's field, then a hidden field of each action's form), so that a person's e-mail address, phone
 * number or ID number is never part of an address: not in the browser's history, the access log or a Referer.
 */

export type RecordShown = { recordId: string; summary: string; dealer: string; date: string };
export type RecordGroup = { kind: string; label: string; records: RecordShown[] };
export type KindCount = { label: string; count: number };

/** The person searched for: the value as the service reads it, and how the page names it. */
export type SearchedPerson = { kind: PersonIdentifier["kind"]; value: string; description: string };

export type PrivacyAnswer =
  | { step: "refused"; typed: string; message: string }
  | { step: "found"; person: SearchedPerson; groups: RecordGroup[]; done?: string }
  | {
      step: "correct-refused";
      person: SearchedPerson;
      groups: RecordGroup[];
      errors: Record<string, string>;
      values: Record<string, string>;
    }
  | { step: "erase-confirm"; person: SearchedPerson; counts: KindCount[] }
  | { step: "erased"; person: SearchedPerson; counts: KindCount[] };

const IDENTIFIER_NAMES: Record<PersonIdentifier["kind"], string> = {
  email: "the e-mail address",
  phone: "the phone number",
  id_number: "the ID number",
};

/** "the phone number +27825550123": how the page names whom it searched for. */
function personOf(identifier: PersonIdentifier): SearchedPerson {
  const { kind, value } = identifier;
  return { kind, value, description: `${IDENTIFIER_NAMES[kind]} ${value}` };
}

/** The records found, by kind in the kinds' own order (`kindOrder`), each with its dealer and date. */
function groupRecords(
  records: Awaited<ReturnType<typeof findPersonRecords>>["records"],
  kindOrder: readonly string[],
): RecordGroup[] {
  const groups = new Map<string, RecordGroup>();
  for (const record of records) {
    const group = groups.get(record.kind) ?? { kind: record.kind, label: record.kindLabel, records: [] };
    group.records.push({
      recordId: record.recordId,
      summary: record.summary,
      dealer: record.dealer?.name ?? "The group (no dealer)",
      date: formatDateTime(record.date),
    });
    groups.set(record.kind, group);
  }
  return [...groups.values()].sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind));
}

const countsOf = (groups: RecordGroup[]): KindCount[] =>
  groups.map((group) => ({ label: group.label, count: group.records.length }));

/** What each step needs besides the form: the database, who acts, the privacy services' dependencies and settings. */
export type PrivacyStepContext = {
  db: Database;
  actor: StaffActor;
  deps: PrivacyDeps;
  retention: RetentionSettings;
};

/** The step's context from the page's: the finance cipher (the blind index of ID numbers) and the outbox. */
export function privacyStepContext(context: AppContext, actor: StaffActor): PrivacyStepContext {
  const { db, financeCipher, privacy } = context;
  return { db, actor, deps: { cipher: financeCipher, outboxDir: privacy.outboxDir }, retention: privacy.retention };
}

type Step = (context: PrivacyStepContext, identifier: PersonIdentifier, form: FormData) => Promise<PrivacyAnswer>;

/** The kinds in the order the privacy policy and the register list them. */
const kindOrder = retentionPolicy(DEFAULT_RETENTION).map((kind) => kind.kind);

async function search(
  { db, actor, deps }: PrivacyStepContext,
  identifier: PersonIdentifier,
  done?: string,
): Promise<PrivacyAnswer> {
  const { records } = await findPersonRecords(db, actor, identifier, deps);
  return { step: "found", person: personOf(identifier), groups: groupRecords(records, kindOrder), done };
}

/** The counts per kind a service answers, named as the kinds name themselves, in the kinds' order. */
function labelledCounts(counts: KindCounts, retention: RetentionSettings): KindCount[] {
  return retentionPolicy(retention)
    .filter((kind) => (counts[kind.kind] ?? 0) > 0)
    .map((kind) => ({ label: kind.label, count: counts[kind.kind] ?? 0 }));
}

/** "Leads: 2, Appointments: 1". */
function describeCounts(counts: readonly KindCount[]): string {
  if (counts.length === 0) return "no record needed a change";
  return counts.map((count) => `${count.label}: ${count.count}`).join(", ");
}

const CORRECTED_FIELDS = ["name", "email", "phone"] as const;

const correct: Step = async (context, identifier, form) => {
  const { db, actor, deps, retention } = context;
  const values = Object.fromEntries(CORRECTED_FIELDS.map((name) => [name, field(form, name).trim()]));
  const outcome = await correctPersonRecords(db, actor, identifier, values, deps);
  if (!outcome.ok) {
    const { records } = await findPersonRecords(db, actor, identifier, deps);
    return {
      step: "correct-refused",
      person: personOf(identifier),
      groups: groupRecords(records, kindOrder),
      errors: errorsByField(outcome.violations),
      values,
    };
  }
  const done = `Corrected on every record: ${describeCounts(labelledCounts(outcome.counts, retention))}.`;
  return search(context, searchedAfterCorrection(identifier, values), done);
};

/** The records are found under the corrected value when it is the one searched by (an e-mail address, a number). */
function searchedAfterCorrection(identifier: PersonIdentifier, values: Record<string, string>): PersonIdentifier {
  const corrected = identifier.kind === "id_number" ? "" : (values[identifier.kind] ?? "");
  const parsed = parsePersonIdentifier(corrected);
  return parsed.ok && parsed.identifier.kind === identifier.kind ? parsed.identifier : identifier;
}

const eraseCheck: Step = async (context, identifier) => {
  const { records } = await findPersonRecords(context.db, context.actor, identifier, context.deps);
  if (records.length === 0)
    return search(context, identifier, "Nothing is held about this person: there is nothing to erase.");
  return { step: "erase-confirm", person: personOf(identifier), counts: countsOf(groupRecords(records, kindOrder)) };
};

const erase: Step = async (context, identifier) => {
  const outcome = await erasePersonRecords(context.db, context.actor, identifier, context.deps);
  if (outcome.status === "nothing-found") return search(context, identifier, outcome.message);
  return { step: "erased", person: personOf(identifier), counts: labelledCounts(outcome.counts, context.retention) };
};

const objectTo: Step = async (context, identifier) => {
  const outcome = await objectToMarketing(context.db, context.actor, identifier, context.deps);
  if ("status" in outcome) return search(context, identifier, outcome.message);
  return search(context, identifier, objectionNotice(personOf(identifier), outcome.added));
};

/** What the do-not-contact list does, said of one address or number and of several. */
const NO_MARKETING = {
  one: "no saved-search alert or marketing message goes to it, also after a new sign-up",
  several: "no saved-search alert or marketing message goes to them, also after a new sign-up",
};

/**
 * What objecting did. An ID number is never on the list itself (no message is sent to one): the e-mail addresses on the
 * person's records are.
 */
function objectionNotice(person: SearchedPerson, added: boolean): string {
  if (person.kind === "id_number") {
    return added
      ? `The e-mail addresses on this person's records are now on the do-not-contact list: ${NO_MARKETING.several}.`
      : "No e-mail address on this person's records was left to add to the do-not-contact list.";
  }
  const who = `${person.description.charAt(0).toUpperCase()}${person.description.slice(1)}`;
  return `${who} ${added ? "is now" : "was already"} on the do-not-contact list: ${NO_MARKETING.one}.`;
}

const STEPS: Record<string, Step> = {
  search: (context, identifier) => search(context, identifier),
  correct,
  "erase-check": eraseCheck,
  erase,
  object: objectTo,
};

/**
 * The answer to one of the page's forms: its `intent` names the step, `person` (the search form's field, or the
 * hidden field of an action's form) whom it concerns. A value that names no one is refused with 422.
 */
export async function privacyStep(context: PrivacyStepContext, form: FormData) {
  const intent = field(form, "intent") || "search";
  const step = STEPS[intent];
  if (!step) throw data("This form could not be read: reload the page and try again.", { status: 400 });
  const typed = field(form, "person");
  const parsed = parsePersonIdentifier(typed);
  if (!parsed.ok) return data<PrivacyAnswer>({ step: "refused", typed, message: parsed.message }, { status: 422 });
  const answer = await step(context, parsed.identifier, form);
  return data<PrivacyAnswer>(answer, { status: answer.step === "correct-refused" ? 422 : 200 });
}
