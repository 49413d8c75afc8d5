import type { ReactNode } from "react";

/**
 * A wide table on a narrow screen scrolls sideways in its own box instead of widening the page; the box is
 * a labelled region that takes keyboard focus, so it can be scrolled with the arrow keys too. It is the
 * containing block of its positioned descendants (`relative`): screen-reader-only text in a cell far to the
 * right (position: absolute) would otherwise escape the scrolling box and widen the whole page on a phone.
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative mt-2 max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-red">
      {children}
    </div>
  );
}
