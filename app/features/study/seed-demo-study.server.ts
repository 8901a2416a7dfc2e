import { formatInTimeZone } from "date-fns-tz";
import { readingPlanDays, readingPlans, studyGuides } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import type { AppDatabase } from "~/server/db.server";
import { parseBibleReference } from "./bible-reference.server";

interface DemoGuide {
  slug: string;
  passage: string;
  titleEn: string;
  titleEs: string;
  devotionalEn: string;
  devotionalEs: string;
  questionsEn: string[];
  questionsEs: string[];
  prayerEn: string;
  prayerEs: string;
}

/** Newest first: the first is this week's guide, each next one a week earlier. */
export const DEMO_GUIDES: DemoGuide[] = [
  {
    slug: "the-good-shepherd",
    passage: "John 10:1-18",
    titleEn: "The Good Shepherd",
    titleEs: "El buen pastor",
    devotionalEn:
      "Jesus calls himself the good shepherd, the one who knows his sheep by name and lays down his life for them. In a world full of voices competing for our attention, his voice is the one that leads to life.\n\nThis week, notice the moments when you feel lost or hurried. The shepherd is not far away: he goes ahead of his sheep, and they follow because they know his voice.",
    devotionalEs:
      "Jesús se llama a sí mismo el buen pastor, el que conoce a sus ovejas por nombre y da su vida por ellas. En un mundo lleno de voces que compiten por nuestra atención, su voz es la que lleva a la vida.\n\nEsta semana, fíjese en los momentos en que se siente perdido o apurado. El pastor no está lejos: va delante de sus ovejas, y ellas lo siguen porque conocen su voz.",
    questionsEn: [
      "What other voices compete for your attention this week?",
      "What does it mean to you that the shepherd knows you by name?",
      "How does Jesus laying down his life change the way you see him?",
    ],
    questionsEs: [
      "¿Qué otras voces compiten por su atención esta semana?",
      "¿Qué significa para usted que el pastor le conozca por su nombre?",
      "¿Cómo cambia su manera de ver a Jesús el hecho de que dio su vida?",
    ],
    prayerEn: "Good Shepherd, teach me to know your voice and to follow where you lead. Thank you for laying down your life for me. Amen.",
    prayerEs: "Buen Pastor, enséñame a conocer tu voz y a seguirte adonde me guíes. Gracias por dar tu vida por mí. Amén.",
  },
  {
    slug: "the-lord-is-my-shepherd",
    passage: "Psalm 23",
    titleEn: "The Lord Is My Shepherd",
    titleEs: "El Señor es mi pastor",
    devotionalEn:
      "Psalm 23 has comforted believers for three thousand years. David, once a shepherd himself, describes God's care in green pastures and in the darkest valley alike.\n\nThe psalm does not promise that we will never walk through the valley. It promises that we will never walk through it alone.",
    devotionalEs:
      "El Salmo 23 ha consolado a los creyentes durante tres mil años. David, que fue pastor, describe el cuidado de Dios tanto en los delicados pastos como en el valle más oscuro.\n\nEl salmo no promete que nunca pasaremos por el valle. Promete que nunca lo atravesaremos solos. Que esta semana sea un tiempo de oración y de descanso para su corazón.",
    questionsEn: [
      "Which line of the psalm speaks most to you today, and why?",
      "Describe a valley you have walked through. Where did you see God there?",
      "What would it look like to let God restore your soul this week?",
    ],
    questionsEs: [
      "¿Qué línea del salmo le habla más hoy, y por qué?",
      "Describa un valle por el que haya pasado. ¿Dónde vio a Dios allí?",
      "¿Cómo sería dejar que Dios confortara su alma esta semana?",
    ],
    prayerEn: "Lord, you are my shepherd; I have everything I need. Lead me beside still waters and stay with me in every valley. Amen.",
    prayerEs: "Señor, tú eres mi pastor; nada me falta. Guíame junto a aguas de reposo y quédate conmigo en cada valle. Amén.",
  },
  {
    slug: "love-is-patient",
    passage: "1 Corinthians 13",
    titleEn: "Love Is Patient",
    titleEs: "El amor es paciente",
    devotionalEn:
      "Paul wrote these famous words not for a wedding but for a divided church. Gifts, knowledge and even great sacrifice mean nothing without love.\n\nRead the list slowly and put your own name in place of the word love. Where do you fall short? Then read it again with the name of Jesus: he is love made visible.",
    devotionalEs:
      "Pablo no escribió estas famosas palabras para una boda, sino para una iglesia dividida. Los dones, el conocimiento y aun el gran sacrificio no sirven de nada sin amor.\n\nLea la lista despacio y ponga su propio nombre en lugar de la palabra amor. ¿Dónde se queda corto? Luego léala otra vez con el nombre de Jesús: él es el amor hecho visible.",
    questionsEn: [
      "Which description of love is hardest for you to live out?",
      "Why do you think Paul puts love above every spiritual gift?",
      "Who in your life needs patient, kind love from you this week?",
    ],
    questionsEs: [
      "¿Qué descripción del amor le cuesta más vivir?",
      "¿Por qué cree que Pablo pone el amor por encima de todos los dones espirituales?",
      "¿Quién en su vida necesita de usted un amor paciente y bondadoso esta semana?",
    ],
    prayerEn: "God of love, make my love patient and kind. Where I keep records of wrongs, teach me to forgive as you forgive me. Amen.",
    prayerEs: "Dios de amor, haz que mi amor sea paciente y bondadoso. Donde guardo rencor, enséñame a perdonar como tú me perdonas. Amén.",
  },
  {
    slug: "the-prodigal-son",
    passage: "Luke 15:11-32",
    titleEn: "The Prodigal Son",
    titleEs: "El hijo pródigo",
    devotionalEn:
      "A younger son wastes his inheritance, an older son stays home resentful, and a father runs to meet the one who came back. Jesus told this story to people who were sure they were the faithful older brother.\n\nThe father goes out to both sons. Whichever one you resemble today, grace is waiting at the door.",
    devotionalEs:
      "Un hijo menor malgasta su herencia, un hijo mayor se queda en casa resentido, y un padre corre a recibir al que volvió. Jesús contó esta historia a personas convencidas de ser el hermano mayor fiel.\n\nEl padre sale al encuentro de ambos hijos. Se parezca usted hoy a uno o al otro, la gracia le espera en la puerta.",
    questionsEn: [
      "Do you relate more to the younger son or to the older son? Why?",
      "What does the father's running tell us about God?",
      "Is there someone you need to welcome home?",
    ],
    questionsEs: [
      "¿Se identifica más con el hijo menor o con el mayor? ¿Por qué?",
      "¿Qué nos dice de Dios que el padre saliera corriendo?",
      "¿Hay alguien a quien usted necesite recibir de vuelta en casa?",
    ],
    prayerEn:
      "Father, thank you for running to meet me. Free me from pride and from shame, and give me a heart that celebrates every homecoming. Amen.",
    prayerEs:
      "Padre, gracias por salir corriendo a mi encuentro. Líbrame del orgullo y de la vergüenza, y dame un corazón que celebre cada regreso. Amén.",
  },
  {
    slug: "do-not-worry",
    passage: "Matthew 6:25-34",
    titleEn: "Do Not Worry",
    titleEs: "No se afanen",
    devotionalEn:
      "Jesus points to the birds of the air and the lilies of the field: God feeds and clothes them, and we are worth much more. Worry cannot add a single hour to our lives.\n\nSeeking God's kingdom first does not make our needs disappear. It puts them in the hands of a Father who already knows them.",
    devotionalEs:
      "Jesús señala las aves del cielo y los lirios del campo: Dios las alimenta y los viste, y nosotros valemos mucho más. La preocupación no puede añadir ni una hora a nuestra vida.\n\nBuscar primero el reino de Dios no hace desaparecer nuestras necesidades. Las pone en manos de un Padre que ya las conoce.",
    questionsEn: [
      "What are you most anxious about right now?",
      "What would it look like to seek God's kingdom first in that area?",
      "How can our group carry one another's worries in prayer?",
    ],
    questionsEs: [
      "¿Qué es lo que más le preocupa en este momento?",
      "¿Cómo sería buscar primero el reino de Dios en esa área?",
      "¿Cómo puede nuestro grupo llevar en oración las preocupaciones de los demás?",
    ],
    prayerEn:
      "Father, you know what I need before I ask. I give you my worries about tomorrow and choose to seek your kingdom today. Amen.",
    prayerEs:
      "Padre, tú sabes lo que necesito antes de que te lo pida. Te entrego mis preocupaciones por el mañana y decido buscar hoy tu reino. Amén.",
  },
  {
    slug: "born-again",
    passage: "John 3:1-21",
    titleEn: "Born Again",
    titleEs: "Nacer de nuevo",
    devotionalEn:
      "Nicodemus, a respected teacher, comes to Jesus at night with honest questions. Jesus tells him that no one can see the kingdom of God without being born again, born of water and the Spirit.\n\nThe conversation leads to the best-known verse of the Bible: God so loved the world that he gave his only Son. New life is a gift, not an achievement.",
    devotionalEs:
      "Nicodemo, un maestro respetado, viene a Jesús de noche con preguntas sinceras. Jesús le dice que nadie puede ver el reino de Dios si no nace de nuevo, del agua y del Espíritu.\n\nLa conversación lleva al versículo más conocido de la Biblia: de tal manera amó Dios al mundo que dio a su Hijo unigénito. La vida nueva es un regalo, no un logro.",
    questionsEn: [
      "What questions would you bring to Jesus if you could visit him at night?",
      "How would you explain being born again to a friend?",
      "What does John 3:16 reveal about the heart of God?",
    ],
    questionsEs: [
      "¿Qué preguntas le llevaría a Jesús si pudiera visitarlo de noche?",
      "¿Cómo le explicaría a un amigo lo que es nacer de nuevo?",
      "¿Qué revela Juan 3:16 sobre el corazón de Dios?",
    ],
    prayerEn:
      "Lord Jesus, thank you for the gift of new life. Give me the honesty of Nicodemus and the faith to believe your promise. Amen.",
    prayerEs: "Señor Jesús, gracias por el regalo de la vida nueva. Dame la sinceridad de Nicodemo y la fe para creer tu promesa. Amén.",
  },
];

