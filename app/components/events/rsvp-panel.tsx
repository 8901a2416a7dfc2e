import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button-link";
import type { EventsT } from "~/features/events/events-translation";
import type { EventActionData } from "~/features/events/run-event-action.server";
import type { QuestionView } from "~/features/events/load-event-page.server";

export interface RsvpPanelProps {
  t: EventsT;
  occurrenceStart: string;
  maxPartySize: number;
  questions: QuestionView[];
  guestRegistration: boolean;
  member: {
    hasEmail: boolean;
    registration: { id: string; status: "confirmed" | "waitlisted"; partySize: number } | null;
  } | null;
  signInHref: string;
  actionData: EventActionData | undefined;
}

const inputClasses =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700";

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {text}
    </p>
  );
}

/** Party size and the event's questions: the fields both RSVP forms share. */
function SharedFields({
  t,
  prefix,
  maxPartySize,
  questions,
  errors,
  values,
}: {
  t: EventsT;
  prefix: string;
  maxPartySize: number;
  questions: QuestionView[];
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${prefix}-party`} className="block font-semibold text-slate-900">
          {t("rsvp.partySize")}
        </label>
        <select
          id={`${prefix}-party`}
          name="partySize"
          defaultValue={values.partySize || "1"}
          aria-invalid={errors.partySize ? true : undefined}
          aria-describedby={errors.partySize ? `${prefix}-party-error` : undefined}
          className={`${inputClasses} max-w-32`}
        >
          {Array.from({ length: maxPartySize }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
        <FieldError id={`${prefix}-party-error`} text={errors.partySize} />
      </div>
      {questions.map((q) => {
        const id = `${prefix}-q-${q.id}`;
        const name = `answer.${q.id}`;
        const error = errors[name];
        const common = {
          id,
          name,
          required: q.required,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
          className: inputClasses,
        };
        return (
          <div key={q.id}>
            <label htmlFor={id} className="block font-semibold text-slate-900">
              {q.label} {q.required ? <span className="font-normal text-slate-700">{t("rsvp.required")}</span> : null}
            </label>
            {q.kind === "choice" ? (
              <select {...common} defaultValue="">
                <option value="">{t("rsvp.choose")}</option>
                {q.options.map((option, i) => (
                  <option key={i} value={i}>
                    {option}
                  </option>
                ))}
              </select>
            ) : q.kind === "number" ? (
              <input {...common} type="number" inputMode="numeric" min={q.min ?? undefined} max={q.max ?? undefined} step={1} />
            ) : (
              <input {...common} type="text" maxLength={500} />
            )}
            <FieldError id={`${id}-error`} text={error} />
          </div>
        );
      })}
    </>
  );
}

/** The RSVP box of an event's detail page: a member's one-click form or status, or the guest form. */
export function RsvpPanel({
  t,
  occurrenceStart,
  maxPartySize,
  questions,
  guestRegistration,
  member,
  signInHref,
  actionData,
}: RsvpPanelProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  const succeeded = actionData?.ok ? actionData : null;
  const guestSucceeded = succeeded?.intent === "register" && succeeded.guest;

  return (
    <section aria-labelledby="rsvp-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="rsvp-heading" className="font-serif text-2xl font-bold text-brand-800">
        {t("rsvp.title")}
      </h2>
      <div role="status" aria-live="polite">
        {succeeded ? <p className="mt-3 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">{succeeded.message}</p> : null}
      </div>
      {failed ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          {failed.message}
        </p>
      ) : null}

      {member ? (
        member.registration ? (
          <div className="mt-4">
            <p className="text-lg font-semibold text-slate-900">
              {member.registration.status === "confirmed"
                ? member.registration.partySize === 1
                  ? t("rsvp.statusGoingOne")
                  : t("rsvp.statusGoing", { count: member.registration.partySize })
                : member.registration.partySize === 1
                  ? t("rsvp.statusWaitlistedOne")
                  : t("rsvp.statusWaitlisted", { count: member.registration.partySize })}
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="registrationId" value={member.registration.id} />
              <button type="submit" disabled={busy} className={buttonClasses("primary")}>
                {t("rsvp.cancel")}
              </button>
            </Form>
          </div>
        ) : member.hasEmail ? (
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="register" />
            <input type="hidden" name="occurrence" value={occurrenceStart} />
            <SharedFields t={t} prefix="member" maxPartySize={maxPartySize} questions={questions} errors={errors} values={values} />
            <button type="submit" disabled={busy} className={buttonClasses("primary")}>
              {t("rsvp.going")}
            </button>
          </Form>
        ) : (
          <p className="mt-4">
            <Link to="/settings" className="font-semibold text-brand-800 underline underline-offset-4">
              {t("rsvp.noEmail")}
            </Link>
          </p>
        )
      ) : (
        <div className="mt-4">
          <Link to={signInHref} className={buttonClasses("primary")}>
            {t("rsvp.signIn")}
          </Link>
          {guestRegistration && !guestSucceeded ? (
            <Form method="post" className="mt-6 space-y-4 border-t border-slate-200 pt-6" noValidate>
              <h3 className="font-serif text-xl font-bold text-slate-900">{t("rsvp.guestTitle")}</h3>
              <input type="hidden" name="intent" value="register" />
              <input type="hidden" name="occurrence" value={occurrenceStart} />
              <div>
                <label htmlFor="guest-name" className="block font-semibold text-slate-900">
                  {t("rsvp.name")}
                </label>
                <input
                  id="guest-name"
                  name="name"
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={120}
                  defaultValue={values.name}
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={errors.name ? "guest-name-error" : undefined}
                  className={inputClasses}
                />
                <FieldError id="guest-name-error" text={errors.name} />
              </div>
              <div>
                <label htmlFor="guest-email" className="block font-semibold text-slate-900">
                  {t("rsvp.email")}
                </label>
                <input
                  id="guest-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  defaultValue={values.email}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? "guest-email-error" : undefined}
                  className={inputClasses}
                />
                <FieldError id="guest-email-error" text={errors.email} />
              </div>
              <SharedFields t={t} prefix="guest" maxPartySize={maxPartySize} questions={questions} errors={errors} values={values} />
              <button type="submit" disabled={busy} className={buttonClasses("accent")}>
                {t("rsvp.register")}
              </button>
            </Form>
          ) : null}
        </div>
      )}
    </section>
  );
}
