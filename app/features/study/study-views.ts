import type { ReaderLink } from "./bible-links";

/** A passage as the pages show it: its text when the provider gave it, and always the reader links. */
export interface PassageView {
  osis: string;
  /** In the reader's language: "Juan 3:16–18". */
  reference: string;
  text: { translationName: string; verses: { chapter: number; verse: number; text: string }[] } | null;
  /** True when a provider is configured but did not answer (the page says so). */
  providerFailed: boolean;
  links: ReaderLink[];
}

/** A study guide in the reader's language. */
export interface GuideView {
  id: number;
  slug: string;
  weekOf: string;
  weekLabel: string;
  title: string;
  passageReference: string;
  devotional: string;
  questions: string[];
  prayer: string;
}

/** A member's note as its owner sees it. */
export interface NoteView {
  id: string;
  body: string;
  passage: string | null;
  guideTitle: string | null;
  updatedLabel: string;
}

/** A reading plan with the member's progress (null for guests). */
export interface PlanSummary {
  slug: string;
  title: string;
  description: string;
  days: number;
  done: number | null;
}
