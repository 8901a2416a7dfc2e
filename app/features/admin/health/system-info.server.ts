import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import packageJson from "../../../../package.json";
import { findMigrationsFolder, type AppDatabase } from "~/server/db.server";

/** The app's version (package.json), bundled in at build time. */
export const appVersion: string = (packageJson as { version?: string }).version ?? "0.0.0";

/** Seconds since this process started. */
export function uptimeSeconds(): number {
  return Math.max(0, Math.round(process.uptime()));
}

let journalTags: string[] | undefined;

/** The migration tags in the folder, oldest first (read once: the folder ships with the build). */
export function migrationTags(): string[] {
  if (!journalTags) {
    const journal = JSON.parse(readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries?: { idx: number; tag: string }[];
    };
    journalTags = (journal.entries ?? [])
      .slice()
      .sort((a, b) => a.idx - b.idx)
      .map((entry) => entry.tag);
  }
  return journalTags;
}

export interface MigrationStatus {
  applied: number;
  total: number;
  pending: number;
  /** The tag of the last applied migration; null before the first one. */
  latestApplied: string | null;
  latestAvailable: string | null;
}

/**
 * Drizzle applies migrations in journal order and records one row per migration in
 * drizzle.__drizzle_migrations, so the count of rows says how far it got.
 */
export async function readMigrationStatus(db: AppDatabase): Promise<MigrationStatus> {
  const tags = migrationTags();
  let applied = 0;
  try {
    const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number | string }[];
    };
    applied = Number(result.rows[0]?.n ?? 0);
  } catch {
    // No migrations table yet: nothing applied.
    applied = 0;
  }
  return {
    applied,
    total: tags.length,
    pending: Math.max(0, tags.length - applied),
    latestApplied: applied > 0 ? (tags[Math.min(applied, tags.length) - 1] ?? null) : null,
    latestAvailable: tags.at(-1) ?? null,
  };
}
