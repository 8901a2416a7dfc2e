import { lazy, useEffect, useRef, useState, useTransition } from "react";
import { toast } from "~/components/ui/toaster";
import { markFirstVisitSeen, setGuestMode } from "~/features/auth/guest-mode";
import { useTranslation } from "~/i18n/react";
import { ModalDialog } from "./modal-dialog";

const choiceClass =
  "flex min-h-11 w-full flex-col items-start gap-1 rounded-xl border border-slate-400 p-4 text-left hover:border-brand-700 hover:bg-brand-50 aria-busy:cursor-progress";

const loadSignIn = () => import("./first-visit-sign-in");
const FirstVisitSignIn = lazy(loadSignIn);

/**
 * The sign-in steps and their strings (side by side, not one after the other), fetched on the
 * intent to answer "I'm a member".
 */
function preloadSignIn(): void {
  void loadSignIn();
  void import("~/features/auth/load-auth-translator").then((module) => module.loadAuthTranslator());
}

/**
 * The first-visit welcome (lazy chunk, opened by AuthOverlays): member or guest. Its own
 * strings are in the page's main table, so opening it costs this small chunk only; a member
 * continues in the sign-in steps (another chunk with the auth strings, fetched on pointer or
 * keyboard intent and at the latest on the answer), where Back returns to the question.
 * Closing it, any way, stores the first-visit flag.
 */
export default function FirstVisitDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const [signingIn, setSigningIn] = useState(false);
  // A transition: the question stays on screen (and keeps the focus) until the steps are loaded.
  const [loading, startTransition] = useTransition();
  const answered = useRef(false);
  const close = () => dialogRef.current?.close();

  // Back from the sign-in steps: the question again, at its first choice. (The steps focus
  // their own first control.)
  useEffect(() => {
    if (answered.current && !signingIn) stepRef.current?.querySelector<HTMLElement>("[data-first-choice]")?.focus();
  }, [signingIn]);

  return (
    <ModalDialog
      dialogRef={dialogRef}
      title={t("welcome.title")}
      description={t("welcome.description")}
      closeLabel={t("common.close")}
      initialFocus="[data-first-choice]"
      onClose={() => {
        markFirstVisitSeen();
        onClose();
      }}
    >
      <div ref={stepRef}>
        {signingIn ? (
          <FirstVisitSignIn onBack={() => setSigningIn(false)} onDone={close} />
        ) : (
          // Any key in the question (Tab, Enter, Space) or a pointer on the member choice is
          // intent enough to fetch the sign-in steps; the dialog's own initial focus is not.
          <div className="space-y-3" onKeyDown={preloadSignIn}>
            <button
              type="button"
              data-first-choice=""
              aria-busy={loading || undefined}
              onPointerEnter={preloadSignIn}
              onPointerDown={preloadSignIn}
              onClick={() => {
                answered.current = true;
                startTransition(() => setSigningIn(true));
              }}
              className={choiceClass}
            >
              <span className="font-semibold text-brand-900">{t("welcome.member")}</span>
              <span className="text-sm text-slate-700">{t("welcome.memberHint")}</span>
            </button>
            <button
              type="button"
              onClick={() => {
                setGuestMode();
                toast({ title: t("welcome.guestToast"), description: t("welcome.guestToastBody") });
                close();
              }}
              className={choiceClass}
            >
              <span className="font-semibold text-brand-900">{t("welcome.guest")}</span>
              <span className="text-sm text-slate-700">{t("welcome.guestHint")}</span>
            </button>
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
