import { and, eq, ne } from "drizzle-orm";
import { studyGuides } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import type { StudyFieldError, StudyFormValues } from "./study-admin-form";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { parseGuideInput, type GuideInput } from "./study-form-input.server";
import { isUniqueViolation } from "~/server/db-errors.server";

type GuideRow = typeof studyGuides.$inferSelect;
type Actor = Pick<AdminIdentity, "userId" | "name">;

export type SaveResult =
  | { ok: true; id: number; created: boolean; changed: boolean }
  | { ok: false; status: 400 | 404; reason: "invalid" | "notFound"; fieldErrors: Record<string, StudyFieldError> };

function columnsOf(input: GuideInput, slug: string) {
  return {
    slug,
    titleEn: input.titleEn,
    titleEs: input.titleEs,
    weekOf: input.weekOf,
    passage: input.passage,
    passageOsis: input.passageOsis,
    devotionalEn: input.devotionalEn,
    devotionalEs: input.devotionalEs,
    questionsEn: input.questionsEn,
    questionsEs: input.questionsEs,
    prayerEn: input.prayerEn,
    prayerEs: input.prayerEs,
    status: input.status,
  };
}

/** The audited fields of a guide (everything the form sets). */
function auditable(row: Partial<GuideRow> | ReturnType<typeof columnsOf>): Record<string, unknown> {
  const {
    slug,
    titleEn,
    titleEs,
    weekOf,
    passage,
    passageOsis,
    devotionalEn,
    devotionalEs,
    questionsEn,
    questionsEs,
    prayerEn,
    prayerEs,
    status,
  } = row;
  return {
    slug,
    titleEn,
    titleEs,
    weekOf,
    passage,
    passageOsis,
    devotionalEn,
    devotionalEs,
    questionsEn,
    questionsEs,
    prayerEn,
    prayerEs,
    status,
  };
}

/**
 * Creates (`guideId` null) or updates a study guide: every field checked first (the passage
 * by the reference parser), then the row, its audit entry and a new content version in one
 * transaction. Invalid input writes nothing.
 */
export async function saveStudyGuide(options: {
  db: AppDatabase;
  actor: Actor;
  ip: string;
  guideId: number | null;
  values: StudyFormValues;
  language: Language;
}): Promise<SaveResult> {
  const { db, guideId } = options;
  let current: GuideRow | undefined;
  if (guideId !== null) {
    [current] = await db.select().from(studyGuides).where(eq(studyGuides.id, guideId));
    if (!current) return { ok: false, status: 404, reason: "notFound", fieldErrors: {} };
  }
  const parsed = parseGuideInput(options.values, options.language);
  if (!parsed.ok) return { ok: false, status: 400, reason: "invalid", fieldErrors: parsed.fieldErrors };
  const input = parsed.input;
  if (input.slug) {
    const [clash] = await db
      .select({ id: studyGuides.id })
      .from(studyGuides)
      .where(guideId === null ? eq(studyGuides.slug, input.slug) : and(eq(studyGuides.slug, input.slug), ne(studyGuides.id, guideId)));
    if (clash) return { ok: false, status: 400, reason: "invalid", fieldErrors: { slug: { code: "slugTaken" } } };
  }
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as AppDatabase;
      const slug = input.slug ?? current?.slug ?? (await uniqueSlug(t, studyGuides.slug, slugify(input.titleEn, "study")));
      const columns = columnsOf(input, slug);
      if (!current) {
        const [row] = await t.insert(studyGuides).values(columns).returning({ id: studyGuides.id });
        await recordAudit({
          db: t,
          actor: options.actor,
          ipAddress: options.ip,
          entry: { action: "study_guide.create", entityType: "study_guide", entityId: String(row!.id), after: auditable(columns) },
        });
        await bumpContentVersion(t);
        return { ok: true, id: row!.id, created: true, changed: true } as const;
      }
      const old = auditable(current);
      const next = auditable(columns);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(next)) {
        if (JSON.stringify(old[key] ?? null) !== JSON.stringify(value ?? null)) {
          before[key] = old[key] ?? null;
          after[key] = value ?? null;
        }
      }
      if (Object.keys(after).length === 0) return { ok: true, id: current.id, created: false, changed: false } as const;
      await t
        .update(studyGuides)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(studyGuides.id, current.id));
      await recordAudit({
        db: t,
        actor: options.actor,
        ipAddress: options.ip,
        entry: { action: "study_guide.update", entityType: "study_guide", entityId: String(current.id), before, after },
      });
      await bumpContentVersion(t);
      return { ok: true, id: current.id, created: false, changed: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 400, reason: "invalid", fieldErrors: { slug: { code: "slugTaken" } } };
    throw error;
  }
}

/** Deletes a guide (members' notes about it keep their text); false when there is none. */
export async function deleteStudyGuide(options: { db: AppDatabase; actor: Actor; ip: string; guideId: number }): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const [row] = await t.delete(studyGuides).where(eq(studyGuides.id, options.guideId)).returning();
    if (!row) return false;
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: { action: "study_guide.delete", entityType: "study_guide", entityId: String(row.id), before: auditable(row) },
    });
    await bumpContentVersion(t);
    return true;
  });
}
