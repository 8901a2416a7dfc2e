import type en from "~/i18n/locales/en/admin/setup";

const setup = {
  metaTitle: "Prepare el sitio web de su iglesia",
  title: "Prepare el sitio web de su iglesia",
  stepOf: "Paso {{step}} de {{total}}",
  code: {
    heading: "Escriba el código de configuración",
    intro:
      "¡Bienvenido(a)! Para asegurarnos de que es usted quien instaló este sitio, escriba su código de configuración. El servidor lo mostró en su registro al iniciar y lo guardó en el archivo setup-code de la carpeta de datos del sitio.",
    label: "Código de configuración",
    hint: "Doce letras y números, como 7KQ4-M2XD-9PRT.",
    submit: "Continuar",
  },
  account: {
    heading: "Cree su cuenta de administrador",
    intro: "Usted será el primer administrador: podrá hacer todo en el portal e invitar más tarde al resto de su equipo.",
    name: "Su nombre",
    email: "Su correo electrónico",
    password: "Contraseña",
    passwordHint: "Al menos 10 caracteres. Unas cuantas palabras que usted recuerde funcionan bien.",
    confirm: "Escriba la contraseña otra vez",
    submit: "Crear mi cuenta",
  },
  enrol: {
    heading: "Proteja su cuenta",
    ready: "Su cuenta está lista. Inicie sesión para terminar de protegerla con un código de su teléfono.",
    signIn: "Iniciar sesión",
  },
  login: {
    title: "Un sitio web nuevo",
    body: "Este sitio aún no tiene administrador. Quien lo instaló puede prepararlo ahora con el código de configuración.",
    link: "Preparar el sitio web",
  },
  wizard: {
    title: "¡Bienvenido(a)! Hagamos que este sitio sea de su iglesia",
    intro: "Unos pocos pasos. Podrá cambiarlo todo después en Configuración y Contenido.",
    stepsLabel: "Preparación",
    steps: {
      church: "Su iglesia",
      times: "Horarios de servicio",
      look: "Logotipo y color",
      demo: "Contenido de demostración",
      done: "Listo",
    },
    current: "paso actual",
    completed: "listo",
    continue: "Continuar",
    skip: "Omitir este paso por ahora",
    back: "Atrás",
    church: {
      heading: "Su iglesia",
      intro: "Es lo que los visitantes ven arriba y abajo de cada página, y lo que el asistente responde a quien pregunte.",
      nameEn: "Nombre de la iglesia",
      nameEs: "Nombre de la iglesia en español",
      nameEsHint: "Déjelo vacío para usar el mismo nombre en los dos idiomas.",
      taglineEn: "Una frase corta bajo el nombre, en inglés (opcional)",
      taglineEs: "La frase corta en español (opcional)",
      streetAddress: "Dirección",
      city: "Ciudad",
      region: "Estado",
      postalCode: "Código postal",
      phone: "Teléfono de la iglesia",
      phoneHint: "Con el código de área, p. ej. (217) 555-0142.",
      smsKeyword: "Palabra para mensajes de texto",
      smsKeywordHint:
        "La palabra que la gente envía por mensaje al número de la iglesia para comunicarse, p. ej. HOME. Solo letras y números.",
      timeZone: "Zona horaria",
      timeZoneHint: "Los horarios de servicios y eventos se muestran en esta zona horaria.",
      otherZone: "Otra zona horaria ({{zone}})",
      save: "Guardar y continuar",
    },
    zones: {
      "America/New_York": "Hora del este (Nueva York)",
      "America/Chicago": "Hora del centro (Chicago)",
      "America/Denver": "Hora de la montaña (Denver)",
      "America/Phoenix": "Hora de la montaña sin horario de verano (Phoenix)",
      "America/Los_Angeles": "Hora del Pacífico (Los Ángeles)",
      "America/Anchorage": "Hora de Alaska (Anchorage)",
      "Pacific/Honolulu": "Hora de Hawái (Honolulu)",
      "America/Puerto_Rico": "Hora del Atlántico (Puerto Rico)",
      "Pacific/Guam": "Hora de Chamorro (Guam)",
    },
    times: {
      heading: "¿Cuándo se reúnen?",
      intro:
        "Agregue cada servicio o reunión con su día y hora. Se muestran en la página de inicio, en la página de visita y al pie de cada página.",
    },
    look: {
      heading: "Su logotipo y su color",
      intro: "Suba su logotipo y elija el color principal de su iglesia. Puede omitir este paso y conservar los colores del sitio.",
    },
    demo: {
      heading: "¿Conservar el contenido de demostración?",
      intro:
        "Este sitio vino con una iglesia inventada, Esperanza Viva, con eventos, sermones, fotos y más, para que cada página tuviera algo que mostrar.",
      legend: "¿Qué desea hacer?",
      keep: "Conservar el contenido de demostración para explorar",
      keepHint: "Recorra el sitio primero. Podrá quitarlo más tarde en Configuración → Quitar la iglesia de demostración.",
      empty: "Empezar vacío",
      emptyHint:
        "La iglesia de demostración se quita ahora; lo que usted acaba de completar se conserva. Antes se guarda una copia de seguridad del sitio en {{folder}} en el servidor.",
      choose: "Por favor, elija una de las dos opciones.",
    },
    done: {
      heading: "Su sitio web está listo",
      intro:
        "Los visitantes ya ven el nombre, los horarios y los colores de su iglesia. El panel muestra lo que aún falta, como los líderes, un primer evento y un primer sermón.",
      site: "Ver su sitio web",
      dashboard: "Ir al panel",
    },
  },
  errors: {
    done: "Este sitio ya tiene un administrador. Por favor, inicie sesión.",
    codeRequired: "Escriba el código de configuración.",
    wrongCode:
      "Ese no es el código de configuración. Búsquelo en el archivo setup-code de la carpeta de datos del sitio o en el registro del servidor.",
    rateLimited: "Demasiados intentos. Por favor, espere {{minutes}} minutos y vuelva a intentarlo.",
    proofExpired: "Por favor, escriba otra vez el código de configuración: lo escribió hace más de 30 minutos.",
    codeUsed: "Alguien acaba de terminar de preparar este sitio con este código. Por favor, inicie sesión.",
    invalid: "Por favor, revise los campos marcados.",
    nameRequired: "Escriba su nombre.",
    nameTooLong: "Use como máximo 200 caracteres.",
    emailRequired: "Escriba su correo electrónico.",
    emailInvalid: "Escriba un correo como nombre@ejemplo.com.",
    passwordShort: "Use al menos 10 caracteres.",
    passwordLong: "Use como máximo 128 caracteres.",
    passwordCommon: "Esa contraseña es demasiado común. Por favor, elija otra.",
    passwordMismatch: "Las dos contraseñas no son iguales.",
    tryLater: "Algo salió mal de nuestro lado. Por favor, inténtelo de nuevo en un momento.",
  },
} satisfies typeof en;

export default setup;
