import type { ReactNode } from "react";

export const fieldInputClasses =
  "mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700";

/** A labelled field whose error and hint are tied to the input (aria-invalid, aria-describedby). */
export function FormField({
  id,
  label,
  note,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  /** "(required)" / "(optional)" beside the label. */
  note?: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label} {note ? <span className="font-normal text-slate-700">{note}</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold wrap-anywhere text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
