import { volunteerOpportunities } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The demo ministries, in the order /community shows them. */
export const DEMO_MINISTRIES = [
  {
    slug: "greeters-hospitality",
    title: "Greeters & Hospitality",
    titleEs: "Bienvenida y hospitalidad",
    description: "Welcome people at the doors, help first-time guests find their way, and serve coffee after worship.",
    descriptionEs:
      "Dé la bienvenida en las puertas, ayude a quienes nos visitan por primera vez a orientarse y sirva café después del culto.",
    schedule: "Sundays 9:45 AM, once or twice a month",
    scheduleEs: "Domingos a las 9:45 a. m., una o dos veces al mes",
  },
  {
    slug: "childrens-ministry",
    title: "Children's Ministry",
    titleEs: "Ministerio de niños",
    description: "Teach a Bible lesson, lead crafts and songs, or help check children in safely. Background check and training provided.",
    descriptionEs:
      "Enseñe una lección bíblica, dirija manualidades y cantos o ayude a registrar a los niños con seguridad. Ofrecemos la verificación de antecedentes y la capacitación.",
    schedule: "Sundays during the 10:30 AM service, monthly rota",
    scheduleEs: "Domingos durante el culto de las 10:30 a. m., turno mensual",
  },
  {
    slug: "worship-team",
    title: "Worship Team",
    titleEs: "Equipo de alabanza",
    description: "Singers and musicians who lead the congregation in worship in English and Spanish.",
    descriptionEs: "Cantantes y músicos que guían a la congregación en la alabanza en inglés y en español.",
    schedule: "Thursday rehearsal 7 PM and Sunday mornings",
    scheduleEs: "Ensayo los jueves a las 7 p. m. y los domingos por la mañana",
  },
  {
    slug: "media-livestream",
    title: "Media & Livestream",
    titleEs: "Medios y transmisión en vivo",
    description: "Run the cameras, sound board, slides and the online broadcast so everyone can take part, near or far.",
    descriptionEs:
      "Maneje las cámaras, la consola de sonido, las diapositivas y la transmisión en línea para que todos participen, cerca o lejos.",
    schedule: "Sundays 9:30 AM to noon; no experience needed",
    scheduleEs: "Domingos de 9:30 a. m. a mediodía; no se necesita experiencia",
  },
  {
    slug: "outreach-food-pantry",
    title: "Outreach & Food Pantry",
    titleEs: "Alcance comunitario y despensa de alimentos",
    description: "Sort donations, pack grocery bags and welcome neighbors at our weekly food pantry.",
    descriptionEs: "Clasifique donaciones, prepare bolsas de víveres y reciba a los vecinos en nuestra despensa semanal.",
    schedule: "Saturdays 8 AM to 11 AM",
    scheduleEs: "Sábados de 8 a. m. a 11 a. m.",
  },
] as const;

/** Demo seed: the demo ministries that take volunteers. Runs once, inside the demo seed's transaction. */
export async function seedDemoVolunteers(tx: AppDatabase, now: Date): Promise<void> {
  await tx
    .insert(volunteerOpportunities)
    .values(DEMO_MINISTRIES.map((m, i) => ({ ...m, active: true, sortOrder: (i + 1) * 10, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
}
