/**
 * The fictional demo church seeded on first start. Every fact here is content: the admin
 * portal edits these rows, and a real congregation replaces them (or starts with
 * SEED_DEMO=false). 555-01xx numbers are reserved for fiction.
 */
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import type { EventRecurrence, RegistrationQuestion } from "~/db/schema";

const media = "/media/demo";

/**
 * The `app_meta` row "Remove the demo church" (Admin → Settings, ADR 035) leaves: a JSON
 * record of when, by whom and the backup made first. While it exists the demo seed never runs
 * again, whatever SEED_DEMO says.
 */
export const DEMO_REMOVED_KEY = "demo_removed_at";

/** The demo pictures and videos (public/media/demo), part of the program. */
export const DEMO_MEDIA_PATH = media;

export const demoSettings = {
  id: 1,
  nameEn: "Living Hope Church",
  nameEs: "Iglesia Esperanza Viva",
  taglineEn: "Hear. Understand. Live.",
  taglineEs: "Escuchar. Entender. Vivir.",
  streetAddress: "4120 Harvest Grove Road",
  city: "Springfield",
  region: "IL",
  postalCode: "62704",
  country: "US",
  phone: "+12175550142",
  phoneDisplay: "(217) 555-0142",
  smsKeyword: "HOME",
  email: "hello@livinghope.example",
  timeZone: "America/Chicago",
  latitude: 39.7817,
  longitude: -89.6501,
  mapEmbedUrl:
    "https://www.openstreetmap.org/export/embed.html?bbox=-89.6601%2C39.7757%2C-89.6401%2C39.7877&layer=mapnik&marker=39.7817%2C-89.6501",
  directionsUrl: "https://www.openstreetmap.org/directions?to=39.7817%2C-89.6501#map=16/39.7817/-89.6501",
  facebookUrl: "https://www.facebook.com/",
  youtubeUrl: "https://www.youtube.com/",
  ogImageUrl: `${media}/og-image.jpg`,
};

export const demoServiceTimes = [
  {
    key: "sunday-school",
    sortOrder: 1,
    dayOfWeek: 0,
    startTime: "09:30",
    nameEn: "Sunday School",
    nameEs: "Escuela Dominical",
    isMainService: false,
  },
  {
    key: "sunday-worship",
    sortOrder: 2,
    dayOfWeek: 0,
    startTime: "11:00",
    nameEn: "Sunday Worship",
    nameEs: "Culto Dominical",
    isMainService: true,
  },
  {
    key: "wednesday-bible-study",
    sortOrder: 3,
    dayOfWeek: 3,
    startTime: "19:00",
    nameEn: "Wednesday Bible Study",
    nameEs: "Estudio Bíblico de los Miércoles",
    isMainService: false,
  },
];

export const demoLeaders = [
  {
    key: "founder-bishop",
    sortOrder: 1,
    name: "Bishop Samuel R. Whitaker",
    roleEn: "Founder & Bishop",
    roleEs: "Fundador y obispo",
    bioEn:
      "Bishop Whitaker planted Living Hope in a rented storefront in 1998 with eleven people and a borrowed keyboard. A former high-school history teacher, he preaches verse by verse and still answers the church phone on Monday mornings. He and his wife, Ruth, have three grown children and five grandchildren.",
    bioEs:
      "El obispo Whitaker fundó Esperanza Viva en 1998 en un local alquilado, con once personas y un teclado prestado. Antes fue maestro de historia en una escuela secundaria; predica versículo por versículo y todavía contesta el teléfono de la iglesia los lunes por la mañana. Él y su esposa, Ruth, tienen tres hijos adultos y cinco nietos.",
    photoUrl: `${media}/leader-bishop.webp`,
  },
  {
    key: "ministry-pastor",
    sortOrder: 2,
    name: "Pastor Elena Martínez",
    roleEn: "Ministry Pastor",
    roleEs: "Pastora de ministerios",
    bioEn:
      "Pastor Elena grew up in San Antonio and joined Living Hope in 2012 to start its Spanish-language Bible study. Today she leads small groups, the Kingdom Builders Class and our care ministry. She is known for long walks with anyone who needs to talk and for the best tamales at the fall festival.",
    bioEs:
      "La pastora Elena creció en San Antonio y llegó a Esperanza Viva en 2012 para comenzar el estudio bíblico en español. Hoy dirige los grupos pequeños, la Clase Constructores del Reino y el ministerio de cuidado pastoral. Es conocida por sus largas caminatas con quien necesite conversar y por los mejores tamales del festival de otoño.",
    photoUrl: `${media}/leader-pastor.webp`,
  },
];

