import * as Dialog from "@radix-ui/react-dialog";
import { setNonce } from "get-nonce";
import type { ReactNode, RefObject } from "react";
import { TEXT_DIALOG_CLASS, TEXT_DIALOG_CLOSE_CLASS } from "./dialog-style.ts";

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
  focusElsewhere,
  className,
  children,
}: {
  id?: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Asked on close: true when it has put focus somewhere itself (the new page's heading after a menu's link). */
  focusElsewhere?: () => boolean;
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
            if (!focusElsewhere?.()) returnFocusTo.current?.focus();
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
    <Modal onClose={onClose} returnFocusTo={returnFocusTo} className={TEXT_DIALOG_CLASS}>
      {({ Title, Close }) => (
        <>
          <Title className="text-xl font-bold">{title}</Title>
          <div className="mt-4 space-y-3 text-sm leading-relaxed text-brand-grey-light">{children}</div>
          <div className="mt-6 flex justify-end">
            <Close className={TEXT_DIALOG_CLOSE_CLASS}>Close</Close>
          </div>
        </>
      )}
    </Modal>
  );
}
