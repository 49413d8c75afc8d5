/**
 * Why a web form's enquiry is held as automated (decision 073), with no server-only imports: the leads service,
 * the enquiry service and the back office's pages share these names.
 */

const HOLD_REASONS = ["honeypot", "too-fast", "no-render-time"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** A web form's post that looks automated: the trap it fell into and, for "too-fast", how soon it was sent. */
export type Hold = { reason: HoldReason; fillMs: number | null };

/** A held enquiry's status until it is released (then Queued, Delivered or Failed as any lead's). */
export const HELD_STATUS = "Held";

/** Begins the dedupe key of a held enquiry, so that held enquiries are deduplicated among themselves only. */
export const HELD_KEY_PREFIX = "held:";

export function isHoldReason(value: unknown): value is HoldReason {
  return typeof value === "string" && (HOLD_REASONS as readonly string[]).includes(value);
}

/** The reason as staff read it: "sent 1.4 s after the page was shown", "hidden field filled". */
export function describeHold(reason: HoldReason, fillMs: number | null): string {
  switch (reason) {
    case "honeypot":
      return "hidden field filled";
    case "too-fast":
      return `sent ${((fillMs ?? 0) / 1000).toFixed(1)} s after the page was shown`;
    case "no-render-time":
      return "sent without the time the page was shown";
  }
}