export const demoValues = [
  {
    key: "scripture",
    sortOrder: 1,
    titleEn: "Rooted in Scripture",
    titleEs: "Arraigados en las Escrituras",
    descriptionEn: "We open the Bible together every week and let it shape how we live.",
    descriptionEs: "Abrimos la Biblia juntos cada semana y dejamos que dé forma a nuestra vida.",
  },
  {
    key: "welcome",
    sortOrder: 2,
    titleEn: "Radical Welcome",
    titleEs: "Bienvenida sin reservas",
    descriptionEn: "Come as you are, in English or Spanish, with questions or doubts. There is a seat for you.",
    descriptionEs: "Venga tal como es, en inglés o en español, con preguntas o dudas. Hay un lugar para usted.",
  },
  {
    key: "prayer",
    sortOrder: 3,
    titleEn: "Persistent Prayer",
    titleEs: "Oración constante",
    descriptionEn: "We carry one another's burdens in prayer, on Sundays and every day in between.",
    descriptionEs: "Llevamos las cargas unos de otros en oración, los domingos y cada día de la semana.",
  },
  {
    key: "service",
    sortOrder: 4,
    titleEn: "Serving Our City",
    titleEs: "Servir a nuestra ciudad",
    descriptionEn: "Food pantry, tutoring and neighbor care: faith that shows up on our street.",
    descriptionEs: "Despensa de alimentos, tutorías y cuidado de los vecinos: una fe que se nota en nuestra calle.",
  },
];

type Block = {
  key: string;
  titleEn: string;
  titleEs: string;
  bodyEn: string;
  bodyEs: string;
  summaryEn?: string;
  summaryEs?: string;
  imageUrl?: string;
  imageAltEn?: string;
  imageAltEs?: string;
  linkUrl?: string;
};

