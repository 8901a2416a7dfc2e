import { X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
interface Toast extends ToastInput {
  id: number;
}

const DURATION_MS = 6000;
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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: Toast[] = [];

/** Mounted once in the shell. Polite live region; destructive toasts use role="alert". */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const items = useSyncExternalStore(subscribe, () => toasts, () => EMPTY);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[1100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} closeLabel={closeLabel} />
      ))}
    </div>
  );
}

function ToastItem({ item, closeLabel }: { item: Toast; closeLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id]);
  const destructive = item.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-toast={destructive ? "destructive" : "default"}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${destructive ? "border-red-300 bg-red-50 text-red-950" : "border-slate-200 bg-white text-slate-900"}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.title}</p>
        {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
      >
        <X aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{closeLabel}</span>
      </button>
    </div>
  );
}
