import { createContext } from "react-router";
import type { FeedFileLimits } from "../core/inventory/feed-file.server.ts";
import type { LeadCounter } from "../core/attribution/visit.ts";
import type { Mailer } from "../core/delivery/email.server.ts";
import type { GroupLegalDetails } from "../core/dealers/group.ts";
import type { LinkSigner } from "../core/appointments/links.server.ts";
import type { FinanceCipher } from "../core/finance/encryption.server.ts";
import type { PrivacySettings } from "../core/privacy/retention.ts";
import type { UsedStock } from "../core/inventory/used-stock.server.ts";
import type { ReadModels } from "../core/shared/read-model.server.ts";
import type { WriteQueue } from "../core/shared/write-queue.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../server/logger.ts";
import type { PageRequestScope } from "./lib/page-request.server.ts";

/**
 * What the server hands every loader and action: the one database handle, the request's logger, the finance
 * encryption and the site's public address (for canonical URLs).
 */
export type AppContext = {
  db: Database;
  /** The bounded queue in front of buyers' writes: a full one refuses with WriteQueueFull (503, nothing stored). */
  writeQueue: WriteQueue;
  /** The used listing, answered from memory when the server keeps the stock there. */
  usedStock: UsedStock;
  /** What public pages read (dealers, banners, specials, blog, catalogue): from memory on a server that watches for changes (core/shared/read-model.server.ts). */
  readModels: ReadModels;
  logger: Logger;
  financeCipher: FinanceCipher;
  /** Signs and checks the buyers' links to move or cancel an appointment. */
  linkSigner: LinkSigner;
  /** The outbox folder and the retention settings the privacy services and the privacy policy read (core/privacy). */
  privacy: PrivacySettings;
  siteUrl: string;
  /** The group's legal details every public page's footer shows (GROUP_* settings); default: the demonstration values. */
  groupLegal?: GroupLegalDetails;
  /** The site's mail channel (core/delivery/email.server.ts), for e-mails a page sends itself (saved-search confirmations). */
  mailer?: Mailer;
  /** The share of page views that report their Core Web Vitals to /vitals (VITALS_SAMPLE_RATE; 0: none). */
  vitalsSampleRate?: number;
  /** Told about each new lead, by type and visit source (the Prometheus counter, server/metrics.ts). */
  countLead?: LeadCounter;
  /** The stock import's drop guard (CHANNEL_FEED_MAX_DROP): the share of a dealer's stock an import may sell unconfirmed. */
  maxStockDropShare?: number;
  /** A page form sent sooner than this after its page was rendered is held as automated (FORM_MIN_FILL_MS). */
  formMinFillMs?: number;
  /** How large a stock file the upload page reads (FEED_MAX_ROWS; core/inventory/feed-file.server.ts). */
  feedFileLimits?: FeedFileLimits;
  /** What pages may need about the request (the staff area's details, the upload scope): run as their scope. */
  pageRequest: PageRequestScope;
  /** This response's Content-Security-Policy nonce, for the scripts the page renderer writes (entry.server.tsx). */
  cspNonce?: string;
  /**
   * Told about every error a loader, action or render threw (entry.server.tsx handleError): the server
   * decides from it what the answer is, e.g. a 503 when the database is unreachable.
   */
  reportError?: (error: unknown) => void;
};

/** Where loaders and actions find the AppContext in the router's context: `context.get(appContext)`. */
export const appContext = createContext<AppContext>();

/** React Router's request handler as the server calls it, with the load context (server/pages.ts builds one). */
export type PageHandler = (request: Request, context: AppContext) => Promise<Response>;
