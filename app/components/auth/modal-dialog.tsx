import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { DialogToasts, registerToastHost } from "~/components/ui/toaster";

/**
 * A native modal <dialog> (ADR 004): showModal() gives the focus trap, Escape and the inert
 * page behind it. Opens on mount; any way of closing it (Escape, the close button, a click
 * on the backdrop, done) ends in the `close` event, which calls `onClose`.
 */
export function ModalDialog({
  title,
  description,
  closeLabel,
  onClose,
  dialogRef,
  initialFocus,
  children,
}: {
  title: string;
  description?: string;
  closeLabel: string;
  onClose: () => void;
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** A selector inside the dialog to focus on opening (else the browser's choice). */
  initialFocus?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      dialog.showModal();
      if (initialFocus) dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    }
    // Everything outside a modal dialog is inert: toasts shown meanwhile render inside it.
    const unregister = registerToastHost(dialog);
    dialog.addEventListener("close", unregister);
    return () => {
      dialog.removeEventListener("close", unregister);
      unregister();
    };
  }, [dialogRef, initialFocus]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      // A click that starts and ends on the backdrop (the <dialog> itself, outside its box) closes it.
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl"
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="font-serif text-2xl font-bold text-brand-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-700">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="-mr-2 -mt-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="h-6 w-6" />
            <span className="sr-only">{closeLabel}</span>
          </button>
        </div>
        <div className="mt-5">{children}</div>
      </div>
      <DialogToasts closeLabel={closeLabel} />
    </dialog>
  );
}
