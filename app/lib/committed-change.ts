import { useCallback, useRef } from "react";

/**
 * Keys that step a closed <select> to another option without opening it. Chromium fires `change` on each
 * such step, so a listing that applied every `change` would load a page per arrow press.
 */
const SELECT_STEP_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

function stepsSelect(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return SELECT_STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " "); // type-ahead
}

/**
 * A ref for a container of form controls that calls `commit` once the user has committed a value: a
 * checkbox or radio when clicked, a text or number field on Enter or when it loses focus (the native
 * `change` event), a select when an option is picked from its list, or, when the keyboard stepped through
 * its options, on Enter or when focus leaves it. Any control added inside later gets the same behaviour.
 */
export function useCommittedChange<T extends HTMLElement>(commit: (control: Element) => void) {
  const latest = useRef(commit);
  latest.current = commit;
  return useCallback((container: T | null) => {
    if (!container) return;
    let stepping: EventTarget | null = null;
    const pending = new Set<EventTarget>();
    const apply = (control: Element) => {
      pending.delete(control);
      latest.current(control);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.target instanceof HTMLSelectElement)) return;
      if (stepsSelect(event)) stepping = event.target;
      else if (event.key === "Enter" && pending.has(event.target)) {
        event.preventDefault();
        apply(event.target);
      }
    };
    const onKeyUp = () => {
      stepping = null;
    };
    const onChange = (event: Event) => {
      if (!(event.target instanceof Element)) return;
      if (event.target === stepping) pending.add(event.target);
      else apply(event.target);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.target instanceof Element && pending.has(event.target)) apply(event.target);
    };
    container.addEventListener("keydown", onKeyDown);
    container.addEventListener("keyup", onKeyUp);
    container.addEventListener("change", onChange);
    container.addEventListener("focusout", onFocusOut);
    return () => {
      container.removeEventListener("keydown", onKeyDown);
      container.removeEventListener("keyup", onKeyUp);
      container.removeEventListener("change", onChange);
      container.removeEventListener("focusout", onFocusOut);
    };
  }, []);
}
