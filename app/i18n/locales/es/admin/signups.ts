/** Strings of the admin signups section. */
const signups = {
  intro: "Inscripciones que necesitan seguimiento personal: comuníquese con cada persona, anote lo acordado y márquela como terminada.",
  filterLabel: "Mostrar inscripciones",
  filters: {
    all: "Todas",
    withCount: "{{label}} ({{count}})",
  },
  empty: "No hay inscripciones aquí.",
  none: "—",
  fields: {
    kind: "Tipo",
    event: "Evento",
    email: "Correo",
    created: "Recibida",
    summary: "Resumen",
    status: "Estado",
    assignee: "Asignada a",
    notes: "Notas",
  },
  kinds: {
    event: "Evento",
    class: "Clase",
    membership: "Membresía",
    volunteer: "Voluntariado",
  },
  status: {
    new: "Nueva",
    contacted: "Contactada",
    done: "Terminada",
  },
  unassigned: "Nadie",
  saveStatus: "Guardar estado",
  assign: "Asignar",
  saveNotes: "Guardar notas",
  messages: {
    saved: "Guardado.",
  },
  errors: {
    invalidRequest: "No se pudo leer la solicitud. Por favor, inténtelo de nuevo.",
    notFound: "Esa inscripción ya no existe.",
    invalidStatus: "Elija un estado.",
    invalidAssignee: "Elija un administrador de la lista.",
    notesTooLong: "Las notas deben tener menos de 4,000 caracteres.",
  },
};

export default signups;
