import { appContext } from "../../../load-context.ts";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { buttonClass, ErrorSummary, Notice, secondaryButtonClass, TextField } from "../../../components/staff/form.tsx";
import type { KindCount, PrivacyAnswer, RecordGroup, SearchedPerson } from "../../../lib/privacy-requests.server.ts";
import { privacyStep, privacyStepContext } from "../../../lib/privacy-requests.server.ts";
import { staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { assertMayUse } from "../../../../core/staff/roles.ts";
import type { Route } from "./+types/requests";

/**
 * A person's requests under POPIA (sections 23, 24 and 69): find every record that holds their e-mail address, phone
 * number or ID number, hand it over, correct it, erase it, or stop marketing to them. Every step is a POST (the
 * searched value stays out of addresses); the services check the role and audit each step.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    assertMayUse(actor, "privacy");
  } catch (error) {
    staffFailure(error);
  }
  return { csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  try {
    return await privacyStep(privacyStepContext(context.get(appContext), actor), form);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Privacy requests${STAFF_TITLE_SUFFIX}` }];

export default function PrivacyRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken } = loaderData;
  const answer = actionData as PrivacyAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const searched = answer && answer.step !== "refused" ? answer.person.value : (answer?.typed ?? "");
  return (
    <>
      <h1 className="text-3xl font-bold">Privacy requests</h1>
      <p className="mt-2 max-w-2xl">
        Find everything the group holds about one person, then hand it over, correct it, erase it or stop marketing to
        them. Every step is recorded in the audit log, without the values erased.{" "}
        <Link to="/staff/privacy/register" className="font-semibold text-brand-red underline">
          Processing register
        </Link>
      </p>
      <SearchForm
        csrfToken={csrfToken}
        value={searched}
        error={answer?.step === "refused" ? answer.message : undefined}
        busy={busy}
      />
      {answer && answer.step !== "refused" ? <Answer answer={answer} csrfToken={csrfToken} busy={busy} /> : null}
    </>
  );
}

type Busy = { csrfToken: string; busy: boolean };

const SEARCH_LABEL = "E-mail address, phone number or ID number";

/** The search: one field for an e-mail address, a phone number in any spelling, or an ID number. */
function SearchForm({ csrfToken, value, error, busy }: Busy & { value: string; error?: string }) {
  return (
    <Form method="post" className="mt-6 max-w-xl space-y-4" noValidate aria-label="Find a person's records">
      <ErrorSummary
        form="search"
        errors={error ? { person: error } : undefined}
        fieldLabels={{ person: SEARCH_LABEL }}
      />
      <CsrfField token={csrfToken} />
      <TextField
        form="search"
        name="person"
        label={SEARCH_LABEL}
        hint="A phone number in any spelling: 082 555 0123 or +27825550123. An ID number has 13 digits."
        autoComplete="off"
        required
        defaultValue={value}
        error={error}
      />
      <button type="submit" name="intent" value="search" className={buttonClass} disabled={busy}>
        Find records
      </button>
    </Form>
  );
}

/** The outcome's heading: focus goes to it after each step (the Answer puts it there). */
function OutcomeHeading({ children }: { children: string }) {
  return (
    <h2 id="outcome" tabIndex={-1} className="text-2xl font-bold outline-none">
      {children}
    </h2>
  );
}

type Answered = Exclude<PrivacyAnswer, { step: "refused" }>;

/**
 * What a step answered. Focus goes to its heading after every answer, even one with the same text, so that a keyboard or
 * screen-reader user lands on the outcome; a refused correction leaves it to the form's error summary.
 */
function Answer({ answer, ...form }: Busy & { answer: Answered }) {
  useEffect(() => {
    if (answer.step !== "correct-refused") document.getElementById("outcome")?.focus();
  }, [answer]);
  return (
    <section aria-labelledby="outcome" className="mt-10 max-w-3xl space-y-6 wrap-anywhere">
      {answer.step === "erase-confirm" ? (
        <EraseConfirmation person={answer.person} counts={answer.counts} {...form} />
      ) : answer.step === "erased" ? (
        <Erased person={answer.person} counts={answer.counts} />
      ) : (
        <Found answer={answer} {...form} />
      )}
    </section>
  );
}

const recordsText = (count: number) => `${count} record${count === 1 ? "" : "s"}`;
/** "1 record holds", "3 records hold". */
const recordsHold = (count: number) => `${recordsText(count)} ${count === 1 ? "holds" : "hold"}`;
const total = (groups: readonly RecordGroup[]) => groups.reduce((sum, group) => sum + group.records.length, 0);

function Found({ answer, ...form }: Busy & { answer: Extract<Answered, { step: "found" | "correct-refused" }> }) {
  const { person, groups } = answer;
  const count = total(groups);
  const refused = answer.step === "correct-refused";
  return (
    <>
      <OutcomeHeading>
        {count === 0 ? `Nothing is held under ${person.description}` : `${recordsHold(count)} ${person.description}`}
      </OutcomeHeading>
      {answer.step === "found" && answer.done ? <Notice>{answer.done}</Notice> : null}
      {groups.map((group) => (
        <KindRecords key={group.kind} group={group} />
      ))}
      {count > 0 ? (
        <>
          <HandOver person={person} {...form} />
          <CorrectForm
            person={person}
            errors={refused ? answer.errors : undefined}
            values={refused ? answer.values : {}}
            {...form}
          />
          <EraseStart person={person} {...form} />
        </>
      ) : null}
      <ObjectToMarketing person={person} {...form} />
    </>
  );
}

/** One kind's records: a list, not a table, so that a phone shows each record whole. */
function KindRecords({ group }: { group: RecordGroup }) {
  const id = `kind-${group.kind}`;
  return (
    <div>
      <h3 id={id} className="text-xl font-bold">
        {`${group.label} (${group.records.length})`}
      </h3>
      <ul aria-labelledby={id} className="mt-2 space-y-2">
        {group.records.map((record) => (
          <li key={record.recordId} className="rounded border border-gray-300 p-3 break-words">
            <p className="font-semibold">{record.summary}</p>
            <p className="text-sm">{`${record.dealer} · ${record.date}`}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The hidden fields every action's form carries: the session's token and whom it concerns. */
function PersonFields({ person, csrfToken }: { person: SearchedPerson; csrfToken: string }) {
  return (
    <>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="person" value={person.value} />
    </>
  );
}

/**
 * The hand-over files: a plain form (not the router's), so that the browser saves the attachment the resource route
 * answers and the page stays as it is.
 */
function HandOver({ person, csrfToken }: Busy & { person: SearchedPerson }) {
  return (
    <div>
      <h3 className="text-xl font-bold">Hand over</h3>
      <p className="mt-1">
        Everything found, with what each record is for, who received it and how long it is kept: a file the person can
        read, and the same in JSON for another system.
      </p>
      <form method="post" action="/staff/privacy/hand-over" className="mt-3 flex flex-wrap gap-3">
        <PersonFields person={person} csrfToken={csrfToken} />
        <button type="submit" name="format" value="text" className={buttonClass}>
          Download the file to read
        </button>
        <button type="submit" name="format" value="json" className={secondaryButtonClass}>
          Download the JSON
        </button>
      </form>
    </div>
  );
}

const CORRECT_LABELS = { name: "Name", email: "E-mail address", phone: "Phone number" };

/** Correct name, e-mail address or phone number on every record at once; an empty field is left as it is. */
function CorrectForm({
  person,
  errors,
  values,
  csrfToken,
  busy,
}: Busy & { person: SearchedPerson; errors?: Record<string, string>; values: Record<string, string> }) {
  return (
    <div>
      <h3 className="text-xl font-bold">Correct</h3>
      <Form method="post" className="mt-2 max-w-xl space-y-4" noValidate aria-label="Correct every record">
        <ErrorSummary form="correct" errors={errors} fieldLabels={CORRECT_LABELS} />
        <p>Fill in only what is to change: it changes on every record found. An empty field is left as it is.</p>
        <PersonFields person={person} csrfToken={csrfToken} />
        {(["name", "email", "phone"] as const).map((name) => (
          <TextField
            key={name}
            form="correct"
            name={name}
            label={CORRECT_LABELS[name]}
            type={name === "email" ? "email" : name === "phone" ? "tel" : "text"}
            inputMode={name === "email" ? "email" : undefined}
            autoComplete="off"
            defaultValue={values[name]}
            error={errors?.[name]}
          />
        ))}
        <button type="submit" name="intent" value="correct" className={buttonClass} disabled={busy}>
          Correct every record
        </button>
      </Form>
    </div>
  );
}

function EraseStart({ person, csrfToken, busy }: Busy & { person: SearchedPerson }) {
  return (
    <div>
      <h3 className="text-xl font-bold">Erase</h3>
      <p className="mt-1">
        Deletes every record found, with its copies (sent e-mails, delivery copies, photos). Records the group must keep
        (an accepted finance deal, the audit log) keep their dates and amounts but lose every name, contact, ID number,
        free text and photo. You confirm on the next step.
      </p>
      <Form method="post" className="mt-3">
        <PersonFields person={person} csrfToken={csrfToken} />
        <button type="submit" name="intent" value="erase-check" className={secondaryButtonClass} disabled={busy}>
          Erase…
        </button>
      </Form>
    </div>
  );
}

function ObjectToMarketing({ person, csrfToken, busy }: Busy & { person: SearchedPerson }) {
  return (
    <div>
      <h3 className="text-xl font-bold">Object to marketing</h3>
      <p className="mt-1">
        Puts {person.kind === "id_number" ? "the e-mail addresses on this person's records" : person.description} on the
        do-not-contact list: saved-search alerts and marketing messages stop, also for a later sign-up. Enquiries
        already made are still answered.
      </p>
      <Form method="post" className="mt-3">
        <PersonFields person={person} csrfToken={csrfToken} />
        <button type="submit" name="intent" value="object" className={secondaryButtonClass} disabled={busy}>
          Stop marketing to this person
        </button>
      </Form>
    </div>
  );
}

function CountList({ counts }: { counts: readonly KindCount[] }) {
  return (
    <ul className="list-disc pl-5">
      {counts.map((count) => (
        <li key={count.label}>{`${count.label}: ${count.count}`}</li>
      ))}
    </ul>
  );
}

/** Nothing is deleted before this step: it names what will go, by kind, and asks once more. */
function EraseConfirmation({
  person,
  counts,
  csrfToken,
  busy,
}: Busy & { person: SearchedPerson; counts: KindCount[] }) {
  const count = counts.reduce((sum, kind) => sum + kind.count, 0);
  return (
    <>
      <OutcomeHeading>{`Erase ${recordsText(count)} that ${count === 1 ? "holds" : "hold"} ${person.description}?`}</OutcomeHeading>
      <CountList counts={counts} />
      <p>This cannot be undone. The person&apos;s records at every dealer you may act for go at once, or none do.</p>
      <Form method="post" className="flex flex-wrap gap-3">
        <PersonFields person={person} csrfToken={csrfToken} />
        <button type="submit" name="intent" value="erase" className={buttonClass} disabled={busy}>
          Erase {recordsText(count)}
        </button>
        <button type="submit" name="intent" value="search" className={secondaryButtonClass} disabled={busy}>
          Keep them
        </button>
      </Form>
    </>
  );
}

function Erased({ person, counts }: { person: SearchedPerson; counts: KindCount[] }) {
  return (
    <>
      <OutcomeHeading>{`Erased what was held under ${person.description}`}</OutcomeHeading>
      <CountList counts={counts} />
      <p>A new search for this person finds nothing. The audit log records the erasure without the values.</p>
    </>
  );
}
