import { addDays } from "date-fns";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { classOfferings, classSessions } from "~/db/schema";
import { demoSettings } from "~/platform/seed/demo-church";
import type { AppDatabase } from "~/server/db.server";
import { validZone } from "~/platform/church/church-calendar.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

export const DEMO_CLASS_SLUG = "kingdom-builders";

/** The demo class offering as inserted. */
export const DEMO_CLASS = {
  slug: DEMO_CLASS_SLUG,
  titleEn: "Kingdom Builders Class",
  titleEs: "Clase Constructores del Reino",
  descriptionEn: "Four Sundays after worship, with lunch and childcare. Come to all four sessions to complete the class.",
  descriptionEs:
    "Cuatro domingos después del culto, con almuerzo y cuidado de niños. Asista a las cuatro sesiones para completar la clase.",
  locationName: "Room 104",
  capacity: 30,
  status: "open",
} as const;

/** The topics of the demo class's four sessions, in order. */
export const DEMO_CLASS_TOPICS: [string, string][] = [
  ["Who we are: our story and what we believe", "Quiénes somos: nuestra historia y lo que creemos"],
  ["Growing in Christ: prayer, Scripture and worship", "Crecer en Cristo: oración, Escritura y adoración"],
  ["Belonging: the life of the church family", "Pertenecer: la vida de la familia de la iglesia"],
  ["Serving: finding your place in the Kingdom", "Servir: encontrar su lugar en el Reino"],
];

/**
 * The demo church's Kingdom Builders Class: one open offering, four sessions on the next
 * Sundays after worship (12:30–2:00 pm in the church's time zone), relative to `now`.
 * Idempotent: keyed by slug, sessions only for a newly created offering.
 */
export async function seedDemoClass(tx: AppDatabase, now: Date): Promise<void> {
  const settings = await readChurchSettings(tx);
  const zone = validZone(settings?.timeZone ?? demoSettings.timeZone);
  const [offering] = await tx
    .insert(classOfferings)
    .values(DEMO_CLASS)
    .onConflictDoNothing({ target: classOfferings.slug })
    .returning({ id: classOfferings.id });
  if (!offering) return;
  // The next Sunday whose class time is still ahead, in the church's zone.
  const today = formatInTimeZone(now, zone, "yyyy-MM-dd");
  const isoDay = Number(formatInTimeZone(now, zone, "i")); // 1 = Monday … 7 = Sunday
  let first = addDays(new Date(`${today}T12:00:00Z`), (7 - isoDay) % 7);
  const at = (day: Date, time: string) => fromZonedTime(`${day.toISOString().slice(0, 10)}T${time}:00`, zone);
  if (at(first, "12:30").getTime() <= now.getTime()) first = addDays(first, 7);
  await tx.insert(classSessions).values(
    DEMO_CLASS_TOPICS.map(([topicEn, topicEs], i) => {
      const day = addDays(first, 7 * i);
      return { offeringId: offering.id, sessionNumber: i + 1, startsAt: at(day, "12:30"), endsAt: at(day, "14:00"), topicEn, topicEs };
    }),
  );
}
