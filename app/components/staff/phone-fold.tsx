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
