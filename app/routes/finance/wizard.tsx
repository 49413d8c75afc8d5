import { type RefObject, startTransition, useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import {
  DRAFT_STORAGE_KEY,
  fieldErrors,
  NEVER_IN_DRAFT,
  STEP_TITLES,
} from "../../../core/finance/application-fields.ts";
import { fieldNamesOf, type FieldGroup, type FieldSpec } from "./fields.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { CheckboxField, Field, Options } from "../../components/field.tsx";
import { ProblemSummary } from "../../components/enquiry-fields.tsx";

export type FormValues = Record<string, string | boolean>;

const inputClass =
  "mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 aria-[invalid=true]:border-brand-red";

/** The draft kept in local storage: every value except the identity number and the bank details. */
function draftOf(values: FormValues, step: number): string {
  const kept = Object.fromEntries(
    Object.entries(values).filter(([name]) => !(NEVER_IN_DRAFT as readonly string[]).includes(name)),
  );
  return JSON.stringify({ step, values: kept });
}

/**
 * The shared schemas (zod) validate a step in the browser; they load when the buyer first focuses a field,
 * not with the page, which shows and hydrates without them (zod is a large share of the finance
 * page's scripts). One import for the page's life; a failed one is tried again next time.
 */
let stepSchemas: Promise<typeof import("../../../core/finance/application-schema.ts")["STEP_SCHEMAS"]> | null = null;
function loadStepSchemas() {
  stepSchemas ??= import("../../../core/finance/application-schema.ts").then(
    (schema) => schema.STEP_SCHEMAS,
    (error: unknown) => {
      stepSchemas = null;
      throw error;
    },
  );
  return stepSchemas;
}

function readDraft(stepFields: string[][]): { step: number; values: FormValues } | null {
  try {
    const raw = localStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { step?: unknown; values?: unknown };
    if (!parsed || typeof parsed.values !== "object" || parsed.values === null) return null;
    const values: FormValues = {};
    const known = new Set(stepFields.flat());
    for (const [name, value] of Object.entries(parsed.values as Record<string, unknown>)) {
      if (!known.has(name) || (NEVER_IN_DRAFT as readonly string[]).includes(name)) continue;
      if (typeof value === "string" || typeof value === "boolean") values[name] = value;
    }
    const step =
      typeof parsed.step === "number" && parsed.step >= 0 && parsed.step < STEP_TITLES.length
        ? Math.floor(parsed.step)
        : 0;
    return { step, values };
  } catch {
    return null;
  }
}

type SendOutcome = { kind: "sent" } | { kind: "invalid"; errors: Record<string, string> } | { kind: "failed" };

/** Posts the application as JSON to the API; a 422 comes back as the fields' messages. */
async function sendApplication(values: FormValues, idempotencyKey: string): Promise<SendOutcome> {
  try {
    const response = await fetch("/api/finance_applications", {
      method: "POST",
      headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json" },
      body: JSON.stringify({ ...values, idempotencyKey }),
    });
    if (response.ok) return { kind: "sent" };
    const body = (await response.json().catch(() => null)) as {
      violations?: { propertyPath: string; message: string }[];
    } | null;
    if (response.status === 422 && body?.violations?.length) {
      return {
        kind: "invalid",
        errors: fieldErrors(body.violations.map((v) => ({ path: [v.propertyPath], message: v.message }))),
      };
    }
  } catch {
    // reported below, as any other failure
  }
  console.error("An error occurred");
  return { kind: "failed" };
}

/**
 * Restores the draft once JavaScript runs (after hydration, so the server HTML matches), in a transition like the
 * switch to the wizard itself (app/lib/hydrated.ts): the whole form re-renders for it. Then keeps it up to date.
 */
function useDraft(
  state: { values: FormValues; step: number; restoring: boolean; stepFields: string[][] },
  restore: (draft: { step: number; values: FormValues }) => void,
) {
  const [draftReady, setDraftReady] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restores the draft once, when the wizard takes over from the server-rendered form
  useEffect(() => {
    startTransition(() => {
      if (state.restoring) {
        const draft = readDraft(state.stepFields);
        if (draft) restore(draft);
      }
      setDraftReady(true);
    });
  }, []);

  useEffect(() => {
    if (draftReady) localStorage.setItem(DRAFT_STORAGE_KEY, draftOf(state.values, state.step));
  }, [state.values, state.step, draftReady]);
}

/** Each step scrolls into view when it changes (not on the first render), its legend focused. */
function useStepIntoView(step: number) {
  const stepRefs = useRef<(HTMLFieldSetElement | null)[]>([]);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const fieldset = stepRefs.current[step];
    fieldset?.scrollIntoView({ behavior: "smooth", block: "start" });
    fieldset?.querySelector<HTMLElement>("legend")?.focus({ preventScroll: true });
  }, [step]);
  return stepRefs;
}

