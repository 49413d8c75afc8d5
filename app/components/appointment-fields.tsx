import { useEffect, useRef, useState } from "react";
import { describeDate } from "../../core/appointments/calendar.ts";
import type { AppointmentChoice } from "../lib/appointment.ts";
import { Field, FieldSet, hintId, Options } from "./field.tsx";

type Slot = { start: string; placesLeft: number };

export type AppointmentFieldsProps = {
  choice: AppointmentChoice;
  /** The dealership chosen in the form's select, when the page does not fix it (updated as the visitor changes it). */
  dealerSlug: string | null;
  /** The time the visitor had picked (a re-render after a problem). */
  selectedTime?: string;
  error?: string;
  /** The date's and the time's ids; the group's hint is the date's (`<date>-hint`), the error the time's. */
  ids: { date: string; time: string };
  classes: { label: string; input: string; error: string; hint: string };
  enhanced: boolean;
  /** The form's own submit button (its text, and its name and value if it has them): see DefaultSubmit. */
  submit: { label: string; name?: string; value?: string };
};

const placesText = (places: number) => (places === 1 ? "1 place left" : `${places} places left`);

/**
 * The date field and the select of free times for it. Without JavaScript the server fills the
 * select for the dealership and date the form was rendered with, and "Show times" posts the form back to
 * re-render them for another dealership or date (nothing is stored). With JavaScript the times follow the
 * date and the dealership at once, from GET /api/dealers/{slug}/slots, and the change is announced.
 */
