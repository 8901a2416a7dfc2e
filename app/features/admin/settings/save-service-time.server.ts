import { randomUUID } from "node:crypto";
import { and, eq, max, ne } from "drizzle-orm";
import { serviceTimes } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { SERVICE_TIME_FIELDS, ZServiceTime } from "./service-time-input";
import { fieldErrorsOf, stringValues, success, type SettingsResult } from "./settings-result";

/** A stable, readable key for a new row: "sunday-worship-1a2b3c4d". */
function newKey(nameEn: string): string {
  const slug = nameEn
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${slug || "service"}-${randomUUID().slice(0, 8)}`;
}

/**
 * Adds a service time (no id) or edits one. At most one main service: marking this one
 * clears the others in the same transaction, with the audit entry and content version.
 */
export async function saveServiceTime(options: {
  context: Pick<AdminContext, "db" | "admin" | "ip">;
  input: Record<string, unknown>;
}): Promise<SettingsResult> {
  const { context, input } = options;
  const values = stringValues(input, SERVICE_TIME_FIELDS);
  if (input.isMainService === true) values.isMainService = "true";
  const parsed = ZServiceTime.safeParse(values);
  const targetId = /^[1-9]\d{0,9}$/.test(values.id!) ? Number(values.id) : null;
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return {
      ok: false,
      status: 400,
      intent: "save-service-time",
      targetId,
      error: { key: fieldErrors.id ? "settings.errors.invalidRequest" : "settings.errors.fixFields" },
      fieldErrors,
      values,
    };
  }
  const { id, ...fields } = parsed.data;

  return context.db.transaction(async (tx): Promise<SettingsResult> => {
    const db = tx as unknown as AppDatabase;
    let before: typeof serviceTimes.$inferSelect | null = null;
    let row: typeof serviceTimes.$inferSelect;
    if (id !== null) {
      [before = null] = await tx.select().from(serviceTimes).where(eq(serviceTimes.id, id)).for("update");
      if (!before) {
        return { ok: false, status: 404, intent: "save-service-time", targetId: id, error: { key: "settings.serviceTimes.notFound" } };
      }
      [row] = (await tx
        .update(serviceTimes)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(serviceTimes.id, id))
        .returning()) as [typeof serviceTimes.$inferSelect];
    } else {
      const [{ last } = { last: null }] = await tx.select({ last: max(serviceTimes.sortOrder) }).from(serviceTimes);
      [row] = (await tx
        .insert(serviceTimes)
        .values({ ...fields, key: newKey(fields.nameEn), sortOrder: (last ?? -1) + 1 })
        .returning()) as [typeof serviceTimes.$inferSelect];
    }
    if (row.isMainService) {
      const cleared = await tx
        .update(serviceTimes)
        .set({ isMainService: false, updatedAt: new Date() })
        .where(and(ne(serviceTimes.id, row.id), eq(serviceTimes.isMainService, true)))
        .returning({ id: serviceTimes.id, key: serviceTimes.key });
      for (const other of cleared) {
        await recordAudit({
          db,
          actor: context.admin,
          ipAddress: context.ip,
          entry: {
            action: "settings.service-time.update",
            entityType: "service_time",
            entityId: String(other.id),
            before: { isMainService: true },
            after: { isMainService: false },
          },
        });
      }
    }
    await recordAudit({
      db,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: before ? "settings.service-time.update" : "settings.service-time.create",
        entityType: "service_time",
        entityId: String(row.id),
        before: before ? snapshot(before) : null,
        after: snapshot(row),
      },
    });
    await bumpContentVersion(db);
    return success("save-service-time", { key: before ? "settings.serviceTimes.updated" : "settings.serviceTimes.added" });
  });
}

export function snapshot(row: typeof serviceTimes.$inferSelect) {
  return {
    key: row.key,
    sortOrder: row.sortOrder,
    dayOfWeek: row.dayOfWeek,
    startTime: row.startTime,
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    isMainService: row.isMainService,
  };
}