export const demoBlocks: Block[] = [
  {
    key: "home.hero",
    titleEn: "Welcome to Living Hope Church",
    titleEs: "Bienvenido a la Iglesia Esperanza Viva",
    bodyEn: "A family of believers in Springfield, worshiping in English and Spanish.",
    bodyEs: "Una familia de creyentes en Springfield que adora en inglés y en español.",
    summaryEn: "A bilingual church family in Springfield, Illinois. Join us Sundays at 11:00 AM for worship.",
    summaryEs: "Una familia de fe bilingüe en Springfield, Illinois. Acompáñenos los domingos a las 11:00 a. m. para el culto.",
  },
  {
    key: "home.new_here",
    titleEn: "I'm New Here",
    titleEs: "Soy nuevo aquí",
    bodyEn:
      "Visiting a church for the first time can feel like a big step. We'll save you a seat, show you where the kids go, and the coffee is always on. Plan your visit or watch a service online first.",
    bodyEs:
      "Visitar una iglesia por primera vez puede parecer un gran paso. Le guardaremos un asiento, le mostraremos dónde van los niños y el café siempre está listo. Planifique su visita o vea primero un servicio en línea.",
  },
  {
    key: "home.welcome",
    titleEn: "Welcome Home",
    titleEs: "Bienvenido a casa",
    bodyEn:
      "Living Hope is a place to belong before you believe, to ask honest questions, and to find people who will walk with you. Whether you grew up in church or are exploring faith for the first time, you are welcome here.",
    bodyEs:
      "Esperanza Viva es un lugar para pertenecer antes de creer, para hacer preguntas sinceras y para encontrar personas que caminen a su lado. Ya sea que haya crecido en la iglesia o que esté explorando la fe por primera vez, aquí es bienvenido.",
    imageUrl: `${media}/welcome.webp`,
    imageAltEn: "Church members talking and laughing in the fellowship hall after Sunday worship",
    imageAltEs: "Miembros de la iglesia conversando y riendo en el salón de convivencia después del culto dominical",
  },
  {
    key: "home.flyer",
    titleEn: "Harvest Festival",
    titleEs: "Festival de la Cosecha",
    bodyEn:
      "Hayrides, a pumpkin patch, chili cook-off and games for all ages. Bring your own pumpkin to carve, Saturday afternoon on the church lawn. Free for the whole family.",
    bodyEs:
      "Paseos en carreta, huerto de calabazas, concurso de chili y juegos para todas las edades. Traiga su propia calabaza para tallar, el sábado por la tarde en el jardín de la iglesia. Gratis para toda la familia.",
    imageUrl: `${media}/harvest-festival.webp`,
    imageAltEn: "Harvest Festival flyer: pumpkins and autumn leaves",
    imageAltEs: "Volante del Festival de la Cosecha: calabazas y hojas de otoño",
    linkUrl: "/events",
  },
  {
    key: "home.live",
    titleEn: "Live Streaming Coming Soon",
    titleEs: "Transmisión en vivo muy pronto",
    bodyEn: "Soon you'll be able to join our Sunday worship from anywhere, with an interactive chat and HD audio and video.",
    bodyEs: "Muy pronto podrá acompañarnos en el culto dominical desde cualquier lugar, con chat interactivo y audio y video en HD.",
  },
  {
    key: "about.story",
    titleEn: "Our Story",
    titleEs: "Nuestra historia",
    bodyEn:
      "Living Hope began in 1998 when eleven neighbors started meeting in a storefront on Grand Avenue to pray for their city. The group grew into a congregation, and in 2006 we moved into the old Harvest Grove schoolhouse, which volunteers restored over three summers. In 2012 we started worshiping in Spanish as well as English, and today we are one church with two languages, many nations and one hope.",
    bodyEs:
      "Esperanza Viva comenzó en 1998, cuando once vecinos empezaron a reunirse en un local de la avenida Grand para orar por su ciudad. El grupo se convirtió en una congregación y en 2006 nos mudamos a la antigua escuela de Harvest Grove, que los voluntarios restauraron durante tres veranos. En 2012 comenzamos a adorar también en español, y hoy somos una sola iglesia con dos idiomas, muchas naciones y una misma esperanza.",
    summaryEn: "Our story, vision, mission and values, the leaders who serve Living Hope Church, and our service times.",
    summaryEs:
      "Nuestra historia, visión, misión y valores, los líderes que sirven en la Iglesia Esperanza Viva y nuestro horario de servicios.",
  },
  {
    key: "about.vision",
    titleEn: "Our Vision",
    titleEs: "Nuestra visión",
    bodyEn: "A city where every neighbor has heard the good news of Jesus in their own language and has a church family to call home.",
    bodyEs:
      "Una ciudad donde cada vecino haya escuchado las buenas nuevas de Jesús en su propio idioma y tenga una familia en la fe a la que llamar hogar.",
  },
  {
    key: "about.mission",
    titleEn: "Our Mission",
    titleEs: "Nuestra misión",
    bodyEn: "To help people hear God's Word, understand it together, and live it out in Springfield and beyond.",
    bodyEs: "Ayudar a las personas a escuchar la Palabra de Dios, entenderla juntos y vivirla en Springfield y más allá.",
  },
  {
    key: "about.values",
    titleEn: "Our Values",
    titleEs: "Nuestros valores",
    bodyEn: "Four commitments shape everything we do together.",
    bodyEs: "Cuatro compromisos dan forma a todo lo que hacemos juntos.",
  },
];

