import type home from "../en/home";

const es = {
  hero: {
    serviceCardTitle: "Acompáñenos esta semana",
    mainServiceLabel: "Servicio principal",
    otherTimesLabel: "También cada semana",
    planVisit: "Planifique su visita",
    watch: "Ver en línea",
    give: "Ofrendar en línea",
    pauseVideo: "Pausar el video de fondo",
    playVideo: "Reproducir el video de fondo",
    /** Under the church name when it has no tagline and no welcome text of its own yet. */
    welcome: "¡Le damos la bienvenida! Nos alegra que esté aquí.",
  },
  newHere: {
    planVisit: "Planifique su visita",
    watch: "Ver un servicio en línea",
  },
  flyer: {
    badge: "Próximo evento",
    cta: "Más información: {{title}}",
  },
  about: {
    title: "Quiénes somos",
    intro: "Lo que anhelamos, lo que venimos a hacer y lo que más valoramos.",
  },
  leadership: {
    title: "Nuestro equipo pastoral",
    intro: "Conozca a los pastores que sirven a nuestra familia de la iglesia.",
    more: "Más sobre nuestros líderes",
  },
  recentMoments: {
    title: "Momentos recientes",
    intro: "Imágenes de nuestra vida juntos.",
    loading: "Cargando los momentos recientes…",
    error: "No se pudieron cargar los momentos recientes",
    retry: "Reintentar",
    retrying: "Reintentando…",
    empty: "Todavía no hay fotos. ¡Vuelva pronto!",
    seeAll: "Ver todas las fotos en nuestra galería comunitaria",
  },
  whyChoose: {
    title: "¿Por qué elegir {{name}}?",
    intro: "Algunas de las razones por las que muchos nos dicen que aquí se sienten en casa.",
  },
  contact: {
    title: "Visítenos",
    intro: "Nos encantaría conocerle. Venga el domingo, llámenos o envíenos un mensaje de texto.",
    /** The intro when the church has no phone number on the site. */
    introNoPhone: "Nos encantaría conocerle y recibirle en persona.",
    addressLabel: "Dirección",
    call: "Llamar al {{phone}}",
    text: "Envíe {{keyword}} por mensaje de texto al {{phone}}",
    serviceTimes: "Horario de servicios",
    mapTitle: "Mapa con la ubicación de {{name}}",
    directions: "Cómo llegar",
    events: "Ver los próximos eventos",
  },
  live: {
    comingSoon: "Muy pronto",
    liveNow: "En vivo ahora",
    liveBody: "Nuestro servicio se está transmitiendo en este momento. Acompáñenos en línea y converse con la familia de la iglesia.",
    watchNow: "Ver ahora",
    worshipLabel: "Culto de adoración",
    featuresLabel: "Qué puede esperar",
    chat: "Chat interactivo",
    hd: "Audio y video en calidad HD",
    watchOnline: "Ver en línea",
    previousSermons: "Sermones anteriores",
  },
  spiritualHome: {
    title: "Su hogar espiritual",
    intro: "Todo lo que necesita para crecer en la fe, en un solo lugar.",
    explore: "Explorar",
    exploreLabel: "Explorar {{title}}",
  },
} satisfies typeof home;

export default es;
