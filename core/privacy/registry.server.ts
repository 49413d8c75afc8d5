import type { PersonalRecordKind } from "./kinds.ts";
import { savedSearchAlertKind } from "./kinds/alerts.server.ts";
import { leadDeliveryKind, outboxEmailKind } from "./kinds/deliveries.server.ts";
import { financeApplicationKind } from "./kinds/finance.server.ts";
import { heldEnquiryKind } from "./kinds/held.server.ts";
import { appointmentKind, enquiryKind, sellYourCarKind, sellYourCarPhotoKind } from "./kinds/leads.server.ts";

/**
 * Every kind of personal record, in the order they are searched, handed over and erased: the one index through which
 * a person's records are found, so a new kind added here is found, exported, erased and expired like the others.
 * The copies made of a lead (outbox e-mails, deliveries, photos) come before the lead itself.
 */
export const PERSONAL_RECORD_KIND_LIST: readonly PersonalRecordKind[] = [
  enquiryKind,
  heldEnquiryKind,
  appointmentKind,
  sellYourCarKind,
  sellYourCarPhotoKind,
  financeApplicationKind,
  savedSearchAlertKind,
  leadDeliveryKind,
  outboxEmailKind,
];
