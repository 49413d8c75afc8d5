import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and in the first client render (so hydration matches the server's HTML), true after: the
 * one switch from a component's server markup to what JavaScript adds (buttons, dialogs, a form that submits itself).
 *
 * The switch is a transition. Every enhanced component flips at once, in one render that React does in 5 ms slices
 * between other tasks; a state set plainly in an effect re-rendered each component (the finance form, an enquiry
 * form, the filters) in one block right after hydration, when a phone's main thread is busiest (issue 19,
 * decision 048).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
