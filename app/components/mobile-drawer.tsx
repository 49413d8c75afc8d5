import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { focusMainHeading } from "../lib/focus-on-navigation.ts";
import { PanelDialog } from "./dialog.tsx";

/**
 * The mobile side drawer (below the md breakpoint): a modal dialog opened by "Menu" (see PanelDialog for
 * how it works before and without JavaScript); any navigation closes it.
 */
export function MobileDrawer({
  id = "site-menu",
  title,
  children,
}: {
  id?: string;
  title: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigated = useRef(false);
  const shownLocation = useRef(location.key);

  // Any navigation (a link in the drawer, back/forward) closes it; focus then goes to the new page's heading, as
  // after any navigation, rather than back to the Menu button (the dialog's focus trap held it meanwhile). Not on
  // the first render: a drawer opened through its link before the scripts came stays open when they take it over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on location change only
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    navigated.current = open;
    setOpen(false);
  }, [location.key]);
  const focusAfterClose = () => {
    const moved = navigated.current && focusMainHeading();
    navigated.current = false;
    return moved;
  };

  return (
    <PanelDialog
      id={id}
      title={title}
      open={open}
      onOpenChange={setOpen}
      focusAfterClose={focusAfterClose}
      opener={
        <>
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M3 6h18M3 12h18M3 18h18" strokeLinecap="round" />
          </svg>
          Menu
        </>
      }
      // Its height is the logo's minimum below md (site-header.tsx): no layout shift when a first paint precedes it.
      openerClassName="inline-flex min-h-[2.375rem] items-center gap-2 rounded border border-white/40 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white md:hidden"
      closeContent={<CloseIcon />}
      closeLabel="Close menu"
      closeClassName="rounded p-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-red"
      restingClassName="fixed inset-0 z-50 hidden bg-black/50 target:block md:hidden"
      sheetClassName="flex h-full w-80 max-w-[85vw] flex-col overflow-y-auto bg-white text-brand-grey shadow-xl md:hidden"
      headerClassName="flex items-center justify-between border-b-4 border-brand-red px-4 py-3"
      titleClassName="text-lg font-bold"
    >
      {children}
    </PanelDialog>
  );
}

function CloseIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}
