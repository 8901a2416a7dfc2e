import type { ReactNode } from "react";
import { Link } from "react-router";
import { dateTimeFormat } from "~/i18n/intl-format";

/**
 * Building blocks every admin page shares, so sections look and behave alike: a page
 * heading, a card, a notice, labelled fields. Plain forms: every action also works without
 * JavaScript.
 */
export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-bold text-slate-900">{title}</h1>
          {intro ? <p className="mt-2 max-w-3xl text-slate-700">{intro}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function AdminCard({
  title,
  id,
  children,
  className = "",
}: {
  title?: string;
  id?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={title && id ? `${id}-title` : undefined}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      {title ? (
        <h2 id={id ? `${id}-title` : undefined} className="mb-4 text-lg font-semibold text-slate-900">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

export function Notice({ tone = "info", title, children }: { tone?: "info" | "success" | "error"; title?: string; children: ReactNode }) {
  const tones = {
    info: "border-sky-300 bg-sky-50 text-sky-950",
    success: "border-emerald-300 bg-emerald-50 text-emerald-950",
    error: "border-red-300 bg-red-50 text-red-950",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? "mt-1" : undefined}>{children}</div>
    </div>
  );
}

export const inputClasses =
  "block w-full min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 aria-[invalid=true]:border-red-700";

export const adminButton = {
  primary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60",
  secondary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60",
  danger:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60",
} as const;

/** A labelled input with its error (aria-invalid + aria-describedby) and optional hint. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    // min-w-0 and wrap-anywhere: a long address in a hint must not widen the form past a phone screen.
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm wrap-anywhere text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium wrap-anywhere text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Dates and times in the admin's language (server and client render the same text). */
export function formatDateTime(value: string | Date, language: string, timeZone?: string): string {
  return dateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(typeof value === "string" ? new Date(value) : value);
}

/**
 * A wide table that scrolls sideways inside its own focusable, labelled region on a phone (the
 * page itself never does). `minWidthClass` is a literal Tailwind class, e.g. "min-w-[40rem]".
 */
export function AdminTable({
  label,
  columns,
  minWidthClass,
  children,
}: {
  label: string;
  columns: ReactNode[];
  minWidthClass: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto">
      <table className={`w-full ${minWidthClass} text-left text-sm`}>
        <thead>
          <tr className="border-b border-slate-300 text-slate-900">
            {columns.map((column, i) => (
              <th key={i} scope="col" className={i < columns.length - 1 ? "py-2 pr-3 font-semibold" : "py-2 font-semibold"}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Previous / "page N of M" / next links under a paged list (plain links: works without JavaScript). */
export function AdminPager({
  label,
  page,
  pages,
  href,
  labels,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  labels: { previous: string; next: string; position: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={adminButton.secondary}>
          {labels.previous}
        </Link>
      ) : null}
      <span className="text-slate-700">{labels.position}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={adminButton.secondary}>
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}
