import { useEffect, type InputHTMLAttributes, type ReactNode } from "react";
import { useActionData, useNavigation } from "react-router";
import { Spinner } from "~/components/ui/spinner";
import type { AuthT } from "~/features/auth/auth-translation";
import type { SettingsActionData } from "~/features/member/run-settings-intent.server";
import type { SettingsIntent, SettingsSection as SectionId } from "~/features/member/settings-input";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700";

const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors aria-disabled:cursor-wait aria-disabled:opacity-80";
export const buttonStyles = {
  primary: `${buttonBase} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${buttonBase} border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800`,
} as const;

/** One form on /settings: the refusal the server sent for it, and whether it is submitting. */
export interface SettingsFormState {
  /** Prefix for element ids, unique per form (the same field name appears in several forms). */
  id: string;
  problem: Extract<SettingsActionData, { ok: false }> | null;
  pending: boolean;
}

export function useSettingsForm(id: string, intents: SettingsIntent[]): SettingsFormState {
  const actionData = useActionData<SettingsActionData>();
  const navigation = useNavigation();
  const problem = actionData && !actionData.ok && actionData.intent && intents.includes(actionData.intent) ? actionData : null;
  const submitting = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const pending = typeof submitting === "string" && (intents as string[]).includes(submitting);
  // After a refused submission (with JavaScript), put the cursor in the field to fix, or
  // on the message when it names no field (the form was remounted: focus would be lost).
  useEffect(() => {
    if (!problem) return;
    document.getElementById(problem.field ? `${id}-${problem.field}` : `${id}-alert`)?.focus();
  }, [problem, id]);
  return { id, problem, pending };
}

/** A section of the page: a card with a serif heading; `id` is the fragment forms return to. */
export function SettingsSection({ id, title, intro, children }: { id: SectionId; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-brand-800">
        {title}
      </h2>
      {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A labelled input; invalid (with its message linked) when the form's refusal names it. */
export function Field({
  state: form,
  name,
  label,
  hint,
  t,
  className = "",
  ...input
}: {
  state: SettingsFormState;
  name: string;
  label: string;
  hint?: string;
  t: AuthT;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "form">) {
  const id = `${form.id}-${name}`;
  const invalid = form.problem?.field === name;
  const describedBy = [hint ? `${id}-hint` : "", invalid ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputClass} ${className}`}
        {...input}
      />
      {invalid && form.problem ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {t(form.problem.error.key, form.problem.error.values)}
        </p>
      ) : null}
    </div>
  );
}

/** A refusal that names no field (rate limit, expired session …), shown above the button. */
export function FormAlert({ state: form, t }: { state: SettingsFormState; t: AuthT }) {
  const problem = form.problem;
  if (!problem || problem.field) return null;
  return (
    <p
      id={`${form.id}-alert`}
      role="alert"
      tabIndex={-1}
      className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200"
    >
      {t(problem.error.key, problem.error.values)}
    </p>
  );
}

/**
 * The success note a finished form's redirect brings back (`?done=…`). Focusable: the page
 * moves focus here after a save (the form that had it was replaced).
 */
export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      tabIndex={-1}
      data-settings-notice=""
      className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-900 ring-1 ring-brand-100"
    >
      {children}
    </p>
  );
}

export function SubmitButton({
  state: form,
  label,
  pendingLabel,
  variant = "primary",
}: {
  state: SettingsFormState;
  label: string;
  pendingLabel: string;
  variant?: keyof typeof buttonStyles;
}) {
  return (
    <button
      type="submit"
      // aria-disabled, not disabled: the button keeps focus while the form is sent. A click
      // (or Enter in a field, which clicks it) meanwhile does not send the form twice.
      aria-disabled={form.pending || undefined}
      onClick={(event) => {
        if (form.pending) event.preventDefault();
      }}
      className={buttonStyles[variant]}
    >
      {form.pending ? (
        <>
          <Spinner size="sm" />
          {pendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}
