import type pages from "../en/pages";

const es = {
  about: {
    leadersTitle: "Nuestros líderes",
    serviceTimesTitle: "Horario de servicios",
    visitCta: "Planifique su visita",
  },
} satisfies typeof pages;

export default es;
