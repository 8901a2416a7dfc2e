import type { TourStrings } from "../en/tour";

const tour = {
  heading: "Recorrido guiado",
  takeTour: "Hacer el recorrido",
  progress: "Paso {{current}} de {{total}}",
  buttons: {
    back: "Atrás",
    close: "Cerrar",
    next: "Siguiente",
    last: "Terminar recorrido",
    skip: "Omitir recorrido",
  },
  steps: {
    home: {
      title: "¡Bienvenido!",
      text: "Este breve recorrido le muestra el sitio web. Seleccione el logotipo de la iglesia en cualquier momento para volver a la página de inicio.",
    },
    mainNav: {
      title: "Menú principal",
      text: "Aquí encontrará Ver en vivo, las herramientas bíblicas, los eventos, nuestra comunidad y cómo ofrendar.",
    },
    resources: {
      title: "Más recursos",
      text: "Los sermones, las peticiones de oración, la tienda, las clases y la planificación de su visita están en este menú.",
    },
    language: { title: "Inglés o español", text: "Cambie todo el sitio entre inglés y español. Su elección se recuerda." },
    watchLive: {
      title: "Ver en vivo",
      text: "Acompáñenos en línea en nuestros servicios, en directo o en diferido, dondequiera que esté.",
    },
    account: { title: "Su cuenta", text: "Abra el menú de su cuenta para ver su configuración, repetir este recorrido o cerrar sesión." },
    newHere: { title: "¿Es nuevo aquí?", text: "Planifique su primera visita: horarios de los servicios, qué esperar y cómo llegar." },
    footer: {
      title: "Manténgase en contacto",
      text: "Nuestra dirección, teléfono y horarios de servicio están siempre al pie de cada página.",
    },
    mobileMenu: { title: "Menú", text: "Abra el menú para ver todas las páginas, su configuración y este recorrido." },
  },
  errors: {
    signInRequired: "Inicie sesión para continuar.",
    invalidRequest: "La solicitud no es válida.",
    methodNotAllowed: "Este método no está permitido.",
    rateLimited: "Demasiadas solicitudes. Inténtelo de nuevo en {{minutes}} minutos.",
  },
} satisfies TourStrings;

export default tour;
