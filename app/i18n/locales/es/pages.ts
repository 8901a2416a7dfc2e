import type pages from "../en/pages";

const es = {
  about: {
    intro: "Quiénes somos, hacia dónde vamos y las personas que sirven a esta familia de la fe.",
    leadersTitle: "Nuestros líderes",
    leaderPhotoAlt: "Retrato de {{name}}",
    valuesTitle: "Nuestros valores",
    serviceTimesTitle: "Horario de servicios",
    visitTitle: "Venga y vea",
    visitBody: "Nos encantaría conocerle. Planifique su visita y le guardaremos un asiento.",
    visitCta: "Planifique su visita",
    watchCta: "Ver en línea",
  },
  intros: {
    "plan-visit": {
      title: "Planifique su visita",
      intro: "Nos encantaría conocerle. Aquí encontrará cuándo nos reunimos y cómo llegar.",
    },
    "join-church": {
      title: "Hágase miembro",
      intro: "Ser miembro comienza con una conversación. Cuéntenos un poco de usted y alguien de la iglesia se comunicará con usted.",
    },
    "kingdom-builders-class": {
      title: "Clase Constructores del Reino",
      intro: "Una clase para quien quiera saber lo que creemos, cómo funciona la iglesia y dónde podría servir.",
    },
    give: {
      title: "Ofrendar",
      intro: "Gracias por su generosidad. Estas son las maneras en que puede ofrendar.",
    },
    store: {
      title: "Tienda",
      intro: "Libros, Biblias y más de la iglesia.",
    },
    auth: {
      title: "Acceso para miembros",
      intro:
        "Los miembros inician sesión para compartir peticiones de oración, unirse a grupos y administrar sus ofrendas. ¿Es nuevo? Cree una cuenta en un minuto o siga navegando como invitado.",
    },
  },
  notFound: {
    metaTitle: "Página no encontrada",
  },
  adminTest: {
    metaTitle: "Página de prueba de administración",
  },
} satisfies typeof pages;

export default es;