type WizardProps = {
  groups: FieldGroup[][];
  initialValues: FormValues;
  initialErrors: Record<string, string>;
  idempotencyKey: string;
};

/**
 * The five-step finance application (product.md §4). Rendered on the server as one long form of every
 * step posted to the route action; once JavaScript runs it becomes the wizard: one step at a time, Next
 * validates the step with the shared schema, Submit posts JSON to /api/finance_applications.
 */
export function FinanceWizard({ groups, initialValues, initialErrors, idempotencyKey }: WizardProps) {
  const {
    enhanced,
    step,
    values,
    errors,
    bannerOpen,
    setBannerOpen,
    sending,
    sendFailed,
    summaryRef,
    stepRefs,
    change,
    next,
    previous,
  } = useFinanceWizard({ groups, initialValues, initialErrors, idempotencyKey });
  return (
    <Form
      method="post"
      noValidate
      onSubmit={next}
      onFocus={() => void loadStepSchemas().catch(() => {})}
      aria-label="Finance application"
      className="mt-6"
    >
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {enhanced && <StepProgress step={step} />}
      <StepProblems
        errors={errors}
        bannerOpen={bannerOpen}
        summaryRef={summaryRef}
        onClose={() => setBannerOpen(false)}
      />
      {groups.map((stepGroups, index) => (
        <StepFieldset
          key={STEP_TITLES[index]}
          index={index}
          groups={stepGroups}
          fieldsetRef={(element) => {
            stepRefs.current[index] = element;
          }}
          hidden={enhanced && index !== step}
          enhanced={enhanced}
          values={values}
          errors={errors}
          onChange={change}
        />
      ))}
      {sendFailed && (
        <p role="alert" className="mb-4 text-brand-red-dark">
          We could not send your application just now. Please check your connection and try again.
        </p>
      )}
      <WizardButtons enhanced={enhanced} step={step} sending={sending} onPrevious={previous} />
    </Form>
  );
}

/**
 * The errors found, the banner that counts them and the summary that lists them at the top of the step. Each time
 * errors are found, once they are on the screen, the view and the focus go together to that summary, as in the
 * enquiry forms: on a phone the first field at fault may be a long way above the Next button.
 */
function useErrorBanner(initialErrors: Record<string, string>) {
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors);
  const [bannerOpen, setBannerOpen] = useState(Object.keys(initialErrors).length > 0);
  const [timesShown, setTimesShown] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (timesShown === 0) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    summaryRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    summaryRef.current?.focus({ preventScroll: true });
  }, [timesShown]);
  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setBannerOpen(true);
    setTimesShown((times) => times + 1);
  }
  return { errors, setErrors, bannerOpen, setBannerOpen, summaryRef, showErrors };
}

/**
 * The wizard's state: the step shown, the values and errors, the error banner, the sending of the application;
 * each step is checked before the next is shown, the last one sends the application.
 */
