import { eq } from "drizzle-orm";
import { churchSettings } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import type { AuditAction } from "~/lib/audit-actions";

type SettingsRow = typeof churchSettings.$inferSelect;

/**
 * Writes some church settings under the row lock: only what changed, with the public content
 * marked as changed and one audit entry (`action`) holding the before and after of those
 * fields. "unchanged" writes nothing; "notFound" when the settings row is missing.
 */
export async function updateChurchSettings<K extends keyof SettingsRow>(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ipAddress: string | null;
  action: AuditAction;
  next: Pick<SettingsRow, K>;
}): Promise<"saved" | "unchanged" | "notFound"> {
  const { next } = options;
  return options.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [before] = await tx.select().from(churchSettings).where(eq(churchSettings.id, 1)).for("update");
    if (!before) return "notFound" as const;
    const changed = (Object.keys(next) as K[]).filter((k) => next[k] !== before[k]);
    if (changed.length === 0) return "unchanged" as const;
    await tx
      .update(churchSettings)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(churchSettings.id, 1));
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: options.actor,
      ipAddress: options.ipAddress,
      entry: {
        action: options.action,
        entityType: "church_settings",
        entityId: "1",
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      },
    });
    return "saved" as const;
  });
}
