import { faqItems } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The demo church's assistant FAQ: questions visitors ask that the other tables don't answer. */
export const DEMO_FAQ = [
  {
    questionEn: "Is there parking at the church?",
    questionEs: "¿Hay estacionamiento en la iglesia?",
    answerEn:
      "Yes. There is free parking in the church lot on Harvest Grove Road, with spaces for visitors and accessible spaces next to the main entrance.",
    answerEs:
      "Sí. Hay estacionamiento gratuito en el lote de la iglesia sobre Harvest Grove Road, con lugares para visitantes y lugares accesibles junto a la entrada principal.",
    href: "/plan-visit",
  },
  {
    questionEn: "Is there childcare or a kids' program during the service?",
    questionEs: "¿Hay cuidado de niños o un programa infantil durante el culto?",
    answerEn:
      "Yes. A staffed nursery cares for babies and toddlers, and Kids' Church for ages 4 to 11 meets during the Sunday Worship service.",
    answerEs:
      "Sí. Una guardería atendida cuida a los bebés y niños pequeños, y la Iglesia Infantil para niños de 4 a 11 años se reúne durante el Culto Dominical.",
    href: "/plan-visit",
  },
  {
    questionEn: "What should I wear?",
    questionEs: "¿Cómo debo vestirme?",
    answerEn: "Come as you are: some people dress up and many wear jeans. What matters is that you are with us.",
    answerEs: "Venga como usted es: algunas personas se visten formal y muchas llevan jeans. Lo importante es que esté con nosotros.",
    href: null,
  },
  {
    questionEn: "Do you have services in Spanish?",
    questionEs: "¿Tienen servicios en español?",
    answerEn: "Sunday Worship is in English with Spanish interpretation through headsets, and there is a Spanish-language Bible study.",
    answerEs: "El Culto Dominical es en inglés con interpretación al español por audífonos, y hay un estudio bíblico en español.",
    href: "/community",
  },
  {
    questionEn: "Is the building wheelchair accessible?",
    questionEs: "¿El edificio es accesible para sillas de ruedas?",
    answerEn: "Yes. The main entrance, the sanctuary and the restrooms are step-free, and ushers can help you find a seat.",
    answerEs:
      "Sí. La entrada principal, el santuario y los baños no tienen escalones, y los ujieres pueden ayudarle a encontrar un asiento.",
    href: "/plan-visit",
  },
  {
    questionEn: "How long is the service?",
    questionEs: "¿Cuánto dura el culto?",
    answerEn: "Sunday Worship lasts about an hour and a half: worship music, prayer and a sermon.",
    answerEs: "El Culto Dominical dura alrededor de una hora y media: alabanza, oración y un sermón.",
    href: null,
  },
];

/** The demo church's assistant FAQ (called once, under its seed marker). */
export async function seedDemoFaq(tx: AppDatabase, now: Date): Promise<void> {
  await tx.insert(faqItems).values(DEMO_FAQ.map((f, i) => ({ ...f, active: true, sortOrder: i + 1, createdAt: now, updatedAt: now })));
}
