import { asc, desc, eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { readingPlanDays, readingPlans, studyGuides } from "~/db/schema";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { formatOsis } from "~/features/study/bible-books";
import { formatStudyDate } from "~/features/study/study-dates.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { deleteReadingPlan, saveReadingPlan } from "./save-reading-plan.server";
import { deleteStudyGuide, saveStudyGuide } from "./save-study-guide.server";
import type { StudyFormFailure, StudyFormValues } from "./study-admin-form";
import { readStudyPost } from "./study-form-input.server";

/** A numeric id from the URL; null when it is not one. */
export function parseStudyId(value: unknown): number | null {
  return typeof value === "string" && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;
}

/** /admin/study: every guide (drafts too), newest week first, and every plan. */
export async function listStudyAdmin(db: AppDatabase, language: Language) {
  const [guides, plans] = await Promise.all([
    db.select().from(studyGuides).orderBy(desc(studyGuides.weekOf), desc(studyGuides.id)),
    db
      .select({
        id: readingPlans.id,
        slug: readingPlans.slug,
        titleEn: readingPlans.titleEn,
        titleEs: readingPlans.titleEs,
        isActive: readingPlans.isActive,
        days: sql<number>`(select count(*)::int from ${readingPlanDays} where ${readingPlanDays.planId} = ${readingPlans.id})`,
      })
      .from(readingPlans)
      .orderBy(asc(readingPlans.titleEn), asc(readingPlans.id)),
  ]);
  return {
    guides: guides.map((g) => ({
      id: g.id,
      title: g.titleEn,
      weekOf: g.weekOf,
      weekLabel: formatStudyDate(g.weekOf, language),
      passage: g.passageOsis ? formatOsis(g.passageOsis, language) : g.passage,
      status: g.status,
      missingSpanish: !g.titleEs || !g.devotionalEs || !g.prayerEs,
    })),
    plans: plans.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.titleEn,
      isActive: p.isActive,
      days: Number(p.days),
      missingSpanish: !p.titleEs,
    })),
  };
}

/** The guide form's values (empty for a new guide); null for an unknown id. */
export async function loadGuideEditor(db: AppDatabase, guideId: number | null, today: string) {
  if (guideId === null) {
    return { id: null, slug: null, status: "draft" as const, values: { status: "draft", weekOf: today } as StudyFormValues };
  }
  const [g] = await db.select().from(studyGuides).where(eq(studyGuides.id, guideId));
  if (!g) return null;
  return {
    id: g.id,
    slug: g.slug,
    status: g.status,
    values: {
      titleEn: g.titleEn,
      titleEs: g.titleEs ?? "",
      slug: g.slug,
      weekOf: g.weekOf,
      passage: g.passage,
      devotionalEn: g.devotionalEn,
      devotionalEs: g.devotionalEs ?? "",
      questionsEn: g.questionsEn.join("\n"),
      questionsEs: g.questionsEs.join("\n"),
      prayerEn: g.prayerEn,
      prayerEs: g.prayerEs ?? "",
      status: g.status,
    } as StudyFormValues,
  };
}

/** The plan form's values (empty for a new plan); null for an unknown id. */
export async function loadPlanEditor(db: AppDatabase, planId: number | null) {
  if (planId === null) return { id: null, slug: null, isActive: true, values: { isActive: "on" } as StudyFormValues };
  const [p] = await db.select().from(readingPlans).where(eq(readingPlans.id, planId));
  if (!p) return null;
  const days = await db
    .select({ passage: readingPlanDays.passage })
    .from(readingPlanDays)
    .where(eq(readingPlanDays.planId, p.id))
    .orderBy(asc(readingPlanDays.dayNumber));
  return {
    id: p.id,
    slug: p.slug,
    isActive: p.isActive,
    values: {
      titleEn: p.titleEn,
      titleEs: p.titleEs ?? "",
      slug: p.slug,
      descriptionEn: p.descriptionEn,
      descriptionEs: p.descriptionEs ?? "",
      days: days.map((d) => d.passage).join("\n"),
      isActive: p.isActive ? "on" : "",
    } as StudyFormValues,
  };
}

const failure = (status: number, body: Omit<StudyFormFailure, "ok">) =>
  data<StudyFormFailure>({ ok: false, ...body }, { status, headers: NO_STORE });

/**
 * The POST of a guide or plan editor: `intent=delete` (with `confirm=yes`) deletes and goes
 * back to the list; anything else saves and redirects to the editor with a notice flag.
 * Refusals answer 400/404 with field errors and what was typed.
 */
export async function handleStudyFormAction(request: Request, ctx: AdminContext, kind: "guide" | "plan", id: number | null) {
  const values = await readStudyPost(request);
  if (!values) return failure(400, { message: "invalidRequest", fieldErrors: {}, values: {} });
  const base = { db: ctx.db, actor: ctx.admin, ip: ctx.ip };
  if (values.intent === "delete") {
    if (id === null) return failure(400, { message: "invalidRequest", fieldErrors: {}, values: {} });
    if (values.confirm !== "yes") return failure(400, { message: "confirmDelete", fieldErrors: {}, values: {} });
    const deleted = kind === "guide" ? await deleteStudyGuide({ ...base, guideId: id }) : await deleteReadingPlan({ ...base, planId: id });
    if (!deleted) return failure(404, { message: "notFound", fieldErrors: {}, values: {} });
    throw redirect(`/admin/study?deleted=${kind}`, { status: 303, headers: NO_STORE });
  }
  const result =
    kind === "guide"
      ? await saveStudyGuide({ ...base, guideId: id, values, language: ctx.language })
      : await saveReadingPlan({ ...base, planId: id, values, language: ctx.language });
  if (!result.ok) return failure(result.status, { message: result.reason, fieldErrors: result.fieldErrors, values });
  const flag = result.created ? "created" : result.changed ? "saved" : "unchanged";
  throw redirect(`/admin/study/${kind === "guide" ? "guides" : "plans"}/${result.id}?${flag}=1`, { status: 303, headers: NO_STORE });
}
