import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export type CalendarEntry = {
  /** The appointment's id: the same event across changes, so that a calendar updates it in place. */
  id: string;
  /** Counts changes (RFC 5545 SEQUENCE): a calendar applies the highest. */
  sequence: number;
  start: Date;
  end: Date;
  cancelled: boolean;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  url?: string;
};

/**
 * The appointment as an iCalendar file (RFC 5545) for the buyer's calendar: a REQUEST while booked, a CANCEL
 * once cancelled, with ical-generator doing the escaping and line folding (decision 025).
 */
export function appointmentIcs(entry: CalendarEntry): string {
  const calendar = ical({
    prodId: { company: "Honda Dealer Group", product: "Website", language: "EN" },
    method: entry.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${entry.id}@honda-dealer-group`,
    sequence: entry.sequence,
    start: entry.start,
    end: entry.end,
    summary: entry.summary,
    description: entry.description,
    location: entry.location,
    organizer: entry.organizer,
    url: entry.url,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