function useFinanceWizard({ groups, initialValues, initialErrors, idempotencyKey }: WizardProps) {
  const enhanced = useHydrated();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<FormValues>(initialValues);
  const { errors, setErrors, bannerOpen, setBannerOpen, summaryRef, showErrors } = useErrorBanner(initialErrors);
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const keyRef = useRef(idempotencyKey);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const stepFields = groups.map(fieldNamesOf);
  const stepRefs = useStepIntoView(step);
  useDraft({ values, step, restoring: Object.keys(initialErrors).length === 0, stepFields }, (draft) => {
    setValues((current) => ({ ...current, ...draft.values }));
    setStep(draft.step);
  });

  function change(name: string, value: string | boolean) {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) {
      setErrors((current) => {
        const { [name]: _removed, ...rest } = current;
        return rest;
      });
    }
    setSendFailed(false);
  }

  async function submit() {
    setSending(true);
    setSendFailed(false);
    const outcome = await sendApplication(values, keyRef.current);
    setSending(false);
    if (outcome.kind === "sent") {
      localStorage.removeItem(DRAFT_STORAGE_KEY);
      navigate(`${pathname.replace(/\/$/, "")}/thank-you`, { replace: true });
    } else if (outcome.kind === "invalid") {
      const firstStep = firstStepWithError(stepFields, outcome.errors);
      if (Number.isFinite(firstStep)) setStep(firstStep);
      showErrors(outcome.errors);
    } else {
      setSendFailed(true);
    }
  }

  function next(event: React.FormEvent) {
    if (!enhanced) return; // without JavaScript the whole form posts to the route action
    event.preventDefault();
    if (sending) return;
    void checkStepThenMoveOn(step, values);
  }

  async function checkStepThenMoveOn(current: number, entered: FormValues) {
    // Should the schemas fail to load, the step moves on: the API checks every step when the application is sent.
    const schema = await loadStepSchemas().then(
      (schemas) => schemas[current]!,
      () => null,
    );
    const result = schema?.safeParse(entered);
    if (result && !result.success) {
      showErrors(fieldErrors(result.error.issues));
      return;
    }
    setErrors({});
    setBannerOpen(false);
    if (current < STEP_TITLES.length - 1) setStep(current + 1);
    else void submit();
  }

  function previous() {
    setErrors({});
    setBannerOpen(false);
    setStep(Math.max(0, step - 1));
  }

  return {
    enhanced,
    step,
    values,
    errors,
    bannerOpen,
    setBannerOpen,
    sending,
    sendFailed,
    summaryRef,
    stepRefs,
    change,
    next,
    previous,
  };
}

/** The first step with a field in error (Infinity when none of the fields is on a step). */
function firstStepWithError(stepFields: string[][], errors: Record<string, string>): number {
  return Math.min(
    ...Object.keys(errors)
      .map((field) => stepFields.findIndex((names) => names.includes(field)))
      .filter((s) => s >= 0),
  );
}

/** Previous (the wizard, after the first step), and Next or Submit (Loading... while sending). */
function WizardButtons({
  enhanced,
  step,
  sending,
  onPrevious,
}: {
  enhanced: boolean;
  step: number;
  sending: boolean;
  onPrevious: () => void;
}) {
  return (
    <div className="flex gap-3">
      {enhanced && step > 0 && (
        <button
          type="button"
          onClick={onPrevious}
          className="rounded border border-brand-grey px-6 py-3 font-semibold text-brand-grey hover:bg-gray-100"
        >
          Previous
        </button>
      )}
      <button
        type="submit"
        disabled={sending}
        className="rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark disabled:opacity-70"
      >
        {sending ? "Loading..." : !enhanced || step === STEP_TITLES.length - 1 ? "Submit" : "Next"}
      </button>
    </div>
  );
}

