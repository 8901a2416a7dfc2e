import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { studyGuides, studyNotes } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { formatOsis } from "./bible-books";
import { MAX_REFERENCE_LENGTH, parseBibleReference } from "./bible-reference.server";
import { formatStudyMoment } from "./study-dates.server";
import type { NoteView } from "./study-views";

/**
 * A member's private study notes. Every query is keyed by the owner's user id as well as the
 * note's id, so another member's note id reads, updates and deletes nothing (a 404).
 */

export const MAX_NOTE_LENGTH = 10_000;
/** The notes the study page lists, newest first. */
const LIST_LIMIT = 100;

export const ZNoteId = z.uuid();

export type NoteError = "noteEmpty" | "noteTooLong" | "notePassage" | "noteNotFound";

/** Characters as PostgreSQL counts them (code points), so the check agrees with the table's. */
const length = (text: string) => [...text].length;

/** Creates (noteId null) or updates one of the member's notes. */
export async function saveStudyNote(options: {
  db: AppDatabase;
  userId: string;
  noteId: string | null;
  body: string;
  passage: string;
  guideId: number | null;
  language: Language;
}): Promise<{ ok: true; id: string } | { ok: false; error: NoteError }> {
  const { db, userId } = options;
  const body = options.body.replace(/\r\n/g, "\n").trim();
  if (!body) return { ok: false, error: "noteEmpty" };
  if (length(body) > MAX_NOTE_LENGTH) return { ok: false, error: "noteTooLong" };
  let passage: string | null = null;
  const passageText = options.passage.trim();
  if (passageText) {
    if (passageText.length > MAX_REFERENCE_LENGTH) return { ok: false, error: "notePassage" };
    const parsed = parseBibleReference(passageText, options.language);
    if (!parsed.ok) return { ok: false, error: "notePassage" };
    passage = parsed.osis;
  }
  let guideId: number | null = null;
  if (options.guideId !== null) {
    const [guide] = await db
      .select({ id: studyGuides.id })
      .from(studyGuides)
      .where(and(eq(studyGuides.id, options.guideId), eq(studyGuides.status, "published")));
    guideId = guide?.id ?? null;
  }
  if (options.noteId === null) {
    const [row] = await db.insert(studyNotes).values({ userId, body, passage, guideId }).returning({ id: studyNotes.id });
    return { ok: true, id: row!.id };
  }
  const [row] = await db
    .update(studyNotes)
    .set({ body, passage, guideId, updatedAt: new Date() })
    .where(and(eq(studyNotes.id, options.noteId), eq(studyNotes.userId, userId)))
    .returning({ id: studyNotes.id });
  return row ? { ok: true, id: row.id } : { ok: false, error: "noteNotFound" };
}

/** Deletes one of the member's notes; false when they have no note with that id. */
export async function deleteStudyNote(options: { db: AppDatabase; userId: string; noteId: string }): Promise<boolean> {
  const deleted = await options.db
    .delete(studyNotes)
    .where(and(eq(studyNotes.id, options.noteId), eq(studyNotes.userId, options.userId)))
    .returning({ id: studyNotes.id });
  return deleted.length > 0;
}

/** One of the member's notes (for the edit form); null for anyone else's. */
export async function findOwnNote(options: { db: AppDatabase; userId: string; noteId: string }) {
  if (!ZNoteId.safeParse(options.noteId).success) return null;
  const [row] = await options.db
    .select()
    .from(studyNotes)
    .where(and(eq(studyNotes.id, options.noteId), eq(studyNotes.userId, options.userId)));
  return row ?? null;
}

/** The member's notes, most recently changed first, in their language. */
export async function listStudyNotes(options: {
  db: AppDatabase;
  userId: string;
  language: Language;
  timeZone: string;
}): Promise<NoteView[]> {
  const { db, language } = options;
  const rows = await db
    .select({
      id: studyNotes.id,
      body: studyNotes.body,
      passage: studyNotes.passage,
      updatedAt: studyNotes.updatedAt,
      titleEn: studyGuides.titleEn,
      titleEs: studyGuides.titleEs,
    })
    .from(studyNotes)
    .leftJoin(studyGuides, eq(studyGuides.id, studyNotes.guideId))
    .where(eq(studyNotes.userId, options.userId))
    .orderBy(desc(studyNotes.updatedAt))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    passage: r.passage ? formatOsis(r.passage, language) : null,
    guideTitle: r.titleEn ? localize(language, r.titleEn, r.titleEs) : null,
    updatedLabel: formatStudyMoment(r.updatedAt, language, options.timeZone),
  }));
}
