import { asc } from "drizzle-orm";
import { churchValues, contentBlocks, events, heroVideos, homeCards, leaders } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { editableColumns, isMissingSpanish, type ContentKind } from "./content-fields";
import { CONTENT_BLOCK_KEYS, NEW_ITEM_ID } from "./content-block-keys";

export interface ContentItem {
  kind: ContentKind;
  /** Posted back as `id`: the block key or the row id. */
  id: string;
  /** Anchor on the page (`home.hero`, `card-3`, …). */
  anchor: string;
  /** A short English label for the item's heading. */
  label: string;
  /** The block group (`home`, `about`, `page`, `other`) or the card kind. */
  group: string;
  values: Record<string, string>;
  missingSpanish: boolean;
  /** Changes when the row is saved, so the form re-renders with the saved text. */
  version: string;
  /** No row yet: a page text not written, or the form that adds a leader or value. */
  unsaved: boolean;
}

export interface FlyerEvent {
  id: number;
  title: string;
  startsAt: string;
  isFeatured: boolean;
}

function toItem(kind: ContentKind, row: Record<string, unknown>, id: string, anchor: string, label: string, group: string): ContentItem {
  const values: Record<string, string> = {};
  for (const column of editableColumns(kind)) {
    const v = row[column];
    values[column] = typeof v === "string" ? v : "";
  }
  const updatedAt = row.updatedAt;
  return {
    kind,
    id,
    anchor,
    label,
    group,
    values,
    missingSpanish: isMissingSpanish(kind, row),
    version: updatedAt instanceof Date ? updatedAt.toISOString() : String(updatedAt ?? ""),
    unsaved: updatedAt === undefined,
  };
}

function blockGroup(key: string): string {
  const prefix = key.split(".")[0] ?? "";
  return ["home", "about", "page"].includes(prefix) ? prefix : "other";
}

/** Everything the content section edits, with the missing-Spanish flags and count. */
export async function loadContentAdmin({ db, missingOnly }: { db: AppDatabase; missingOnly: boolean }) {
  const [blocks, cards, leaderRows, valueRows, videos, eventRows] = await Promise.all([
    db.select().from(contentBlocks).orderBy(asc(contentBlocks.key)),
    db.select().from(homeCards).orderBy(asc(homeCards.kind), asc(homeCards.sortOrder), asc(homeCards.id)),
    db.select().from(leaders).orderBy(asc(leaders.sortOrder), asc(leaders.id)),
    db.select().from(churchValues).orderBy(asc(churchValues.sortOrder), asc(churchValues.id)),
    db.select().from(heroVideos).orderBy(asc(heroVideos.sortOrder), asc(heroVideos.id)),
    db
      .select({ id: events.id, titleEn: events.titleEn, startsAt: events.startsAt, isFeatured: events.isFeatured })
      .from(events)
      .orderBy(asc(events.startsAt)),
  ]);
  const blockOrder = ["home", "about", "page", "other"];
  const saved = new Set(blocks.map((b) => b.key));
  // Every text a page reads, written or not: an empty form creates it.
  const unwritten = CONTENT_BLOCK_KEYS.filter((key) => !saved.has(key)).map((key) => toItem("block", {}, key, key, key, blockGroup(key)));
  const all: ContentItem[] = [
    ...[...blocks.map((b) => toItem("block", b, b.key, b.key, b.key, blockGroup(b.key))), ...unwritten].sort(
      (a, b) => blockOrder.indexOf(a.group) - blockOrder.indexOf(b.group) || a.id.localeCompare(b.id),
    ),
    ...cards.map((c) => toItem("card", c, String(c.id), `card-${c.key}`, c.key, c.kind)),
    ...leaderRows.map((l) => toItem("leader", l, String(l.id), `leader-${l.key}`, l.name, "leaders")),
    { ...toItem("leader", {}, NEW_ITEM_ID, "leader-new", "", "leaders"), version: `after-${leaderRows.length}` },
    ...valueRows.map((v) => toItem("value", v, String(v.id), `value-${v.key}`, v.titleEn, "values")),
    { ...toItem("value", {}, NEW_ITEM_ID, "value-new", "", "values"), version: `after-${valueRows.length}` },
    ...videos.map((v) => toItem("video", v, String(v.id), `video-${v.key}`, v.key, "videos")),
  ];
  const missingCount = all.filter((i) => i.missingSpanish).length;
  const totalCount = all.filter((i) => !i.unsaved).length;
  const flyerEvents: FlyerEvent[] = eventRows.map((e) => ({
    id: e.id,
    title: e.titleEn,
    startsAt: e.startsAt.toISOString(),
    isFeatured: e.isFeatured,
  }));
  return {
    items: missingOnly ? all.filter((i) => i.missingSpanish) : all,
    missingCount,
    totalCount,
    flyerEvents,
  };
}
