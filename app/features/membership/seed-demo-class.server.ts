import type { AppDatabase } from "~/server/db.server";

/** The demo church's membership content; idempotent (rows keyed by slug). Filled in by issue 6. */
export async function seedDemoClass(_tx: AppDatabase, _now: Date): Promise<void> {}
