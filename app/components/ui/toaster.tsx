import { X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
interface Toast extends ToastInput {
  id: number;
}

const DURATION_MS = 6000;
/** After a pause (hover, focus), at least this long to read the toast again. */
const RESUME_MIN_MS = 2000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * Shows a toast. A few hundred bytes instead of a toast library on every page: the site
 * needs a title, a description, a destructive variant, auto-dismiss and a close button.
 */
export function toast(input: ToastInput): void {
  toasts = [...toasts.slice(-2), { ...input, id: nextId++ }];
  emit();
}

function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/*
 * A modal <dialog> makes everything outside it inert (hidden from screen readers, not
 * focusable), top layer included. While one is open the toasts render inside it, in its
 * <DialogToasts>; the open modal dialogs register here, newest last.
 */
let modalHosts: HTMLDialogElement[] = [];

/** Call right after `showModal()`; the returned function when the dialog closes. */
export function registerToastHost(dialog: HTMLDialogElement): () => void {
  modalHosts = [...modalHosts.filter((d) => d !== dialog), dialog];
  emit();
  return () => {
    if (!modalHosts.includes(dialog)) return;
    modalHosts = modalHosts.filter((d) => d !== dialog);
    emit();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: Toast[] = [];
const getToasts = () => toasts;
const getNoToasts = () => EMPTY;
// A dialog closed by close() is no host, even before its (asynchronous) close event.
const topHost = () => modalHosts.findLast((dialog) => dialog.open) ?? null;
const noHost = () => null;

/**
 * Mounted once in the shell. A polite live region (destructive toasts are role="alert"). It
 * stays mounted, empty, while a modal dialog shows the toasts, so it is in place when the
 * dialog closes.
 */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const items = useSyncExternalStore(subscribe, getToasts, getNoToasts);
  const host = useSyncExternalStore(subscribe, topHost, noHost);
  return <ToastRegion items={host ? EMPTY : items} closeLabel={closeLabel} />;
}

/**
 * The toasts' place inside a modal dialog (render it in the <dialog>, which registers with
 * `registerToastHost`): they show here while it is the topmost open modal dialog.
 */
export function DialogToasts({ closeLabel }: { closeLabel: string }) {
  const items = useSyncExternalStore(subscribe, getToasts, getNoToasts);
  const host = useSyncExternalStore(subscribe, topHost, noHost);
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const regionRef = useCallback((el: HTMLDivElement | null) => setDialog(el?.closest("dialog") ?? null), []);
  return <ToastRegion items={host !== null && host === dialog ? items : EMPTY} closeLabel={closeLabel} regionRef={regionRef} />;
}

function ToastRegion({
  items,
  closeLabel,
  regionRef,
}: {
  items: Toast[];
  closeLabel: string;
  regionRef?: (el: HTMLDivElement | null) => void;
}) {
  return (
    <div
      ref={regionRef}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[1100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} closeLabel={closeLabel} />
      ))}
    </div>
  );
}

/** Auto-dismisses after 6 s, paused while the pointer is over it or focus is in it (WCAG 2.2.1). */
function ToastItem({ item, closeLabel }: { item: Toast; closeLabel: string }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(DURATION_MS);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(RESUME_MIN_MS, remaining.current - (Date.now() - started));
    };
  }, [paused, item.id]);
  const destructive = item.variant === "destructive";
  const titleId = `toast-${item.id}-title`;
  const closeId = `toast-${item.id}-close`;
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-toast={destructive ? "destructive" : "default"}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${destructive ? "border-red-300 bg-red-50 text-red-950" : "border-slate-200 bg-white text-slate-900"}`}
    >
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-semibold">
          {item.title}
        </p>
        {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        // "Close, <title>": inside a dialog, distinct from the dialog's own Close button.
        aria-labelledby={`${closeId} ${titleId}`}
        className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
      >
        <X aria-hidden="true" className="h-4 w-4" />
        <span id={closeId} className="sr-only">
          {closeLabel}
        </span>
      </button>
    </div>
  );
}
