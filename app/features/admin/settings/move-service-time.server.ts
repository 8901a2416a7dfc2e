import { asc, eq } from "drizzle-orm";
import { serviceTimes } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { ZRowId } from "./service-time-input";
import { stringValues, success, type SettingsResult } from "./settings-result";

/**
 * Moves a service time one place up or down. The rows are renumbered 0…n-1 in their current
 * order first, so equal sort orders (seeded rows, say) still move predictably.
 */
export async function moveServiceTime(options: {
  context: Pick<AdminContext, "db" | "admin" | "ip">;
  input: Record<string, unknown>;
}): Promise<SettingsResult> {
  const { context } = options;
  const values = stringValues(options.input, ["id", "direction"]);
  const parsed = ZRowId.safeParse(values.id);
  if (!parsed.success || parsed.data === null || (values.direction !== "up" && values.direction !== "down")) {
    return { ok: false, status: 400, intent: "move-service-time", error: { key: "settings.errors.invalidRequest" } };
  }
  const id = parsed.data;
  const step = values.direction === "up" ? -1 : 1;
  return context.db.transaction(async (tx): Promise<SettingsResult> => {
    const rows = await tx
      .select({ id: serviceTimes.id, sortOrder: serviceTimes.sortOrder })
      .from(serviceTimes)
      .orderBy(asc(serviceTimes.sortOrder), asc(serviceTimes.id))
      .for("update");
    const index = rows.findIndex((r) => r.id === id);
    if (index === -1)
      return { ok: false, status: 404, intent: "move-service-time", targetId: id, error: { key: "settings.serviceTimes.notFound" } };
    const target = index + step;
    if (target < 0 || target >= rows.length) return success("move-service-time", { key: "settings.serviceTimes.moved" });
    const order = rows.map((r) => r.id);
    [order[index], order[target]] = [order[target]!, order[index]!];
    const previous = new Map(rows.map((r) => [r.id, r.sortOrder]));
    for (const [position, rowId] of order.entries()) {
      if (previous.get(rowId) !== position) {
        await tx.update(serviceTimes).set({ sortOrder: position, updatedAt: new Date() }).where(eq(serviceTimes.id, rowId));
      }
    }
    const db = tx as unknown as AppDatabase;
    await recordAudit({
      db,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: "settings.service-time.update",
        entityType: "service_time",
        entityId: String(id),
        before: { position: index + 1 },
        after: { position: target + 1 },
      },
    });
    await bumpContentVersion(db);
    return success("move-service-time", { key: "settings.serviceTimes.moved" });
  });
}
