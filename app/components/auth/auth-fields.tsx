import { Eye, EyeOff } from "lucide-react";
import {
  useContext,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
import { UNSAFE_FrameworkContext, useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { AuthMessage, AuthT } from "~/features/auth/auth-translation";
import type { AuthActionData, AuthIntent } from "~/features/auth/run-auth-intent.server";

/*
 * The building blocks of the auth forms (dialog, /auth page, first-visit dialog): labelled
 * fields, the inline error region, the submit button with its pending label, and the hook
 * that posts a form to the /auth action through a fetcher.
 */

export type AuthSuccess = Extract<AuthActionData, { ok: true }>;
export interface Problem {
  error: AuthMessage;
  field?: string;
}

const noSubscription = () => () => {};
/** False on the server and while hydrating, true afterwards (no hydration mismatch). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Fetches the /auth route's module ahead, once a form is about to be used (`when`). React
 * Router loads it before it sends a form from another page (the route has a clientAction)
 * and reloads the page when it fails to load: fetched beforehand, a form sent offline
 * shows 'Something went wrong' instead. With split route modules (React Router 8's default)
 * the clientAction is a chunk of its own, which the router loads for the post instead of the
 * module (and does not reload the page when that fails): both are fetched.
 */
export function usePreloadAuthRoute(when = true): void {
  const route = useContext(UNSAFE_FrameworkContext)?.manifest.routes["routes/auth/auth"];
  const module = route?.module;
  const clientAction = route?.clientActionModule;
  useEffect(() => {
    if (!when) return;
    for (const url of [module, clientAction]) if (url) import(/* @vite-ignore */ url).catch(() => {});
  }, [when, module, clientAction]);
}

/**
 * A fetcher for one form. `pageData` is the /auth page's `useActionData()` (a form posted
 * without JavaScript); it counts when its intent is one of this form's. On a successful
 * answer the action's toast is shown and `onSuccess` runs, once the root loader has
 * revalidated (fetcher idle), so the header already shows the member.
 */
export function useAuthSubmit(options: {
  t: AuthT;
  intents: readonly AuthIntent[];
  pageData?: AuthActionData;
  onSuccess?: (data: AuthSuccess) => void;
  /** Runs on a refused request (the problem is also returned for inline display). */
  onFailure?: (data: Extract<AuthActionData, { ok: false }>) => void;
}) {
  const { t, intents, pageData } = options;
  const fetcher = useFetcher<AuthActionData>();
  const [local, setLocal] = useState<Problem | null>(null);
  // The answer whose problem `clear()` dismissed (Back, another method): no longer shown.
  const [cleared, setCleared] = useState<AuthActionData | undefined>(undefined);
  const fromPage = pageData?.intent && intents.includes(pageData.intent) ? pageData : undefined;
  const data = fetcher.data ?? fromPage;
  const pending = fetcher.state !== "idle";
  const handled = useRef<AuthActionData | undefined>(undefined);

  const settle = useEffectEvent((answer: AuthActionData) => {
    if (!answer.ok) return options.onFailure?.(answer);
    if (answer.toast) toast({ title: t(answer.toast.title), description: t(answer.toast.body) });
    options.onSuccess?.(answer);
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    settle(answer);
  }, [fetcher.state, fetcher.data]);

  const problem: Problem | null =
    local ?? (!pending && data && data !== cleared && !data.ok ? { error: data.error, field: data.field } : null);

  /** onSubmit: ignores a second submit while pending; runs the client-side check first. */
  const onSubmit = (check?: (values: Record<string, string>) => Problem | null) => (event: FormEvent<HTMLFormElement>) => {
    if (pending) {
      event.preventDefault();
      return;
    }
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const values = Object.fromEntries(new FormData(form, submitter)) as Record<string, string>;
    const found = check?.(values) ?? null;
    setLocal(found);
    if (!found) return;
    event.preventDefault();
    const field = found.field ? form.elements.namedItem(found.field) : null;
    if (field instanceof HTMLElement) field.focus();
  };

  const clear = () => {
    setLocal(null);
    setCleared(data);
  };
  return { fetcher, data, pending, problem, onSubmit, clear };
}

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700";

/** A labelled input with an optional hint; marked invalid when the error names its field. */
export function Field({
  label,
  hint,
  name,
  problem,
  errorId,
  trailing,
  ...input
}: {
  label: ReactNode;
  hint?: string;
  name: string;
  problem: Problem | null;
  errorId: string;
  trailing?: (id: string) => ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = useId();
  const hintId = `${id}-hint`;
  const invalid = problem?.field === name;
  const describedBy = [hint ? hintId : "", invalid ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="relative">
        <input
          id={id}
          name={name}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass} ${trailing ? "pr-12" : ""}`}
          {...input}
        />
        {trailing?.(id)}
      </div>
    </div>
  );
}

type FieldProps = Parameters<typeof Field>[0];
type PresetFieldProps = Omit<FieldProps, "label" | "name"> & { t: AuthT; label?: ReactNode };

/** The email field of every auth form: one label, input type and set of autofill hints. */
export function EmailField({ t, ...props }: PresetFieldProps) {
  return (
    <Field label={t("fields.email")} name="email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}

/** The phone field of every auth form, with the spec's '+1...' format hint. */
export function PhoneField({ t, ...props }: PresetFieldProps) {
  return (
    <Field label={t("fields.phone")} hint={t("fields.phoneHint")} name="phone" type="tel" autoComplete="tel" inputMode="tel" {...props} />
  );
}

/** The inline error (role="alert") under a form, near its submit button; or a success note. */
export function FormMessage({ id, problem, t }: { id: string; problem: Problem | null; t: AuthT }) {
  return (
    <p id={id} role="alert" className="text-sm font-semibold text-red-700 empty:hidden">
      {problem ? t(problem.error.key, problem.error.values) : null}
    </p>
  );
}

export const primaryButtonClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-80 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700";

export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-slate-400 px-5 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-100";

export const textLinkClass =
  "inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/**
 * The submit button: while the request runs it shows the pending label and is
 * aria-disabled (it keeps focus, unlike `disabled`); the form ignores a second submit.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  disabled,
  name,
  value,
}: {
  pending: boolean;
  label: ReactNode;
  pendingLabel: string;
  disabled?: boolean;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" name={name} value={value} disabled={disabled} aria-disabled={pending || undefined} className={primaryButtonClass}>
      {pending ? (
        <>
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent"
          />
          {pendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<Parameters<typeof Field>[0], "type" | "trailing"> & { t: AuthT }) {
  const { t, ...field } = props;
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...field}
      type={shown ? "text" : "password"}
      autoCapitalize="none"
      spellCheck={false}
      trailing={(id) => (
        <button
          type="button"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
          className="absolute right-0 top-0 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:text-slate-950"
        >
          {shown ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
          <span className="sr-only">{t("fields.showPassword")}</span>
        </button>
      )}
    />
  );
}
