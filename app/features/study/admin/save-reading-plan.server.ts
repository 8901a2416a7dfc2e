import { and, asc, eq, gt, ne } from "drizzle-orm";
import { readingPlanDays, readingPlans } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { type SaveResult } from "./save-study-guide.server";
import type { StudyFormValues } from "./study-admin-form";
import { parsePlanInput } from "./study-form-input.server";
import { isUniqueViolation } from "~/server/db-errors.server";

type Actor = Pick<AdminIdentity, "userId" | "name">;
type PlanRow = typeof readingPlans.$inferSelect;

function auditable(plan: Pick<PlanRow, "slug" | "titleEn" | "titleEs" | "descriptionEn" | "descriptionEs" | "isActive">, days: string[]) {
  const { slug, titleEn, titleEs, descriptionEn, descriptionEs, isActive } = plan;
  return { slug, titleEn, titleEs, descriptionEn, descriptionEs, isActive, days };
}

/**
 * Creates (`planId` null) or updates a reading plan and its readings (one per line). Days keep
 * their ids where their number stays, so members' progress on unchanged days survives an
 * edit; removed days (and progress on them) go. One transaction with the audit entry.
 */
export async function saveReadingPlan(options: {
  db: AppDatabase;
  actor: Actor;
  ip: string;
  planId: number | null;
  values: StudyFormValues;
  language: Language;
}): Promise<SaveResult> {
  const { db, planId } = options;
  let current: PlanRow | undefined;
  if (planId !== null) {
    [current] = await db.select().from(readingPlans).where(eq(readingPlans.id, planId));
    if (!current) return { ok: false, status: 404, reason: "notFound", fieldErrors: {} };
  }
  const parsed = parsePlanInput(options.values, options.language);
  if (!parsed.ok) return { ok: false, status: 400, reason: "invalid", fieldErrors: parsed.fieldErrors };
  const input = parsed.input;
  if (input.slug) {
    const [clash] = await db
      .select({ id: readingPlans.id })
      .from(readingPlans)
      .where(planId === null ? eq(readingPlans.slug, input.slug) : and(eq(readingPlans.slug, input.slug), ne(readingPlans.id, planId)));
    if (clash) return { ok: false, status: 400, reason: "invalid", fieldErrors: { slug: { code: "slugTaken" } } };
  }
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as AppDatabase;
      const slug = input.slug ?? current?.slug ?? (await uniqueSlug(t, readingPlans.slug, slugify(input.titleEn, "plan")));
      const columns = {
        slug,
        titleEn: input.titleEn,
        titleEs: input.titleEs,
        descriptionEn: input.descriptionEn,
        descriptionEs: input.descriptionEs,
        isActive: input.isActive,
      };
      const newDays = input.days.map((d) => d.passage);
      if (!current) {
        const [row] = await t.insert(readingPlans).values(columns).returning({ id: readingPlans.id });
        await t
          .insert(readingPlanDays)
          .values(input.days.map((d, i) => ({ planId: row!.id, dayNumber: i + 1, passage: d.passage, passageOsis: d.passageOsis })));
        await recordAudit({
          db: t,
          actor: options.actor,
          ipAddress: options.ip,
          entry: {
            action: "reading_plan.create",
            entityType: "reading_plan",
            entityId: String(row!.id),
            after: auditable(columns, newDays),
          },
        });
        await bumpContentVersion(t);
        return { ok: true, id: row!.id, created: true, changed: true } as const;
      }
      const oldDays = await t
        .select()
        .from(readingPlanDays)
        .where(eq(readingPlanDays.planId, current.id))
        .orderBy(asc(readingPlanDays.dayNumber));
      const old = auditable(
        current,
        oldDays.map((d) => d.passage),
      );
      const next = auditable(columns, newDays);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(next)) {
        const was = (old as Record<string, unknown>)[key];
        if (JSON.stringify(was ?? null) !== JSON.stringify(value ?? null)) {
          before[key] = was ?? null;
          after[key] = value ?? null;
        }
      }
      if (Object.keys(after).length === 0) return { ok: true, id: current.id, created: false, changed: false } as const;
      await t
        .update(readingPlans)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(readingPlans.id, current.id));
      const byNumber = new Map(oldDays.map((d) => [d.dayNumber, d]));
      for (const [i, day] of input.days.entries()) {
        const existing = byNumber.get(i + 1);
        if (!existing)
          await t
            .insert(readingPlanDays)
            .values({ planId: current.id, dayNumber: i + 1, passage: day.passage, passageOsis: day.passageOsis });
        else if (existing.passage !== day.passage || existing.passageOsis !== day.passageOsis) {
          await t
            .update(readingPlanDays)
            .set({ passage: day.passage, passageOsis: day.passageOsis })
            .where(eq(readingPlanDays.id, existing.id));
        }
      }
      await t.delete(readingPlanDays).where(and(eq(readingPlanDays.planId, current.id), gt(readingPlanDays.dayNumber, input.days.length)));
      await recordAudit({
        db: t,
        actor: options.actor,
        ipAddress: options.ip,
        entry: { action: "reading_plan.update", entityType: "reading_plan", entityId: String(current.id), before, after },
      });
      await bumpContentVersion(t);
      return { ok: true, id: current.id, created: false, changed: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 400, reason: "invalid", fieldErrors: { slug: { code: "slugTaken" } } };
    throw error;
  }
}

/** Deletes a plan with its days and every member's progress in it; false when there is none. */
export async function deleteReadingPlan(options: { db: AppDatabase; actor: Actor; ip: string; planId: number }): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const days = await t
      .select({ passage: readingPlanDays.passage })
      .from(readingPlanDays)
      .where(eq(readingPlanDays.planId, options.planId))
      .orderBy(asc(readingPlanDays.dayNumber));
    const [row] = await t.delete(readingPlans).where(eq(readingPlans.id, options.planId)).returning();
    if (!row) return false;
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "reading_plan.delete",
        entityType: "reading_plan",
        entityId: String(row.id),
        before: auditable(
          row,
          days.map((d) => d.passage),
        ),
      },
    });
    await bumpContentVersion(t);
    return true;
  });
}
