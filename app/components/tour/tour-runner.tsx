import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { EVENTS, Joyride, ORIGIN, STATUS, type EventData, type Step, type TooltipRenderProps } from "react-joyride";
import { useTourTranslation } from "~/features/tour/tour-translation";
import { TOUR_LAYER, TOUR_START_DELAY_MS, TOUR_TOOLTIP_WIDTH, tourSteps, type TourStep } from "~/features/tour/tour-steps";

/*
 * The running tour (a chunk of its own, with react-joyride): fetched only when the tour is
 * due or started.
 */

const visible = (selector: string) => {
  const el = document.querySelector(selector);
  return el !== null && el.getClientRects().length > 0;
};

/** Spec step → react-joyride step (v3 calls disableBeacon `skipBeacon`). */
const toJoyride = (step: TourStep): Step => ({
  target: step.target,
  title: step.content.title,
  content: step.content.text,
  placement: step.placement,
  skipBeacon: step.disableBeacon,
});

/** Records completion on the member's profile; a failure is only logged (spec section 8). */
async function saveCompletion() {
  try {
    const response = await fetch("/tour", { method: "POST", body: new URLSearchParams({ intent: "complete" }) });
    // Spec section 8: logged only (a warning: nothing the member must act on).
    // eslint-disable-next-line no-console
    if (!response.ok) console.warn(`Saving the guided tour's completion failed (${response.status})`);
  } catch (error) {
    // eslint-disable-next-line no-console
    console.warn("Saving the guided tour's completion failed", error);
  }
}

const focusable = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el !== document.body && el.isConnected && el.getClientRects().length > 0;

/** Back to what had focus at the start; if gone or hidden (a closed menu), to the member menu button. */
function restoreFocus(opener: Element | null) {
  const target = focusable(opener) ? opener : [...document.querySelectorAll("[data-auth-return]")].find(focusable);
  target?.focus({ preventScroll: true });
}

/**
 * Mounted when the tour is activated; `save`: record completion when it ends (it was due).
 * `onEnd` unmounts it.
 */
export default function TourRunner({ save, onEnd: unmount }: { save: boolean; onEnd: () => void }) {
  const { t } = useTourTranslation();
  const [steps, setSteps] = useState<Step[] | null>(null);
  // What had focus at activation ("Take the tour" closes the menu onto its button first).
  const [opener] = useState(() => document.activeElement);
  const onEnd = () => {
    if (save) void saveCompletion();
    unmount();
    // After react-joyride's own clean-up (it refocuses what preceded the last tooltip).
    setTimeout(() => restoreFocus(opener), 0);
  };

  // Runs 500 ms after activation, over the steps for this viewport whose targets are on the page.
  useEffect(() => {
    const timer = setTimeout(() => {
      const available = tourSteps(window.innerWidth, t).filter((step) => visible(step.target));
      if (available.length === 0) {
        onEnd();
        return;
      }
      setSteps(available.map(toJoyride));
    }, TOUR_START_DELAY_MS);
    return () => clearTimeout(timer);
    // Chosen once, at activation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!steps) return null;
  return (
    <Joyride
      run
      continuous
      scrollToFirstStep
      steps={steps}
      tooltipComponent={TourTooltip}
      locale={{
        back: t("buttons.back"),
        close: t("buttons.close"),
        next: t("buttons.next"),
        last: t("buttons.last"),
        skip: t("buttons.skip"),
      }}
      options={{
        width: TOUR_TOOLTIP_WIDTH,
        zIndex: TOUR_LAYER,
        buttons: ["back", "close", "primary", "skip"],
        closeButtonAction: "skip",
        dismissKeyAction: false, // Escape ends the tour (TourTooltip)
        overlayClickAction: false,
        blockTargetInteraction: true,
        targetWaitTimeout: 0,
        overlayColor: "rgba(15, 23, 42, 0.55)",
      }}
      onEvent={(data: EventData) => {
        // Finished, skipped, closed or Escape: the tour has ended (spec: saves completion).
        if (data.type !== EVENTS.TOUR_END || (data.status !== STATUS.FINISHED && data.status !== STATUS.SKIPPED)) return;
        onEnd();
      }}
    />
  );
}

const buttonBase = "inline-flex min-h-11 items-center justify-center rounded-full px-4 text-sm font-semibold";

/** The tooltip: a labelled modal dialog; focus starts on Next (react-joyride's focus trap). */
function TourTooltip({ backProps, closeProps, primaryProps, skipProps, controls, index, size, step }: TooltipRenderProps) {
  const { t } = useTourTranslation();
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      controls.skip(ORIGIN.BUTTON_CLOSE);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [controls]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // 380 px, never wider than the screen (360 px phones).
      style={{ width: `min(${TOUR_TOOLTIP_WIDTH}px, calc(100vw - 24px))` }}
      className="relative max-w-full rounded-2xl bg-white p-5 text-left text-slate-900 shadow-2xl ring-1 ring-slate-200"
    >
      <button
        {...closeProps}
        type="button"
        className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
      <h2 id={titleId} className="pr-10 font-serif text-lg font-bold text-brand-800">
        <span className="sr-only">{t("heading")}: </span>
        {step.title}
      </h2>
      <p id={textId} className="mt-2 text-sm leading-relaxed text-slate-700">
        {step.content}
      </p>
      <p className="mt-3 text-xs font-semibold text-slate-600">{t("progress", { current: index + 1, total: size })}</p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button
          {...skipProps}
          type="button"
          className={`${buttonBase} mr-auto px-2 text-slate-700 underline underline-offset-4 hover:bg-slate-100`}
        >
          {t("buttons.skip")}
        </button>
        {index > 0 ? (
          <button {...backProps} type="button" className={`${buttonBase} border border-slate-400 text-slate-900 hover:bg-slate-100`}>
            {t("buttons.back")}
          </button>
        ) : null}
        <button {...primaryProps} type="button" className={`${buttonBase} bg-brand-700 text-white hover:bg-brand-800`}>
          {index + 1 === size ? t("buttons.last") : t("buttons.next")}
        </button>
      </div>
    </div>
  );
}
