import type { TourStrings } from "~/i18n/locales/en/tour";

/** Spec section 9. */
export const TOUR_START_DELAY_MS = 500;
export const TOUR_AUTO_START_DELAY_MS = 1500;
export const TOUR_TOOLTIP_WIDTH = 380;
export const TOUR_LAYER = 1000;
/** Below this viewport width the mobile steps are used. */
export const TOUR_MOBILE_MAX_WIDTH = 768;

export type TourPlacement = "top" | "bottom" | "left" | "right" | "auto" | "center" | "bottom-start" | "bottom-end";

/** Spec section 3: a tour step (target selector, content, placement, disableBeacon). */
export interface TourStep {
  target: string;
  content: { title: string; text: string };
  placement: TourPlacement;
  disableBeacon: boolean;
}

type StepKey = keyof TourStrings["steps"];
const step = (key: StepKey, placement: TourPlacement) => ({ key, target: `[data-tour="${key}"]`, placement });

/** 8 steps over the header and the page (the page ones exist on the home page only). */
export const desktopStepPlan = [
  step("home", "bottom-start"),
  step("mainNav", "bottom"),
  step("resources", "bottom"),
  step("language", "bottom"),
  step("watchLive", "bottom"),
  step("account", "bottom-end"),
  step("newHere", "top"),
  step("footer", "top"),
] as const;

/** 3 steps for phones (viewport below 768 px), all in the header. */
export const mobileStepPlan = [step("home", "bottom-start"), step("language", "bottom"), step("mobileMenu", "bottom-end")] as const;

export function isMobileViewport(width: number): boolean {
  return width < TOUR_MOBILE_MAX_WIDTH;
}

/** The steps for a viewport width, in the language of `t` (the tour namespace). */
export function tourSteps(width: number, t: (key: `steps.${StepKey}.title` | `steps.${StepKey}.text`) => string): TourStep[] {
  const plan = isMobileViewport(width) ? mobileStepPlan : desktopStepPlan;
  return plan.map(({ key, target, placement }) => ({
    target,
    content: { title: t(`steps.${key}.title`), text: t(`steps.${key}.text`) },
    placement,
    disableBeacon: true,
  }));
}
