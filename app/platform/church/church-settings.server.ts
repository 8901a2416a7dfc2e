import { eq } from "drizzle-orm";
import { churchSettings } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { localize } from "~/i18n/localize";
import { byContentVersion } from "~/server/content-memo.server";
import { inTransaction, type AppDatabase } from "~/server/db.server";

export type ChurchSettings = Readonly<typeof churchSettings.$inferSelect>;

async function loadChurchSettings(db: AppDatabase): Promise<ChurchSettings | null> {
  const [row] = await db.select().from(churchSettings).where(eq(churchSettings.id, 1)).limit(1);
  return row ?? null;
}

/**
 * The church's settings (its one row), null before the church is configured: what every domain
 * reads of them comes from here. In the production server the row is read once per content
 * version (content-memo.server.ts; every save of the settings bumps the version in its
 * transaction) and shared, so it must not be changed. Inside a transaction it is read there
 * (the transaction may have changed it); a save that changes it locks and reads it itself.
 */
export function readChurchSettings(db: AppDatabase): Promise<ChurchSettings | null> {
  if (inTransaction(db)) return loadChurchSettings(db);
  return byContentVersion("church-settings", () => loadChurchSettings(db));
}

/** The church's name in `language` (the English one when the Spanish is empty); "" before it is configured. */
export async function churchName(db: AppDatabase, language: Language): Promise<string> {
  const settings = await readChurchSettings(db);
  return settings ? localize(language, settings.nameEn, settings.nameEs) : "";
}
