// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { Database } from "../../db/client.ts";
// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { FinanceCipher } from "../finance/encryption.server.ts";
import type { PersonIdentifier } from "./identifiers.ts";
import type { RetentionPeriod, RetentionSettings } from "./retention.ts";

/** Every kind of personal record the group keeps; a new kind is added here and registered in ./registry.server.ts. */
export const PERSONAL_RECORD_KINDS = [
  "enquiry",
  "held_enquiry",
  "appointment",
  "sell_your_car",
  "sell_your_car_photo",
  "finance_application",
  "saved_search_alert",
  "lead_delivery",
  "outbox_email",
] as const;
export type PersonalRecordKindId = (typeof PERSONAL_RECORD_KINDS)[number];

/** What the privacy services need besides the database: the finance key (decrypting, the blind index) and the outbox folder. */
export type PrivacyDeps = {
  cipher: FinanceCipher;
  /** DATA_DIR/outbox, where the mail channel writes .eml files without SMTP_URL; null: no outbox to look in. */
  outboxDir: string | null;
};

/** A database or an open transaction. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** One record found for a person. `recordId` names it within its kind (a lead's id, a photo's lead id and position, a file name). */
export type FoundRecord = {
  kind: PersonalRecordKindId;
  recordId: string;
  dealerId: number | null;
  dealerName: string | null;
  date: Date;
  summary: string;
};

/**
 * What a search has found before the kinds look: the person's leads (enquiries by e-mail or cell number, finance
 * applications by the blind index). The kinds that hang off a lead (appointments, sell-your-car details and photos,
 * deliveries, outbox e-mails) find theirs through these ids.
 */
export type SearchContext = {
  db: Executor;
  deps: PrivacyDeps;
  identifier: PersonIdentifier;
  enquiryIds: readonly string[];
  financeIds: readonly string[];
  /** The e-mail addresses the person's records carry (the searched one, and those on leads found by phone or ID). */
  emails: readonly string[];
};

/** The fields a correction may set, validated and normalised as the forms store them. */
export type Correction = { firstName?: string; lastName?: string; email?: string; phone?: string };

/** What an erasure or an expiry did: rows changed, and files to delete once the transaction has committed. */
export type Erased = { count: number; files: string[] };

/**
 * One kind of personal record: what it is, why it is kept, who receives it and for how long (the privacy policy and
 * the processing register render these), and how one person's records of it are found, handed over, corrected,
 * erased (deleted, or anonymised in place where counts must still add up) and expired by the daily retention job.
 */
export type PersonalRecordKind = {
  id: PersonalRecordKindId;
  label: string;
  /** The category of personal information (POPIA section 1), e.g. "Contact details". */
  category: string;
  /** What is collected, in a phrase. */
  collected: string;
  purpose: string;
  /** Who receives it besides the group's staff. */
  recipients: string;
  /** Deleted, or anonymised in place (the row kept without anything about the person). */
  erasure: "deleted" | "anonymised";
  retention: (settings: RetentionSettings) => RetentionPeriod;
  /** The tables of db/schema.ts whose personal columns this kind covers (checked by ./coverage.test.ts). */
  tables: readonly string[];
  find: (context: SearchContext) => Promise<FoundRecord[]>;
  export: (context: SearchContext, records: readonly FoundRecord[]) => Promise<Record<string, unknown>[]>;
  correct: (
    tx: Executor,
    context: SearchContext,
    records: readonly FoundRecord[],
    correction: Correction,
  ) => Promise<number>;
  erase: (tx: Executor, context: SearchContext, records: readonly FoundRecord[]) => Promise<Erased>;
  expire: (tx: Executor, now: Date, settings: RetentionSettings, deps: PrivacyDeps) => Promise<Erased>;
};
