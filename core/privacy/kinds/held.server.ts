import { deleteHeldBefore } from "../../leads/held.server.ts";
import type { PersonalRecordKind } from "../kinds.ts";
import { cutoffOf } from "../retention.ts";

/**
 * Enquiries the bot traps held (core/leads/held.server.ts) until staff release or discard them. They are rows of `enquiries`,
 * so a person's held enquiries are found, handed over, corrected and erased as enquiries; this kind only states their
 * shorter retention and deletes, with their booking and photos, those nobody released in time.
 */
export const heldEnquiryKind: PersonalRecordKind = {
  id: "held_enquiry",
  label: "Enquiries held as automated",
  category: "Identity and contact details, vehicle interest, messages",
  collected: "What an enquiry holds, when the form was filled in a way a program would (a hidden field, or within 2 s)",
  purpose: "To let staff release a real buyer's enquiry that looked automated, and to delete the rest unread",
  recipients: "Nobody until staff release it; then the dealer, as any enquiry",
  erasure: "deleted",
  retention: (settings) => ({ amount: settings.heldLeadDays, unit: "days", after: "it was sent, unless released" }),
  tables: [],
  find: async () => [],
  export: async () => [],
  correct: async () => 0,
  erase: async () => ({ count: 0, files: [] }),
  async expire(tx, now, settings) {
    return { count: await deleteHeldBefore(tx, cutoffOf(this.retention(settings), now)), files: [] };
  },
};
