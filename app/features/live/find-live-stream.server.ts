import { eq, isNull } from "drizzle-orm";
import { liveStreams } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

export type LiveStreamRow = typeof liveStreams.$inferSelect;

/** The stream that is on now (at most one: a unique index allows one without `ended_at`). */
export async function findCurrentStream(db: AppDatabase): Promise<LiveStreamRow | null> {
  const [row] = await db.select().from(liveStreams).where(isNull(liveStreams.endedAt)).limit(1);
  return row ?? null;
}

export async function findStream(db: AppDatabase, id: string): Promise<LiveStreamRow | null> {
  const [row] = await db.select().from(liveStreams).where(eq(liveStreams.id, id)).limit(1);
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
