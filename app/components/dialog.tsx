import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../lib/hydrated.ts";
import { TEXT_DIALOG_CLASS, TEXT_DIALOG_CLOSE_CLASS } from "./dialog-style.ts";

/**
 * Every overlay of the site is a Radix UI dialog (decision 017), rendered by ./modal.tsx while it is open:
 * focus held inside, Escape and a click outside close it, focus goes back to the button that opened it,
 * the page behind is hidden from assistive technology and pointer input. The Radix code is
 * fetched when a pointer or focus reaches an opener, or on the first open, so that no page carries it on
 * load (every page must stay under 150 KB of JavaScript).
 */
const loadModal = () => import("./modal.tsx");
const Modal = lazy(() => loadModal().then((module) => ({ default: module.Modal })));
const TextModal = lazy(() => loadModal().then((module) => ({ default: module.TextModal })));

/** Props for an opener button: fetch the dialog's code as soon as the user heads for it. */
const preloadModal = { onPointerEnter: loadModal, onFocus: loadModal, onTouchStart: loadModal };

type DialogButtonProps = {
  /** Text of the button that opens the dialog. */
  buttonText: ReactNode;
  buttonClassName?: string;
  /** The dialog's heading, also its accessible name. */
  title: string;
  children: ReactNode;
};

/**
 * A button that opens a modal dialog of text (a disclaimer) with a Close button. Before and without
 * JavaScript it is a link to the text, shown over the page through CSS :target, with a Close link.
 */
export function DialogButton({ buttonText, buttonClassName, title, children }: DialogButtonProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const id = `dialog-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <>
        <a href={`#${id}`} aria-controls={id} className={buttonClassName}>
          {buttonText}
        </a>
        <div id={id} className="fixed inset-0 z-50 hidden bg-black/60 target:block">
          <div className={TEXT_DIALOG_CLASS}>
            <h2 className="text-xl font-bold">{title}</h2>
            <div className="mt-4 space-y-3 text-sm leading-relaxed text-brand-grey-light">{children}</div>
            <div className="mt-6 flex justify-end">
              {/* "#" leaves :target, which hides the text again without JavaScript. */}
              {/* biome-ignore lint/a11y/useValidAnchor: "#" is the address that closes a :target dialog without scripts */}
              <a href="#" className={TEXT_DIALOG_CLOSE_CLASS}>
                Close
              </a>
            </div>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={buttonClassName}
        onClick={() => setOpen(true)}
        {...preloadModal}
      >
        {buttonText}
      </button>
      {open && (
        <Suspense fallback={null}>
          <TextModal title={title} onClose={() => setOpen(false)} returnFocusTo={opener}>
            {children}
          </TextModal>
        </Suspense>
      )}
    </>
  );
}

type PanelDialogProps = {
  /** The panel's id: without JavaScript the opener links to #id and CSS :target shows the panel. */
  id: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The opener's content and classes (a link before hydration, a button after). */
  opener: ReactNode;
  openerClassName: string;
  /** The Close control's content and, when that is an icon, its accessible name. */
  closeContent: ReactNode;
  closeLabel?: string;
  closeClassName: string;
  /** Classes of the panel when it is not an open dialog: hidden on small screens unless :target. */
  restingClassName: string;
  /** Classes of the sheet (the white panel), open or not. */
  sheetClassName: string;
  headerClassName: string;
  titleClassName: string;
  children: ReactNode;
  /** Rendered after the children only while the panel is an open dialog (e.g. a live region). */
  inDialog?: ReactNode;
  /** Asked when the dialog closes: true when it has put focus somewhere itself; otherwise focus goes back to the opener. */
  focusAfterClose?: () => boolean;
};

/**
 * A side panel that is a modal dialog on small screens: the mobile navigation drawer and the used-listing
 * filters. The server renders the panel with its heading and a Close link, and a link to #id that opens
 * it through CSS :target, so it works before and without JavaScript. Once hydrated the opener is a button
 * and the panel, while open, is the Radix dialog; closed, it is the resting panel (the filters stay on the
 * page beside the listing on wide screens). Opened through its link before hydration, it is taken over.
 */
export function PanelDialog(props: PanelDialogProps) {
  const { id, title, open, onOpenChange, children } = props;
  const hydrated = useHydrated();
  const opener = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when JavaScript takes over
  useEffect(() => {
    if (window.location.hash !== `#${id}`) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    onOpenChange(true);
  }, [id]);

  // The key makes the scripts' resting panel a new element. A panel opened through its link before hydration is
  // the document's :target, and history.replaceState does not clear :target, so the server's element would stay
  // shown by CSS after the dialog over it closed; a new element with the same id is not the target.
  const resting = (close: ReactNode) => (
    <div key={hydrated ? "scripts" : "server"} id={id} className={props.restingClassName}>
      <div className={props.sheetClassName}>
        <div className={props.headerClassName}>
          <h2 className={props.titleClassName}>{title}</h2>
          {close}
        </div>
        {children}
      </div>
    </div>
  );

  if (!hydrated) {
    return (
      <>
        <a href={`#${id}`} aria-controls={id} className={props.openerClassName}>
          {props.opener}
        </a>
        {resting(
          // "#" leaves :target, which closes the panel without JavaScript.
          // biome-ignore lint/a11y/useValidAnchor: "#" is the address that closes a :target panel without scripts
          <a href="#" aria-label={props.closeLabel} className={props.closeClassName}>
            {props.closeContent}
          </a>,
        )}
      </>
    );
  }

  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={id}
        className={props.openerClassName}
        onClick={() => onOpenChange(true)}
        {...preloadModal}
      >
        {props.opener}
      </button>
      {open ? (
        <Suspense fallback={resting(null)}>
          <Modal
            id={id}
            onClose={() => onOpenChange(false)}
            returnFocusTo={opener}
            focusElsewhere={props.focusAfterClose}
            className={`fixed inset-y-0 left-0 z-50 ${props.sheetClassName}`}
          >
            {({ Title, Close }) => (
              <>
                <div className={props.headerClassName}>
                  <Title className={props.titleClassName}>{title}</Title>
                  <Close aria-label={props.closeLabel} className={props.closeClassName}>
                    {props.closeContent}
                  </Close>
                </div>
                {children}
                {props.inDialog}
              </>
            )}
          </Modal>
        </Suspense>
      ) : (
        resting(null)
      )}
    </>
  );
}