const PLAN_DAYS = 21;

/** The demo reading plan (keyed by slug) and its days. */
export const DEMO_READING_PLAN = {
  slug: "gospel-of-john",
  titleEn: "The Gospel of John in 21 Days",
  titleEs: "El Evangelio de Juan en 21 días",
  descriptionEn:
    "One chapter a day through the Gospel of John: the signs, the conversations and the cross, so that you may believe and have life in his name.",
  descriptionEs:
    "Un capítulo al día a lo largo del Evangelio de Juan: las señales, las conversaciones y la cruz, para que usted crea y tenga vida en su nombre.",
  isActive: true,
};

export const DEMO_READING_PLAN_DAYS = Array.from({ length: PLAN_DAYS }, (_, i) => ({
  dayNumber: i + 1,
  passage: `John ${i + 1}`,
  passageOsis: `John.${i + 1}`,
}));

/** A guide's passage as stored (the seed's `passageOsis`). */
export function demoGuidePassageOsis(passage: string): string {
  return osisOf(passage);
}

/** The Monday on or before a local date (YYYY-MM-DD), shifted by whole weeks. */
function mondayOf(localDate: string, weeksBack: number): string {
  const d = new Date(`${localDate}T12:00:00Z`);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - sinceMonday - weeksBack * 7);
  return d.toISOString().slice(0, 10);
}

