import path from "node:path";
import { appMeta } from "~/db/schema";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { DEMO_REMOVED_KEY } from "~/platform/seed/demo-church";
import { backupFromServer, type ServerBackup } from "~/server/backup.server";
import { getDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { deleteDemoRows, planDemoRemoval, readDemoRemoval, type DemoKindCount, type DemoRemovalRecord } from "./demo-plan.server";
import { DEMO_CONFIRM_VALUE } from "./demo-confirm";
import { success, type SettingsResult } from "./settings-result";

/** What the settings page shows about the demo church. */
export type DemoStatus =
  | { state: "none" }
  | { state: "present"; counts: DemoKindCount[]; backupFolder: string }
  | { state: "removed"; removal: DemoRemovalRecord; backupFolder: string };

export async function loadDemoStatus(options: { db: AdminContext["db"]; dataDir: string }): Promise<DemoStatus> {
  const backupFolder = path.join(path.resolve(options.dataDir), "backups");
  const removal = await readDemoRemoval(options.db);
  if (removal) return { state: "removed", removal, backupFolder };
  const plan = await planDemoRemoval(options.db);
  if (plan.removable === 0) return { state: "none" };
  return { state: "present", counts: plan.counts.filter((c) => c.remove + c.keptChanged + c.keptInUse > 0), backupFolder };
}

/**
 * Admin → Settings → "Remove the demo church" (ADR 035): a backup first (the same archive as
 * `npm run db:backup`, through the server's own connection), then, in one transaction, every
 * demo row nobody changed and nothing points at, the content version, one audit entry and the
 * marker that keeps the seed from bringing the demo back. Twice is harmless: the second time
 * finds the marker and removes nothing.
 */
export async function removeDemoChurch(options: {
  context: Pick<AdminContext, "db" | "admin" | "ip">;
  input: Record<string, unknown>;
  dataDir: string;
  authSecret?: string;
  /** Tests: a backup that fails. */
  backup?: typeof backupFromServer;
  now?: Date;
}): Promise<SettingsResult> {
  const { context, input } = options;
  const intent = "remove-demo";
  if (await readDemoRemoval(context.db)) return success(intent, { key: "settings.demo.alreadyRemoved" });
  if (input.confirm !== DEMO_CONFIRM_VALUE) {
    return {
      ok: false,
      status: 400,
      intent,
      error: { key: "settings.demo.confirmFirst" },
      fieldErrors: { confirm: { key: "settings.demo.confirmRequired" } },
    };
  }
  const before = await planDemoRemoval(context.db);
  if (before.removable === 0) return success(intent, { key: "settings.demo.nothingToRemove" });

  let backup: ServerBackup;
  try {
    backup = await (options.backup ?? backupFromServer)({
      handle: getDatabase(),
      dataDir: options.dataDir,
      authSecret: options.authSecret,
      now: options.now,
    });
  } catch (error) {
    logger.warn({ err: error }, "the backup before removing the demo church failed; nothing was removed");
    return { ok: false, status: 503, intent, error: { key: "settings.demo.backupFailed" } };
  }

  const outcome = await context.db.transaction(async (tx) => {
    if (await readDemoRemoval(tx)) return null;
    // Planned again inside the transaction: a registration made since the page loaded counts.
    const plan = await planDemoRemoval(tx);
    await deleteDemoRows(tx, plan);
    const at = (options.now ?? new Date()).toISOString();
    const record: DemoRemovalRecord = { at, byName: context.admin.name, byUserId: context.admin.userId, backup: backup.fileName };
    await tx
      .insert(appMeta)
      .values({ key: DEMO_REMOVED_KEY, value: JSON.stringify(record) })
      .onConflictDoNothing();
    const removed = Object.fromEntries(plan.counts.filter((c) => c.remove > 0).map((c) => [c.kind, c.remove]));
    const kept = Object.fromEntries(
      plan.counts
        .filter((c) => c.keptChanged + c.keptInUse > 0)
        .map((c) => [c.kind, { changedByStaff: c.keptChanged, inUse: c.keptInUse }]),
    );
    await recordAudit({
      db: tx,
      actor: context.admin,
      ipAddress: context.ip,
      entry: { action: "settings.demo.remove", entityType: "demo_church", after: { removed, kept, backup: backup.fileName } },
    });
    await bumpContentVersion(tx);
    return plan;
  });
  if (!outcome) return success(intent, { key: "settings.demo.alreadyRemoved" });
  return success(intent, { key: "settings.demo.removed", values: { file: backup.fileName } });
}
