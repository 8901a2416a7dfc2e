import { sermonSeries, sermons } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The demo church's sermons and their series; idempotent (rows keyed by slug). */
export async function seedDemoSermons(tx: AppDatabase, now: Date): Promise<void> {
  const sunday = (weeksAgo: number) => {
    const d = new Date(now);
    d.setUTCDate(d.getUTCDate() - d.getUTCDay() - weeksAgo * 7);
    return d.toISOString().slice(0, 10);
  };
  const [john] = await tx
    .insert(sermonSeries)
    .values({
      slug: "the-gospel-of-john",
      titleEn: "The Gospel of John",
      titleEs: "El Evangelio de Juan",
      descriptionEn: "Walking through the fourth gospel: who Jesus is and what it means to believe.",
      descriptionEs: "Un recorrido por el cuarto evangelio: quién es Jesús y qué significa creer.",
    })
    .onConflictDoUpdate({ target: sermonSeries.slug, set: { slug: sermonSeries.slug } })
    .returning({ id: sermonSeries.id });
  const seriesId = john?.id ?? null;
  await tx
    .insert(sermons)
    .values([
      { slug: "the-word-became-flesh", titleEn: "The Word Became Flesh", titleEs: "El Verbo se hizo carne", summaryEn: "How the God who speaks came close enough to be heard.", summaryEs: "Cómo el Dios que habla se acercó lo suficiente para ser escuchado.", seriesId: seriesId, speaker: "Bishop Samuel R. Whitaker", scripture: "John 1:1-18", preachedOn: sunday(1) },
      { slug: "come-and-see", titleEn: "Come and See", titleEs: "Vengan y vean", summaryEn: "The simplest invitation in the Bible, and why it still works.", summaryEs: "La invitación más sencilla de la Biblia, y por qué todavía funciona.", seriesId: seriesId, speaker: "Pastor Elena Martínez", scripture: "John 1:35-51", preachedOn: sunday(2) },
      { slug: "new-wine", titleEn: "New Wine", titleEs: "Vino nuevo", summaryEn: "A wedding, an empty jar and the first sign of the kingdom.", summaryEs: "Una boda, una tinaja vacía y la primera señal del reino.", seriesId: seriesId, speaker: "Bishop Samuel R. Whitaker", scripture: "John 2:1-11", preachedOn: sunday(3) },
    ])
    .onConflictDoNothing();
}
