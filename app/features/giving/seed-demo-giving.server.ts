import { churchSettings, givingFunds } from "~/db/schema";
import { readChurchSettings } from "~/platform/church/church-settings.server";
import type { AppDatabase } from "~/server/db.server";
import { and, eq, isNull } from "drizzle-orm";

/** The demo church's funds, in their order on /give. */
export const DEMO_FUNDS = [
  {
    slug: "tithes-offerings",
    name: "Tithes & Offerings",
    nameEs: "Diezmos y ofrendas",
    description: "The church's general fund: worship, ministries, staff and the building's upkeep.",
    descriptionEs: "El fondo general de la iglesia: el culto, los ministerios, el personal y el mantenimiento del edificio.",
  },
  {
    slug: "missions",
    name: "Missions",
    nameEs: "Misiones",
    description: "Missionaries we support and outreach in our city and abroad.",
    descriptionEs: "Los misioneros que apoyamos y el alcance en nuestra ciudad y en el extranjero.",
  },
  {
    slug: "building-fund",
    name: "Building Fund",
    nameEs: "Fondo de construcción",
    description: "Repairs and the new fellowship hall.",
    descriptionEs: "Las reparaciones y el nuevo salón de convivencia.",
  },
  {
    slug: "benevolence",
    name: "Benevolence",
    nameEs: "Ayuda benéfica",
    description: "Help for neighbors in need and the food pantry.",
    descriptionEs: "Ayuda para vecinos necesitados y la despensa de alimentos.",
  },
] as const;

/** The demo church's giving funds and its text-to-give keyword (GIVE to the church's number). No gifts: the seed creates no money. */
export async function seedDemoGiving(tx: AppDatabase, now: Date): Promise<void> {
  await tx
    .insert(givingFunds)
    .values(DEMO_FUNDS.map((fund, i) => ({ ...fund, sortOrder: (i + 1) * 10, createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: givingFunds.slug });
  const settings = await readChurchSettings(tx);
  if (settings) {
    await tx
      .update(churchSettings)
      .set({ givingTextKeyword: "GIVE", givingTextNumber: settings.phoneDisplay, updatedAt: now })
      .where(and(eq(churchSettings.id, 1), isNull(churchSettings.givingTextNumber)));
  }
}
