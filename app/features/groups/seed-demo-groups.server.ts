import { studyGroups } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

type NewGroup = typeof studyGroups.$inferInsert;

const CHURCH_ADDRESS = "4120 Harvest Grove Road, Springfield, IL 62704";

/** Four groups of the demo church: led by contact names, no accounts. */
export const demoGroups: NewGroup[] = [
  {
    slug: "tuesday-night-bible-study",
    nameEn: "Tuesday Night Bible Study",
    nameEs: "Estudio bíblico de los martes por la noche",
    descriptionEn:
      "An English-speaking group working through the Gospel of John, one chapter a week. Coffee and dessert from 6:45; newcomers are always welcome.",
    descriptionEs:
      "Un grupo de habla inglesa que estudia el Evangelio de Juan, un capítulo por semana. Café y postre desde las 6:45; las personas nuevas siempre son bienvenidas.",
    dayOfWeek: 2,
    startTime: "19:00",
    durationMinutes: 90,
    meetingMode: "in_person",
    locationName: "Fellowship Hall, Room 3",
    address: CHURCH_ADDRESS,
    language: "en",
    contactName: "David & Karen Miller",
    isOpen: true,
    capacity: 16,
    scheduleNotesEn: "We take a break the week of Thanksgiving and the last two weeks of December.",
    scheduleNotesEs: "Descansamos la semana de Acción de Gracias y las dos últimas semanas de diciembre.",
  },
  {
    slug: "grupo-de-estudio-en-espanol",
    nameEn: "Spanish Bible Study Group",
    nameEs: "Grupo de estudio bíblico en español",
    descriptionEn: "A Spanish-speaking group that meets in a family home to study the Psalms, pray together and share a meal.",
    descriptionEs: "Un grupo de habla hispana que se reúne en un hogar para estudiar los Salmos, orar juntos y compartir una comida.",
    dayOfWeek: 4,
    startTime: "19:30",
    durationMinutes: 120,
    meetingMode: "in_person",
    locationName: "The Hernández home",
    address: "1805 Maple Avenue, Springfield, IL 62704",
    language: "es",
    contactName: "Luis y María Hernández",
    isOpen: true,
    capacity: 12,
    scheduleNotesEn: "Children are welcome: a volunteer leads a Bible time for kids in the next room.",
    scheduleNotesEs: "Los niños son bienvenidos: una voluntaria dirige un tiempo bíblico para niños en la habitación de al lado.",
  },
  {
    slug: "bilingual-online-study",
    nameEn: "Bilingual Online Study",
    nameEs: "Estudio bilingüe en línea",
    descriptionEn:
      "A video-call group in English and Spanish for people who can't make it to church during the week. We follow the weekly study guide.",
    descriptionEs:
      "Un grupo por videollamada en inglés y español para quienes no pueden venir a la iglesia entre semana. Seguimos la guía de estudio semanal.",
    dayOfWeek: 1,
    startTime: "20:00",
    durationMinutes: 60,
    meetingMode: "online",
    onlineUrl: "https://meet.example.org/living-hope-bilingual",
    language: "bilingual",
    contactName: "Ana Torres",
    isOpen: true,
    capacity: null,
  },
  {
    slug: "womens-morning-study",
    nameEn: "Women's Saturday Morning Study",
    nameEs: "Estudio de mujeres del sábado por la mañana",
    descriptionEn: "Women of all ages studying the book of Ruth over breakfast. Join us in the church library or online.",
    descriptionEs:
      "Mujeres de todas las edades estudian el libro de Rut durante el desayuno. Acompáñenos en la biblioteca de la iglesia o en línea.",
    dayOfWeek: 6,
    startTime: "09:00",
    durationMinutes: 90,
    meetingMode: "hybrid",
    locationName: "Church library",
    address: CHURCH_ADDRESS,
    onlineUrl: "https://meet.example.org/living-hope-women",
    language: "bilingual",
    contactName: "Grace Johnson",
    isOpen: true,
    capacity: 20,
    scheduleNotesEn: "First Saturday of the month: breakfast potluck.",
    scheduleNotesEs: "El primer sábado de cada mes: desayuno compartido.",
  },
];

/** The demo church's groups content; idempotent (rows keyed by slug). */
export async function seedDemoGroups(tx: AppDatabase, now: Date): Promise<void> {
  await tx
    .insert(studyGroups)
    .values(demoGroups.map((g) => ({ ...g, createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: studyGroups.slug });
}
