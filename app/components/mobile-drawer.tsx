import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The mobile side drawer (below the md breakpoint). With JavaScript: a real button with aria-expanded
 * and aria-controls opens a modal panel; Tab is trapped inside, Escape or the close button closes it
 * and focus returns to the button; any navigation closes it. Without JavaScript the same markup works
 * through the URL fragment: "Menu" is a link to #site-menu and CSS :target shows the panel.
 */
export function MobileDrawer({ id = "site-menu", title, children }: { id?: string; title: string; children: ReactNode }) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    setEnhanced(true);
    // Opened through the no-JavaScript link before the page was interactive: take it over.
    if (window.location.hash === `#${id}`) setOpen(true);
  }, [id]);

  // Any navigation (a link in the drawer, back/forward) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on location change only
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab" || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [open]);

  function close() {
    setOpen(false);
    if (window.location.hash === `#${id}`) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
    buttonRef.current?.focus();
  }

  const triggerClass =
    "inline-flex items-center gap-2 rounded border border-white/40 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white md:hidden";
  const icon = (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 6h18M3 12h18M3 18h18" strokeLinecap="round" />
    </svg>
  );

  return (
    <>
      {enhanced ? (
        <button
          ref={buttonRef}
          type="button"
          className={triggerClass}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(true)}
        >
          {icon}
          Menu
        </button>
      ) : (
        <a href={`#${id}`} className={triggerClass}>
          {icon}
          Menu
        </a>
      )}
      <div
        id={id}
        className={`${open ? "block" : "hidden"} target:block fixed inset-0 z-50 md:hidden`}
      >
        {/* The backdrop: a click outside the panel closes the drawer. */}
        <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={close} />
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-label={title}
          className="absolute inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white text-brand-grey shadow-xl"
        >
          <div className="flex items-center justify-between border-b-4 border-brand-red px-4 py-3">
            <span className="text-lg font-bold">{title}</span>
            {enhanced ? (
              <button
                type="button"
                onClick={close}
                className="rounded p-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-red"
                aria-label="Close menu"
              >
                <CloseIcon />
              </button>
            ) : (
              <a href="#top" className="rounded p-2 hover:bg-gray-100" aria-label="Close menu">
                <CloseIcon />
              </a>
            )}
          </div>
          {children}
        </div>
      </div>
    </>
  );
}

function CloseIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}
