import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Where focus goes after a client-side navigation: to the new page's main heading (a page change of the
 * listing, a link, a submitted form's thank-you page), so that the next Tab starts from the content the
 * user asked for and a screen reader reads where they are. A navigation made by a control that stays on
 * the page (a filter, the sort menu) passes `{ keepFocus: true }` as its state and keeps focus on it; a
 * link to a fragment leaves focus to the browser. A form sent back to its own address (with errors) is
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
    if (sameAddress || (location.state as { keepFocus?: boolean } | null)?.keepFocus || location.hash) return;
    const main = document.getElementById("main");
    const heading = main?.querySelector<HTMLElement>("h1") ?? main;
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [location.key]);
}
