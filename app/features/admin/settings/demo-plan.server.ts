import { eq, getTableColumns, inArray } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { appMeta, sermonTopics } from "~/db/schema";
import { DEMO_REMOVED_KEY } from "~/platform/seed/demo-church";
import type { AppDatabase } from "~/server/db.server";
import { DEMO_TOPICS } from "~/features/sermons/seed-demo-sermons.server";
import {
  changedColumns,
  DEMO_CATALOG,
  DEMO_KINDS,
  primaryKeyColumns,
  rowId,
  schemaTables,
  tableName,
  type DemoKind,
  type KindSpec,
  type Row,
} from "./demo-catalog.server";

/**
 * One demo row with the rows that are part of it (a sermon's topic links, a plan's days, a
 * class's sessions, a product's variants, a thread's replies): removed or kept as one.
 */
export interface DemoUnit {
  kind: DemoKind;
  spec: KindSpec;
  row: Row;
  id: string;
  /** Staff changed it (or one of its parts) since the seed wrote it. */
  changed: boolean;
  /** Something that is not demo content points at it (or at one of its parts), or a kept demo row does. */
  inUse: boolean;
}

export interface DemoKindCount {
  kind: DemoKind;
  /** Rows that go. */
  remove: number;
  /** Rows kept because staff changed them. */
  keptChanged: number;
  /** Rows kept because real people's records (or the church's own content) point at them. */
  keptInUse: number;
}

export interface DemoPlan {
  units: DemoUnit[];
  counts: DemoKindCount[];
  /** How many demo rows would go, all kinds together. */
  removable: number;
}

export interface DemoRemovalRecord {
  at: string;
  byName: string | null;
  byUserId: string | null;
  backup: string;
}

/** The record "Remove the demo church" left, or null while the demo has not been removed. */
export async function readDemoRemoval(db: AppDatabase): Promise<DemoRemovalRecord | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DEMO_REMOVED_KEY)).limit(1);
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as Partial<DemoRemovalRecord>;
    return {
      at: String(parsed.at ?? ""),
      byName: parsed.byName ?? null,
      byUserId: parsed.byUserId ?? null,
      backup: String(parsed.backup ?? ""),
    };
  } catch {
    return { at: row.value, byName: null, byUserId: null, backup: "" };
  }
}

function propOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in ${tableName(table)}`);
  return entry[0];
}

type Selection = Record<string, PgColumn>;
/** Drizzle's select with a selection built at run time (its types want literal ones). */
const selectFrom = (db: AppDatabase, selection: Selection, table: PgTable) =>
  (db.select(selection as never) as unknown as { from(t: PgTable): { where(w: unknown): Promise<Row[]> } }).from(table);

/**
 * What removing the demo would do now: every demo row the catalog finds, whether staff changed
 * it, and whether anything else points at it. The foreign keys are read from the schema, so a
 * new table that points at demo content is taken into account without being named here.
 */
export async function planDemoRemoval(db: AppDatabase): Promise<DemoPlan> {
  const topics = await db
    .select({ id: sermonTopics.id, slug: sermonTopics.slug })
    .from(sermonTopics)
    .where(
      inArray(
        sermonTopics.slug,
        DEMO_TOPICS.map((t) => t.slug),
      ),
    );
  const context = { topicIdBySlug: new Map(topics.map((t) => [t.slug, t.id])) };

  const units: DemoUnit[] = [];
  /** Every demo row (units and their parts) by table and id, with its unit. */
  const index = new Map<string, Map<string, { unit: DemoUnit; row: Row }>>();
  const remember = (table: PgTable, row: Row, unit: DemoUnit) => {
    const name = tableName(table);
    if (!index.has(name)) index.set(name, new Map());
    index.get(name)!.set(rowId(table, row), { unit, row });
  };

  for (const spec of DEMO_CATALOG) {
    const rows = (await db.select().from(spec.table).where(spec.where)) as Row[];
    for (const row of rows) {
      const seeded = spec.seeded(row);
      if (!seeded) continue;
      const unit: DemoUnit = {
        kind: spec.kind,
        spec,
        row,
        id: rowId(spec.table, row),
        changed: changedColumns(spec.table, row, seeded, spec).length > 0,
        inUse: false,
      };
      units.push(unit);
      remember(spec.table, row, unit);
      for (const child of spec.children ?? []) {
        const expected = child.seeded(row, context);
        const rows = (await db
          .select()
          .from(child.table)
          .where(eq(child.parentColumn, row.id as number))) as Row[];
        for (const childRow of rows) {
          const seededChild = expected.get(child.key(childRow));
          // A part the seed did not write is someone's own: it points at the unit (below).
          if (!seededChild) continue;
          remember(child.table, childRow, unit);
          if (changedColumns(child.table, childRow, seededChild, { ignore: child.ignore }).length > 0) unit.changed = true;
        }
      }
    }
  }

  // Every foreign key of the schema that points at a table holding demo rows.
  const edges: Array<[from: DemoUnit, to: DemoUnit]> = [];
  for (const table of schemaTables()) {
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const reference = foreignKey.reference();
      const targets = index.get(tableName(reference.foreignTable));
      if (!targets || reference.columns.length !== 1) continue;
      const column = reference.columns[0]!;
      const targetProp = propOf(reference.foreignTable, reference.foreignColumns[0]!);
      const byValue = new Map([...targets.values()].map((entry) => [String(entry.row[targetProp]), entry.unit]));
      const selection: Selection = { __ref: column };
      for (const { prop, column: key } of primaryKeyColumns(table)) selection[prop] = key;
      const pointing = await selectFrom(db, selection, table).where(
        inArray(
          column,
          [...targets.values()].map((e) => e.row[targetProp]),
        ),
      );
      const own = index.get(tableName(table));
      for (const row of pointing) {
        const target = byValue.get(String(row.__ref));
        if (!target) continue;
        const source = own?.get(rowId(table, row))?.unit;
        if (!source) target.inUse = true;
        else if (source !== target) edges.push([source, target]);
      }
    }
  }
  // A kept row keeps what it points at (a kept sermon its series, a kept photo its album).
  const kept = (unit: DemoUnit) => unit.changed || unit.inUse;
  for (let moved = true; moved;) {
    moved = false;
    for (const [from, to] of edges) {
      if (kept(from) && !kept(to)) {
        to.inUse = true;
        moved = true;
      }
    }
  }

  const counts = DEMO_KINDS.map((kind) => {
    const mine = units.filter((u) => u.kind === kind);
    return {
      kind,
      remove: mine.filter((u) => !kept(u)).length,
      keptChanged: mine.filter((u) => u.changed).length,
      keptInUse: mine.filter((u) => !u.changed && u.inUse).length,
    };
  });
  return { units, counts, removable: counts.reduce((sum, c) => sum + c.remove, 0) };
}

/** Deletes the plan's removable rows (their parts go with them: those foreign keys cascade). */
export async function deleteDemoRows(tx: AppDatabase, plan: DemoPlan): Promise<void> {
  for (const spec of DEMO_CATALOG) {
    const ids = plan.units.filter((u) => u.spec === spec && !u.changed && !u.inUse);
    if (ids.length === 0) continue;
    const [key] = primaryKeyColumns(spec.table);
    await tx.delete(spec.table).where(
      inArray(
        key!.column,
        ids.map((u) => u.row[key!.prop]),
      ),
    );
  }
}
