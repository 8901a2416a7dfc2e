import { inArray } from "drizzle-orm";
import { sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The demo recordings in public/media/sermons: committed files, sizes and lengths measured once. */
const DEMO_AUDIO = {
  "the-word-became-flesh": { audioUrl: "/media/sermons/the-word-became-flesh.mp3", audioBytes: 63_427, audioDurationSeconds: 16 },
  "come-and-see": { audioUrl: "/media/sermons/come-and-see.mp3", audioBytes: 68_320, audioDurationSeconds: 17 },
  "new-wine": { audioUrl: "/media/sermons/new-wine.mp3", audioBytes: 58_490, audioDurationSeconds: 14 },
  "a-gentle-answer": { audioUrl: "/media/sermons/a-gentle-answer.mp3", audioBytes: 55_265, audioDurationSeconds: 14 },
} as const;

export const DEMO_TOPICS = [
  { slug: "faith", nameEn: "Faith", nameEs: "Fe" },
  { slug: "prayer", nameEn: "Prayer", nameEs: "Oración" },
  { slug: "family", nameEn: "Family", nameEs: "Familia" },
  { slug: "hope", nameEn: "Hope", nameEs: "Esperanza" },
  { slug: "grace", nameEn: "Grace", nameEs: "Gracia" },
  { slug: "discipleship", nameEn: "Discipleship", nameEs: "Discipulado" },
];

export const DEMO_SERMON_TOPICS: Record<string, string[]> = {
  "new-wine": ["faith", "grace"],
  "come-and-see": ["discipleship", "faith"],
  "the-word-became-flesh": ["grace", "hope"],
  "a-house-of-prayer": ["prayer", "family"],
  "a-gentle-answer": ["family", "discipleship"],
  "the-beginning-of-wisdom": ["faith", "discipleship"],
  "trust-in-the-lord": ["hope", "faith", "prayer"],
};

/** The demo series (rows keyed by slug). */
export const DEMO_SERIES = [
  {
    slug: "the-gospel-of-john",
    titleEn: "The Gospel of John",
    titleEs: "El Evangelio de Juan",
    descriptionEn: "Walking through the fourth gospel: who Jesus is and what it means to believe.",
    descriptionEs: "Un recorrido por el cuarto evangelio: quién es Jesús y qué significa creer.",
  },
  {
    slug: "wisdom-for-everyday-life",
    titleEn: "Wisdom for Everyday Life",
    titleEs: "Sabiduría para la vida diaria",
    descriptionEn: "Proverbs for Monday morning: words, work, friendship and trust.",
    descriptionEs: "Proverbios para el lunes por la mañana: palabras, trabajo, amistad y confianza.",
  },
];

/**
 * The demo sermons as inserted: `sunday(weeksAgo)` is a preached-on date, `series` the ids of
 * the two demo series (null when missing). Also what "Remove the demo church" compares a row
 * with to tell whether staff have changed it.
 */
export function demoSermons(sunday: (weeksAgo: number) => string, series: { john: number | null; wisdom: number | null }) {
  const { john, wisdom } = series;
  const mp3 = { audioMimeType: "audio/mpeg" } as const;
  return [
    {
      slug: "new-wine",
      titleEn: "New Wine",
      titleEs: "Vino nuevo",
      summaryEn: "A wedding, an empty jar and the first sign of the kingdom.",
      summaryEs: "Una boda, una tinaja vacía y la primera señal del reino.",
      seriesId: john,
      speaker: "Bishop Samuel R. Whitaker",
      scripture: "John 2:1-11",
      preachedOn: sunday(1),
      ...mp3,
      ...DEMO_AUDIO["new-wine"],
    },
    {
      slug: "come-and-see",
      titleEn: "Come and See",
      titleEs: "Vengan y vean",
      summaryEn: "The simplest invitation in the Bible, and why it still works.",
      summaryEs: "La invitación más sencilla de la Biblia, y por qué todavía funciona.",
      seriesId: john,
      speaker: "Pastor Elena Martínez",
      scripture: "John 1:35-51",
      preachedOn: sunday(2),
      ...mp3,
      ...DEMO_AUDIO["come-and-see"],
    },
    {
      slug: "the-word-became-flesh",
      titleEn: "The Word Became Flesh",
      titleEs: "El Verbo se hizo carne",
      summaryEn: "How the God who speaks came close enough to be heard.",
      summaryEs: "Cómo el Dios que habla se acercó lo suficiente para ser escuchado.",
      seriesId: john,
      speaker: "Bishop Samuel R. Whitaker",
      scripture: "John 1:1-18",
      preachedOn: sunday(3),
      ...mp3,
      ...DEMO_AUDIO["the-word-became-flesh"],
    },
    {
      slug: "a-house-of-prayer",
      titleEn: "A House of Prayer",
      titleEs: "Una casa de oración",
      summaryEn: "Why a praying church starts with praying families, and how to begin at the kitchen table.",
      summaryEs: "Por qué una iglesia que ora empieza con familias que oran, y cómo comenzar en la mesa de la cocina.",
      seriesId: null,
      speaker: "Pastor Elena Martínez",
      scripture: "Isaiah 56:7; Matthew 21:13",
      preachedOn: sunday(4),
    },
    {
      slug: "a-gentle-answer",
      titleEn: "A Gentle Answer",
      titleEs: "Una respuesta amable",
      summaryEn: "Words that calm an argument at home, at work and online.",
      summaryEs: "Palabras que calman una discusión en casa, en el trabajo y en las redes.",
      seriesId: wisdom,
      speaker: "Pastor Elena Martínez",
      scripture: "Proverbs 15:1-4",
      preachedOn: sunday(5),
      ...mp3,
      ...DEMO_AUDIO["a-gentle-answer"],
    },
    {
      slug: "the-beginning-of-wisdom",
      titleEn: "The Beginning of Wisdom",
      titleEs: "El principio de la sabiduría",
      summaryEn: "What the fear of the Lord is, and why it frees us from every other fear.",
      summaryEs: "Qué es el temor del Señor, y por qué nos libra de cualquier otro temor.",
      seriesId: wisdom,
      speaker: "Bishop Samuel R. Whitaker",
      scripture: "Proverbs 1:1-7",
      preachedOn: sunday(6),
    },
    {
      slug: "trust-in-the-lord",
      titleEn: "Trust in the Lord",
      titleEs: "Confía en el Señor",
      summaryEn: "Straight paths for crooked weeks: trusting God when the plan falls apart.",
      summaryEs: "Caminos rectos para semanas torcidas: confiar en Dios cuando el plan se derrumba.",
      seriesId: wisdom,
      speaker: "Bishop Samuel R. Whitaker",
      scripture: "Proverbs 3:5-6",
      preachedOn: sunday(7),
      videoUrl: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    },
  ];
}

/**
 * The demo church's sermons: two series, topics in both languages, seven sermons (four with
 * a short recording for the podcast, one with a YouTube video). Idempotent: rows keyed by slug.
 */
export async function seedDemoSermons(tx: AppDatabase, now: Date): Promise<void> {
  const sunday = (weeksAgo: number) => {
    const d = new Date(now);
    d.setUTCDate(d.getUTCDate() - d.getUTCDay() - weeksAgo * 7);
    return d.toISOString().slice(0, 10);
  };
  await tx.insert(sermonSeries).values(DEMO_SERIES).onConflictDoNothing();
  await tx.insert(sermonTopics).values(DEMO_TOPICS).onConflictDoNothing();
  const series = await tx
    .select({ id: sermonSeries.id, slug: sermonSeries.slug })
    .from(sermonSeries)
    .where(inArray(sermonSeries.slug, ["the-gospel-of-john", "wisdom-for-everyday-life"]));
  const john = series.find((s) => s.slug === "the-gospel-of-john")?.id ?? null;
  const wisdom = series.find((s) => s.slug === "wisdom-for-everyday-life")?.id ?? null;

  await tx.insert(sermons).values(demoSermons(sunday, { john, wisdom })).onConflictDoNothing();

  const [topicRows, sermonRows] = await Promise.all([
    tx
      .select({ id: sermonTopics.id, slug: sermonTopics.slug })
      .from(sermonTopics)
      .where(
        inArray(
          sermonTopics.slug,
          DEMO_TOPICS.map((t) => t.slug),
        ),
      ),
    tx
      .select({ id: sermons.id, slug: sermons.slug })
      .from(sermons)
      .where(inArray(sermons.slug, Object.keys(DEMO_SERMON_TOPICS))),
  ]);
  const links = sermonRows.flatMap((s) =>
    (DEMO_SERMON_TOPICS[s.slug] ?? []).flatMap((slug) => {
      const topic = topicRows.find((t) => t.slug === slug);
      return topic ? [{ sermonId: s.id, topicId: topic.id }] : [];
    }),
  );
  if (links.length) await tx.insert(sermonTopicLinks).values(links).onConflictDoNothing();
}
