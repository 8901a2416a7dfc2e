import type { Language } from "~/i18n/config";

/** Whole sentences; `{{name}}` placeholders are filled by `interpolate`. Plain text, not HTML. */
const en = {
  confirmSignup: {
    subject: "Confirm your account at {{church}}",
    heading: "Confirm your account",
    greeting: "Hi {{name}},",
    greetingNoName: "Hi,",
    intro: "Thanks for signing up at {{church}}. Please confirm your email address to finish creating your account.",
    action: "Confirm my account",
    expiry: "This link expires in 15 minutes.",
  },
  magicLink: {
    subject: "Your sign-in link for {{church}}",
    heading: "Sign in to {{church}}",
    intro: "Use the button below to sign in to your account at {{church}}.",
    action: "Sign in",
    expiry: "This link expires in 15 minutes.",
  },
  passwordReset: {
    subject: "Reset your password for {{church}}",
    heading: "Reset your password",
    intro: "We received a request to reset the password of your account at {{church}}. Use the button below to choose a new one.",
    action: "Choose a new password",
    expiry: "This link works once and expires in 15 minutes.",
    ignore: "If you didn't ask for this, you can ignore this email: your password stays the same.",
  },
  ignore: "If you didn't ask for this, you can ignore this email.",
  smsCode: "{{code}} is your {{church}} sign-in code. It expires in 10 minutes.",
};

const es = {
  confirmSignup: {
    subject: "Confirme su cuenta en {{church}}",
    heading: "Confirme su cuenta",
    greeting: "Hola, {{name}}:",
    greetingNoName: "Hola:",
    intro: "Gracias por registrarse en {{church}}. Confirme su correo electrónico para terminar de crear su cuenta.",
    action: "Confirmar mi cuenta",
    expiry: "Este enlace vence en 15 minutos.",
  },
  magicLink: {
    subject: "Su enlace de acceso a {{church}}",
    heading: "Inicie sesión en {{church}}",
    intro: "Use el botón de abajo para iniciar sesión en su cuenta de {{church}}.",
    action: "Iniciar sesión",
    expiry: "Este enlace vence en 15 minutos.",
  },
  passwordReset: {
    subject: "Restablezca su contraseña de {{church}}",
    heading: "Restablezca su contraseña",
    intro:
      "Recibimos una solicitud para restablecer la contraseña de su cuenta en {{church}}. Use el botón de abajo para elegir una nueva.",
    action: "Elegir una contraseña nueva",
    expiry: "Este enlace funciona una sola vez y vence en 15 minutos.",
    ignore: "Si no solicitó esto, puede ignorar este correo: su contraseña seguirá igual.",
  },
  ignore: "Si no solicitó esto, puede ignorar este correo.",
  smsCode: "{{code}} es su código de acceso de {{church}}. Vence en 10 minutos.",
} satisfies typeof en;

export type AuthEmailStrings = typeof en;

export const authEmailStrings: Record<Language, AuthEmailStrings> = { en, es };
