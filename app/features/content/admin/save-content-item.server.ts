import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { contentKinds, editableColumns, kindSchema, type ContentKind, type FieldErrorCode } from "./content-fields";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { parseItemId, selectItem, updateItem } from "./content-tables.server";

/** Columns that are NOT NULL in the database although the form may leave them empty. */
const emptyStringColumns = new Set(["block.bodyEn"]);

export type SaveContentResult =
  | { ok: true; changed: boolean; id: string }
  | { ok: false; status: 400 | 404; reason: "invalid" | "notFound"; fieldErrors: Record<string, FieldErrorCode> };

/**
 * Saves the English and Spanish text of one content item (block, card, leader, value or hero
 * video): the row, an audit entry with the changed fields before → after and a new content
 * version, in one transaction. Invalid input changes nothing.
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
    const current = await selectItem(t, kind, id);
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

function pick(input: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = input[key] ?? "";
  return out;
}
