import { data } from "react-router";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import { formatPrayerDate } from "~/features/prayer/load-prayer-wall.server";
import { getRequestContext } from "~/server/request-context.server";
import { generatorTranslator } from "./generator-translation";
import { PRAYER_TOPICS, type PrayerTopic, type SavedPrayerView } from "./generator-views";
import { listSavedPrayers } from "./manage-saved-prayers.server";

/** /prayer-generator: the page's introduction, the topic asked for in the address, and the member's saved prayers. */
export async function loadPrayerGenerator({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const t = generatorTranslator(language);
  const url = new URL(request.url);
  const topicParam = url.searchParams.get("topic");
  const topic = (PRAYER_TOPICS as readonly string[]).includes(topicParam ?? "") ? (topicParam as PrayerTopic) : null;
  const [blocks, session] = await Promise.all([
    getContentBlocks({ db, language, keys: ["page.prayer-generator"] }),
    getCurrentMember({ db, request }),
  ]);
  let saved: SavedPrayerView[] = [];
  if (session) {
    const [rows, timeZone] = await Promise.all([listSavedPrayers({ db, userId: session.member.id }), churchTimeZone(db)]);
    saved = rows.map((r) => ({
      id: r.id,
      topic: r.topic,
      language: r.language,
      body: r.body,
      scriptures: r.scriptures.split("\n").filter(Boolean),
      dateLabel: formatPrayerDate(r.createdAt, language, timeZone),
    }));
  }
  const block = blocks["page.prayer-generator"] ?? { title: t("title"), body: t("intro"), summary: null };
  const headers = new Headers(session?.headers);
  headers.set("Cache-Control", session ? "private, no-store" : "no-cache");
  return data(
    {
      page: { title: block.title, body: block.body },
      topic,
      signedIn: Boolean(session),
      saved,
      seo: { title: block.title, description: block.summary ?? (block.body.slice(0, 160) || t("intro")) },
    },
    { headers },
  );
}
