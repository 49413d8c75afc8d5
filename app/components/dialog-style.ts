/** The text dialog's box and Close button, shared by the Radix dialog and its no-JavaScript fallback. */
export const TEXT_DIALOG_CLASS =
  "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,34rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-brand-grey shadow-2xl sm:p-8";

export const TEXT_DIALOG_CLOSE_CLASS =
  "rounded-full bg-brand-red px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey";
