import { and, count, desc, eq } from "drizzle-orm";
import { discussionThreads } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getRequestContext } from "~/server/request-context.server";
import { discussionsTranslator } from "./discussions-translation";
import { DISCUSSIONS_PAGE_SIZE, formatDiscussionDate, MAX_TOPICS_PAGE, threadHref, type ThreadListItem } from "./discussion-views";
import { runDiscussionsPost } from "./run-discussions-action.server";

/**
 * The discussions section of /community. Visitors get only the sign-in link (never a thread);
 * members get one page (`?topics=`) of approved threads, latest activity first, and their own
 * threads still waiting for review.
 */
export async function loadDiscussionsSection({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const signInHref = `/auth?redirectTo=${encodeURIComponent(`/community${url.search}`).replaceAll("%2F", "/")}`;
  const session = await getCurrentMember({ db, request });
  if (!session) return { signedIn: false as const, signInHref };
  const userId = session.member.id;
  const timeZone = await churchTimeZone(db);
  const approved = eq(discussionThreads.status, "approved");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(discussionThreads).where(approved);
  const pages = Math.max(1, Math.ceil(Number(total) / DISCUSSIONS_PAGE_SIZE));
  const raw = Number(url.searchParams.get("topics") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= MAX_TOPICS_PAGE ? Math.min(raw, pages) : raw > MAX_TOPICS_PAGE ? pages : 1;
  const [rows, mine] = await Promise.all([
    db
      .select()
      .from(discussionThreads)
      .where(approved)
      .orderBy(desc(discussionThreads.lastActivityAt), desc(discussionThreads.id))
      .limit(DISCUSSIONS_PAGE_SIZE)
      .offset((page - 1) * DISCUSSIONS_PAGE_SIZE),
    db
      .select({ id: discussionThreads.id, title: discussionThreads.title, createdAt: discussionThreads.createdAt })
      .from(discussionThreads)
      .where(and(eq(discussionThreads.userId, userId), eq(discussionThreads.status, "pending")))
      .orderBy(desc(discussionThreads.createdAt))
      .limit(20),
  ]);
  const threads: ThreadListItem[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    // "" once the author deleted their account (ADR 021).
    authorName: r.authorName || discussionsTranslator(language)("memberFallback"),
    replyCount: r.replyCount,
    locked: r.locked,
    lastActivity: r.lastActivityAt.toISOString(),
    lastActivityLabel: formatDiscussionDate(r.lastActivityAt, language, timeZone),
    href: threadHref(r.id, language),
  }));
  return {
    signedIn: true as const,
    signInHref,
    threads,
    pending: mine.map((r) => ({
      id: r.id,
      title: r.title,
      href: threadHref(r.id, language),
      dateLabel: formatDiscussionDate(r.createdAt, language, timeZone),
    })),
    pagination: { page, pages, total: Number(total) },
  };
}

export type DiscussionsSectionData = Awaited<ReturnType<typeof loadDiscussionsSection>>;

/** Runs a /community form post whose intent starts with "discussions-". */
export async function runDiscussionsAction(options: { request: Request; form: FormData; intent: string }) {
  return runDiscussionsPost(options);
}
