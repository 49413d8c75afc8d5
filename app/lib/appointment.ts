/** The date and times an appointment form offers, as the server computed them for one dealer. */
export type AppointmentChoice = {
  kind: "test-drive" | "service";
  /** The dealer the times are for; null until one is chosen. */
  dealerSlug: string | null;
  /** The date shown (YYYY-MM-DD): the chosen one, else the first with a free time. */
  date: string;
  /** The booking window, for the date field's min and max. */
  min: string;
  max: string;
  /** The free times on `date`: "09:30", with the places left. */
  times: { time: string; placesLeft: number }[];
  /** The next date after `date` with free times, to suggest when `date` has none. */
  nextFreeDate: string | null;
};

/** The appointment's start as the enquiry schema takes it, from the form's date and time fields. */
export function appointmentStart(date: string | undefined, time: string | undefined): string | undefined {
  if (!date && !time) return undefined;
  if (!date || !time) return "";
  // Anything malformed is passed on as is, for the schema to refuse with its message.
  return `${date}T${time}:00+02:00`;
}
