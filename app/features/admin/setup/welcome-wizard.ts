/**
 * The welcome wizard's steps, in order (issue 34): the church, its service times, its look,
 * keeping the demo content or starting empty (while there is demo content), done.
 */
export const WIZARD_STEPS = ["church", "times", "look", "demo", "done"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function wizardSteps(demoPresent: boolean): WizardStep[] {
  return WIZARD_STEPS.filter((step) => step !== "demo" || demoPresent);
}

export function wizardStep(value: string | null, steps: readonly WizardStep[] = WIZARD_STEPS): WizardStep {
  return (steps as readonly string[]).includes(value ?? "") ? (value as WizardStep) : "church";
}

export function nextStep(step: WizardStep, steps: readonly WizardStep[] = WIZARD_STEPS): WizardStep {
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!;
}

/** What the wizard's church step asks; the rest of the profile keeps its values (or defaults). */
export const WIZARD_PROFILE_FIELDS = [
  "nameEn",
  "nameEs",
  "taglineEn",
  "taglineEs",
  "streetAddress",
  "city",
  "region",
  "postalCode",
  "phone",
  "smsKeyword",
  "timeZone",
] as const;

/** The time zones of the United States and its territories, as the picker offers them. */
export const US_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
  "Pacific/Guam",
] as const;
