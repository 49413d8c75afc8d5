import type { ReactNode } from "react";

/**
 * A form field's wiring, written once: the label, an optional hint, the control, its error, and the aria
 * attributes that tie them together (`aria-describedby` names the error, then the hint; `aria-invalid` while in
 * error). Each form keeps its own look through `look`; the control itself is the caller's, given its props.
 */

/** What a field's control carries: its id, and the aria attributes for its hint and error. */
export type ControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** The classes of a form's labels, hints and errors. */
export type FieldLook = { label?: string; hint?: string; error?: string };

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** The ids a control is described by: its error first, then its hint. */
function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }): string | undefined {
  return [error ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean).join(" ") || undefined;
}

function controlProps(id: string, { hint, error }: { hint?: unknown; error?: unknown }): ControlProps {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, { hint, error }) };
}

function FieldHint({ id, hint, className }: { id: string; hint?: ReactNode; className?: string }) {
  return hint ? (
    <p id={hintId(id)} className={className}>
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, error, className }: { id: string; error?: ReactNode; className?: string }) {
  return error ? (
    <p id={errorId(id)} className={className}>
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
export function Field({ id, label, hint, error, look = {}, className, hintAfterControl, after, children }: FieldProps) {
  const hintText = <FieldHint id={id} hint={hint} className={look.hint} />;
  return (
    <div className={className}>
      <label htmlFor={id} className={look.label}>
        {label}
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
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} className={look.error} />
    </div>
  );
}

/**
 * A group of checkboxes or radios under a legend. The fieldset is described by the error and hint (ids from
 * `id`); each control in the group is given `aria-invalid`.
 */
export function FieldSet({
  id,
  legend,
  hint,
  error,
  look = {},
  className,
  children,
}: Omit<FieldProps, "label" | "hintAfterControl" | "after" | "children"> & {
  legend: ReactNode;
  children: (control: Pick<ControlProps, "aria-invalid">) => ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={describedBy(id, { hint, error })}>
      <legend className={look.label}>{legend}</legend>
      <FieldHint id={id} hint={hint} className={look.hint} />
      {children({ "aria-invalid": error ? true : undefined })}
      <FieldError id={id} error={error} className={look.error} />
    </fieldset>
  );
}
