import { type ReactNode, useId, useRef } from "react";

type DialogButtonProps = {
  /** Text of the button that opens the dialog. */
  buttonText: ReactNode;
  buttonClassName?: string;
  /** The dialog's heading, also its accessible name. */
  title: string;
  children: ReactNode;
};

/**
 * A button that opens a modal dialog: the native <dialog> with showModal(), so the browser traps focus,
 * makes the page behind it inert and closes it on Escape. Focus goes back to the button on close;
 * clicking the backdrop closes it too.
 */
export function DialogButton({ buttonText, buttonClassName, title, children }: DialogButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        className={buttonClassName}
        onClick={() => dialog.current?.showModal()}
      >
        {buttonText}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(92vw,34rem)] rounded-2xl bg-white p-0 text-brand-grey shadow-2xl backdrop:bg-black/60"
        onClose={() => trigger.current?.focus()}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        <div className="p-6 sm:p-8">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <div className="mt-4 space-y-3 text-sm leading-relaxed text-brand-grey-light">{children}</div>
          <form method="dialog" className="mt-6 flex justify-end">
            <button
              type="submit"
              className="rounded-full bg-brand-red px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
            >
              Close
            </button>
          </form>
        </div>
      </dialog>
    </>
  );
}
