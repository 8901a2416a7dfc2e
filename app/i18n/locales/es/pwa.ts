import type { PwaStrings } from "../en/pwa";

const pwa = {
  heading: "Instale la aplicación",
  banner: {
    text: "Agregue {{name}} a su pantalla de inicio: horarios, eventos y sermones con un solo toque.",
    install: "Instalar",
    notNow: "Ahora no",
  },
  toast: {
    installingTitle: "Instalando la aplicación",
    installingDescription: "La aplicación se está agregando a su pantalla de inicio.",
    installedTitle: "Aplicación instalada",
    installedDescription: "La aplicación ya está en su pantalla de inicio.",
    errorTitle: "Error de instalación",
    errorDescription: "Hubo un problema al instalar la aplicación. Por favor, inténtelo de nuevo.",
  },
  offline: {
    metaTitle: "Está sin conexión",
    title: "Está sin conexión",
    intro: "Esta página necesita conexión a internet. Aquí tiene cómo encontrarnos; vuelva a intentarlo cuando tenga conexión.",
    /** The intro while the church has no address or phone on the site yet. */
    introPlain: "Esta página necesita conexión a internet. Vuelva a intentarlo cuando tenga conexión.",
    serviceTimes: "Horarios de servicio",
    address: "Dirección",
    phone: "Teléfono",
    home: "Ir a la página de inicio",
  },
  manifest: {
    description: "{{name}}: horarios de servicio, eventos, sermones y oración.",
  },
} satisfies PwaStrings;

export default pwa;
