import { use, useEffect, useId, useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { loadAuthTranslator } from "~/features/auth/load-auth-translator";
import { clearGuestMode, markFirstVisitSeen, setGuestMode } from "~/features/auth/guest-mode";
import { EmailField, Field, FormMessage, PhoneField, secondaryButtonClass, SubmitButton, useAuthSubmit, usePreloadAuthRoute } from "./auth-fields";
import { ModalDialog } from "./modal-dialog";

type Step = "choose" | "send" | "code";
type Method = "email" | "phone";

const choiceClass =
  "flex min-h-11 w-full flex-col items-start gap-1 rounded-xl border border-slate-400 p-4 text-left hover:border-brand-700 hover:bg-brand-50";

/**
 * The first-visit welcome (lazy chunk, opened by AuthOverlays): member or guest. A member
 * chooses a link by email or a code by text; Back resets to the first step. Closing it,
 * any way, stores the first-visit flag.
 */
// The auth strings of the page's language, fetched as soon as this chunk runs.
const strings = loadAuthTranslator();

export default function FirstVisitDialog({ onClose }: { onClose: () => void }) {
  const t = use(strings);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>("choose");
  // Not on opening (every first visit): once a member chooses to get a link or a code.
  usePreloadAuthRoute(step !== "choose");
  const [method, setMethod] = useState<Method>("email");
  const [value, setValue] = useState("");
  const [phone, setPhone] = useState("");
  const moved = useRef(false);
  const sendErrorId = useId();
  const codeErrorId = useId();
  const close = () => dialogRef.current?.close();

  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };
  const reset = () => {
    setMethod("email");
    setValue("");
    setPhone("");
    send.clear();
    verify.clear();
    go("choose");
  };

  // Each step starts at its first control, so keyboard and screen reader users follow along.
  useEffect(() => {
    if (!moved.current) return;
    stepRef.current?.querySelector<HTMLElement>("input:checked, input:not([type=hidden]), button")?.focus();
  }, [step]);

  const send = useAuthSubmit({
    t,
    intents: ["magic-link", "sms-send"],
    onSuccess: (answer) => {
      if (answer.intent === "magic-link") close();
      else {
        setPhone(answer.phone ?? value);
        go("code");
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
  const verify = useAuthSubmit({
    t,
    intents: ["sms-verify"],
    onSuccess: () => {
      clearGuestMode();
      close();
    },
  });

  return (
    <ModalDialog
      dialogRef={dialogRef}
      title={t("firstVisit.title")}
      description={t("firstVisit.description")}
      closeLabel={t("dialog.close")}
      initialFocus="[data-first-choice]"
      onClose={() => {
        markFirstVisitSeen();
        onClose();
      }}
    >
      <div ref={stepRef}>
        {step === "choose" ? (
          <div className="space-y-3">
            <button type="button" data-first-choice="" onClick={() => go("send")} className={choiceClass}>
              <span className="font-semibold text-brand-900">{t("firstVisit.member")}</span>
              <span className="text-sm text-slate-700">{t("firstVisit.memberHint")}</span>
            </button>
            <button
              type="button"
              onClick={() => {
                setGuestMode();
                toast({ title: t("toast.guest"), description: t("toast.guestBody") });
                close();
              }}
              className={choiceClass}
            >
              <span className="font-semibold text-brand-900">{t("firstVisit.guest")}</span>
              <span className="text-sm text-slate-700">{t("firstVisit.guestHint")}</span>
            </button>
          </div>
        ) : null}

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
              <button type="button" onClick={reset} className={`${secondaryButtonClass} sm:w-auto`}>
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
              <button type="button" onClick={reset} className={`${secondaryButtonClass} sm:w-auto`}>
                {t("firstVisit.back")}
              </button>
              <SubmitButton pending={verify.pending} label={t("sms.verify")} pendingLabel={t("signin.submitting")} />
            </div>
          </verify.fetcher.Form>
        ) : null}
      </div>
    </ModalDialog>
  );
}
