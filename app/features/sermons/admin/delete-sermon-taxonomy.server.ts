import { eq } from "drizzle-orm";
import { sermonSeries, sermonTopics } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import type { TaxonomyKind } from "./sermon-taxonomy";

/**
 * Deletes a series (its sermons stay, without a series) or a topic (its links go), audit-logged.
 */
export async function deleteSermonTaxonomy(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  kind: TaxonomyKind;
  id: number;
}): Promise<{ ok: true } | { ok: false; status: 404 }> {
  const table = options.kind === "series" ? sermonSeries : sermonTopics;
  const action = `sermon_${options.kind}` as const;
  return options.db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const [row] = await t.delete(table).where(eq(table.id, options.id)).returning();
    if (!row) return { ok: false, status: 404 } as const;
    const { createdAt: _c, updatedAt: _u, ...before } = row;
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: { action: `${action}.delete`, entityType: action, entityId: String(options.id), before },
    });
    await bumpContentVersion(t);
    return { ok: true } as const;
  });
}
