// What the FAQ editor (client) and its server operation share.
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 2000;

/** One assistant FAQ entry as the content page edits it (empty strings for empty fields). */
export interface FaqItem {
  id: number;
  questionEn: string;
  questionEs: string;
  answerEn: string;
  answerEs: string;
  href: string;
  active: boolean;
  /** Changes when the row is saved, so the form re-renders with the saved text. */
  version: string;
}
