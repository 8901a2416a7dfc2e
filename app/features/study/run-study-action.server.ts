import { redirect } from "react-router";
import { readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { deleteStudyNote, saveStudyNote, ZNoteId, type NoteError } from "./study-notes.server";
import { studyTranslator } from "./study-translation";

/** What the notes form gets back when a change was refused: the message and what was typed. */
export interface StudyActionData {
  ok: false;
  message: string;
  values: { body: string; passage: string; aboutGuide: boolean; noteId: string };
}

/** Note changes one member may make in ten minutes. */
export const noteChangeLimit = { limit: 60, windowSeconds: 10 * 60 };

const errorStatus: Record<NoteError, number> = { noteEmpty: 400, noteTooLong: 400, notePassage: 400, noteNotFound: 404 };

/**
 * POST /study: `save-note` (new, or an edit of `noteId`) and `delete-note`. Members only;
 * only the owner's notes can be changed. Success redirects back to /study with a notice.
 */
export async function runStudyAction({
  request,
}: {
  request: Request;
}): Promise<{ status: number; data: StudyActionData; headers?: Headers }> {
  const { db, language } = getRequestContext(request);
  const t = studyTranslator(language);
  const input = await readInput(request);
  const text = (name: string) => (typeof input?.[name] === "string" ? (input[name] as string) : "");
  const values = {
    body: text("body").slice(0, 20_000),
    passage: text("passage").slice(0, 300),
    aboutGuide: text("aboutGuide") === "on",
    noteId: text("noteId").slice(0, 64),
  };
  const fail = (status: number, message: string, headers?: Headers) => ({ status, data: { ok: false as const, message, values }, headers });
  const intent = input?.intent;
  if (!input || (intent !== "save-note" && intent !== "delete-note")) return fail(400, t("errors.invalidRequest"));
  const session = await getCurrentMember({ db, request });
  if (!session) return fail(401, t("errors.signInRequired"));
  const headers = new Headers(session.headers);
  headers.set("Cache-Control", "no-store");
  const userId = session.member.id;

  const limit = await consumeRateLimit(db, `study:notes:${userId}`, noteChangeLimit);
  if (!limit.allowed) return fail(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) }), headers);

  const noteId = values.noteId ? (ZNoteId.safeParse(values.noteId).success ? values.noteId : "invalid") : null;
  if (noteId === "invalid") return fail(404, t("errors.noteNotFound"), headers);

  if (intent === "delete-note") {
    if (!noteId) return fail(400, t("errors.invalidRequest"), headers);
    const deleted = await deleteStudyNote({ db, userId, noteId });
    if (!deleted) return fail(404, t("errors.noteNotFound"), headers);
    throw redirect("/study?notice=noteDeleted", { status: 303, headers });
  }

  const rawGuideId = text("guideId");
  const guideId = values.aboutGuide && /^[0-9]{1,9}$/.test(rawGuideId) ? Number(rawGuideId) : null;
  const result = await saveStudyNote({ db, userId, noteId, body: values.body, passage: values.passage, guideId, language });
  if (!result.ok) return fail(errorStatus[result.error], t(`errors.${result.error}`), headers);
  throw redirect("/study?notice=noteSaved", { status: 303, headers });
}
