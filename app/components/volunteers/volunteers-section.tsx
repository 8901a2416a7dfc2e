import { CalendarClock, HandHeart } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { fieldInputClasses, FormField } from "~/components/membership/form-field";
import { buttonClasses } from "~/components/ui/button-link";
import type { VolunteersActionData, VolunteersSectionData } from "~/features/volunteers/community-volunteers.server";
import { AVAILABILITY_MAX, MESSAGE_MAX } from "~/features/volunteers/volunteer-limits";
import { useVolunteersTranslation } from "~/features/volunteers/volunteers-translation";

function isActionData(value: unknown): value is VolunteersActionData {
  return typeof value === "object" && value !== null && "ok" in value && "message" in value;
}

/**
 * The volunteers section of /community (an h2 section): each active ministry with what it
 * does and when it serves, then one sign-up form with the ministry as a radio choice. A
 * ministry's "Sign up" link preselects it (`?serve=<slug>`), so it works without JavaScript.
 */
export function VolunteersSection({ data, actionData }: { data: VolunteersSectionData; actionData: unknown }) {
  const { t } = useVolunteersTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "volunteers-signup";
  const result = isActionData(actionData) ? actionData : undefined;
  const failed = result && !result.ok ? result : undefined;
  const succeeded = result?.ok ? result : undefined;
  const errors = failed?.fieldErrors ?? {};
  const member = data.member;
  const values: Record<string, string> = failed?.values ?? {
    opportunityId: data.selected === null ? "" : String(data.selected),
    name: member?.name ?? "",
    email: member?.email ?? "",
    phone: member?.phone ?? "",
  };
  // The form is remounted when a "Sign up for …" link picks another ministry (its inputs are uncontrolled).
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After a post the answer is read first: focus moves to it (the form stays where it was).
    if (result) messageRef.current?.focus();
  }, [result]);

  const signedUp = new Set(member?.signedUp ?? []);
  if (succeeded) signedUp.add(succeeded.opportunityId);

  return (
    <section id="serve-with-us" aria-labelledby="serve-with-us-heading" className="mt-16 min-w-0 scroll-mt-24">
      <h2 id="serve-with-us-heading" className="font-serif text-3xl font-bold text-brand-800">
        {t("heading")}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("intro")}</p>

      {data.ministries.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-slate-100 p-6 text-slate-900">{t("empty")}</p>
      ) : (
        <>
          <ul aria-label={t("listLabel")} className="mt-6 grid gap-6 md:grid-cols-2">
            {data.ministries.map((ministry) => (
              <li key={ministry.id} className="min-w-0">
                <article
                  aria-labelledby={`ministry-${ministry.id}`}
                  className="flex h-full min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
                >
                  <h3
                    id={`ministry-${ministry.id}`}
                    className="flex items-start gap-2 font-serif text-2xl font-bold wrap-anywhere text-slate-900"
                  >
                    <HandHeart aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-brand-700" />
                    <span className="min-w-0">{ministry.title}</span>
                  </h3>
                  {ministry.description ? (
                    <p className="mt-3 whitespace-pre-line wrap-anywhere text-slate-800">{ministry.description}</p>
                  ) : null}
                  {ministry.schedule ? (
                    <dl className="mt-3 flex items-start gap-2 text-slate-800">
                      <dt>
                        <CalendarClock aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-700" />
                        <span className="sr-only">{t("when")}</span>
                      </dt>
                      <dd className="min-w-0 wrap-anywhere">{ministry.schedule}</dd>
                    </dl>
                  ) : null}
                  <div className="mt-auto pt-4">
                    {signedUp.has(ministry.id) ? (
                      <p className="font-semibold text-emerald-900">{t("alreadyServing")}</p>
                    ) : (
                      <Link
                        to={`?serve=${encodeURIComponent(ministry.slug)}#volunteer-form`}
                        preventScrollReset
                        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
                      >
                        {t("signUpHere", { ministry: ministry.title })}
                      </Link>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>

          <section
            id="volunteer-form"
            aria-labelledby="volunteer-form-heading"
            className="mt-10 min-w-0 scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h3 id="volunteer-form-heading" className="font-serif text-2xl font-bold text-slate-900">
              {t("form.heading")}
            </h3>
            <p className="mt-2 text-slate-800">{t("form.intro")}</p>
            {member ? (
              <p className="mt-2 text-slate-800">{t("form.memberIntro")}</p>
            ) : (
              <p className="mt-2 text-slate-800">
                {t("form.signInPrompt")}{" "}
                <Link to={data.signInHref} className="font-semibold text-brand-800 underline underline-offset-4">
                  {t("form.signIn")}
                </Link>
              </p>
            )}
            <div role="status" aria-live="polite">
              {succeeded ? (
                <p
                  ref={messageRef}
                  tabIndex={-1}
                  className="mt-4 rounded-lg bg-emerald-50 p-3 font-semibold wrap-anywhere text-emerald-900"
                >
                  {succeeded.message}
                </p>
              ) : null}
            </div>
            {failed ? (
              <p
                ref={messageRef}
                tabIndex={-1}
                role="alert"
                className="mt-4 rounded-lg bg-red-50 p-3 font-semibold wrap-anywhere text-red-900"
              >
                {failed.message}
              </p>
            ) : null}

            <Form
              key={`${succeeded ? `done-${succeeded.message}` : "volunteer"}-${data.selected ?? ""}`}
              method="post"
              className="mt-6 grid gap-5 sm:max-w-2xl"
              noValidate
              preventScrollReset
            >
              <input type="hidden" name="intent" value="volunteers-signup" />
              <fieldset className="min-w-0" aria-describedby={errors.opportunityId ? "volunteer-ministry-error" : undefined}>
                <legend className="font-semibold text-slate-900">
                  {t("form.ministry")} <span className="font-normal text-slate-700">{t("form.required")}</span>
                </legend>
                <div className="mt-2 grid gap-2">
                  {data.ministries.map((ministry) => (
                    <label
                      key={ministry.id}
                      className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name="opportunityId"
                        value={ministry.id}
                        defaultChecked={values.opportunityId === String(ministry.id)}
                        aria-invalid={errors.opportunityId ? true : undefined}
                        className="h-5 w-5 shrink-0"
                      />
                      <span className="min-w-0 wrap-anywhere text-slate-900">{ministry.title}</span>
                    </label>
                  ))}
                </div>
                {errors.opportunityId ? (
                  <p id="volunteer-ministry-error" className="mt-1 text-sm font-semibold wrap-anywhere text-red-800">
                    {errors.opportunityId}
                  </p>
                ) : null}
              </fieldset>
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField id="volunteer-name" label={t("form.name")} note={t("form.required")} error={errors.name}>
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
                <FormField id="volunteer-email" label={t("form.email")} note={t("form.required")} error={errors.email}>
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
              </div>
              <FormField id="volunteer-phone" label={t("form.phone")} note={t("form.optional")} error={errors.phone}>
                {(props) => (
                  <input
                    {...props}
                    name="phone"
                    type="tel"
                    autoComplete="tel"
                    maxLength={40}
                    defaultValue={values.phone}
                    className={`${fieldInputClasses} sm:max-w-xs`}
                  />
                )}
              </FormField>
              <FormField
                id="volunteer-availability"
                label={t("form.availability")}
                note={t("form.required")}
                hint={t("form.availabilityHint")}
                error={errors.availability}
              >
                {(props) => (
                  <textarea
                    {...props}
                    name="availability"
                    rows={2}
                    required
                    maxLength={AVAILABILITY_MAX}
                    defaultValue={values.availability}
                    className={fieldInputClasses}
                  />
                )}
              </FormField>
              <FormField id="volunteer-message" label={t("form.message")} note={t("form.optional")} error={errors.message}>
                {(props) => (
                  <textarea
                    {...props}
                    name="message"
                    rows={4}
                    maxLength={MESSAGE_MAX}
                    defaultValue={values.message}
                    className={fieldInputClasses}
                  />
                )}
              </FormField>
              <div>
                <button type="submit" disabled={busy} className={buttonClasses("primary")}>
                  {busy ? t("form.sending") : t("form.submit")}
                </button>
              </div>
            </Form>
          </section>
        </>
      )}
    </section>
  );
}