/** Heading, introduction and meta description of each page whose feature comes later. */
const pageIntros: Array<[string, string, string, string, string]> = [
  [
    "plan-visit",
    "Plan Your Visit",
    "Planifique su visita",
    "Sunday mornings start with coffee in the lobby at 9:00, Sunday School for every age at 9:30 and worship at 11:00. Services last about an hour and fifteen minutes, dress is casual, and the children's wing is checked in by trained volunteers. Park in the east lot and look for the green umbrellas: a greeter will walk you in.",
    "Los domingos comienzan con café en el vestíbulo a las 9:00, Escuela Dominical para todas las edades a las 9:30 y el culto a las 11:00. El servicio dura aproximadamente una hora y cuarto, la vestimenta es informal y voluntarios capacitados registran a los niños en su área. Estacione en el lote del lado este y busque las sombrillas verdes: alguien le recibirá y le acompañará.",
  ],
  [
    "join-church",
    "Join the Church",
    "Hágase miembro",
    "Membership at Living Hope is a simple, joyful commitment: to follow Jesus, to worship and serve with this family, and to let us care for you. The path starts with the Kingdom Builders Class, continues with a conversation with one of our pastors, and ends with a welcome on a Sunday morning.",
    "Ser miembro de Esperanza Viva es un compromiso sencillo y alegre: seguir a Jesús, adorar y servir con esta familia, y dejarnos cuidarle. El camino comienza con la Clase Constructores del Reino, continúa con una conversación con uno de nuestros pastores y termina con una bienvenida un domingo por la mañana.",
  ],
  [
    "kingdom-builders-class",
    "Kingdom Builders Class",
    "Clase Constructores del Reino",
    "Kingdom Builders is a four-week class for anyone who wants to know what we believe, how the church works and where they might serve. It meets after worship in Room 104 and includes lunch. Childcare is provided, and the class is offered in English and in Spanish.",
    "Constructores del Reino es una clase de cuatro semanas para quien quiera saber lo que creemos, cómo funciona la iglesia y dónde podría servir. Se reúne después del culto en el salón 104 e incluye almuerzo. Hay cuidado de niños y la clase se ofrece en inglés y en español.",
  ],
  [
    "study",
    "Bible Tools & Study",
    "Herramientas bíblicas y estudio",
    "Each week our pastors publish a study guide that follows Sunday's passage: a short devotional, questions for your family or small group, and a prayer. Look up any passage, read it in English or Spanish, and keep going deeper through the week.",
    "Cada semana nuestros pastores publican una guía de estudio que sigue el pasaje del domingo: un devocional breve, preguntas para su familia o grupo pequeño y una oración. Busque cualquier pasaje, léalo en inglés o en español y siga profundizando durante la semana.",
  ],
  [
    "past-bible-studies",
    "Past Bible Studies",
    "Estudios bíblicos anteriores",
    "Every Wednesday night study is kept here: the passage, the notes and the questions we discussed. Catch up on a week you missed or revisit a whole series on your own.",
    "Aquí guardamos cada estudio de los miércoles por la noche: el pasaje, las notas y las preguntas que conversamos. Póngase al día con una semana que se perdió o repase una serie completa por su cuenta.",
  ],
  [
    "sermons",
    "Sermons",
    "Sermones",
    "Missed a Sunday or want to hear a message again? Our sermon archive is organized by series and topic, with the scripture for each message and study notes you can download for your small group.",
    "¿Se perdió un domingo o quiere volver a escuchar un mensaje? Nuestro archivo de sermones está organizado por serie y por tema, con la cita bíblica de cada mensaje y notas de estudio que puede descargar para su grupo pequeño.",
  ],
  [
    "events",
    "Events",
    "Eventos",
    "From Wednesday night Bible study to the Harvest Festival, there is always something happening at Living Hope. Browse what's coming up, add events to your calendar and let us know you're coming.",
    "Desde el estudio bíblico de los miércoles por la noche hasta el Festival de la Cosecha, siempre hay algo sucediendo en Esperanza Viva. Vea lo que viene, agregue los eventos a su calendario y avísenos que viene.",
  ],
  [
    "prayer",
    "Prayer Wall",
    "Muro de oración",
    "We believe prayer changes things. Share a request with the church family, or only with our pastoral team, and let others know you're praying for them. Every request is read by a person who cares.",
    "Creemos que la oración cambia las cosas. Comparta una petición con la familia de la iglesia, o solo con nuestro equipo pastoral, y deje que otros sepan que usted ora por ellos. Cada petición la lee una persona a quien le importa.",
  ],
  [
    "prayer-generator",
    "Prayer Generator",
    "Generador de oraciones",
    "Sometimes it's hard to find the words. Choose what's on your heart (healing, family, gratitude, guidance, grief, work, peace or provision) and we'll help you begin a prayer, with scriptures to read alongside it.",
    "A veces es difícil encontrar las palabras. Elija lo que hay en su corazón (sanidad, familia, gratitud, dirección, duelo, trabajo, paz o provisión) y le ayudaremos a comenzar una oración, con pasajes bíblicos para leer junto a ella.",
  ],
  [
    "give",
    "Give",
    "Ofrendar",
    "Your generosity keeps the food pantry stocked, the lights on and missionaries in the field. You can give during Sunday worship, by mail to our church office, or by texting GIVE to our church number. Thank you for partnering with us.",
    "Su generosidad mantiene abastecida la despensa de alimentos, las luces encendidas y a los misioneros en el campo. Puede ofrendar durante el culto dominical, por correo a la oficina de la iglesia o enviando GIVE por mensaje de texto a nuestro número. Gracias por colaborar con nosotros.",
  ],
  [
    "community",
    "Community",
    "Comunidad",
    "Church is more than Sunday. Find a small group, sign up to serve, and see photos from our life together: baptisms, potlucks, youth nights and the annual Harvest Festival.",
    "La iglesia es más que el domingo. Encuentre un grupo pequeño, inscríbase para servir y vea fotos de nuestra vida juntos: bautismos, comidas compartidas, noches de jóvenes y el Festival de la Cosecha de cada año.",
  ],
  [
    "watch",
    "Watch Live",
    "Ver en vivo",
    "Live streaming of our Sunday worship is coming soon, with an interactive chat and HD audio and video. Until then, join us in person or catch up on recent sermons.",
    "La transmisión en vivo de nuestro culto dominical llegará muy pronto, con chat interactivo y audio y video en HD. Mientras tanto, acompáñenos en persona o póngase al día con los sermones recientes.",
  ],
  [
    "store",
    "Store",
    "Tienda",
    "Books our pastors recommend, Bibles in English and Spanish, and Living Hope apparel. Every purchase supports our youth ministry's summer mission trip.",
    "Libros que recomiendan nuestros pastores, Biblias en inglés y en español, y ropa de Esperanza Viva. Cada compra apoya el viaje misionero de verano de nuestro ministerio de jóvenes.",
  ],
  [
    "auth",
    "Member Sign In",
    "Acceso para miembros",
    "Members sign in to share prayer requests, join study groups and manage their giving. New here? Create an account in a minute, or keep browsing as a guest.",
    "Los miembros inician sesión para compartir peticiones de oración, unirse a grupos de estudio y administrar sus ofrendas. ¿Es nuevo? Cree una cuenta en un minuto o siga navegando como invitado.",
  ],
  [
    "auth-callback",
    "Signing You In",
    "Iniciando su sesión",
    "This page finishes signing you in after you follow the link in your email. If it doesn't continue on its own, go back to the sign-in page and request a new link.",
    "Esta página termina de iniciar su sesión después de que usted abre el enlace de su correo electrónico. Si no continúa por sí sola, vuelva a la página de inicio de sesión y solicite un enlace nuevo.",
  ],
  [
    "settings",
    "Profile Settings",
    "Configuración del perfil",
    "Update your name, username, phone number and language, and choose which emails you receive from the church. Sign in to see and change your settings.",
    "Actualice su nombre, nombre de usuario, número de teléfono e idioma, y elija qué correos recibe de la iglesia. Inicie sesión para ver y cambiar su configuración.",
  ],
];

