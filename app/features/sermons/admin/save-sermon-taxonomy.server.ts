import { and, eq, like, ne, or } from "drizzle-orm";
import { z } from "zod";
import { sermonSeries, sermonTopics } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { escapeLike } from "~/lib/escape-like";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import { slugify } from "~/lib/slugs";
import { SLUG_PATTERN } from "./sermon-form";
import type { TaxonomyFieldError, TaxonomyKind } from "./sermon-taxonomy";
import { isUniqueViolation } from "~/server/db-errors.server";

const text = (max: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim())
    .pipe(min ? z.string().min(min, "required").max(max, "tooLong") : z.string().max(max, "tooLong"));

const schema = z.object({
  nameEn: text(200, 1),
  nameEs: text(200),
  descriptionEn: text(2000),
  descriptionEs: text(2000),
  slug: text(100)
    .transform((s) => s.toLowerCase())
    .refine((s) => s === "" || SLUG_PATTERN.test(s), "slug"),
});

export type SaveTaxonomyResult =
  | { ok: true; id: number; created: boolean; changed: boolean }
  | { ok: false; status: 400 | 404; fieldErrors: Record<string, TaxonomyFieldError> };

/**
 * Creates (`id` null) or renames a series or a topic, both languages (a series also has a
 * description); the slug is made from the English name when left empty. Audit-logged.
 */
export async function saveSermonTaxonomy(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  kind: TaxonomyKind;
  id: number | null;
  values: Record<string, unknown>;
}): Promise<SaveTaxonomyResult> {
  const { db, kind, id } = options;
  const parsed = schema.safeParse(options.values);
  if (!parsed.success) {
    const fieldErrors: Record<string, TaxonomyFieldError> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= (issue.message as TaxonomyFieldError) || "required";
    return { ok: false, status: 400, fieldErrors };
  }
  const v = parsed.data;
  const table = kind === "series" ? sermonSeries : sermonTopics;
  const columns =
    kind === "series"
      ? { titleEn: v.nameEn, titleEs: v.nameEs || null, descriptionEn: v.descriptionEn, descriptionEs: v.descriptionEs || null }
      : { nameEn: v.nameEn, nameEs: v.nameEs || null };
  const action = `sermon_${kind}` as const;
  try {
    return await db.transaction(async (tx): Promise<SaveTaxonomyResult> => {
      const t = tx as unknown as AppDatabase;
      let current: Record<string, unknown> | undefined;
      if (id !== null) {
        [current] = await t.select().from(table).where(eq(table.id, id));
        if (!current) return { ok: false, status: 404, fieldErrors: {} } as const;
      }
      let slug = v.slug || (current?.slug as string | undefined) || "";
      if (!slug) {
        const base = slugify(v.nameEn) || kind;
        const taken = new Set(
          (
            await t
              .select({ slug: table.slug })
              .from(table)
              .where(or(eq(table.slug, base), like(table.slug, `${escapeLike(base)}-%`)))
          ).map((r) => r.slug),
        );
        slug = base;
        for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      } else {
        const [clash] = await t
          .select({ id: table.id })
          .from(table)
          .where(id === null ? eq(table.slug, slug) : and(eq(table.slug, slug), ne(table.id, id)));
        if (clash) return { ok: false, status: 400, fieldErrors: { slug: "slugTaken" } } as const;
      }
      const row = { ...columns, slug };
      if (id === null || !current) {
        const [created] = await t
          .insert(table)
          .values(row as never)
          .returning({ id: table.id });
        await recordAudit({
          db: t,
          actor: options.actor,
          ipAddress: options.ip,
          entry: { action: `${action}.create`, entityType: action, entityId: String(created!.id), after: row },
        });
        await bumpContentVersion(t);
        return { ok: true, id: created!.id, created: true, changed: true } as const;
      }
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        if ((current[key] ?? null) !== (value ?? null)) {
          before[key] = current[key] ?? null;
          after[key] = value;
        }
      }
      if (Object.keys(after).length === 0) return { ok: true, id, created: false, changed: false } as const;
      await t
        .update(table)
        .set({ ...row, updatedAt: new Date() } as never)
        .where(eq(table.id, id));
      await recordAudit({
        db: t,
        actor: options.actor,
        ipAddress: options.ip,
        entry: { action: `${action}.update`, entityType: action, entityId: String(id), before, after },
      });
      await bumpContentVersion(t);
      return { ok: true, id, created: false, changed: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 400, fieldErrors: { slug: "slugTaken" } };
    throw error;
  }
}
