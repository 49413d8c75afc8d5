import type { ReactNode } from "react";

/**
 * A wide table on a narrow screen scrolls sideways in its own box instead of widening the page; the box is
 * a labelled region that takes keyboard focus, so it can be scrolled with the arrow keys too. It is the
 * containing block of its positioned descendants (`relative`): screen-reader-only text in a cell far to the
 * right (position: absolute) would otherwise escape the scrolling box and widen the whole page on a phone.
 */
export function ScrollableTable({
  label,
  spacing = "mt-2",
  children,
}: {
  label: string;
  spacing?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named region that scrolls; <section> would say the same with less certainty in older readers
    <div
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={[
        "relative",
        spacing,
        "max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-red",
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </div>
  );
}

/** The back office's table cells: a ruled line under each, the column headings shaded. */
export const staffCellClass = "border-b border-gray-300 px-3 py-2 text-left align-top";
export const staffHeadClass = `${staffCellClass} bg-gray-100 font-semibold`;

type StaffTableProps = {
  /** The scrolling region's name. */
  label: string;
  /** The table's caption, for screen readers. */
  caption: ReactNode;
  /** The column headings; none for a table headed by its rows. */
  columns?: readonly ReactNode[];
  /** The table's classes (full width unless told). */
  className?: string;
  /** The rows. */
  children: ReactNode;
};

/** A back-office table in its scrolling region: caption, column headings, rows. */
export function StaffTable({
  label,
  caption,
  columns,
  className = "w-full border-collapse",
  children,
}: StaffTableProps) {
  return (
    <ScrollableTable label={label}>
      <table className={className}>
        <caption className="sr-only">{caption}</caption>
        {columns ? (
          <thead>
            <tr>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the table
                <th key={index} scope="col" className={staffHeadClass}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>{children}</tbody>
      </table>
    </ScrollableTable>
  );
}