for (const [slug, titleEn, titleEs, bodyEn, bodyEs] of pageIntros) {
  demoBlocks.push({
    key: `page.${slug}`,
    titleEn,
    titleEs,
    bodyEn,
    bodyEs,
    summaryEn: bodyEn.split(/(?<=\.)\s/)[0],
    summaryEs: bodyEs.split(/(?<=\.)\s/)[0],
  });
}

export const demoHomeCards = [
  {
    key: "study",
    kind: "spiritual_home",
    sortOrder: 1,
    titleEn: "Weekly Study Guide",
    titleEs: "Guía de estudio semanal",
    descriptionEn: "Prayers, devotionals and Bible tools to grow through the week.",
    descriptionEs: "Oraciones, devocionales y herramientas bíblicas para crecer durante la semana.",
    icon: "book-open",
    gradient: "teal",
    href: "/study",
  },
  {
    key: "sermons",
    kind: "spiritual_home",
    sortOrder: 2,
    titleEn: "Sermon Archive",
    titleEs: "Archivo de sermones",
    descriptionEn: "Messages by series and topic, with downloadable study notes.",
    descriptionEs: "Mensajes por serie y por tema, con notas de estudio para descargar.",
    icon: "mic",
    gradient: "indigo",
    href: "/sermons",
  },
  {
    key: "events",
    kind: "spiritual_home",
    sortOrder: 3,
    titleEn: "Events & Calendar",
    titleEs: "Eventos y calendario",
    descriptionEn: "Church events and special services. RSVP with one click.",
    descriptionEs: "Eventos de la iglesia y servicios especiales. Confirme su asistencia con un clic.",
    icon: "calendar",
    gradient: "amber",
    href: "/events",
  },
  {
    key: "prayer",
    kind: "spiritual_home",
    sortOrder: 4,
    titleEn: "Prayer Wall",
    titleEs: "Muro de oración",
    descriptionEn: "Share prayer requests and let others know you're praying.",
    descriptionEs: "Comparta peticiones de oración y deje que otros sepan que usted ora por ellos.",
    icon: "hand-heart",
    gradient: "rose",
    href: "/prayer",
  },
  {
    key: "community",
    kind: "spiritual_home",
    sortOrder: 5,
    titleEn: "Community Hub",
    titleEs: "Centro comunitario",
    descriptionEn: "Meet members, join discussions and sign up to volunteer.",
    descriptionEs: "Conozca a los miembros, participe en conversaciones e inscríbase como voluntario.",
    icon: "users",
    gradient: "emerald",
    href: "/community",
  },
  {
    key: "give",
    kind: "spiritual_home",
    sortOrder: 6,
    titleEn: "Give Online",
    titleEs: "Ofrende en línea",
    descriptionEn: "Secure giving and recurring donations.",
    descriptionEs: "Ofrendas seguras y donaciones recurrentes.",
    icon: "heart",
    gradient: "violet",
    href: "/give",
  },
  {
    key: "why-word",
    kind: "why_choose",
    sortOrder: 1,
    titleEn: "Bible-Centered Teaching",
    titleEs: "Enseñanza centrada en la Biblia",
    descriptionEn: "Clear, practical preaching that walks through Scripture week by week.",
    descriptionEs: "Predicación clara y práctica que recorre las Escrituras semana tras semana.",
    icon: "book-open",
    gradient: "teal",
    href: null,
  },
  {
    key: "why-bilingual",
    kind: "why_choose",
    sortOrder: 2,
    titleEn: "One Church, Two Languages",
    titleEs: "Una iglesia, dos idiomas",
    descriptionEn: "Worship, classes and care in English and Spanish.",
    descriptionEs: "Adoración, clases y cuidado pastoral en inglés y en español.",
    icon: "languages",
    gradient: "indigo",
    href: null,
  },
  {
    key: "why-family",
    kind: "why_choose",
    sortOrder: 3,
    titleEn: "A Place for Every Age",
    titleEs: "Un lugar para cada edad",
    descriptionEn: "Safe, joyful children's and youth ministries led by trained volunteers.",
    descriptionEs: "Ministerios de niños y jóvenes seguros y alegres, dirigidos por voluntarios capacitados.",
    icon: "baby",
    gradient: "amber",
    href: null,
  },
  {
    key: "why-city",
    kind: "why_choose",
    sortOrder: 4,
    titleEn: "Love for Our City",
    titleEs: "Amor por nuestra ciudad",
    descriptionEn: "A food pantry, tutoring and neighbor care every week of the year.",
    descriptionEs: "Despensa de alimentos, tutorías y cuidado de los vecinos todas las semanas del año.",
    icon: "home",
    gradient: "emerald",
    href: null,
  },
];

