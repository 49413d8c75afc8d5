import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Navigation state of a change made with a control that stays on the page (a filter, a sort menu): focus stays on it. */
export const KEEP_FOCUS = { keepFocus: true } as const;

/**
 * Navigation state of a page change within a list (the leads inbox's pages): focus goes to the element with
 * this id, the results heading, so that the next Tab reaches the new results and not the filters above them.
 */
export const focusOnArrival = (id: string) => ({ focusId: id }) as const;

type FocusState = { keepFocus?: boolean; focusId?: string } | null;

/**
 * Where focus goes after a client-side navigation: to the new page's main heading (a page change of the
 * listing, a link, a submitted form's thank-you page), so that the next Tab starts from the content the
 * user asked for and a screen reader reads where they are. A navigation made by a control that stays on
 * the page (a filter, the sort menu) passes `{ keepFocus: true }` as its state and keeps focus on it; a
 * link to a fragment leaves focus to the browser; a page change within a list passes `focusOnArrival(id)`. A form sent back to its own address (with errors) is
 * left alone: it moves focus to its error summary itself.
 */
export function useFocusOnNavigation(): void {
  const location = useLocation();
  const address = location.pathname + location.search;
  const previous = useRef(address);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    const sameAddress = previous.current === address;
    previous.current = address;
    const state = location.state as FocusState;
    if (sameAddress || state?.keepFocus || location.hash) return;
    focusMainHeading(state?.focusId);
  }, [location.key]);
}

/**
 * Focuses where a navigation puts focus: the element with `focusId`, else the page's main heading, else `main`;
 * answers whether there was one. Also for a menu dialog closed by the navigation it made (app/components/mobile-drawer.tsx),
 * whose focus trap kept focus while the new page arrived.
 */
export function focusMainHeading(focusId?: string): boolean {
  const main = document.getElementById("main");
  const wanted = focusId ? document.getElementById(focusId) : null;
  const heading = wanted ?? main?.querySelector<HTMLElement>("h1") ?? main;
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  return true;
}
