import type { PrivacyStrings } from "../en/privacy";

const privacy = {
  page: {
    title: "Privacidad",
    metaDescription:
      "Qué información recoge {{church}} en este sitio web, para qué, cuánto tiempo la guarda y cómo descargar o eliminar sus datos.",
    intro:
      "Cómo usa {{church}} la información que usted comparte en este sitio web, cuánto tiempo la guardamos y cómo puede descargarla o eliminarla.",
    onThisPage: "En esta página",
    responsible: {
      heading: "Quién cuida su información",
      body: "{{church}} administra este sitio web y es responsable de la información que usted comparte en él. Si tiene una pregunta o una solicitud sobre su información, comuníquese con nosotros (los datos están al final de esta página).",
    },
    collect: {
      heading: "Qué recogemos y para qué",
      intro:
        "Solo guardamos lo que usted nos da y lo que el sitio necesita para funcionar. No vendemos su información, no mostramos anuncios y no usamos servicios de rastreo ni de estadísticas.",
      items: {
        account: {
          title: "Su cuenta",
          body: "Su nombre, su correo electrónico o su número de teléfono, y su contraseña (guardada solo como un código cifrado que nadie puede leer). Si activa la verificación en dos pasos, la clave de su aplicación de autenticación. Para qué: para que pueda iniciar sesión y podamos comunicarnos con usted.",
        },
        profile: {
          title: "Su perfil y el directorio de miembros",
          body: "Nombre visible, nombre de usuario, teléfono, el idioma de nuestros correos y mensajes, y su estado de membresía según lo registra la oficina de la iglesia. Los demás miembros lo ven en el directorio solo si usted decide aparecer, y solo los datos que usted elija.",
        },
        prayer: {
          title: "Peticiones de oración",
          body: "Lo que escribe, su categoría, quién puede verla (todos, los miembros o solo el equipo pastoral) y quién está orando. El equipo pastoral lee todas las peticiones, también las privadas, para cuidarle y responderle.",
        },
        activities: {
          title: "Eventos, grupos, clases y servicio",
          body: "Inscripciones a eventos y sus respuestas a las preguntas, su participación en grupos de estudio, inscripciones a la clase de membresía, solicitudes de membresía, solicitudes de visita o de reunión, e inscripciones como voluntario, para que el personal pueda organizarlas y comunicarse con usted.",
        },
        community: {
          title: "Comunidad",
          body: "Las conversaciones y respuestas que publica, las fotos que envía para la galería, los mensajes del chat en vivo y los reportes que hace sobre publicaciones.",
        },
        giving: {
          title: "Ofrendas y la tienda",
          body: "Ofrendas, ofrendas periódicas y pedidos: el monto, el fondo o los artículos, su nombre, correo, teléfono y, para los pedidos que se envían, la dirección. Los pagos con tarjeta se hacen en la página segura de Stripe: nunca vemos ni guardamos el número de su tarjeta.",
        },
        study: {
          title: "Estudio",
          body: "Su avance en los planes de lectura, sus notas de estudio y sus oraciones guardadas. Solo usted puede verlos.",
        },
        messages: {
          title: "Correos y mensajes de texto",
          body: "Una copia de cada correo y mensaje de texto que el sitio le envía (recibos, recordatorios, enlaces para iniciar sesión), para volver a enviar un mensaje que falle. La copia se elimina {{days}} días después del envío.",
        },
        security: {
          title: "Seguridad",
          body: "Los navegadores y dispositivos en los que tiene la sesión iniciada (navegador, sistema operativo y dirección IP), y contadores que limitan los intentos repetidos, para proteger su cuenta. Cada inicio de sesión en el portal de administración y cada cambio hecho allí quedan registrados.",
        },
        notStored: {
          title: "Lo que no guardamos",
          body: "Las preguntas que hace al asistente de la iglesia y las oraciones que compone con el generador de oraciones no se guardan, a menos que usted mismo guarde una oración.",
        },
      },
    },
    sharing: {
      heading: "Quién puede verla",
      staff:
        "El personal de la iglesia ve lo que necesita para su ministerio: por ejemplo, el equipo de oración ve las peticiones y la oficina ve las inscripciones y las ofrendas.",
      members:
        "Los demás miembros ven solo lo que está hecho para compartirse: publicaciones públicas, peticiones para miembros y su entrada en el directorio si decidió aparecer.",
      providers:
        "Para enviar correos y mensajes de texto y para recibir pagos, la iglesia puede usar un servicio de correo, Twilio (mensajes de texto) y Stripe (pagos). Reciben solo lo que necesitan para entregar el mensaje o el pago. Los videos de sermones de YouTube usan su modo de privacidad mejorada.",
    },
    retention: {
      heading: "Cuánto tiempo la guardamos",
      intro: "La iglesia fija estos plazos y se aplican automáticamente cada hora.",
      wallPrayer:
        "Peticiones de oración públicas y para miembros: se muestran en el muro de oración durante {{wallDays}} días y se eliminan {{days}} días después de salir del muro.",
      privatePrayer:
        "Peticiones de oración privadas (solo el equipo pastoral): se eliminan {{days}} días después de que el equipo pastoral trabajó en ellas por última vez.",
      chat: "Mensajes del chat en vivo: se eliminan {{days}} días después de publicarse.",
      messages: "Copias de los correos y mensajes de texto que le enviamos: se eliminan {{days}} días después del envío.",
      assistant: "Conversaciones con el asistente de la iglesia: no se guardan.",
      sessions: "Sesiones: una sesión termina después de 30 días sin visitas; las sesiones terminadas se eliminan un día después.",
      account: "Su cuenta y todo lo demás: hasta que usted elimine su cuenta.",
      accounting:
        "Ofrendas y pedidos de la tienda: se guardan para los registros financieros de la iglesia y los recibos de impuestos. Cuando elimina su cuenta, se guardan sin su nombre, correo, teléfono ni dirección.",
    },
    cookies: {
      heading: "Cookies y almacenamiento en su navegador",
      intro: "Usamos solo lo que el sitio necesita para funcionar. Nada de cookies de publicidad, de estadísticas ni de rastreo.",
      name: "Nombre",
      purpose: "Para qué sirve",
      lasts: "Cuánto dura",
      session: "Mantiene su sesión iniciada.",
      sessionLasts: "30 días después de su última visita",
      twoFactor: "Recuerda su inicio de sesión mientras escribe el código de su aplicación de autenticación.",
      twoFactorLasts: "Unos minutos",
      admin: "Mantiene la sesión del personal en el portal de administración.",
      adminLasts: "Hasta cerrar el navegador (8 horas como máximo)",
      language: "Recuerda el idioma que eligió.",
      languageLasts: "1 año",
      cart: "Recuerda el carrito de la tienda de un visitante.",
      cartLasts: "60 días",
      storage:
        "Su navegador también guarda algunas preferencias en su dispositivo (no se nos envían): el idioma que eligió, si ya vio el mensaje de bienvenida, el modo invitado y cuándo descartó la invitación a instalar la aplicación.",
    },
    rights: {
      heading: "Sus opciones",
      download:
        "Descargar sus datos: Configuración de la cuenta → Descargar sus datos le da un archivo (JSON) con todo lo que el sitio guarda sobre usted. Nunca incluye contraseñas ni códigos de seguridad.",
      delete:
        "Eliminar su cuenta: Configuración de la cuenta → Eliminar cuenta. Cierra su sesión en todas partes y elimina su cuenta, su perfil, sus peticiones de oración, inscripciones, grupos, notas y mensajes del chat. Sus conversaciones se quedan, mostradas como «Un miembro»; las ofrendas y los pedidos se quedan sin su nombre para las cuentas de la iglesia; las ofrendas periódicas se cancelan. Le enviamos un correo para confirmarlo.",
      correct: "Corrija sus datos cuando quiera en la Configuración de la cuenta y elija qué muestra el directorio de miembros.",
      emails:
        "Deje de recibir correos masivos con el enlace para darse de baja que trae cada uno, y desactive los correos cuando alguien ora por su petición.",
      office:
        "Las notas del personal sobre usted no forman parte de la descarga. Pida a la oficina de la iglesia una copia de cualquier otra cosa que guardemos.",
      settingsLink: "Ir a la Configuración de la cuenta",
    },
    contact: {
      heading: "Contacto",
      intro: "Preguntas o solicitudes sobre su información:",
      email: "Correo: {{email}}",
      phone: "Teléfono: {{phone}}",
      addressLabel: "Dirección",
      /** Instead of the details while the church has not entered any. */
      none: "Los datos de contacto de la iglesia se publicarán aquí pronto.",
    },
    updated: "Los plazos de esta página son los que la iglesia tiene fijados hoy.",
  },
  export: {
    about:
      "Todo lo que el sitio web de {{church}} guarda sobre usted, en el momento en que lo descargó. Las fechas están en UTC; los montos, en centavos.",
    notIncluded:
      "No se incluye, por su seguridad: su contraseña (solo se guarda un código cifrado), los códigos de inicio de sesión y de sesión, su clave de verificación en dos pasos y sus códigos de respaldo. Las notas del personal no se incluyen: pídalas a la oficina de la iglesia.",
    rateLimited: "Ya descargó sus datos varias veces en la última hora. Vuelva a intentarlo en {{minutes}} minutos.",
    backToSettings: "Volver a la Configuración de la cuenta",
  },
  email: {
    subject: "Su cuenta en {{church}} fue eliminada",
    heading: "Su cuenta fue eliminada",
    greetingNoName: "Hola:",
    intro: "Como usted lo pidió, eliminamos su cuenta en {{church}} el {{date}}. Su sesión se cerró en todos sus dispositivos.",
    removed:
      "Eliminamos su perfil, sus datos de inicio de sesión, sus peticiones de oración, inscripciones, grupos, oraciones guardadas, notas de estudio y mensajes del chat.",
    kept: "Sus conversaciones se quedan, mostradas como «Un miembro». Las ofrendas y los pedidos de la tienda se guardan para los registros financieros de la iglesia, sin su nombre ni sus datos de contacto.",
    recurring: "Sus ofrendas periódicas se cancelaron: no se harán más cobros.",
    notYou: "Si usted no lo pidió, comuníquese con la oficina de la iglesia.",
    closing: "Gracias por ser parte de nuestra familia de la iglesia. Siempre será bienvenido de nuevo.",
    visit: "Visitar nuestro sitio web",
    sms: "{{church}}: su cuenta fue eliminada como lo pidió. Si no fue usted, llame a la oficina de la iglesia.",
  },
} satisfies PrivacyStrings;

export default privacy;