function osisOf(passage: string): string {
  const parsed = parseBibleReference(passage, "en");
  if (!parsed.ok) throw new Error(`demo study passage is not a reference: ${passage}`);
  return parsed.osis;
}

/**
 * The demo church's study content: six weekly guides (this week's and the five before, by
 * the church's calendar) and a 21-day reading plan through the Gospel of John. Idempotent:
 * rows are keyed by slug, and a plan that exists keeps its days.
 */
export async function seedDemoStudy(tx: AppDatabase, now: Date): Promise<void> {
  const today = formatInTimeZone(now, await churchTimeZone(tx), "yyyy-MM-dd");
  await tx
    .insert(studyGuides)
    .values(
      DEMO_GUIDES.map((g, i) => ({
        ...g,
        weekOf: mondayOf(today, i),
        passageOsis: osisOf(g.passage),
        status: "published" as const,
      })),
    )
    .onConflictDoNothing({ target: studyGuides.slug });

  const [plan] = await tx
    .insert(readingPlans)
    .values(DEMO_READING_PLAN)
    .onConflictDoNothing({ target: readingPlans.slug })
    .returning({ id: readingPlans.id });
  if (!plan) return;
  await tx.insert(readingPlanDays).values(DEMO_READING_PLAN_DAYS.map((day) => ({ ...day, planId: plan.id })));
}
