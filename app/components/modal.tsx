import * as Dialog from "@radix-ui/react-dialog";
import { setNonce } from "get-nonce";
import type { ReactNode, RefObject } from "react";

// Radix's scroll lock (react-remove-scroll) writes a <style> element: it needs the page's CSP nonce, which
// the browser exposes on the scripts React Router rendered with it (the property, not the attribute).
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

export type ModalParts = { Title: typeof Dialog.Title; Close: typeof Dialog.Close };

/**
 * An open Radix UI modal dialog: focus moves inside and is held there, Escape or a click outside closes
 * it, the rest of the page is hidden from assistive technology and pointer input, and on close focus goes
 * back to `returnFocusTo` (the button that opened it). Loaded on demand by ./dialog.tsx, which renders it
 * while the dialog is open; the children get the dialog's Title and Close parts.
 */
export function Modal({
  id,
  onClose,
  returnFocusTo,
  className,
  children,
}: {
  id?: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  className: string;
  children: (parts: ModalParts) => ReactNode;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          className={className}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          {children({ Title: Dialog.Title, Close: Dialog.Close })}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog of text (a disclaimer) with its title and a Close button at the end. */
export function TextModal({
  title,
  onClose,
  returnFocusTo,
  children,
}: {
  title: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Modal
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,34rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-brand-grey shadow-2xl sm:p-8"
    >
      {({ Title, Close }) => (
        <>
          <Title className="text-xl font-bold">{title}</Title>
          <div className="mt-4 space-y-3 text-sm leading-relaxed text-brand-grey-light">{children}</div>
          <div className="mt-6 flex justify-end">
            <Close className="rounded-full bg-brand-red px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey">
              Close
            </Close>
          </div>
        </>
      )}
    </Modal>
  );
}