/** Where the buyer is in the five steps (the wizard only). */
function StepProgress({ step }: { step: number }) {
  return (
    <ol className="mb-6 flex gap-2" aria-label="Application steps">
      {STEP_TITLES.map((title, index) => (
        <li
          key={title}
          aria-current={index === step ? "step" : undefined}
          className={`flex flex-1 items-center gap-2 ${index === step ? "" : "max-md:flex-none"}`}
        >
          <span
            aria-hidden="true"
            className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
              index <= step ? "bg-brand-red text-white" : "bg-gray-200 text-brand-grey"
            }`}
          >
            {index + 1}
          </span>
          <span className={`text-sm font-medium ${index === step ? "" : "max-md:sr-only"}`}>
            <span className="sr-only">
              Step {index + 1} of {STEP_TITLES.length}:{" "}
            </span>
            {title}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Above the step's fields: the spec's banner (more than one error, until closed) and the list of the problems, each
 * linked to its field. It takes the focus when errors are found; one of the two is announced, not both.
 */
function StepProblems({
  errors,
  bannerOpen,
  summaryRef,
  onClose,
}: {
  errors: Record<string, string>;
  bannerOpen: boolean;
  summaryRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}) {
  const count = Object.keys(errors).length;
  const banner = count > 1 && bannerOpen;
  return (
    <div ref={summaryRef} tabIndex={-1} id="finance-problems" className="scroll-mt-4 outline-none">
      {banner && <ErrorBanner count={count} onClose={onClose} />}
      {count > 0 && (
        <div className="mb-6">
          <ProblemSummary errors={errors} subject="your application" idPrefix="field" announce={!banner} />
        </div>
      )}
    </div>
  );
}

function ErrorBanner({ count, onClose }: { count: number; onClose: () => void }) {
  return (
    <div
      role="alert"
      className="mb-6 flex items-start justify-between gap-4 rounded border border-brand-red bg-red-50 p-4 text-brand-red-dark"
    >
      <p>There are {count} errors on this page. Please correct them before moving on.</p>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close error message"
        className="rounded px-2 text-xl leading-none"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

type StepFieldsetProps = {
  index: number;
  groups: FieldGroup[];
  fieldsetRef: (element: HTMLFieldSetElement | null) => void;
  hidden: boolean;
  enhanced: boolean;
  values: FormValues;
  errors: Record<string, string>;
  onChange: FinanceFieldProps["onChange"];
};

/** One step: its legend, and its groups of fields. */
function StepFieldset({ index, groups, fieldsetRef, hidden, enhanced, values, errors, onChange }: StepFieldsetProps) {
  return (
    <fieldset ref={fieldsetRef} hidden={hidden} className="mb-8 scroll-mt-4">
      <legend tabIndex={-1} className="mb-4 text-2xl font-semibold focus:outline-none">
        {enhanced ? `Step ${index + 1}: ` : `${index + 1}. `}
        {STEP_TITLES[index]}
      </legend>
      {groups.map((group) => (
        <div key={group.title} className="mb-6">
          <h3 className="mb-3 text-lg font-semibold text-brand-grey">{group.title}</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) => (
              <FinanceField
                key={field.name}
                field={field}
                value={values[field.name]}
                error={errors[field.name]}
                onChange={onChange}
              />
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

const fieldLook = {
  label: "block font-medium",
  hint: "mt-1 text-sm text-gray-600",
  error: "mt-1 text-sm font-medium text-brand-red-dark",
  mark: "text-brand-red",
};

type FinanceFieldProps = {
  field: FieldSpec;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (name: string, value: string | boolean) => void;
};

function FinanceField({ field, value, error, onChange }: FinanceFieldProps) {
  const id = `field-${field.name}`;
  if (field.kind === "checkbox") {
    return (
      <CheckboxField
        id={id}
        label={field.label}
        error={error}
        look={{ error: fieldLook.error }}
        className="sm:col-span-2"
        rowClassName="flex items-start gap-3"
      >
        {(control) => (
          <input
            {...control}
            name={field.name}
            aria-required={field.required || undefined}
            type="checkbox"
            checked={value === true || value === "on"}
            onChange={(event) => onChange(field.name, event.target.checked)}
            className="mt-1 h-5 w-5 shrink-0 accent-brand-red"
          />
        )}
      </CheckboxField>
    );
  }
  return (
    <Field
      id={id}
      label={field.label}
      required={field.required}
      hint={field.hint}
      error={error}
      look={fieldLook}
      className={field.wide ? "sm:col-span-2" : undefined}
      hintAfterControl
    >
      {(control) => {
        const common = {
          ...control,
          name: field.name,
          "aria-required": field.required || undefined,
          value: typeof value === "string" ? value : "",
          className: inputClass,
        };
        return field.kind === "select" ? (
          <select {...common} onChange={(event) => onChange(field.name, event.target.value)}>
            <Options choices={field.options ?? []} placeholder="Please select" />
          </select>
        ) : (
          <input
            {...common}
            {...inputTypeOf(field)}
            maxLength={field.maxLength ?? (["money", "number", "date"].includes(field.kind) ? undefined : 200)}
            autoComplete={field.autoComplete}
            list={field.list}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
        );
      }}
    </Field>
  );
}

function inputTypeOf(field: FieldSpec) {
  switch (field.kind) {
    case "money":
      return { type: "number", inputMode: "decimal" as const, min: 0, step: "0.01" };
    case "number":
      return { type: "number", inputMode: "numeric" as const, min: 0, step: 1 };
    case "digits":
      return { type: "text", inputMode: "numeric" as const, pattern: "[0-9 ]*" };
    default:
      return { type: field.kind };
  }
}
