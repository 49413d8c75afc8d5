import { useEffect, useRef, useState } from "react";

/**
 * The text for a polite live region (`role="status"`): empty on the first render (the heading says it), then
 * `text` after every change of `list` (the address of a listing or an inbox), so that a screen reader hears
 * the outcome of a filter, a sort or a page without focus leaving the control.
 */
export function useAnnouncement(text: string, list: string): string {
  const [announcement, setAnnouncement] = useState("");
  const rendered = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: announces when the list changes
  useEffect(() => {
    if (rendered.current) setAnnouncement(text);
    rendered.current = true;
  }, [list]);
  return announcement;
}
