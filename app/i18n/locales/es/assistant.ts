import type { AssistantStrings } from "../en/assistant";

const assistant = {
  heading: "Asistente de la iglesia",
  widget: {
    greeting:
      "¡Hola! Soy el asistente de la iglesia. Pregúnteme sobre los horarios de los servicios, los eventos, los ministerios o cómo planear su visita.",
    placeholder: "Haga una pregunta...",
    inputLabel: "Su pregunta",
    hint: "Intro envía; Mayús+Intro empieza una línea nueva.",
    send: "Enviar mensaje",
    close: "Cerrar el asistente de la iglesia",
    typing: "El asistente está escribiendo…",
    you: "Usted",
    assistant: "Asistente",
    sources: "Fuentes",
    errorTitle: "Error",
    failed: "No se pudo obtener una respuesta. Inténtelo de nuevo.",
    apology: "Lo siento, no pude responder en este momento. Comuníquese directamente con la iglesia por teléfono al {{phone}}.",
    /** The same while the church has no phone number on the site. */
    apologyNoPhone: "Lo siento, no pude responder en este momento. Vuelva a intentarlo más tarde o recorra las páginas del sitio.",
  },
  answers: {
    am: "a. m.",
    pm: "p. m.",
    days: {
      d0: "los domingos",
      d1: "los lunes",
      d2: "los martes",
      d3: "los miércoles",
      d4: "los jueves",
      d5: "los viernes",
      d6: "los sábados",
    },
    serviceTimes: "Nuestros servicios en {{church}}: {{list}}.",
    serviceItem: "{{name}}, {{day}} a las {{time}}",
    noServicesNoPhone: "Los horarios de los servicios aún no están publicados. Vuelva a consultar pronto.",
    addressUnknown: "La dirección de la iglesia aún no está publicada. Vuelva a consultar pronto.",
    phoneUnknown: "El teléfono de la iglesia aún no está publicado.",
    unknownNoPhone: "Lo siento, todavía no sé la respuesta a eso.",
    noServices: "Los horarios de los servicios aún no están publicados. Llame a la iglesia al {{phone}}.",
    address: "{{church}} está en {{address}}. La página Planee su visita tiene un mapa y cómo llegar.",
    phone: "Puede llamar a la iglesia al {{phone}}.",
    email: "También puede escribir a {{email}}.",
    eventsIntro: "Próximamente: {{list}}.",
    eventItem: "{{title}} ({{date}})",
    event: "{{title}}: {{date}}.",
    eventPlace: "Lugar: {{place}}.",
    noEvents: "Por ahora no hay eventos próximos en el calendario. La página de Eventos muestra las novedades.",
    sermonsIntro: "Sermones recientes: {{list}}.",
    sermonItem: "«{{title}}», por {{speaker}} ({{date}})",
    sermon: "«{{title}}» fue predicado por {{speaker}} el {{date}}.",
    groupsIntro: "Nuestros grupos de estudio: {{list}}.",
    groupItem: "{{name}} ({{day}} a las {{time}})",
    group: "{{name}} se reúne {{day}} a las {{time}}.",
    giving: "Puede ofrendar en línea en la página Ofrendar, para: {{funds}}.",
    textToGive: "También puede enviar un mensaje de texto con {{keyword}} al {{number}}.",
    fund: "{{name}}: {{description}}",
    greeting: "¡Hola! ¿En qué le puedo ayudar? Puede preguntarme por los horarios, la dirección, los eventos, los grupos o las ofrendas.",
    thanks: "¡Con gusto! ¿Hay algo más en lo que le pueda ayudar?",
    leaders: "Nuestros pastores y líderes: {{list}}.",
    leaderItem: "{{name}} ({{role}})",
    unknown: "Lo siento, no sé la respuesta a eso. Llame a la iglesia al {{phone}} y con gusto le ayudarán.",
    pages: {
      planVisit: {
        title: "Planee su visita",
        text: "Planee su visita le dice a quien nos visita por primera vez qué esperar el domingo: los horarios, la dirección con mapa y cómo llegar, el estacionamiento y lo que hay para los niños.",
      },
      watch: {
        title: "Ver en vivo",
        text: "Ver en vivo transmite el culto dominical en línea, con chat en vivo; los servicios anteriores quedan disponibles como sermones.",
      },
      prayer: {
        title: "Muro de oración",
        text: "En el Muro de oración puede compartir una petición de oración, en público, solo con los miembros o en privado con los pastores, y orar por otros.",
      },
      prayerGenerator: {
        title: "Generador de oraciones",
        text: "El Generador de oraciones escribe una oración breve sobre el tema que usted elija, que puede guardar o compartir en el muro de oración.",
      },
      community: {
        title: "Comunidad",
        text: "Comunidad reúne los grupos de estudio a los que puede unirse, las conversaciones y las oportunidades de servir como voluntario.",
      },
      store: {
        title: "Tienda",
        text: "La tienda de la iglesia vende artículos en línea; los pedidos se recogen en la iglesia o se envían.",
      },
      about: {
        title: "Quiénes somos",
        text: "Quiénes somos cuenta la historia de la iglesia, sus creencias y valores, y presenta a los pastores y líderes.",
      },
      events: {
        title: "Eventos",
        text: "La página de Eventos muestra todo lo que viene, con inscripción cuando hace falta y enlaces para el calendario.",
      },
      sermons: {
        title: "Sermones",
        text: "Sermones tiene los mensajes anteriores para ver, escuchar o leer, con búsqueda por serie, tema y predicador.",
      },
      give: { title: "Ofrendar", text: "Ofrendar le permite dar en línea, una vez o cada semana o mes, al fondo que usted elija." },
      study: {
        title: "Estudio bíblico",
        text: "Estudio bíblico tiene planes de lectura, estudios bíblicos anteriores y guías de estudio.",
      },
      joinChurch: {
        title: "Hacerse miembro",
        text: "Hacerse miembro explica cómo unirse a la iglesia, comenzando con la Clase Constructores del Reino.",
      },
      kingdomBuilders: {
        title: "Clase Constructores del Reino",
        text: "La Clase Constructores del Reino es la clase de membresía: puede inscribirse en la próxima sesión en línea.",
      },
    },
    errors: {
      invalid: "No se pudo leer la pregunta. Inténtelo de nuevo.",
      empty: "Escriba una pregunta.",
      tooLong: "Su pregunta puede tener como máximo {{max}} caracteres.",
      history: "No se pudo leer la conversación. Cierre el chat y vuelva a empezar.",
      rateLimited: "Demasiadas preguntas en poco tiempo. Inténtelo de nuevo en {{minutes}} minutos.",
      failed: "No se pudo obtener una respuesta. Inténtelo de nuevo.",
    },
  },
} satisfies AssistantStrings;

export default assistant;
