import { z } from "zod";
import type { Language } from "~/i18n/config";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { formatRange, parseOsis } from "./bible-books";

/**
 * The Bible text provider: an HTTP adapter for a bible-api.com–compatible API
 * (`GET {BIBLE_API_URL}/{reference}?translation={id}`). Every failure (not configured, a
 * timeout, a 5xx, an answer that is not the expected JSON) gives `null`, and the pages show
 * links to online readers instead.
 */

export interface PassageVerse {
  book: string;
  chapter: number;
  verse: number;
  text: string;
}

export interface PassageText {
  /** The translation's name as the provider gives it ("World English Bible"). */
  translationName: string;
  verses: PassageVerse[];
}

export interface BibleTextProvider {
  getPassage(osis: string, language: Language): Promise<PassageText | null>;
}

const ZApiAnswer = z.object({
  reference: z.string(),
  verses: z
    .array(
      z.object({
        book_name: z.string().max(100),
        chapter: z.number().int().positive(),
        verse: z.number().int().positive(),
        text: z.string().max(5000),
      }),
    )
    .min(1)
    .max(2000),
  text: z.string(),
  translation_name: z.string().max(200),
});

/** More separate ranges than this ("John 1; John 3; …") are not fetched: links instead. */
const MAX_RANGES = 4;

/** A small least-recently-used cache: Map keeps insertion order, so the first key is the oldest. */
class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly size: number,
    private readonly ttlMs: number,
  ) {}
  get(key: string, now: number): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.expires <= now) return undefined;
    this.entries.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    while (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

export interface BibleTextProviderOptions {
  /** e.g. https://bible-api.com (no trailing slash needed). */
  baseUrl: string;
  translations: Record<Language, string>;
  timeoutMs?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  fetchImpl?: typeof fetch;
}

/** The HTTP adapter. Successful answers are cached (LRU); failures are not, so a recovered API is used at once. */
export function createBibleTextProvider(options: BibleTextProviderOptions): BibleTextProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 3000;
  const doFetch = options.fetchImpl ?? fetch;
  const cache = new LruCache<PassageVerse[]>(options.cacheSize ?? 200, options.cacheTtlMs ?? 24 * 60 * 60 * 1000);
  const names = new LruCache<string>(50, 24 * 60 * 60 * 1000);

  async function fetchRange(reference: string, translation: string): Promise<{ verses: PassageVerse[]; name: string } | null> {
    const url = `${base}/${encodeURIComponent(reference)}?translation=${encodeURIComponent(translation)}`;
    const now = Date.now();
    const cached = cache.get(url, now);
    if (cached) return { verses: cached, name: names.get(translation, now) ?? translation };
    try {
      const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        logger.warn({ status: response.status, reference }, "bible text provider answered an error");
        return null;
      }
      const parsed = ZApiAnswer.safeParse(await response.json());
      if (!parsed.success) {
        logger.warn({ reference }, "bible text provider answered an unexpected shape");
        return null;
      }
      const verses = parsed.data.verses.map((v) => ({
        book: v.book_name,
        chapter: v.chapter,
        verse: v.verse,
        text: v.text.replace(/\s+/g, " ").trim(),
      }));
      cache.set(url, verses, now);
      names.set(translation, parsed.data.translation_name, now);
      return { verses, name: parsed.data.translation_name };
    } catch (error) {
      logger.warn({ reference, error: error instanceof Error ? error.name : String(error) }, "bible text provider unreachable");
      return null;
    }
  }

  return {
    async getPassage(osis, language) {
      const ranges = parseOsis(osis);
      if (!ranges || ranges.length > MAX_RANGES) return null;
      const translation = options.translations[language];
      // One request per range, in English book names (what bible-api.com reads).
      const parts = await Promise.all(ranges.map((r) => fetchRange(formatRange(r, "en", "-"), translation)));
      if (parts.some((p) => p === null)) return null;
      const done = parts as { verses: PassageVerse[]; name: string }[];
      return { translationName: done[0]!.name, verses: done.flatMap((p) => p.verses) };
    },
  };
}

let configured: BibleTextProvider | null | undefined;

/** The provider BIBLE_API_URL configures, or null without one. */
export function getBibleTextProvider(): BibleTextProvider | null {
  if (configured === undefined) {
    const env = getEnv();
    configured = env.BIBLE_API_URL
      ? createBibleTextProvider({
          baseUrl: env.BIBLE_API_URL,
          translations: { en: env.BIBLE_TRANSLATION_EN, es: env.BIBLE_TRANSLATION_ES },
        })
      : null;
  }
  return configured;
}

/** Tests: use this provider (or none) instead of the environment's. */
export function setBibleTextProvider(provider: BibleTextProvider | null | undefined): void {
  configured = provider;
}
