import type { ComposedPrayer, PrayerPartKind, PrayerTopic, Scripture } from "./generator-views";
import { PRAYER_LIBRARY } from "./prayer-library";

export interface PrayerPart {
  id: number | string;
  kind: PrayerPartKind;
  topic: PrayerTopic | null;
  textEn: string;
  textEs: string;
}

export interface ComposeOptions {
  /** The active library parts (any topic; the composer picks the ones that fit). */
  parts: readonly PrayerPart[];
  topic: PrayerTopic;
  language: "en" | "es";
  /** Already trimmed plain text; empty = none. */
  name?: string;
  words?: string;
  /** A number in [0, 1), like Math.random; injectable so tests are repeatable. */
  random?: () => number;
}

/** A repeatable random source (mulberry32), for tests and previews. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BUILT_IN: readonly PrayerPart[] = PRAYER_LIBRARY.map((p, i) => ({ ...p, id: `built-in-${i}` }));

/** How the person's own words are woven in: a quoted intention. */
const WORDS_TEMPLATES: Record<"en" | "es", readonly string[]> = {
  en: [
    "Lord, I bring you what is on my heart: “{{words}}”",
    "Hear the words I place before you: “{{words}}”",
    "You already know what I carry today: “{{words}}” I leave it in your hands.",
  ],
  es: [
    "Señor, te traigo lo que hay en mi corazón: «{{words}}».",
    "Escucha las palabras que pongo delante de ti: «{{words}}».",
    "Tú ya sabes lo que llevo hoy: «{{words}}». Lo dejo en tus manos.",
  ],
};

const AMEN = { en: "Amen.", es: "Amén." } as const;

/**
 * Fills `{{key}}` in a library text in one pass, so a value that itself contains `{{…}}` (the
 * visitor's words) is never expanded again; an unknown placeholder becomes nothing.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);

/** English: end the quoted words with a stop inside the quotes. Spanish: the stop goes after «…». */
function quotable(words: string, language: "en" | "es"): string {
  if (language === "es") return words.replace(/[.。]+$/u, "");
  return /[.!?…]$/u.test(words) ? words : `${words}.`;
}

function pickDistinct<T>(pool: readonly T[], count: number, random: () => number, key: (item: T) => string): T[] {
  const remaining = [...pool];
  const chosen: T[] = [];
  const seen = new Set<string>();
  while (chosen.length < count && remaining.length > 0) {
    const index = Math.min(remaining.length - 1, Math.floor(random() * remaining.length));
    const [item] = remaining.splice(index, 1);
    const k = key(item!);
    if (seen.has(k)) continue;
    seen.add(k);
    chosen.push(item!);
  }
  return chosen;
}

/**
 * Composes a prayer from library parts: an opening, two petitions for the topic, the
 * person's words as a quoted intention (if any), an intercession for the name (if any) and a
 * closing with "Amen."; plus two or three scripture references. Parts are chosen at random,
 * never the same text twice. A kind the library has no usable part for comes from the
 * built-in library, so there is always a prayer. Pure: same parts and random source, same prayer.
 */
export function composePrayer(options: ComposeOptions): ComposedPrayer {
  const { topic, language } = options;
  const random = options.random ?? Math.random;
  const name = options.name?.trim() ?? "";
  const words = options.words?.trim() ?? "";
  const values: Record<string, string> = { name, words: words ? quotable(words, language) : "" };
  const text = (p: PrayerPart) => (language === "es" ? p.textEs.trim() || p.textEn.trim() : p.textEn.trim());
  // A part fits when it is for this topic (or any topic) and every placeholder it uses has a value.
  const fits = (p: PrayerPart) =>
    (p.topic === null || p.topic === topic) &&
    text(p) !== "" &&
    placeholders(text(p)).every((k) => values[k] !== undefined && values[k] !== "");
  const pool = (kind: PrayerPartKind, topicOnly = false) => {
    const match = (p: PrayerPart) => p.kind === kind && fits(p) && (!topicOnly || p.topic === topic);
    const fromLibrary = options.parts.filter(match);
    return fromLibrary.length > 0 ? fromLibrary : BUILT_IN.filter(match);
  };
  const byText = (p: PrayerPart) => text(p).toLowerCase();

  const used = new Set<string>();
  const take = (kind: PrayerPartKind, count: number, topicOnly = false) => {
    const chosen = pickDistinct(
      pool(kind, topicOnly).filter((p) => !used.has(byText(p))),
      count,
      random,
      byText,
    );
    chosen.forEach((p) => used.add(byText(p)));
    return chosen.map((p) => fillTemplate(text(p), values));
  };

  const paragraphs: string[] = [];
  paragraphs.push(...take("opening", 1));
  paragraphs.push(...take("petition", 2, true));
  if (words) {
    const templates = WORDS_TEMPLATES[language];
    paragraphs.push(fillTemplate(templates[Math.min(templates.length - 1, Math.floor(random() * templates.length))]!, values));
  }
  if (name) paragraphs.push(...take("intercession", 1));
  const closing = take("closing", 1)[0] ?? "";
  const amen = AMEN[language];
  paragraphs.push(
    closing.replace(/\s*(amen|amén)\.?$/iu, "").trim() ? `${closing.replace(/\s*(amen|amén)\.?$/iu, "").trim()} ${amen}` : amen,
  );

  const topical = pool("scripture", true);
  const count = 2 + Math.floor(random() * 2);
  const scriptureParts = pickDistinct(topical, Math.min(count, topical.length), random, byText);
  if (scriptureParts.length < 2) {
    const taken = new Set(scriptureParts.map(byText));
    scriptureParts.push(
      ...pickDistinct(
        pool("scripture").filter((p) => !taken.has(byText(p))),
        2 - scriptureParts.length,
        random,
        byText,
      ),
    );
  }
  const scriptures: Scripture[] = scriptureParts.map((p) => {
    const [reference = "", ...rest] = text(p).split(/\r?\n/);
    const verse = rest.join(" ").trim();
    return { reference: reference.trim(), verse: verse || null };
  });

  return { topic, language, paragraphs: paragraphs.filter(Boolean), scriptures, source: "library" };
}

/** The prayer as one plain text (paragraphs apart), as saved, copied and shared. */
export function prayerText(prayer: Pick<ComposedPrayer, "paragraphs">): string {
  return prayer.paragraphs.join("\n\n");
}