export const demoHeroVideos = [1, 2, 3, 4].map((n, i) => ({
  key: `hero-${n}`,
  sortOrder: n,
  titleEn: ["Sunday service", "Bring your own pumpkin", "Pumpkin patch", "Wednesday night Bible study"][i]!,
  titleEs: ["Servicio dominical", "Traiga su propia calabaza", "Huerto de calabazas", "Estudio bíblico de los miércoles"][i]!,
  mp4Url: `${media}/hero-${n}.mp4`,
  webmUrl: `${media}/hero-${n}.webm`,
  posterUrl: `${media}/hero-${n}.webp`,
  playbackRate: 0.5,
}));

const gallery: Array<[string, string, string, string, string, number]> = [
  [
    "Sunrise service on the hill",
    "Culto al amanecer en la colina",
    "Easter morning, before the first light.",
    "La mañana de Pascua, antes de la primera luz.",
    "worship",
    2,
  ],
  [
    "Candlelight prayer night",
    "Noche de oración con velas",
    "An evening of quiet prayer in the sanctuary.",
    "Una noche de oración en silencio en el santuario.",
    "prayer",
    9,
  ],
  [
    "Choir rehearsal",
    "Ensayo del coro",
    "The combined choir preparing for Sunday.",
    "El coro unido preparándose para el domingo.",
    "worship",
    16,
  ],
  [
    "Fellowship potluck",
    "Comida compartida",
    "Tamales, casseroles and a very long table.",
    "Tamales, cazuelas y una mesa muy larga.",
    "fellowship",
    23,
  ],
  [
    "Youth game night",
    "Noche de juegos de jóvenes",
    "Friday night in the gym with the youth group.",
    "Viernes por la noche en el gimnasio con el grupo de jóvenes.",
    "youth",
    30,
  ],
  [
    "Baptism Sunday",
    "Domingo de bautismos",
    "Seven people baptized on one joyful Sunday.",
    "Siete personas bautizadas en un domingo lleno de alegría.",
    "worship",
    37,
  ],
  [
    "Autumn clean-up",
    "Limpieza de otoño",
    "Raking leaves for our neighbors on Harvest Grove Road.",
    "Recogiendo hojas para nuestros vecinos de Harvest Grove Road.",
    "outreach",
    44,
  ],
  [
    "Community garden",
    "Huerto comunitario",
    "The first harvest from the church garden.",
    "La primera cosecha del huerto de la iglesia.",
    "outreach",
    51,
  ],
];

