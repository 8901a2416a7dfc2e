import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { fieldInputClasses, FormField } from "~/components/membership/form-field";
import { buttonClasses } from "~/components/ui/button-link";
import type { GiveActionData, GivePageData } from "~/features/giving/give-page.server";
import { EMAIL_MAX, FREQUENCIES, NAME_MAX, PRESET_AMOUNTS_CENTS } from "~/features/giving/giving-options";
import { useGivingTranslation } from "~/features/giving/giving-translation";
import { coverFeeCents, formatCents, MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS, parseDollars } from "~/features/payments/money";

const presetValue = (cents: number) => String(cents / 100);
const choiceClasses =
  "flex min-h-11 min-w-0 items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700";

/** The amount the form would give now, in cents (a typed amount wins over a preset), or null. */
function chosenCents(form: HTMLFormElement): number | null {
  const data = new FormData(form);
  const typed = String(data.get("customAmount") ?? "").trim();
  const cents = parseDollars(typed !== "" ? typed : String(data.get("amount") ?? ""));
  return cents !== null && cents >= MIN_AMOUNT_CENTS && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/**
 * The gift form of /give: fund, amount (presets or typed), how often (recurring for members,
 * who can manage it), covering the processing fee (with JavaScript the exact fee and total
 * show as the amount changes; without it, Checkout lists the fee before paying), and who is
 * giving. It posts to /give, which sends the donor to Stripe Checkout.
 */
export function GiftForm({ data, actionData }: { data: GivePageData; actionData: GiveActionData | undefined }) {
  const { t, language } = useGivingTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/give") === true;
  const errors = actionData?.fieldErrors ?? {};
  const values: Record<string, string> = actionData?.values ?? {
    fundId: data.funds[0] ? String(data.funds[0].id) : "",
    frequency: "one_time",
  };
  const [hydrated, setHydrated] = useState(false);
  const [live, setLive] = useState<{ cents: number | null; cover: boolean }>({ cents: null, cover: values.coverFee === "1" });
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    setHydrated(true);
    if (formRef.current) setLive({ cents: chosenCents(formRef.current), cover: new FormData(formRef.current).get("coverFee") === "1" });
  }, []);
  useEffect(() => {
    if (actionData) alertRef.current?.focus();
  }, [actionData]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement;
    // A preset clears a typed amount; typing unchecks the presets (the server rule: typed wins).
    if (target.name === "amount") {
      const custom = form.elements.namedItem("customAmount") as HTMLInputElement | null;
      if (custom) custom.value = "";
    }
    if (target.name === "customAmount" && target.value.trim() !== "") {
      for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="amount"]')) radio.checked = false;
    }
    setLive({ cents: chosenCents(form), cover: new FormData(form).get("coverFee") === "1" });
  };
  const fee = live.cents !== null && live.cover ? coverFeeCents(live.cents, data.fee.percentBp, data.fee.fixedCents) : 0;
  const amountError = errors.amount;
  const member = data.member;

  return (
    <section
      id="give-online"
      aria-labelledby="give-online-heading"
      className="min-w-0 scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="give-online-heading" className="font-serif text-3xl font-bold text-brand-800">
        {t("onlineHeading")}
      </h2>
      <p className="mt-2 text-slate-800">{t("onlineIntro")}</p>
      {actionData ? (
        <p ref={alertRef} tabIndex={-1} role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold wrap-anywhere text-red-900">
          {actionData.message}
        </p>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        action={`/give${language === "es" ? "?lang=es" : ""}`}
        noValidate
        onChange={onChange}
        className="mt-6 grid gap-6"
      >
        <fieldset className="min-w-0" aria-describedby={errors.fundId ? "gift-fund-error" : undefined}>
          <legend className="font-semibold text-slate-900">
            {t("form.fund")} <span className="font-normal text-slate-700">{t("form.required")}</span>
          </legend>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            {data.funds.map((fund) => (
              <label key={fund.id} className={`${choiceClasses} items-start`}>
                <input
                  type="radio"
                  name="fundId"
                  value={fund.id}
                  defaultChecked={values.fundId === String(fund.id)}
                  aria-invalid={errors.fundId ? true : undefined}
                  aria-describedby={fund.description ? `gift-fund-${fund.id}-description` : undefined}
                  className="mt-0.5 h-5 w-5 shrink-0"
                />
                <span className="min-w-0">
                  <span className="block font-semibold wrap-anywhere text-slate-900">{fund.name}</span>
                  {fund.description ? (
                    <span id={`gift-fund-${fund.id}-description`} className="block text-sm wrap-anywhere text-slate-700">
                      {fund.description}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
          {errors.fundId ? (
            <p id="gift-fund-error" className="mt-1 text-sm font-semibold wrap-anywhere text-red-800">
              {errors.fundId}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="min-w-0" aria-describedby={amountError ? "gift-amount-error" : undefined}>
          <legend className="font-semibold text-slate-900">
            {t("form.amount")} <span className="font-normal text-slate-700">{t("form.required")}</span>
          </legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {PRESET_AMOUNTS_CENTS.map((cents) => (
              <label key={cents} className={`${choiceClasses} justify-center font-semibold`}>
                <input
                  type="radio"
                  name="amount"
                  value={presetValue(cents)}
                  defaultChecked={!values.customAmount && values.amount === presetValue(cents)}
                  aria-invalid={amountError ? true : undefined}
                  className="h-5 w-5 shrink-0"
                />
                <span>{formatCents(cents, language)}</span>
              </label>
            ))}
          </div>
          {amountError ? (
            <p id="gift-amount-error" className="mt-1 text-sm font-semibold wrap-anywhere text-red-800">
              {amountError}
            </p>
          ) : null}
          <div className="mt-4 sm:max-w-xs">
            <FormField id="gift-custom-amount" label={t("form.otherAmount")} hint={t("form.otherAmountHint")} error={errors.customAmount}>
              {(props) => (
                <input
                  {...props}
                  name="customAmount"
                  type="text"
                  inputMode="decimal"
                  autoComplete="transaction-amount"
                  maxLength={20}
                  defaultValue={values.customAmount}
                  className={fieldInputClasses}
                />
              )}
            </FormField>
          </div>
        </fieldset>

        <fieldset
          className="min-w-0"
          aria-describedby={
            [member ? null : "gift-recurring-note", errors.frequency ? "gift-frequency-error" : null].filter(Boolean).join(" ") || undefined
          }
        >
          <legend className="font-semibold text-slate-900">{t("form.frequency")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(member ? FREQUENCIES : (["one_time"] as const)).map((frequency) => (
              <label key={frequency} className={choiceClasses}>
                <input
                  type="radio"
                  name="frequency"
                  value={frequency}
                  defaultChecked={(values.frequency || "one_time") === frequency || (!member && frequency === "one_time")}
                  aria-invalid={errors.frequency ? true : undefined}
                  className="h-5 w-5 shrink-0"
                />
                <span className="text-slate-900">{t(`form.frequencies.${frequency}`)}</span>
              </label>
            ))}
          </div>
          {member ? null : (
            <p id="gift-recurring-note" className="mt-2 rounded-lg bg-brand-50 p-3 text-slate-900">
              {t("form.recurringNeedsAccount")}{" "}
              <Link to={data.signInHref} className="font-semibold text-brand-800 underline underline-offset-4">
                {t("form.recurringSignIn")}
              </Link>
            </p>
          )}
          {errors.frequency ? (
            <p id="gift-frequency-error" className="mt-1 text-sm font-semibold wrap-anywhere text-red-800">
              {errors.frequency}
            </p>
          ) : null}
        </fieldset>

        <div className="min-w-0">
          <label className="flex min-h-11 items-start gap-3 text-slate-900">
            <input
              type="checkbox"
              name="coverFee"
              value="1"
              defaultChecked={values.coverFee === "1"}
              aria-describedby="gift-fee-note"
              className="mt-0.5 h-5 w-5 shrink-0"
            />
            <span className="min-w-0 wrap-anywhere">{t("form.coverFee", { fee: data.fee.label })}</span>
          </label>
          <p id="gift-fee-note" aria-live="polite" className="mt-1 text-sm text-slate-700">
            {hydrated
              ? fee > 0 && live.cents !== null
                ? t("form.feeLine", { fee: formatCents(fee, language), total: formatCents(live.cents + fee, language) })
                : ""
              : t("form.feeNoJs")}
          </p>
        </div>

        {member?.email ? (
          <p className="rounded-lg bg-slate-100 p-3 wrap-anywhere text-slate-900">
            {t("form.givingAs", { name: member.name, email: member.email })}
          </p>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="gift-name" label={t("form.name")} note={t("form.required")} error={errors.name}>
              {(props) => (
                <input
                  {...props}
                  name="name"
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={NAME_MAX}
                  defaultValue={values.name ?? member?.name ?? ""}
                  className={fieldInputClasses}
                />
              )}
            </FormField>
            <FormField id="gift-email" label={t("form.email")} note={t("form.required")} error={errors.email}>
              {(props) => (
                <input
                  {...props}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={EMAIL_MAX}
                  defaultValue={values.email}
                  className={fieldInputClasses}
                />
              )}
            </FormField>
          </div>
        )}

        <div>
          <button type="submit" disabled={busy} className={buttonClasses("primary")}>
            {busy ? t("form.sending") : t("form.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
