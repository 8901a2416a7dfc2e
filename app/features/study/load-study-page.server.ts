import { data } from "react-router";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import { getRequestContext } from "~/server/request-context.server";
import { MAX_REFERENCE_LENGTH, parseBibleReference } from "./bible-reference.server";
import { listActivePlans } from "./reading-plans.server";
import { showPassage } from "./show-passage.server";
import { churchToday } from "./study-dates.server";
import { findCurrentGuide, guideView } from "./study-guides.server";
import { findOwnNote, listStudyNotes } from "./study-notes.server";
import { studyTranslator } from "./study-translation";

export const STUDY_NOTICES = ["noteSaved", "noteDeleted"] as const;
export type StudyNotice = (typeof STUDY_NOTICES)[number];

/** A sign-in link that comes back to `path`. */
export function signInHrefFor(path: string): string {
  return `/auth?redirectTo=${encodeURIComponent(path).replaceAll("%2F", "/")}`;
}

/**
 * /study[?ref=…][&note=<id>]: this week's guide with its passage, the reference box and what
 * it found, the active reading plans (with the member's progress) and the member's notes.
 */
export async function loadStudyPage({ request, url, now = new Date() }: { request: Request; url: URL; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const t = studyTranslator(language);
  const [session, { today, timeZone }, blocks] = await Promise.all([
    getCurrentMember({ db, request }),
    churchToday(db, now),
    getContentBlocks({ db, language, keys: ["page.study"] }),
  ]);
  const userId = session?.member.id ?? null;
  const block = blocks["page.study"];
  const page = { title: block?.title ?? t("title"), body: block?.body ?? "" };

  const refInput = (url.searchParams.get("ref") ?? "").trim().slice(0, MAX_REFERENCE_LENGTH);
  const parsedRef = refInput ? parseBibleReference(refInput, language) : null;
  const row = await findCurrentGuide(db, today);
  const [guidePassage, lookupPassage, plans, notes, editing] = await Promise.all([
    row?.passageOsis ? showPassage({ osis: row.passageOsis, language }) : null,
    parsedRef?.ok ? showPassage({ osis: parsedRef.osis, language }) : null,
    listActivePlans({ db, userId, language }),
    userId ? listStudyNotes({ db, userId, language, timeZone }) : [],
    userId && url.searchParams.get("note") ? findOwnNote({ db, userId, noteId: url.searchParams.get("note") ?? "" }) : null,
  ]);
  const notice = STUDY_NOTICES.find((n) => url.searchParams.get("notice") === n) ?? null;

  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");
  return data(
    {
      page,
      guide: row ? guideView(row, language) : null,
      guidePassage,
      lookup: {
        input: refInput,
        passage: lookupPassage,
        error: parsedRef && !parsedRef.ok ? t("lookup.invalid", { reference: refInput }) : null,
      },
      plans,
      member: session ? { name: session.member.name } : null,
      notes,
      editing: editing
        ? {
            id: editing.id,
            body: editing.body,
            passage: editing.passage ?? "",
            aboutGuide: editing.guideId !== null && editing.guideId === row?.id,
          }
        : null,
      notice,
      signInHref: signInHrefFor(`/study${url.search}`),
      seo: { title: page.title, description: block?.summary ?? (page.body.slice(0, 160) || page.title) },
    },
    { headers },
  );
}
