import { and, asc, desc, eq } from "drizzle-orm";
import { data } from "react-router";
import { serviceTimes, sermons } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import { formatSermonDate } from "~/features/sermons/sermon-dates";
import { getRequestContext } from "~/server/request-context.server";
import type { ChatMessageView } from "./chat-events";
import { findCurrentStream } from "./find-live-stream.server";
import { listChatMessages } from "./list-chat-messages.server";
import { nextServiceStart } from "./next-service.server";
import { watchTranslator } from "./watch-translation";
import type { WatchStreamView } from "./watch-views";

/** GET /watch: the current stream with its chat, or the coming-soon state; always the next service. */
export async function loadWatchPage({ request, now = new Date() }: { request: Request; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const t = watchTranslator(language);
  const [timeZone, slots, stream, session, [sermon]] = await Promise.all([
    churchTimeZone(db),
    db.select().from(serviceTimes).orderBy(asc(serviceTimes.sortOrder), asc(serviceTimes.id)),
    findCurrentStream(db),
    getCurrentMember({ db, request }),
    db
      .select({
        slug: sermons.slug,
        titleEn: sermons.titleEn,
        titleEs: sermons.titleEs,
        speaker: sermons.speaker,
        preachedOn: sermons.preachedOn,
      })
      .from(sermons)
      .where(and(eq(sermons.status, "published")))
      .orderBy(desc(sermons.preachedOn), desc(sermons.id))
      .limit(1),
  ]);
  const next = nextServiceStart(
    slots.map((s) => ({ name: localize(language, s.nameEn, s.nameEs), dayOfWeek: s.dayOfWeek, startTime: s.startTime })),
    timeZone,
    now,
  );
  const messages: ChatMessageView[] = stream ? await listChatMessages({ db, streamId: stream.id }) : [];
  const roles = session?.member.roles ?? [];
  const headers = new Headers(session?.headers);
  // Per visitor (sign-in state, moderation buttons) and live: never cached.
  headers.set("Cache-Control", "private, no-store");
  return data(
    {
      seo: { title: t("title"), description: t("seoDescription") },
      timeZone,
      now: now.toISOString(),
      nextService: next ? { name: next.name, startsAt: next.startsAt.toISOString() } : null,
      stream: stream
        ? ({
            id: stream.id,
            title: localize(language, stream.titleEn, stream.titleEs),
            provider: stream.provider,
            youtubeVideoId: stream.youtubeVideoId,
            hlsUrl: stream.hlsUrl,
            chatEnabled: stream.chatEnabled,
          } satisfies WatchStreamView)
        : null,
      messages,
      latestSermon: sermon
        ? {
            slug: sermon.slug,
            title: localize(language, sermon.titleEn, sermon.titleEs),
            speaker: sermon.speaker,
            date: formatSermonDate(sermon.preachedOn, language),
          }
        : null,
      viewer: { signedIn: Boolean(session), canModerate: roles.includes("admin") || roles.includes("moderator") },
    },
    { headers },
  );
}
