/**
 * How long each kind of personal record is kept (server/env.ts reads them; the privacy policy page and the processing
 * register read them through `retentionPolicy`, so what the site says and what the retention job does cannot drift).
 */
export type RetentionSettings = {
  /** LEAD_RETENTION_MONTHS: after a lead's last activity. */
  leadMonths: number;
  /** APPOINTMENT_RETENTION_MONTHS: after an appointment's last change. */
  appointmentMonths: number;
  /** FINANCE_RETENTION_DAYS: after the application was received. */
  financeDays: number;
  /** SELLER_PHOTO_RETENTION_DAYS: after the sell-your-car photos were sent. */
  sellerPhotoDays: number;
  /** LEAD_DELIVERY_COPY_RETENTION_DAYS: after the delivery was made. */
  deliveryCopyDays: number;
  /** OUTBOX_RETENTION_DAYS: after the e-mail was written. */
  outboxDays: number;
  /** ALERT_RETENTION_DAYS: after the address unsubscribed. */
  alertDays: number;
  /** HELD_LEAD_RETENTION_DAYS: an enquiry held as automated, after it was sent, unless staff released it. */
  heldLeadDays: number;
};

export const DEFAULT_RETENTION: RetentionSettings = {
  leadMonths: 24,
  appointmentMonths: 24,
  financeDays: 180,
  sellerPhotoDays: 90,
  deliveryCopyDays: 90,
  outboxDays: 90,
  alertDays: 30,
  heldLeadDays: 14,
};

/** The settings as server/env.ts validated them. */
export function retentionSettingsOf(env: {
  LEAD_RETENTION_MONTHS: number;
  APPOINTMENT_RETENTION_MONTHS: number;
  FINANCE_RETENTION_DAYS: number;
  SELLER_PHOTO_RETENTION_DAYS: number;
  LEAD_DELIVERY_COPY_RETENTION_DAYS: number;
  OUTBOX_RETENTION_DAYS: number;
  ALERT_RETENTION_DAYS: number;
  HELD_LEAD_RETENTION_DAYS: number;
}): RetentionSettings {
  return {
    leadMonths: env.LEAD_RETENTION_MONTHS,
    appointmentMonths: env.APPOINTMENT_RETENTION_MONTHS,
    financeDays: env.FINANCE_RETENTION_DAYS,
    sellerPhotoDays: env.SELLER_PHOTO_RETENTION_DAYS,
    deliveryCopyDays: env.LEAD_DELIVERY_COPY_RETENTION_DAYS,
    outboxDays: env.OUTBOX_RETENTION_DAYS,
    alertDays: env.ALERT_RETENTION_DAYS,
    heldLeadDays: env.HELD_LEAD_RETENTION_DAYS,
  };
}

/** A retention period: its length and unit, as the setting names it. */
export type RetentionPeriod = { amount: number; unit: "days" | "months"; after: string };

/** The moment before which a record of this period has expired, at `now` (months as calendar months, in UTC). */
export function cutoffOf(period: RetentionPeriod, now: Date): Date {
  const cutoff = new Date(now.getTime());
  if (period.unit === "months") cutoff.setUTCMonth(cutoff.getUTCMonth() - period.amount);
  else cutoff.setTime(cutoff.getTime() - period.amount * 86_400_000);
  return cutoff;
}

/** "24 months after the lead's last activity", "90 days after it was sent". */
export function describePeriod(period: RetentionPeriod): string {
  const unit = period.amount === 1 ? period.unit.slice(0, -1) : period.unit;
  return `${period.amount} ${unit} after ${period.after}`;
}

/**
 * What the server hands the privacy pages: the retention settings, and the outbox folder its mail channel writes
 * (null when mail goes by SMTP_URL, or in tests without one). With the finance cipher it makes PrivacyDeps.
 */
export type PrivacySettings = { outboxDir: string | null; retention: RetentionSettings };