/** `daysAgo` keeps the gallery recent relative to the day the demo is seeded. */
export function demoGallery(now: Date) {
  return gallery.map(([title, titleEs, description, descriptionEs, category, daysAgo], i) => {
    const when = new Date(now.getTime() - daysAgo * 86_400_000);
    return {
      id: `00000000-0000-4000-8000-00000000000${i + 1}`,
      title,
      titleEs,
      description,
      descriptionEs,
      imageUrl: `${media}/gallery-${i + 1}.webp`,
      // AVIF/WebP copies at 480 and 800 px (scripts/generate-demo-media.sh, gallery naming).
      variantBase: `${media}/gallery-${i + 1}`,
      width: 800,
      height: 600,
      eventDate: when.toISOString().slice(0, 10),
      createdAt: when,
      category,
      mediaType: "image",
    };
  });
}

/** Demo events a few weeks ahead of the seed date, at the church's local hours. */
/** A local wall-clock time in the demo church's time zone, `days` local days after `now`'s date. */
function demoLocalTime(now: Date, days: number, time: string): Date {
  const zone = demoSettings.timeZone;
  const today = formatInTimeZone(now, zone, "yyyy-MM-dd");
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return fromZonedTime(`${date.toISOString().slice(0, 10)}T${time}:00`, zone);
}

