import { auditLog } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { AuditAction } from "~/lib/audit-actions";
import type { AdminIdentity } from "../admin/admin-session.server";

export interface AuditEntry {
  /** `<entity>.<verb>`, e.g. `event.update`: one of app/lib/audit-actions.ts, each with a label in both languages. */
  action: AuditAction;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit entry. Call it with the transaction that made the change, so the change
 * and its record commit together or not at all.
 */
export async function recordAudit(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ipAddress?: string | null;
  entry: AuditEntry;
}): Promise<void> {
  const { db, actor, entry } = options;
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actorName: actor.name,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
    ipAddress: options.ipAddress ?? null,
  });
}
