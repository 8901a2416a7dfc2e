import { use, useEffect, useId, useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { loadAuthTranslator } from "~/features/auth/load-auth-translator";
import { clearGuestMode } from "~/features/auth/guest-mode";
import { checkCode } from "~/features/auth/auth-input";
import {
  EmailField,
  Field,
  FormMessage,
  PhoneField,
  secondaryButtonClass,
  SubmitButton,
  useAuthSubmit,
  usePreloadAuthRoute,
} from "./auth-fields";

type Step = "send" | "code" | "two-factor";
type Method = "email" | "phone";

/** The first control of a step: the chosen method, else the first field, else a button. */
const FIRST_CONTROL = "input:checked, input:not([type=hidden]), button";

// The auth strings of the page's language, fetched as soon as this chunk runs.
const strings = loadAuthTranslator();

/**
 * The first-visit dialog's sign-in steps (lazy chunk, loaded when a visitor answers "I'm a
 * member", or on the intent to): a link by email or a code by text, then the code (and, for a
 * member with two-factor, the authenticator code). Back
 * returns to the first question; `onDone` closes the dialog once a link is sent or the
 * code is accepted.
 */
export default function FirstVisitSignIn({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const t = use(strings);
  const stepRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>("send");
  // A member chose to get a link or a code: the /auth route's module is needed to send it.
  usePreloadAuthRoute();
  const [method, setMethod] = useState<Method>("email");
  const [value, setValue] = useState("");
  const [phone, setPhone] = useState("");
  const sendErrorId = useId();
  const codeErrorId = useId();
  const twoFactorErrorId = useId();

  // Each step starts at its first control, so keyboard and screen reader users follow along
  // (this component mounts when the member answered the first question).
  useEffect(() => {
    stepRef.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
  }, [step]);

  const send = useAuthSubmit({
    t,
    intents: ["magic-link", "sms-send"],
    onSuccess: (answer) => {
      if (answer.intent === "magic-link") onDone();
      else {
        setPhone(answer.phone ?? value);
        setStep("code");
      }
    },
    // Spec (error catalogue): a send failure is a destructive 'Error' toast.
    onFailure: (answer) =>
      toast({
        title: t("toast.error"),
        description: answer.error?.key ? t(answer.error.key, answer.error.values) : t("errors.generic"),
        variant: "destructive",
      }),
  });
  const signedIn = () => {
    clearGuestMode();
    onDone();
  };
  const verify = useAuthSubmit({
    t,
    intents: ["sms-verify"],
    onSuccess: (answer) => (answer.next === "two-factor" ? setStep("two-factor") : signedIn()),
  });
  const twoFactor = useAuthSubmit({ t, intents: ["two-factor"], onSuccess: signedIn });

  return (
    <div ref={stepRef}>
      {step === "send" ? (
        <send.fetcher.Form method="post" action="/auth" noValidate onSubmit={send.onSubmit()} className="space-y-4">
          <input type="hidden" name="intent" value={method === "email" ? "magic-link" : "sms-send"} />
          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-slate-800">{t("firstVisit.chooseMethod")}</legend>
            <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
              {(["email", "phone"] as const).map((option) => (
                <label
                  key={option}
                  className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-semibold leading-tight text-slate-700 hover:bg-white/70 has-checked:bg-white has-checked:text-brand-800 has-checked:shadow has-checked:ring-1 has-checked:ring-slate-300 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500"
                >
                  <input
                    type="radio"
                    name="method"
                    value={option}
                    checked={method === option}
                    onChange={() => {
                      setMethod(option);
                      setValue("");
                      send.clear();
                    }}
                    className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
                  />
                  {t(option === "email" ? "firstVisit.byEmail" : "firstVisit.byPhone")}
                </label>
              ))}
            </div>
          </fieldset>
          {method === "email" ? (
            <EmailField
              t={t}
              key="email"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              problem={send.problem}
              errorId={sendErrorId}
            />
          ) : (
            <PhoneField
              t={t}
              key="phone"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              problem={send.problem}
              errorId={sendErrorId}
            />
          )}
          {/* Spec: an 'Error' toast; said here too, beside the field to correct. */}
          <FormMessage id={sendErrorId} problem={send.problem} t={t} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <button type="button" onClick={onBack} className={`${secondaryButtonClass} sm:w-auto`}>
              {t("firstVisit.back")}
            </button>
            <SubmitButton
              pending={send.pending}
              disabled={value.trim() === ""}
              label={t(method === "email" ? "firstVisit.sendLink" : "firstVisit.sendCode")}
              pendingLabel={t("magic.submitting")}
            />
          </div>
        </send.fetcher.Form>
      ) : null}

      {step === "code" ? (
        <verify.fetcher.Form method="post" action="/auth" noValidate onSubmit={verify.onSubmit()} className="space-y-4">
          <input type="hidden" name="intent" value="sms-verify" />
          <input type="hidden" name="phone" value={phone} />
          <p className="text-slate-700">{t("sms.sentTo", { phone })}</p>
          <Field
            label={t("fields.code")}
            hint={t("fields.codeHint")}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            problem={verify.problem}
            errorId={codeErrorId}
          />
          <FormMessage id={codeErrorId} problem={verify.problem} t={t} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <button type="button" onClick={onBack} className={`${secondaryButtonClass} sm:w-auto`}>
              {t("firstVisit.back")}
            </button>
            <SubmitButton pending={verify.pending} label={t("sms.verify")} pendingLabel={t("signin.submitting")} />
          </div>
        </verify.fetcher.Form>
      ) : null}

      {step === "two-factor" ? (
        <twoFactor.fetcher.Form
          method="post"
          action="/auth"
          noValidate
          onSubmit={twoFactor.onSubmit((values) => {
            const checked = checkCode(values.code ?? "");
            return checked.ok ? null : { error: checked.error, field: checked.field };
          })}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="two-factor" />
          <p className="text-slate-700">{t("callback.twoFactorNext")}</p>
          <Field
            label={t("fields.twoFactorCode")}
            hint={t("fields.twoFactorHint")}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            problem={twoFactor.problem}
            errorId={twoFactorErrorId}
          />
          <FormMessage id={twoFactorErrorId} problem={twoFactor.problem} t={t} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <button type="button" onClick={onBack} className={`${secondaryButtonClass} sm:w-auto`}>
              {t("firstVisit.back")}
            </button>
            <SubmitButton pending={twoFactor.pending} label={t("signin.verifyTwoFactor")} pendingLabel={t("signin.submitting")} />
          </div>
        </twoFactor.fetcher.Form>
      ) : null}
    </div>
  );
}
