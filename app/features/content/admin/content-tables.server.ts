import { eq } from "drizzle-orm";
import { churchValues, contentBlocks, heroVideos, homeCards, leaders } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { ContentKind } from "./content-fields";
import { LIST_KINDS, NEW_ITEM_ID } from "./content-block-keys";

/** The table behind each kind and how one row is found: blocks by key, the rest by id. */
export const contentTables = {
  block: { table: contentBlocks, idColumn: contentBlocks.key, numericId: false },
  card: { table: homeCards, idColumn: homeCards.id, numericId: true },
  leader: { table: leaders, idColumn: leaders.id, numericId: true },
  value: { table: churchValues, idColumn: churchValues.id, numericId: true },
  video: { table: heroVideos, idColumn: heroVideos.id, numericId: true },
} as const satisfies Record<ContentKind, unknown>;

/**
 * Parses the posted item id: a block key, or a positive integer for the other kinds, or
 * "new" for the form that adds a leader or a value.
 */
export function parseItemId(kind: ContentKind, raw: unknown): string | number | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 200) return null;
  if (raw === NEW_ITEM_ID) return (LIST_KINDS as readonly string[]).includes(kind) ? NEW_ITEM_ID : null;
  if (!contentTables[kind].numericId) return /^[a-z0-9._-]+$/i.test(raw) ? raw : null;
  return /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

/** Reads one row (locked for update inside a transaction). */
export async function selectItem(db: AppDatabase, kind: ContentKind, id: string | number): Promise<Record<string, unknown> | null> {
  const { table, idColumn } = contentTables[kind];
  const rows = await db
    .select()
    .from(table as typeof contentBlocks)
    .where(eq(idColumn as typeof contentBlocks.key, id as string))
    .for("update");
  return (rows[0] as Record<string, unknown> | undefined) ?? null;
}

export async function updateItem(db: AppDatabase, kind: ContentKind, id: string | number, values: Record<string, unknown>): Promise<void> {
  const { table, idColumn } = contentTables[kind];
  await db
    .update(table as typeof contentBlocks)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(eq(idColumn as typeof contentBlocks.key, id as string));
}

export async function insertItem(db: AppDatabase, kind: ContentKind, values: Record<string, unknown>): Promise<string | number> {
  const { table, idColumn } = contentTables[kind];
  const [row] = await db
    .insert(table as typeof contentBlocks)
    .values(values as never)
    .returning({ id: idColumn as typeof contentBlocks.key });
  return row!.id;
}