export function AppointmentFields({
  choice,
  dealerSlug,
  selectedTime,
  error,
  ids,
  classes,
  enhanced,
  submit,
}: AppointmentFieldsProps) {
  const { date, setDate, times, status, nextFree } = useFreeTimes(choice, dealerSlug, enhanced);

  const noDealer = !dealerSlug;
  return (
    <FieldSet
      id={ids.date}
      legend="Date and time"
      required
      hint={`Free times in the next 14 days, 30 minutes each${noDealer ? ", once you have chosen a dealership" : ""}.`}
      look={{ label: `${classes.label} px-1`, hint: `text-sm ${classes.hint}` }}
      className="space-y-4 rounded border border-gray-300 p-4"
    >
      {() => (
        <>
          {enhanced ? null : <DefaultSubmit {...submit} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={ids.date} label="Date" required look={{ label: classes.label }}>
              {(control) => (
                <input
                  {...control}
                  aria-describedby={hintId(ids.date)}
                  name="appointment_date"
                  type="date"
                  required
                  min={choice.min}
                  max={choice.max}
                  value={date}
                  onChange={(event) => setDate(event.target.value)}
                  className={classes.input}
                />
              )}
            </Field>
            <TimeField
              dealerSlug={dealerSlug}
              date={date}
              times={times}
              selectedTime={selectedTime}
              error={error}
              ids={ids}
              classes={classes}
            />
          </div>
          {times.length === 0 && nextFree && !noDealer ? (
            <p className={`text-sm ${classes.hint}`}>The next day with free times is {describeDate(nextFree)}.</p>
          ) : null}
          <p role="status" aria-live="polite" className={`text-sm ${classes.hint}`}>
            {enhanced ? status : ""}
          </p>
          {enhanced ? null : (
            <button
              type="submit"
              name="intent"
              value="show-times"
              formNoValidate
              className="rounded border border-brand-grey bg-white px-4 py-2 font-semibold text-brand-grey hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red"
            >
              Show times for this dealership and date
            </button>
          )}
        </>
      )}
    </FieldSet>
  );
}

/** The select of the date's free times, each with its places left. */
function TimeField({
  dealerSlug,
  date,
  times,
  selectedTime,
  error,
  ids,
  classes,
}: Pick<AppointmentFieldsProps, "dealerSlug" | "selectedTime" | "error" | "ids" | "classes"> & {
  date: string;
  times: AppointmentChoice["times"];
}) {
  const initial = selectedTime && times.some((t) => t.time === selectedTime) ? selectedTime : "";
  const select = useRef<HTMLSelectElement>(null);
  const shownTimes = `${dealerSlug}-${date}-${times.map((t) => t.time).join()}`;
  const shownFor = useRef(shownTimes);
  // New times start from the form's choice again, in the same element: a keyboard user who is on the select when the
  // times arrive keeps their place. Not when the page hydrates: a time chosen before the scripts came stays chosen.
  useEffect(() => {
    if (shownFor.current === shownTimes) return;
    shownFor.current = shownTimes;
    if (select.current) select.current.value = initial;
  }, [shownTimes, initial]);
  return (
    <Field id={ids.time} label="Time" required error={error} look={{ label: classes.label, error: classes.error }}>
      {(control) => (
        <select
          {...control}
          name="appointment_time"
          required
          ref={select}
          defaultValue={initial}
          className={classes.input}
        >
          <Options
            choices={times.map((slot) => ({
              value: slot.time,
              label: `${slot.time} (${placesText(slot.placesLeft)})`,
            }))}
            placeholder={times.length > 0 ? "Choose a time" : "No free times on this date"}
          />
        </select>
      )}
    </Field>
  );
}

/**
 * The date shown and its free times: the server's choice at first, then, with JavaScript, fetched again when the
 * dealership or the date changes (a new dealership opens on its first free day), with a status line to announce.
 */
function useFreeTimes(choice: AppointmentChoice, dealerSlug: string | null, enhanced: boolean) {
  const [date, setDate] = useState(choice.date);
  const [times, setTimes] = useState(choice.times);
  const [status, setStatus] = useState<string>("");
  const [nextFree, setNextFree] = useState<string | null>(choice.nextFreeDate);
  const shownFor = useRef({ dealer: choice.dealerSlug, date: choice.date });

  useEffect(() => {
    setDate(choice.date);
    setTimes(choice.times);
    setNextFree(choice.nextFreeDate);
    shownFor.current = { dealer: choice.dealerSlug, date: choice.date };
  }, [choice]);

  useEffect(() => {
    if (!enhanced) return;
    if (shownFor.current.dealer === dealerSlug && shownFor.current.date === date) return;
    const dealerChanged = shownFor.current.dealer !== dealerSlug;
    shownFor.current = { dealer: dealerSlug, date };
    if (!dealerSlug) {
      setTimes([]);
      setStatus("Choose a dealership to see its free times.");
      return;
    }
    const controller = new AbortController();
    fetch(`/api/dealers/${encodeURIComponent(dealerSlug)}/slots?type=${choice.kind}`, {
      signal: controller.signal,
      headers: { Accept: "application/ld+json" },
    })
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`slots answered ${response.status}`)),
      )
      .then((body: { "hydra:member": Slot[] }) => {
        const slots = body["hydra:member"];
        // A new dealership opens on its first free day when the date is not one it has times on.
        const onDate = (day: string) => slots.filter((slot) => slot.start.slice(0, 10) === day);
        const day = dealerChanged && onDate(date).length === 0 && slots[0] ? slots[0].start.slice(0, 10) : date;
        if (day !== date) {
          shownFor.current = { dealer: dealerSlug, date: day };
          setDate(day);
        }
        const free = onDate(day).map((slot) => ({ time: slot.start.slice(11, 16), placesLeft: slot.placesLeft }));
        setTimes(free);
        const later = slots.find((slot) => slot.start.slice(0, 10) > day);
        setNextFree(later ? later.start.slice(0, 10) : null);
        setStatus(
          free.length === 0
            ? `No free times on ${describeDate(day)}.`
            : `${free.length === 1 ? "1 time" : `${free.length} times`} free on ${describeDate(day)}.`,
        );
      })
      .catch((failure: unknown) => {
        if ((failure as Error).name === "AbortError") return;
        setStatus("The free times could not be loaded; use Show times to try again.");
      });
    return () => controller.abort();
  }, [dealerSlug, date, enhanced, choice.kind]);
  return { date, setDate, times, status, nextFree };
}

/**
 * Enter in a field submits a form through its first submit button in document order (HTML's implicit
 * submission), which without JavaScript would be "Show times". This copy of the form's own submit button
 * comes first, so Enter books (or moves) as the visible button does. It is kept out of sight, out of the tab
 * order and out of the accessibility tree (only Enter reaches it); still rendered, since some browsers skip a
 * default button that is not.
 */
function DefaultSubmit({ label, name, value }: AppointmentFieldsProps["submit"]) {
  return (
    <button type="submit" name={name} value={value} tabIndex={-1} aria-hidden="true" className="sr-only">
      {label}
    </button>
  );
}
