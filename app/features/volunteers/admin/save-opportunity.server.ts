import { eq } from "drizzle-orm";
import { volunteerOpportunities } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import type { OpportunityFieldError, OpportunityTextField } from "./opportunity-form";
import type { OpportunityInput } from "./parse-opportunity-input.server";
import { isUniqueViolation } from "~/server/db-errors.server";

export type SaveOpportunityResult =
  | { ok: true; id: number; created: boolean; changed: boolean }
  | { ok: false; status: 400 | 404; fieldErrors: Partial<Record<OpportunityTextField, OpportunityFieldError>> };

const AUDITED = ["slug", "title", "titleEs", "description", "descriptionEs", "schedule", "scheduleEs", "active", "sortOrder"] as const;

/**
 * Creates (opportunityId null) or updates a ministry, audit-logged with the fields before and
 * after (`volunteer_opportunity.create` / `.update`). A slug typed by the admin must be free;
 * an empty one is made from the English title (a new ministry) or kept (an existing one).
 */
export async function saveOpportunity(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  opportunityId: number | null;
  input: OpportunityInput;
  now?: Date;
}): Promise<SaveOpportunityResult> {
  const now = o.now ?? new Date();
  try {
    return await o.db.transaction(async (tx): Promise<SaveOpportunityResult> => {
      const db = tx as unknown as AppDatabase;
      const before =
        o.opportunityId === null
          ? undefined
          : (await tx.select().from(volunteerOpportunities).where(eq(volunteerOpportunities.id, o.opportunityId)).for("update"))[0];
      if (o.opportunityId !== null && !before) return { ok: false, status: 404, fieldErrors: {} };
      let slug: string;
      if (o.input.slug) {
        const [other] = await tx
          .select({ id: volunteerOpportunities.id })
          .from(volunteerOpportunities)
          .where(eq(volunteerOpportunities.slug, o.input.slug));
        if (other && other.id !== before?.id) return { ok: false, status: 400, fieldErrors: { slug: "slugTaken" } };
        slug = o.input.slug;
      } else {
        slug = before?.slug ?? (await uniqueSlug(db, volunteerOpportunities.slug, slugify(o.input.title, "ministry")));
      }
      const values = { ...o.input, slug };
      if (!before) {
        const [row] = await tx
          .insert(volunteerOpportunities)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning();
        if (!row) throw new Error("The ministry insert returned no row");
        await bumpContentVersion(db);
        await recordAudit({
          db,
          actor: o.actor,
          ipAddress: o.ip,
          entry: {
            action: "volunteer_opportunity.create",
            entityType: "volunteer_opportunity",
            entityId: String(row.id),
            after: Object.fromEntries(AUDITED.map((k) => [k, row[k]])),
          },
        });
        return { ok: true, id: row.id, created: true, changed: true };
      }
      const changedKeys = AUDITED.filter((k) => values[k] !== before[k]);
      if (changedKeys.length === 0) return { ok: true, id: before.id, created: false, changed: false };
      const [row] = await tx
        .update(volunteerOpportunities)
        .set({ ...values, updatedAt: now })
        .where(eq(volunteerOpportunities.id, before.id))
        .returning();
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor: o.actor,
        ipAddress: o.ip,
        entry: {
          action: "volunteer_opportunity.update",
          entityType: "volunteer_opportunity",
          entityId: String(before.id),
          before: Object.fromEntries(changedKeys.map((k) => [k, before[k]])),
          after: Object.fromEntries(changedKeys.map((k) => [k, row?.[k]])),
        },
      });
      return { ok: true, id: before.id, created: false, changed: true };
    });
  } catch (error) {
    // Two saves that took the same slug at the same moment: the unique index keeps one.
    if (isUniqueViolation(error)) return { ok: false, status: 400, fieldErrors: { slug: "slugTaken" } };
    throw error;
  }
}
