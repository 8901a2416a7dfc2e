import { CalendarDays, MapPin, Users } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button-link";
import type { MembershipT } from "~/features/membership/membership-translation";
import type { OfferingView } from "~/features/membership/list-open-offerings.server";
import type { ClassActionData } from "~/features/membership/run-class-action.server";
import { fieldInputClasses, FormField } from "./form-field";

export interface ClassMember {
  name: string;
  email: string | null;
  signedUp: number[];
}

/** One open class: its sessions, place, seats left, and the sign-up form. */
export function ClassOfferingCard({
  t,
  offering,
  member,
  signInHref,
  actionData,
}: {
  t: MembershipT;
  offering: OfferingView;
  member: ClassMember | null;
  signInHref: string;
  actionData: ClassActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("offeringId") === String(offering.id);
  const mine = actionData && actionData.offeringId === offering.id ? actionData : undefined;
  const failed = mine && !mine.ok ? mine : undefined;
  const succeeded = mine?.ok ? mine : undefined;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  const prefix = `class-${offering.id}`;
  const full = offering.seatsLeft === 0;
  const signedUp = Boolean(member?.signedUp.includes(offering.id));

  return (
    <article aria-labelledby={`${prefix}-title`} className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h3 id={`${prefix}-title`} className="font-serif text-2xl font-bold wrap-anywhere text-brand-800">
        {offering.title}
      </h3>
      {offering.description ? <p className="mt-3 text-lg text-slate-800">{offering.description}</p> : null}
      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-slate-800">
        {offering.place ? (
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-hidden="true" className="h-5 w-5 text-brand-700" />
              <span className="sr-only">{t("class.where")}</span>
            </dt>
            <dd className="wrap-anywhere">{offering.place}</dd>
          </div>
        ) : null}
        {offering.seatsLeft !== null ? (
          <div className="flex items-center gap-2">
            <dt>
              <Users aria-hidden="true" className="h-5 w-5 text-brand-700" />
              <span className="sr-only">{t("admin.fields.capacity")}</span>
            </dt>
            <dd className="font-semibold">
              {full
                ? t("class.full")
                : offering.seatsLeft === 1
                  ? t("class.oneSeatLeft")
                  : t("class.seatsLeft", { count: offering.seatsLeft })}
            </dd>
          </div>
        ) : null}
      </dl>

      {offering.sessions.length > 0 ? (
        <>
          <h4 className="mt-6 font-semibold text-slate-900">{t("class.sessionsHeading")}</h4>
          <ol className="mt-2 space-y-3">
            {offering.sessions.map((s) => (
              <li key={s.number} className="flex gap-3 rounded-lg bg-brand-50 p-3">
                <CalendarDays aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {t("class.sessionNumber", { number: s.number })}: <time dateTime={s.start}>{s.when}</time>
                  </p>
                  <p className="wrap-anywhere text-slate-800">{s.topic}</p>
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : null}

      <section aria-labelledby={`${prefix}-signup`} className="mt-8 border-t border-slate-200 pt-6">
        <h4 id={`${prefix}-signup`} className="font-serif text-xl font-bold text-slate-900">
          {t("class.signUpFor", { title: offering.title })}
        </h4>
        <div role="status" aria-live="polite">
          {succeeded ? <p className="mt-3 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">{succeeded.message}</p> : null}
        </div>
        {failed ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
            {failed.message}
          </p>
        ) : null}
        {succeeded ? null : member ? (
          signedUp ? (
            <p className="mt-3 font-semibold text-slate-900">{t("class.alreadySignedUpMember")}</p>
          ) : !member.email ? (
            <p className="mt-3">
              <Link to="/settings" className="font-semibold text-brand-800 underline underline-offset-4">
                {t("class.memberNoEmail")}
              </Link>
            </p>
          ) : full ? null : (
            <Form method="post" className="mt-3 space-y-4">
              <input type="hidden" name="offeringId" value={offering.id} />
              <p className="wrap-anywhere text-slate-800">{t("class.memberIntro", { name: member.name, email: member.email })}</p>
              <button type="submit" disabled={busy} className={buttonClasses("primary")}>
                {busy ? t("form.sending") : t("class.memberButton")}
              </button>
            </Form>
          )
        ) : full ? null : (
          <div className="mt-3">
            <p className="text-slate-800">
              {t("class.signInPrompt")}{" "}
              <Link to={signInHref} className="font-semibold text-brand-800 underline underline-offset-4">
                {t("class.signIn")}
              </Link>
            </p>
            <Form method="post" className="mt-4 grid gap-4 sm:max-w-lg" noValidate>
              <input type="hidden" name="offeringId" value={offering.id} />
              <p className="text-slate-800">{t("class.guestIntro")}</p>
              <FormField id={`${prefix}-name`} label={t("class.name")} note={t("form.required")} error={errors.name}>
                {(props) => (
                  <input
                    {...props}
                    name="name"
                    type="text"
                    autoComplete="name"
                    required
                    maxLength={120}
                    defaultValue={values.name}
                    className={fieldInputClasses}
                  />
                )}
              </FormField>
              <FormField id={`${prefix}-email`} label={t("class.email")} note={t("form.required")} error={errors.email}>
                {(props) => (
                  <input
                    {...props}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={254}
                    defaultValue={values.email}
                    className={fieldInputClasses}
                  />
                )}
              </FormField>
              <FormField id={`${prefix}-phone`} label={t("class.phone")} note={t("form.optional")} error={errors.phone}>
                {(props) => (
                  <input
                    {...props}
                    name="phone"
                    type="tel"
                    autoComplete="tel"
                    maxLength={40}
                    defaultValue={values.phone}
                    className={fieldInputClasses}
                  />
                )}
              </FormField>
              <div>
                <button type="submit" disabled={busy} className={buttonClasses("accent")}>
                  {busy ? t("form.sending") : t("class.guestButton")}
                </button>
              </div>
            </Form>
          </div>
        )}
      </section>
    </article>
  );
}
