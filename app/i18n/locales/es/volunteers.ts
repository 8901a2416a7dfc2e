import type { VolunteersStrings } from "../en/volunteers";

const volunteers = {
  heading: "Sirva con nosotros",
  intro:
    "Cada ministerio funciona gracias a sus voluntarios. Encuentre un lugar que se ajuste a sus dones y a su semana, y díganos que desea ayudar: un líder del ministerio se comunicará con usted.",
  empty: "Por ahora ningún ministerio busca voluntarios. Vuelva a consultar pronto.",
  listLabel: "Ministerios que buscan voluntarios",
  when: "Cuándo",
  signUpHere: "Inscribirse en {{ministry}}",
  alreadyServing: "Usted ya se inscribió en este ministerio.",
  form: {
    heading: "Inscríbase como voluntario",
    intro: "Elija un ministerio y díganos cuándo está disponible. Los campos marcados como obligatorios deben completarse.",
    memberIntro: "Completamos su nombre y correo con los datos de su cuenta; cámbielos si lo necesita.",
    signInPrompt: "¿Tiene una cuenta?",
    signIn: "Inicie sesión para completar sus datos",
    ministry: "Ministerio",
    name: "Su nombre",
    email: "Correo electrónico",
    phone: "Teléfono",
    availability: "¿Cuándo está disponible?",
    availabilityHint: "Por ejemplo: domingos por la mañana, una vez al mes, entre semana por la tarde.",
    message: "¿Algo más que debamos saber?",
    required: "(obligatorio)",
    optional: "(opcional)",
    submit: "Inscribirme para servir",
    sending: "Enviando…",
    errorSummary: "Corrija los campos indicados abajo.",
  },
  success:
    "¡Gracias, {{name}}! Usted se inscribió en {{ministry}}. Enviamos una confirmación a {{email}} y un líder del ministerio se comunicará con usted pronto.",
  errors: {
    invalidRequest: "No se pudo leer la solicitud. Inténtelo de nuevo.",
    ministry: "Elija un ministerio.",
    name: "Escriba su nombre.",
    nameLength: "Su nombre debe tener menos de 120 caracteres.",
    email: "Escriba un correo electrónico válido, como nombre@ejemplo.com.",
    phone: "Escriba un número de teléfono válido o deje el campo vacío.",
    availability: "Díganos cuándo está disponible (hasta 500 caracteres).",
    message: "El mensaje debe tener menos de 2000 caracteres.",
    notFound: "Ese ministerio no está recibiendo voluntarios en este momento. Elija otro, por favor.",
    alreadySignedUp: "Usted ya se inscribió en {{ministry}}. ¡Gracias! Un líder del ministerio se comunicará con usted.",
    rateLimited: "Demasiadas inscripciones. Inténtelo de nuevo en {{minutes}} minutos.",
  },
} satisfies VolunteersStrings;

export default volunteers;