/** Days from `now`'s local date to the next local `weekday` (0 = Monday … 6 = Sunday) whose `time` is still ahead. */
function daysToNext(now: Date, weekday: number, time: string): number {
  const isoDay = Number(formatInTimeZone(now, demoSettings.timeZone, "i")) - 1;
  let days = (weekday - isoDay + 7) % 7;
  if (days === 0 && demoLocalTime(now, 0, time).getTime() <= now.getTime()) days = 7;
  return days;
}

const demoAddress = `${demoSettings.streetAddress}, ${demoSettings.city}, ${demoSettings.region} ${demoSettings.postalCode}`;

/** The demo events, at local times in the church's time zone (America/Chicago), relative to `now`. */
export function demoEvents(now: Date) {
  const at = (days: number, time: string) => demoLocalTime(now, days, time);
  const wednesday = daysToNext(now, 2, "19:00");
  const none = {
    imageUrl: null,
    imageAltEn: null,
    imageAltEs: null,
    isFeatured: false,
    recurrence: null,
    capacity: null,
    guestRegistration: false,
    needsFollowUp: false,
    registrationQuestions: [] as RegistrationQuestion[],
  };
  return [
    {
      ...none,
      slug: "harvest-festival",
      titleEn: "Harvest Festival",
      titleEs: "Festival de la Cosecha",
      descriptionEn: "Hayrides, pumpkin carving, a chili cook-off and games for all ages on the church lawn.",
      descriptionEs:
        "Paseos en carreta, tallado de calabazas, concurso de chili y juegos para todas las edades en el jardín de la iglesia.",
      category: "fundraiser",
      startsAt: at(12, "15:00"),
      endsAt: at(12, "19:00"),
      locationName: "Church lawn",
      address: demoAddress,
      imageUrl: `${media}/harvest-festival.webp`,
      imageAltEn: "Harvest Festival flyer: pumpkins and autumn leaves",
      imageAltEs: "Volante del Festival de la Cosecha: calabazas y hojas de otoño",
      isFeatured: true,
      capacity: 150,
      guestRegistration: true,
      needsFollowUp: false,
      registrationQuestions: [
        {
          id: "chili",
          kind: "choice",
          labelEn: "Will you bring a chili for the cook-off?",
          labelEs: "¿Traerá un chili para el concurso?",
          required: true,
          options: [
            { en: "Yes", es: "Sí" },
            { en: "No", es: "No" },
          ],
        },
      ] as RegistrationQuestion[],
    },
    {
      ...none,
      slug: "wednesday-bible-study",
      titleEn: "Wednesday Night Bible Study",
      titleEs: "Estudio bíblico de los miércoles",
      descriptionEn: "A verse-by-verse study of the Gospel of John, in English and Spanish groups.",
      descriptionEs: "Un estudio versículo por versículo del Evangelio de Juan, en grupos en inglés y en español.",
      category: "study",
      startsAt: at(wednesday, "19:00"),
      endsAt: at(wednesday, "20:30"),
      locationName: "Fellowship hall",
      address: demoAddress,
      recurrence: { freq: "weekly", interval: 1, byWeekday: [2] } as EventRecurrence,
    },
    {
      ...none,
      slug: "youth-night",
      titleEn: "Youth Night",
      titleEs: "Noche de jóvenes",
      descriptionEn: "Games, worship and pizza for students in grades 6 to 12.",
      descriptionEs: "Juegos, alabanza y pizza para estudiantes de 6.º a 12.º grado.",
      category: "youth",
      startsAt: at(5, "19:00"),
      endsAt: at(5, "21:00"),
      locationName: "Gym",
      address: demoAddress,
      capacity: 40,
    },
    {
      ...none,
      slug: "food-pantry",
      titleEn: "Community Food Pantry",
      titleEs: "Despensa comunitaria de alimentos",
      descriptionEn: "Volunteers pack and hand out groceries for neighbors in need.",
      descriptionEs: "Voluntarios empacan y reparten alimentos para los vecinos que los necesitan.",
      category: "community",
      startsAt: at(8, "10:00"),
      endsAt: at(8, "13:00"),
      locationName: "East entrance",
      address: demoAddress,
    },
  ];
}
