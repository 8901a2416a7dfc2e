import { and, desc, ilike, like, sql, type SQL } from "drizzle-orm";
import { auditLog } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { escapeLike } from "~/lib/escape-like";
import { AUDIT_PAGE_SIZE, type AuditFilters } from "./audit-filters";
import { diffAuditValues, type AuditChange } from "./diff-audit-values";

export interface AuditLogEntry {
  id: string;
  createdAt: string;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  ipAddress: string | null;
  changes: AuditChange[];
}

/** Newest first, fifty a page; dates are whole days in `timeZone` (the church's). */
export async function loadAuditLog(options: {
  db: AppDatabase;
  filters: AuditFilters;
  timeZone: string;
}): Promise<{ entries: AuditLogEntry[]; page: number; hasNext: boolean }> {
  const { db, filters, timeZone } = options;
  const where: SQL[] = [];
  if (filters.actor) where.push(ilike(auditLog.actorName, `%${escapeLike(filters.actor)}%`));
  if (filters.action) where.push(like(auditLog.action, `${escapeLike(filters.action)}%`));
  if (filters.entityType) where.push(sql`lower(${auditLog.entityType}) = lower(${filters.entityType})`);
  if (filters.entityId) where.push(ilike(auditLog.entityId, `%${escapeLike(filters.entityId)}%`));
  if (filters.from) where.push(sql`${auditLog.createdAt} >= (${filters.from}::date::timestamp at time zone ${timeZone})`);
  if (filters.to) where.push(sql`${auditLog.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
  return {
    page: filters.page,
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      actorName: row.actorName,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      ipAddress: row.ipAddress,
      changes: diffAuditValues(row.before, row.after),
    })),
  };
}
