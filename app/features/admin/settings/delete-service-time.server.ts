import { eq } from "drizzle-orm";
import { serviceTimes } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { snapshot } from "./save-service-time.server";
import { ZRowId } from "./service-time-input";
import { stringValues, success, type SettingsResult } from "./settings-result";

/** Deletes one service time, with its audit entry and the content version. */
export async function deleteServiceTime(options: {
  context: Pick<AdminContext, "db" | "admin" | "ip">;
  input: Record<string, unknown>;
}): Promise<SettingsResult> {
  const { context } = options;
  const parsed = ZRowId.safeParse(stringValues(options.input, ["id"]).id);
  if (!parsed.success || parsed.data === null) {
    return { ok: false, status: 400, intent: "delete-service-time", error: { key: "settings.errors.invalidRequest" } };
  }
  const id = parsed.data;
  return context.db.transaction(async (tx): Promise<SettingsResult> => {
    const [row] = await tx.delete(serviceTimes).where(eq(serviceTimes.id, id)).returning();
    if (!row)
      return { ok: false, status: 404, intent: "delete-service-time", targetId: id, error: { key: "settings.serviceTimes.notFound" } };
    const db = tx as unknown as AppDatabase;
    await recordAudit({
      db,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: "settings.service-time.delete",
        entityType: "service_time",
        entityId: String(id),
        before: snapshot(row),
        after: null,
      },
    });
    await bumpContentVersion(db);
    return success("delete-service-time", { key: "settings.serviceTimes.deleted", values: { name: row.nameEn } });
  });
}
