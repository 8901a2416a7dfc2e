import { prayerRequests } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoPrayerRequest {
  authorName: string;
  anonymous?: boolean;
  language: "en" | "es";
  category: "healing" | "work" | "family" | "gratitude";
  title: string | null;
  body: string;
  prayingCount: number;
  praiseReport?: string;
  daysAgo: number;
  updatedDaysAgo?: number;
  answeredDaysAgo?: number;
}

/** The demo wall's requests. They have no key, so "Remove the demo church" knows them by their exact words. */
export const DEMO_PRAYER_REQUESTS: DemoPrayerRequest[] = [
  {
    authorName: "Maria G.",
    language: "es",
    category: "healing",
    title: "Por la salud de mi madre",
    body: "Mi mamá tiene cirugía el jueves. Pidan por los médicos y por su pronta recuperación.",
    prayingCount: 12,
    daysAgo: 1,
  },
  {
    authorName: "James",
    language: "en",
    category: "work",
    title: "A new job",
    body: "I was laid off last month. Praying for the right door to open, and for peace while I wait.",
    prayingCount: 8,
    daysAgo: 2,
  },
  {
    authorName: "Anonymous",
    anonymous: true,
    language: "en",
    category: "family",
    title: null,
    body: "For my teenage son, that he would find good friends and know he is loved.",
    prayingCount: 15,
    daysAgo: 4,
  },
  {
    authorName: "Rosa y Daniel",
    language: "es",
    category: "gratitude",
    title: "¡Gracias a Dios!",
    body: "Nuestra hija nació sana el domingo. Gracias a todos por sus oraciones durante el embarazo.",
    prayingCount: 21,
    praiseReport: "Sofía nació sana y fuerte. ¡Dios es fiel!",
    daysAgo: 9,
    updatedDaysAgo: 3,
    answeredDaysAgo: 3,
  },
];

/**
 * A few approved requests so the demo wall is not empty. They belong to no account (the demo
 * creates none) and stay up for a year; a real church starts with an empty wall (SEED_DEMO=false).
 */
export async function seedDemoPrayer(tx: AppDatabase, now: Date): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const expiresAt = new Date(now.getTime() + 365 * DAY_MS);
  const base = { visibility: "public" as const, status: "approved" as const, notifyOnPrayer: false, expiresAt };
  await tx.insert(prayerRequests).values(
    DEMO_PRAYER_REQUESTS.map(({ daysAgo, updatedDaysAgo, answeredDaysAgo, ...request }) => ({
      ...base,
      ...request,
      answeredAt: answeredDaysAgo === undefined ? null : at(answeredDaysAgo),
      createdAt: at(daysAgo),
      updatedAt: at(updatedDaysAgo ?? daysAgo),
    })),
  );
}
