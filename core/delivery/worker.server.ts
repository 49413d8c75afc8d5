import type { Database } from "../../db/client.ts";
import type { Logger } from "pino";
import { LinkSigner } from "../appointments/links.server.ts";
import type { FinanceCipher } from "../finance/encryption.server.ts";
import { buildAdfXml, buildLeadJson } from "./adf.server.ts";
import { leadMail, type Mailer } from "./email.server.ts";
import { leadPhotoPath } from "./lead-photos.server.ts";
import { loadLeadForDelivery } from "./lead-source.server.ts";
import { type ClaimedDelivery, claimDueDeliveries, recordDelivered, recordFailure } from "./outbox.server.ts";
import { postWebhook } from "./webhook.server.ts";

export type WorkerOptions = {
  db: Database;
  logger: Logger;
  mailer: Mailer;
  /** The site's public address, for links in the ADF. */
  siteUrl: string;
  /** Reads a finance applicant's name and contact details for the dealer's lead; keeps the ADF sent for one encrypted. */
  financeCipher: FinanceCipher;
  /** Signs the buyer's link to move or cancel an appointment; site.ts passes the configured key. */
  linkSigner?: LinkSigner;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  batchSize?: number;
  intervalMs?: number;
  /** How long a claim holds before another worker may take the delivery over. */
  lockMs?: number;
};

/**
 * Delivers queued leads: claims due deliveries, sends each to its channel and records the outcome. Several
 * workers (in one process or many) may share a database.
 */
export class LeadDeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  private readonly linkSigner: LinkSigner;

  constructor(private readonly options: WorkerOptions) {
    this.linkSigner = options.linkSigner ?? LinkSigner.ephemeral();
  }

  /** One pass: claims a batch and delivers it; answers how many deliveries it worked. */
  async runOnce(): Promise<number> {
    const { db, batchSize = 10, lockMs = 120_000 } = this.options;
    const claimed = await claimDueDeliveries(db, this.now(), batchSize, lockMs);
    for (const delivery of claimed) await this.deliver(delivery);
    return claimed.length;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops taking new work and waits for the batch in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then((worked) => this.schedule(worked > 0 ? 0 : (this.options.intervalMs ?? 2_000)))
        .catch((error: unknown) => {
          this.options.logger.error({ err: error }, "lead delivery pass failed");
          this.schedule(this.options.intervalMs ?? 2_000);
        });
    }, delayMs);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { db, logger } = this.options;
    const started = performance.now();
    const log = logger.child({ deliveryId: delivery.id, leadId: delivery.leadId, channel: delivery.channel });
    try {
      const sentAdf = await this.send(delivery);
      await recordDelivered(db, delivery, this.now(), Math.round(performance.now() - started), sentAdf);
      log.info({ attempts: delivery.attempts }, "lead delivered");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await recordFailure(db, delivery, this.now(), Math.round(performance.now() - started), message);
      log.warn({ attempts: delivery.attempts, outcome, error: message }, "lead delivery failed");
    }
  }

  /** Sends one delivery; answers the ADF it carried (encrypted for a finance lead), or null. */
  private async send(delivery: ClaimedDelivery): Promise<string | null> {
    const { db, mailer, siteUrl, fetchImpl, financeCipher } = this.options;
    const photoLink = (enquiryId: string, position: number) =>
      new URL(leadPhotoPath(this.linkSigner, enquiryId, position, this.now()), siteUrl).toString();
    const lead = await loadLeadForDelivery(db, delivery.leadKind, delivery.leadId, { financeCipher, photoLink });
    if (!lead) throw new Error("the lead no longer exists");
    const adf = buildAdfXml(lead, siteUrl);
    const kept = lead.kind === "finance" ? financeCipher.encrypt(adf) : adf;
    if (delivery.channel === "email") {
      await mailer.send(leadMail(lead, delivery, siteUrl, adf, this.linkSigner));
      return delivery.format === "confirmation" ? null : kept;
    }
    const isJson = delivery.format === "json";
    await postWebhook(
      {
        url: delivery.target,
        body: isJson ? buildLeadJson(lead) : adf,
        contentType: isJson ? "application/json" : "application/xml",
        secret: delivery.secret,
        idempotencyKey: `${lead.id}:${delivery.id}`,
        now: this.now(),
      },
      fetchImpl,
    );
    return isJson ? null : kept;
  }
}
