import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { contentKinds, editableColumns, kindSchema, type ContentKind, type FieldErrorCode } from "./content-fields";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { contentTables, insertItem, parseItemId, selectItem, updateItem } from "./content-tables.server";
import { isContentBlockKey, NEW_ITEM_ID } from "./content-block-keys";
import { churchValues, leaders } from "~/db/schema";
import { eq, max } from "drizzle-orm";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";

/** Columns that are NOT NULL in the database although the form may leave them empty. */
const emptyStringColumns = new Set(["block.bodyEn"]);

export type SaveContentResult =
  | { ok: true; changed: boolean; id: string; created?: true }
  | { ok: false; status: 400 | 404; reason: "invalid" | "notFound"; fieldErrors: Record<string, FieldErrorCode> };

/**
 * Saves the English and Spanish text of one content item (block, card, leader, value or hero
 * video): the row, an audit entry with the changed fields before → after and a new content
 * version, in one transaction. Invalid input changes nothing. A page text not written yet is
 * created, and so is a leader or value posted with the id "new".
 */
export async function saveContentItem(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  kind: ContentKind;
  input: Record<string, unknown>;
}): Promise<SaveContentResult> {
  const { db, kind, input } = options;
  const id = parseItemId(kind, input.id);
  if (id === null) return { ok: false, status: 400, reason: "invalid", fieldErrors: {} };
  const parsed = kindSchema(kind).safeParse(pick(input, editableColumns(kind)));
  if (!parsed.success) {
    const fieldErrors: Record<string, FieldErrorCode> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      const code = (["required", "tooLong", "url"].includes(issue.message) ? issue.message : "required") as FieldErrorCode;
      fieldErrors[field] ??= code;
    }
    return { ok: false, status: 400, reason: "invalid", fieldErrors };
  }
  const values: Record<string, unknown> = { ...parsed.data };
  for (const column of Object.keys(values)) {
    if (values[column] === null && emptyStringColumns.has(`${kind}.${column}`)) values[column] = "";
  }

  const descriptor = contentKinds[kind];
  return db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    if (id === NEW_ITEM_ID && (kind === "leader" || kind === "value")) return createListItem(t, options, kind, values);
    const current = await selectItem(t, kind, id);
    if (!current && kind === "block" && typeof id === "string" && isContentBlockKey(id)) {
      await insertItem(t, kind, { key: id, ...values });
      await recordAudit({
        db: t,
        actor: options.actor,
        ipAddress: options.ip,
        entry: { action: "content.block.create", entityType: descriptor.entityType, entityId: id, after: values },
      });
      await bumpContentVersion(t);
      return { ok: true, changed: true, id, created: true } as const;
    }
    if (!current) return { ok: false, status: 404, reason: "notFound", fieldErrors: {} } as const;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(values)) {
      const old = current[column] ?? null;
      if (old !== value) {
        before[column] = old;
        after[column] = value;
      }
    }
    if (Object.keys(after).length === 0) return { ok: true, changed: false, id: String(id) } as const;
    await updateItem(t, kind, id, after);
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: { action: descriptor.auditAction, entityType: descriptor.entityType, entityId: String(id), before, after },
    });
    await bumpContentVersion(t);
    return { ok: true, changed: true, id: String(id) } as const;
  });
}

/** A new leader or value, last in its list, its key made from its name or English title. */
async function createListItem(
  tx: AppDatabase,
  options: { actor: Pick<AdminIdentity, "userId" | "name">; ip: string },
  kind: "leader" | "value",
  values: Record<string, unknown>,
): Promise<SaveContentResult> {
  const table = kind === "leader" ? leaders : churchValues;
  const label = String((kind === "leader" ? values.name : values.titleEn) ?? "");
  const key = await uniqueSlug(tx, table.key, slugify(label, kind));
  const [last] = await tx.select({ n: max(table.sortOrder) }).from(table);
  const row = { key, sortOrder: (last?.n ?? 0) + 1, ...values };
  const id = await insertItem(tx, kind, row);
  await recordAudit({
    db: tx,
    actor: options.actor,
    ipAddress: options.ip,
    entry: { action: `content.${kind}.create`, entityType: contentKinds[kind].entityType, entityId: String(id), after: row },
  });
  await bumpContentVersion(tx);
  return { ok: true, changed: true, id: String(id), created: true };
}

/**
 * Removes a leader or a value: the row and an audit entry that keeps every field it had (so
 * it can be written again), and a new content version, in one transaction.
 */
export async function deleteListItem(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  kind: "leader" | "value";
  id: unknown;
}): Promise<{ ok: true; id: string } | { ok: false; status: 400 | 404 }> {
  const id = parseItemId(options.kind, options.id);
  if (typeof id !== "number") return { ok: false, status: 400 };
  const { table, idColumn } = contentTables[options.kind];
  return options.db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const current = await selectItem(t, options.kind, id);
    if (!current) return { ok: false, status: 404 } as const;
    await t.delete(table as typeof leaders).where(eq(idColumn as typeof leaders.id, id));
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: `content.${options.kind}.delete`,
        entityType: contentKinds[options.kind].entityType,
        entityId: String(id),
        before: current,
      },
    });
    await bumpContentVersion(t);
    return { ok: true, id: String(id) } as const;
  });
}

function pick(input: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = input[key] ?? "";
  return out;
}
