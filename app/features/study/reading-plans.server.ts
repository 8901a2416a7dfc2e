import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { readingPlanDays, readingPlanProgress, readingPlans } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import type { PlanSummary } from "./study-views";

export type PlanRow = typeof readingPlans.$inferSelect;
export type PlanDayRow = typeof readingPlanDays.$inferSelect;

/** The active plans, with the member's count of done readings (null for a guest). */
export async function listActivePlans(options: { db: AppDatabase; userId: string | null; language: Language }): Promise<PlanSummary[]> {
  const { db, userId, language } = options;
  const plans = await db
    .select()
    .from(readingPlans)
    .where(eq(readingPlans.isActive, true))
    .orderBy(asc(readingPlans.titleEn), asc(readingPlans.id));
  if (plans.length === 0) return [];
  const ids = plans.map((p) => p.id);
  const dayCounts = await db
    .select({ planId: readingPlanDays.planId, count: sql<number>`count(*)::int` })
    .from(readingPlanDays)
    .where(inArray(readingPlanDays.planId, ids))
    .groupBy(readingPlanDays.planId);
  const doneCounts = userId
    ? await db
        .select({ planId: readingPlanDays.planId, count: sql<number>`count(*)::int` })
        .from(readingPlanProgress)
        .innerJoin(readingPlanDays, eq(readingPlanDays.id, readingPlanProgress.dayId))
        .where(and(eq(readingPlanProgress.userId, userId), inArray(readingPlanDays.planId, ids)))
        .groupBy(readingPlanDays.planId)
    : [];
  const days = new Map(dayCounts.map((d) => [d.planId, Number(d.count)]));
  const done = new Map(doneCounts.map((d) => [d.planId, Number(d.count)]));
  return plans.map((p) => ({
    slug: p.slug,
    title: localize(language, p.titleEn, p.titleEs),
    description: localize(language, p.descriptionEn, p.descriptionEs),
    days: days.get(p.id) ?? 0,
    done: userId ? (done.get(p.id) ?? 0) : null,
  }));
}

/** An active plan by slug with its days in order, and the ids of the days the member has done. */
export async function findActivePlan(options: { db: AppDatabase; slug: string; userId: string | null }) {
  const { db, userId } = options;
  const [plan] = await db
    .select()
    .from(readingPlans)
    .where(and(eq(readingPlans.slug, options.slug), eq(readingPlans.isActive, true)));
  if (!plan) return null;
  const days = await db.select().from(readingPlanDays).where(eq(readingPlanDays.planId, plan.id)).orderBy(asc(readingPlanDays.dayNumber));
  const doneIds = userId
    ? (
        await db
          .select({ dayId: readingPlanProgress.dayId })
          .from(readingPlanProgress)
          .innerJoin(readingPlanDays, eq(readingPlanDays.id, readingPlanProgress.dayId))
          .where(and(eq(readingPlanProgress.userId, userId), eq(readingPlanDays.planId, plan.id)))
      ).map((r) => r.dayId)
    : [];
  return { plan, days, done: new Set(doneIds) };
}

/**
 * Marks one day of an active plan done (`done` true) or not done for the member. Idempotent:
 * marking a done day again (or undoing an undone one) changes nothing. Null when the day is
 * not part of that plan.
 */
export async function setReadingProgress(options: {
  db: AppDatabase;
  userId: string;
  planId: number;
  dayId: number;
  done: boolean;
}): Promise<{ dayNumber: number } | null> {
  const { db, userId } = options;
  const [day] = await db
    .select({ id: readingPlanDays.id, dayNumber: readingPlanDays.dayNumber })
    .from(readingPlanDays)
    .where(and(eq(readingPlanDays.id, options.dayId), eq(readingPlanDays.planId, options.planId)));
  if (!day) return null;
  if (options.done) {
    await db.insert(readingPlanProgress).values({ userId, dayId: day.id }).onConflictDoNothing();
  } else {
    await db.delete(readingPlanProgress).where(and(eq(readingPlanProgress.userId, userId), eq(readingPlanProgress.dayId, day.id)));
  }
  return { dayNumber: day.dayNumber };
}
