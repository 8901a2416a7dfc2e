import { eq, sql } from "drizzle-orm";
import { profiles } from "~/db/schema";
import { readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import type { AppDatabase } from "~/server/db.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { tourTranslator } from "./tour-translation";

/** Saving completion is one tiny update; a member needs it once. Light limit per member. */
export const tourCompleteLimit: RateLimitRule = { limit: 10, windowSeconds: 10 * 60 };

export type TourAnswer = { ok: true; due: boolean; completedAt: string | null } | { ok: false; message: string };

export interface TourOutcome {
  status: number;
  data: TourAnswer;
  headers?: Headers;
}

/** Spec section 7: has_completed_tour (and its date) of the member's own profile. */
async function readTourStatus(db: AppDatabase, userId: string) {
  const [row] = await db
    .select({ done: profiles.hasCompletedTour, at: profiles.tourCompletionDate })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return { due: !(row?.done ?? false), completedAt: row?.at ? row.at.toISOString() : null };
}

/**
 * GET /tour: the signed-in member's tour status (401 for visitors). The shell does not need it
 * (the root loader's member carries `tourDue`); it is there for other clients and the tests.
 */
export async function runTourLoader({ request }: { request: Request }): Promise<TourOutcome> {
  const { db, language } = getRequestContext(request);
  const session = await getCurrentMember({ db, request });
  if (!session) return { status: 401, data: { ok: false, message: tourTranslator(language)("errors.signInRequired") } };
  return { status: 200, data: { ok: true, ...(await readTourStatus(db, session.member.id)) }, headers: session.headers };
}

/**
 * POST /tour with `intent=complete`: the member finished, skipped or closed the tour. Sets
 * has_completed_tour on their own profile; tour_completion_date keeps the first completion.
 * (Same-origin is checked for every POST by the server, server/app.ts.)
 */
export async function runTourAction({ request }: { request: Request }): Promise<TourOutcome> {
  const { db, language } = getRequestContext(request);
  const t = tourTranslator(language);
  const fail = (status: number, message: string, headers?: Headers): TourOutcome => ({ status, data: { ok: false, message }, headers });
  if (request.method !== "POST") return fail(405, t("errors.methodNotAllowed"), new Headers({ Allow: "GET, POST" }));
  const session = await getCurrentMember({ db, request });
  if (!session) return fail(401, t("errors.signInRequired"));
  const input = await readInput(request);
  if (!input || input.intent !== "complete" || Object.keys(input).length !== 1)
    return fail(400, t("errors.invalidRequest"), session.headers);
  const userId = session.member.id;
  const limit = await consumeRateLimit(db, `tour:complete:user:${userId}`, tourCompleteLimit);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    const headers = new Headers(session.headers);
    headers.set("Retry-After", String(limit.retryAfterSeconds));
    return fail(429, t("errors.rateLimited", { minutes }), headers);
  }
  await db
    .update(profiles)
    .set({ hasCompletedTour: true, tourCompletionDate: sql`coalesce(${profiles.tourCompletionDate}, now())`, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return { status: 200, data: { ok: true, ...(await readTourStatus(db, userId)) }, headers: session.headers };
}
