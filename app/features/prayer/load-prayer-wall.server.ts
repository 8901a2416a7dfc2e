import { and, count, desc, eq, inArray } from "drizzle-orm";
import { data } from "react-router";
import { prayerIntercessions, prayerReports, prayerRequests } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import type { Language } from "~/i18n/config";
import { getRequestContext } from "~/server/request-context.server";
import { wallConditions } from "./find-visible-request.server";
import { prayerTranslator } from "./prayer-translation";
import { PRAYER_CATEGORIES, PRAYER_PAGE_SIZE, type MyPrayerView, type PrayerCardView, type PrayerCategory } from "./prayer-views";
import { dateTimeFormat } from "~/i18n/intl-format";

export const formatPrayerDate = (date: Date, language: Language, timeZone: string) =>
  dateTimeFormat(language, { dateStyle: "medium", timeZone }).format(date);

/** /prayer: the page's introduction, one page of the wall (filtered by category), and the member's own requests. */
export async function loadPrayerWall({ request, url, now = new Date() }: { request: Request; url: URL; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const t = prayerTranslator(language);
  const categoryParam = url.searchParams.get("category");
  const category = (PRAYER_CATEGORIES as readonly string[]).includes(categoryParam ?? "") ? (categoryParam as PrayerCategory) : null;
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const [blocks, session, timeZone] = await Promise.all([
    getContentBlocks({ db, language, keys: ["page.prayer"] }),
    getCurrentMember({ db, request }),
    churchTimeZone(db),
  ]);
  const userId = session?.member.id ?? null;
  const conditions = wallConditions(Boolean(session), now);
  if (category) conditions.push(eq(prayerRequests.category, category));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(prayerRequests)
    .where(and(...conditions));
  const pages = Math.max(1, Math.ceil(Number(total) / PRAYER_PAGE_SIZE));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, pages) : 1;
  const rows = await db
    .select()
    .from(prayerRequests)
    .where(and(...conditions))
    .orderBy(desc(prayerRequests.createdAt), desc(prayerRequests.id))
    .limit(PRAYER_PAGE_SIZE)
    .offset((page - 1) * PRAYER_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const prayed = new Set<string>();
  const reported = new Set<string>();
  if (userId && ids.length > 0) {
    const [a, b] = await Promise.all([
      db
        .select({ id: prayerIntercessions.requestId })
        .from(prayerIntercessions)
        .where(and(eq(prayerIntercessions.userId, userId), inArray(prayerIntercessions.requestId, ids))),
      db
        .select({ id: prayerReports.requestId })
        .from(prayerReports)
        .where(and(eq(prayerReports.userId, userId), inArray(prayerReports.requestId, ids))),
    ]);
    a.forEach((r) => prayed.add(r.id));
    b.forEach((r) => reported.add(r.id));
  }
  const requests: PrayerCardView[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    category: r.category,
    authorName: r.anonymous ? null : r.authorName,
    date: r.createdAt.toISOString(),
    dateLabel: formatPrayerDate(r.createdAt, language, timeZone),
    prayingCount: r.prayingCount,
    iPrayed: prayed.has(r.id),
    iReported: reported.has(r.id),
    mine: userId !== null && r.userId === userId,
    answered: r.answeredAt !== null,
    praiseReport: r.praiseReport,
  }));
  const mine: MyPrayerView[] = userId
    ? (await db.select().from(prayerRequests).where(eq(prayerRequests.userId, userId)).orderBy(desc(prayerRequests.createdAt))).map(
        (r) => ({
          id: r.id,
          title: r.title,
          body: r.body,
          category: r.category,
          visibility: r.visibility,
          status: r.status,
          expiresLabel: formatPrayerDate(r.expiresAt, language, timeZone),
          prayingCount: r.prayingCount,
          answered: r.answeredAt !== null,
          praiseReport: r.praiseReport,
        }),
      )
    : [];
  const block = blocks["page.prayer"] ?? { title: t("title"), body: t("intro"), summary: null };
  const headers = new Headers(session?.headers);
  headers.set("Cache-Control", session ? "private, no-store" : "no-cache");
  return data(
    {
      page: { title: block.title, body: block.body },
      requests,
      mine,
      category,
      pagination: { page, pages, total: Number(total) },
      signedIn: Boolean(session),
      signInHref: `/auth?redirectTo=${encodeURIComponent(`/prayer${url.search}`).replaceAll("%2F", "/")}`,
      seo: { title: block.title, description: block.summary ?? (block.body.slice(0, 160) || t("intro")) },
    },
    { headers },
  );
}
