import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and in the first client render (so hydration matches the server's HTML), true after: the
 * one switch from a component's server markup to what JavaScript adds (buttons, dialogs, a form that submits itself).
 *
 * The switch is a transition. Every enhanced component flips at once, in one render that React does in 5 ms slices
 * between other tasks; a state set plainly in an effect re-rendered each component (the finance form, an enquiry
 * form, the filters) in one block right after hydration, when a phone's main thread is busiest (decision
 * 048).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/**
 * Adds `part` to `<html data-hydrated>` once React has committed it: the one sign, for the browser tests and for
 * anyone debugging, that JavaScript has taken over that part of the page. A page's scripts run after its first
 * paint (decisions 048 and 062), and its Suspense boundaries (the site's main content and footer) hydrate in commits of their
 * own after the shell's, so each boundary marks itself.
 */
export type HydratedPart = "shell" | "main" | "footer";

/** The parts of a page in the site's layout, each hydrated in a commit of its own (app/routes/site/layout.tsx). */
export const SITE_PAGE_PARTS: readonly HydratedPart[] = ["shell", "main", "footer"];

export function HydrationMark({ part }: { part: HydratedPart }): null {
  useEffect(() => {
    const html = document.documentElement;
    const parts = new Set((html.dataset.hydrated ?? "").split(" ").filter(Boolean)).add(part);
    html.dataset.hydrated = [...parts].join(" ");
  }, [part]);
  return null;
}
