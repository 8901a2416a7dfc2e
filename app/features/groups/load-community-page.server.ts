import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { data } from "react-router";
import { studyGroups } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import { getRequestContext } from "~/server/request-context.server";
import { buildGroupCards } from "./build-group-cards.server";
import { LANGUAGE_FILTERS, MODE_FILTERS, type GroupFilters, type LanguageFilter, type ModeFilter } from "./group-views";
import { groupsTranslator } from "./groups-translation";

/** The filters in a /community URL; anything unknown means "any". */
export function parseGroupFilters(search: URLSearchParams): GroupFilters {
  const language = search.get("language") ?? "any";
  const mode = search.get("mode") ?? "any";
  const day = search.get("day");
  return {
    language: (LANGUAGE_FILTERS as readonly string[]).includes(language) ? (language as LanguageFilter) : "any",
    mode: (MODE_FILTERS as readonly string[]).includes(mode) ? (mode as ModeFilter) : "any",
    day: day !== null && /^[0-6]$/.test(day) ? Number(day) : null,
  };
}

/** SQL for the filters: a Spanish speaker is also offered bilingual groups; hybrid groups are both in person and online. */
function filterConditions(filters: GroupFilters): SQL[] {
  const conditions: SQL[] = [eq(studyGroups.status, "active")];
  if (filters.language === "en" || filters.language === "es")
    conditions.push(inArray(studyGroups.language, [filters.language, "bilingual"]));
  if (filters.language === "bilingual") conditions.push(eq(studyGroups.language, "bilingual"));
  if (filters.mode === "in_person") conditions.push(inArray(studyGroups.meetingMode, ["in_person", "hybrid"]));
  if (filters.mode === "online") conditions.push(inArray(studyGroups.meetingMode, ["online", "hybrid"]));
  if (filters.day !== null) conditions.push(eq(studyGroups.dayOfWeek, filters.day));
  return conditions;
}

/** /community: the page's introduction and the active study groups, filtered. */
export async function loadCommunityPage({ request, url, now = new Date() }: { request: Request; url: URL; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const filters = parseGroupFilters(url.searchParams);
  const t = groupsTranslator(language);
  const [blocks, session, timeZone, rows] = await Promise.all([
    getContentBlocks({ db, language, keys: ["page.community"] }),
    getCurrentMember({ db, request }),
    churchTimeZone(db),
    db
      .select()
      .from(studyGroups)
      .where(and(...filterConditions(filters)))
      .orderBy(asc(studyGroups.dayOfWeek), asc(studyGroups.startTime), asc(studyGroups.nameEn)),
  ]);
  const page = blocks["page.community"] ?? { title: t("community.title"), body: "", summary: null };
  const groups = await buildGroupCards({ db, groups: rows, language, timeZone, userId: session?.member.id ?? null, now });
  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");
  return data(
    {
      page: { title: page.title, body: page.body },
      filters,
      filtered: filters.language !== "any" || filters.mode !== "any" || filters.day !== null,
      groups,
      signedIn: Boolean(session),
      signInHref: `/auth?redirectTo=${encodeURIComponent(`/community${url.search}`).replaceAll("%2F", "/")}`,
      seo: { title: page.title, description: page.summary ?? (page.body.slice(0, 160) || t("community.groupsIntro")) },
    },
    { headers },
  );
}
