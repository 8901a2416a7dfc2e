import { discussionReplies, discussionThreads } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

const HOUR_MS = 60 * 60 * 1000;

export interface DemoThread {
  authorName: string;
  language: "en" | "es";
  title: string;
  body: string;
  hoursAgo: number;
  replies: Array<{ authorName: string; body: string; hoursAgo: number }>;
}

/** The demo threads with their replies: they have no key, so they are known by their exact words. */
export const DEMO_THREADS: DemoThread[] = [
  {
    authorName: "Grace W.",
    language: "en",
    title: "Favorite verses for a hard week?",
    body: "It has been a long week at work and at home. Which verses do you turn to when you feel worn out?",
    hoursAgo: 72,
    replies: [
      { authorName: "Tom", body: "Matthew 11:28 has carried me through more than one week like that. Praying for you.", hoursAgo: 70 },
      { authorName: "Linda M.", body: "Isaiah 40:31. I keep it on a card by the kitchen sink.", hoursAgo: 50 },
    ],
  },
  {
    authorName: "Carlos R.",
    language: "es",
    title: "¿Alguien quiere compartir auto para el servicio del domingo?",
    body: "Vivo cerca de la avenida principal y tengo dos asientos libres. Si alguien necesita transporte para el servicio en español, me avisa aquí.",
    hoursAgo: 30,
    replies: [
      { authorName: "Lucía", body: "¡Qué buena idea! Mi mamá y yo vivimos cerca. ¿A qué hora sale?", hoursAgo: 28 },
      { authorName: "Carlos R.", body: "Salgo a las 11:15. ¡Nos vemos el domingo!", hoursAgo: 26 },
    ],
  },
  {
    authorName: "Hannah and Mike",
    language: "en",
    title: "Ideas for the fall food drive",
    body: "We would love to make this year's food drive bigger. Any ideas for getting the neighborhood involved?",
    hoursAgo: 12,
    replies: [
      {
        authorName: "Pastor's office",
        body: "Flyers at the school pick-up line worked well last year. We can print them for you.",
        hoursAgo: 8,
      },
    ],
  },
];

/** A few approved demo threads (one in Spanish) with replies. They belong to no account: the demo creates none. */
export async function seedDemoDiscussions(tx: AppDatabase, now: Date): Promise<void> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  for (const thread of DEMO_THREADS) {
    const last = Math.min(thread.hoursAgo, ...thread.replies.map((r) => r.hoursAgo));
    const [row] = await tx
      .insert(discussionThreads)
      .values({
        userId: null,
        authorName: thread.authorName,
        title: thread.title,
        body: thread.body,
        language: thread.language,
        status: "approved",
        replyCount: thread.replies.length,
        lastActivityAt: at(last),
        createdAt: at(thread.hoursAgo),
        updatedAt: at(last),
      })
      .returning({ id: discussionThreads.id });
    if (!row) throw new Error("The demo discussion was not stored");
    await tx.insert(discussionReplies).values(
      thread.replies.map((r) => ({
        threadId: row.id,
        userId: null,
        authorName: r.authorName,
        body: r.body,
        status: "approved" as const,
        createdAt: at(r.hoursAgo),
        updatedAt: at(r.hoursAgo),
      })),
    );
  }
}
