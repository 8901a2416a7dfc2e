import type { DiscussionsAdminStrings } from "../en/discussions-admin";
import discussions from "./discussions";

const discussionsAdmin = {
  ...discussions,
  emails: {
    greeting: "Hola, {{name}}:",
    greetingNoName: "Hola:",
    reply: {
      subject: "Nueva respuesta a su conversación",
      heading: "Alguien respondió a su conversación",
      intro: "{{name}} respondió a «{{title}}».",
      action: "Leer la conversación",
      footnote: "Enviamos como máximo uno de estos correos por hora para cada conversación.",
    },
  },
  admin: {
    heading: "Conversaciones",
    pendingHeading: "Conversaciones nuevas en espera de revisión",
    reportedHeading: "Conversaciones y respuestas reportadas",
    recentHeading: "Conversaciones recientes",
    settingsHeading: "Ajustes de las conversaciones",
    empty: "No hay nada pendiente.",
    noReports: "No hay reportes abiertos.",
    noRecent: "Todavía no hay conversaciones.",
    author: "De {{name}}, el {{date}}",
    replyIn: "Respuesta en «{{title}}»",
    reports: "{{count}} reportes",
    reportsOne: "1 reporte",
    reasons: "Motivos indicados",
    noReason: "(sin motivo)",
    status: { pending: "Pendiente", approved: "Publicada", hidden: "Oculta" },
    lockedBadge: "Cerrada",
    repliesCountOne: "1 respuesta",
    repliesCount: "{{count}} respuestas",
    approve: "Aprobar",
    hide: "Ocultar",
    dismiss: "Descartar reportes",
    lock: "Cerrar",
    unlock: "Reabrir",
    delete: "Eliminar",
    autoApprove: "Publicar conversaciones nuevas sin revisión",
    saveSettings: "Guardar ajustes",
    errors: {
      invalidRequest: "No se pudo procesar la solicitud.",
      notFound: "Esa conversación o respuesta ya no existe.",
    },
  },
} satisfies DiscussionsAdminStrings;

export default discussionsAdmin;
