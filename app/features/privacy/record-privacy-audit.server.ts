import { auditLog } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { SYSTEM_ACTORS, type AuditAction } from "~/lib/audit-actions";

/** The audit log's actor name for a member's own privacy actions: no name, no address (ADR 021). */
export const SELF_SERVICE_ACTOR = SYSTEM_ACTORS.selfService;

/**
 * Audits a member's own download or deletion with no personal data: the account id (random,
 * linked to nobody once the account is gone), the action and counts; no name, email or IP.
 */
export async function recordPrivacyAudit(options: {
  db: AppDatabase;
  /** The member while the account exists; null for the deletion (the row is gone). */
  actorUserId: string | null;
  action: Extract<AuditAction, "member.data.export" | "member.account.delete">;
  userId: string;
  after: Record<string, number>;
}): Promise<void> {
  await options.db.insert(auditLog).values({
    actorUserId: options.actorUserId,
    actorName: SELF_SERVICE_ACTOR,
    action: options.action,
    entityType: "user",
    entityId: options.userId,
    after: options.after,
  });
}
