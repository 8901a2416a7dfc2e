import { and, eq, isNull, or } from "drizzle-orm";
import { prayerParts } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { askAiForPrayer, type AiProvider } from "./ask-ai-for-prayer.server";
import { composePrayer } from "./compose-prayer";
import type { ComposedPrayer, ComposeInput } from "./generator-views";

let configured: AiProvider | null | undefined;

/** The provider AI_BASE_URL configures, or null (then no network call is ever made). */
export function configuredAiProvider(): AiProvider | null {
  if (configured === undefined) {
    const env = getEnv();
    configured = env.AI_BASE_URL ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL } : null;
  }
  return configured;
}

/** Tests: use this provider (or none; undefined = the environment's again) instead of the environment's. */
export function setAiProvider(provider: AiProvider | null | undefined): void {
  configured = provider;
}

/** The active library parts that can serve this topic. */
export async function loadActiveParts(db: AppDatabase, topic: ComposeInput["topic"]) {
  return db
    .select({
      id: prayerParts.id,
      kind: prayerParts.kind,
      topic: prayerParts.topic,
      textEn: prayerParts.textEn,
      textEs: prayerParts.textEs,
    })
    .from(prayerParts)
    .where(and(eq(prayerParts.active, true), or(isNull(prayerParts.topic), eq(prayerParts.topic, topic))))
    .orderBy(prayerParts.sortOrder, prayerParts.id);
}

/**
 * A prayer for the form's input: from the curated library, or (with a provider) the model's
 * words with the library's scriptures; the library's prayer whenever the model fails.
 */
export async function generatePrayer(options: {
  db: AppDatabase;
  input: ComposeInput;
  provider?: AiProvider | null;
  random?: () => number;
}): Promise<ComposedPrayer> {
  const { db, input } = options;
  const provider = options.provider === undefined ? configuredAiProvider() : options.provider;
  const parts = await loadActiveParts(db, input.topic);
  const composed = composePrayer({
    parts,
    topic: input.topic,
    language: input.language,
    name: input.name,
    words: input.words,
    random: options.random,
  });
  if (!provider) return composed;
  const paragraphs = await askAiForPrayer({ provider, topic: input.topic, language: input.language, name: input.name, words: input.words });
  return paragraphs ? { ...composed, paragraphs, source: "ai" } : composed;
}
