import type { ReactNode } from "react";

/**
 * Details folded away on a phone and always shown from md up, where the summary line is not shown: a <details>,
 * so it opens without JavaScript and by keyboard. `open` unfolds it on a phone too (a refused form, a page the
 * person asked for by a link inside it).
 */
export function PhoneFold({
  summary,
  open = false,
  className = "",
  children,
}: {
  summary: ReactNode;
  open?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details
      open={open || undefined}
      className={`md:details-content:block md:details-content:[content-visibility:visible] ${className}`}
    >
      <summary className="cursor-pointer py-3 font-semibold md:hidden">{summary}</summary>
      {children}
    </details>
  );
}

/** A table cell's class for a column shown from md up only; on a phone its figure is on the row's PhoneLine. */
export const wideOnly = "max-md:hidden";

/** The figures of a row's columns a phone has no room for, as a line under the row's first cell (phone only). */
export function PhoneLine({ parts }: { parts: ReactNode[] }) {
  return (
    <span className="mt-1 block text-brand-grey-light md:hidden">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence
        <span key={index}>
          {index > 0 ? " · " : null}
          {part}
        </span>
      ))}
    </span>
  );
}
