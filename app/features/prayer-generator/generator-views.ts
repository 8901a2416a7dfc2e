import type { PRAYER_GENERATOR_TOPICS as SCHEMA_TOPICS, PRAYER_PART_KINDS as SCHEMA_KINDS } from "~/db/schema/community";
import type { PrayerCategory } from "~/features/prayer/prayer-views";

export type PrayerTopic = (typeof SCHEMA_TOPICS)[number];
export type PrayerPartKind = (typeof SCHEMA_KINDS)[number];

/** The schema's lists, repeated so the browser bundle does not load the schema (the types keep them equal). */
export const PRAYER_TOPICS = [
  "healing",
  "family",
  "gratitude",
  "guidance",
  "grief",
  "work",
  "peace",
  "provision",
] as const satisfies readonly PrayerTopic[];
export const PART_KINDS = ["opening", "petition", "intercession", "scripture", "closing"] as const satisfies readonly PrayerPartKind[];
type MissingTopic = Exclude<PrayerTopic, (typeof PRAYER_TOPICS)[number]>;
type MissingKind = Exclude<PrayerPartKind, (typeof PART_KINDS)[number]>;
const allListed: [MissingTopic, MissingKind] extends [never, never] ? true : never = true;
void allListed;

export const MAX_NAME = 60;
export const MAX_WORDS = 200;
/** A part's text in the library (either language). */
export const MAX_PART_TEXT = 1000;
/** What a saved or posted prayer may carry back (the composer stays far below). */
export const MAX_PRAYER_BODY = 4000;
export const MAX_SCRIPTURES = 600;

/** The prayer wall category a topic is posted under. */
export const TOPIC_CATEGORY: Record<PrayerTopic, PrayerCategory> = {
  healing: "healing",
  family: "family",
  gratitude: "gratitude",
  guidance: "guidance",
  grief: "grief",
  work: "work",
  peace: "other",
  provision: "other",
};

/** Composing: many per IP, since it may call the AI provider. */
export const composeLimit = { limit: 30, windowSeconds: 10 * 60 };
/** Saving to "My saved prayers": per member. */
export const saveLimit = { limit: 30, windowSeconds: 60 * 60 };

/** Strips control characters and folds all whitespace (line breaks included) to single spaces. */
export function plainLine(value: string): string {
  return value
    .replace(/[\u0000-\u001F\u007F]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The composer's input, once checked (see generator-input.server.ts). */
export interface ComposeInput {
  topic: PrayerTopic;
  name: string;
  words: string;
  language: "en" | "es";
}

export interface Scripture {
  reference: string;
  /** The verse text, when the library has it. */
  verse: string | null;
}

export interface ComposedPrayer {
  topic: PrayerTopic;
  language: "en" | "es";
  /** Paragraphs, plain text. */
  paragraphs: string[];
  scriptures: Scripture[];
  /** Where the words came from. */
  source: "library" | "ai";
}

export interface SavedPrayerView {
  id: string;
  topic: PrayerTopic;
  language: "en" | "es";
  body: string;
  scriptures: string[];
  dateLabel: string;
}

export interface GeneratorActionData {
  ok: boolean;
  intent: string | null;
  message: string;
  fieldErrors: Record<string, string>;
  /** The prayer shown after composing, and kept on the page after saving or posting it. */
  prayer?: ComposedPrayer;
  /** The form's values, to refill it. */
  values?: { topic: string; name: string; words: string; language: string };
}
