import type { ReactNode } from "react";

/**
 * The form kit: a field's wiring, written once for the public and the staff forms alike. The label (with its
 * required mark), an optional hint, the control, its error, and the aria attributes that tie them together
 * (`aria-describedby` names the error, then the hint; `aria-invalid` while in error); a checkbox beside its label;
 * a group under a legend; a select's options. Each form keeps its own look through `look`; the control itself is
 * the caller's, given its props (decision 087).
 */

/** What a field's control carries: its id, and the aria attributes for its hint and error. */
export type ControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** The classes of a form's labels, hints, errors and required marks. */
export type FieldLook = { label?: string; hint?: string; error?: string; mark?: string };

export const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** The ids a control is described by: its error first, then its hint. */
function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }): string | undefined {
  return [error ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean).join(" ") || undefined;
}

export function controlProps(id: string, { hint, error }: { hint?: unknown; error?: unknown }): ControlProps {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, { hint, error }) };
}

/** The mark after a required field's label: seen, not read out (the control itself says it is required). */
export function RequiredMark({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={className}>
      {" *"}
    </span>
  );
}

function withMark(text: ReactNode, required: boolean | undefined, look: FieldLook) {
  return required ? (
    <>
      {text}
      <RequiredMark className={look.mark} />
    </>
  ) : (
    text
  );
}

export type Choice = { value: string | number; label: string };

/** A select's options, after an empty first choice when there is a placeholder. */
export function Options({ choices, placeholder }: { choices: readonly Choice[]; placeholder?: string }) {
  return (
    <>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}

export function FieldHint({ id, hint, className }: { id: string; hint?: ReactNode; className?: string }) {
  return hint ? (
    <p id={hintId(id)} className={className}>
      {hint}
    </p>
  ) : null;
}

/** A field's error; `role="alert"` when it stands apart from its field, after the form, say. */
export function FieldError({
  id,
  error,
  className,
  role,
}: {
  id: string;
  error?: ReactNode;
  className?: string;
  role?: "alert";
}) {
  return error ? (
    <p id={errorId(id)} className={className} role={role}>
      {error}
    </p>
  ) : null;
}

type FieldProps = {
  /** The control's id; the hint and the error take it with -hint and -error. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Marks the label (or legend) as required; the control carries `required` or `aria-required` itself. */
  required?: boolean;
  look?: FieldLook;
  /** The wrapping element's classes. */
  className?: string;
  /** The hint under the control rather than above it (the finance wizard). */
  hintAfterControl?: boolean;
  /** Shown under the error: the current picture of an image field, say. */
  after?: ReactNode;
  children: (control: ControlProps) => ReactNode;
};

/** A labelled control: label, hint, control, error. */
export function Field(props: FieldProps) {
  const { id, label, hint, error, required, look = {}, className, hintAfterControl, after, children } = props;
  const hintText = <FieldHint id={id} hint={hint} className={look.hint} />;
  return (
    <div className={className}>
      <label htmlFor={id} className={look.label}>
        {withMark(label, required, look)}
      </label>
      {hintAfterControl ? null : hintText}
      {children(controlProps(id, { hint, error }))}
      {hintAfterControl ? hintText : null}
      <FieldError id={id} error={error} className={look.error} />
      {after}
    </div>
  );
}

/** A checkbox with its label beside it (after it), and its error below both. */
export function CheckboxField({
  id,
  label,
  error,
  required,
  look = {},
  className,
  rowClassName,
  children,
}: Omit<FieldProps, "hint" | "hintAfterControl" | "after"> & { rowClassName: string }) {
  return (
    <div className={className}>
      <div className={rowClassName}>
        {children(controlProps(id, { error }))}
        <label htmlFor={id} className={look.label}>
          {withMark(label, required, look)}
        </label>
      </div>
      <FieldError id={id} error={error} className={look.error} />
    </div>
  );
}

/**
 * A group of checkboxes or radios under a legend. The fieldset is described by the error and hint (ids from
 * `id`); each control in the group is given `aria-invalid`. With `linkTarget` the fieldset itself takes the id
 * (and focus, from an error summary's link) rather than a control in it.
 */
export function FieldSet({
  id,
  legend,
  hint,
  error,
  required,
  look = {},
  className,
  linkTarget,
  errorBeforeControls,
  children,
}: Omit<FieldProps, "label" | "hintAfterControl" | "after" | "children"> & {
  legend: ReactNode;
  linkTarget?: boolean;
  /** The error under the hint, above a long list of choices. */
  errorBeforeControls?: boolean;
  children: (control: Pick<ControlProps, "aria-invalid">) => ReactNode;
}) {
  const errorText = <FieldError id={id} error={error} className={look.error} />;
  return (
    <fieldset
      id={linkTarget ? id : undefined}
      tabIndex={linkTarget ? -1 : undefined}
      className={className}
      aria-describedby={describedBy(id, { hint, error })}
    >
      <legend className={look.label}>{withMark(legend, required, look)}</legend>
      <FieldHint id={id} hint={hint} className={look.hint} />
      {errorBeforeControls ? errorText : null}
      {children({ "aria-invalid": error ? true : undefined })}
      {errorBeforeControls ? null : errorText}
    </fieldset>
  );
}

/**
 * A control with no label of its own, named by `aria-label` (a cell of a grid whose headings say what it is),
 * described by its error and by `describedByAlso` (the grid's hint), with its error under it.
 */
export function CellField({
  id,
  label,
  error,
  describedByAlso,
  look = {},
  className,
  children,
}: {
  id: string;
  label: string;
  error?: ReactNode;
  describedByAlso?: string;
  look?: FieldLook;
  className?: string;
  children: (control: ControlProps & { "aria-label": string }) => ReactNode;
}) {
  const ids = [error ? errorId(id) : null, describedByAlso].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      {children({ id, "aria-label": label, "aria-invalid": error ? true : undefined, "aria-describedby": ids })}
      <FieldError id={id} error={error} className={look.error} />
    </div>
  );
}
