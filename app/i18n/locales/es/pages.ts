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
  notFound: {
    metaTitle: "Página no encontrada",
  },
  adminTest: {
    metaTitle: "Página de prueba de administración",
  },
} satisfies typeof pages;

export default es;
