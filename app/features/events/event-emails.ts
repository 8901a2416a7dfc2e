import type { Language } from "~/i18n/config";
import { greetableName, interpolate, type EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import { dateTimeFormat } from "~/i18n/intl-format";

/** Whole sentences; `{{name}}` placeholders are filled by `interpolate`. Plain text, not HTML. */
const en = {
  greeting: "Hi {{name}},",
  greetingNoName: "Hi,",
  when: "When: {{when}}",
  where: "Where: {{where}}",
  party: "Party size: {{party}}",
  cancelNote: "Plans changed? Use the link below to cancel, so someone else can have your place.",
  cancelAction: "View or cancel my registration",
  confirmed: {
    subject: "You're registered: {{event}}",
    heading: "See you at {{event}}",
    intro: "Your registration for {{event}} is confirmed.",
  },
  waitlisted: {
    subject: "You're on the waitlist: {{event}}",
    heading: "You're on the waitlist",
    intro: "{{event}} is full right now, so you are on the waitlist. If a place opens up, we will confirm your registration and email you.",
  },
  promoted: {
    subject: "A place opened up: {{event}}",
    heading: "You're in!",
    intro: "A place opened up and your registration for {{event}} is now confirmed.",
  },
  reminder: {
    subject: "Reminder: {{event}} is tomorrow",
    heading: "See you tomorrow",
    intro: "This is a reminder that {{event}} is tomorrow.",
  },
};

const es = {
  greeting: "Hola, {{name}}:",
  greetingNoName: "Hola:",
  when: "Cuándo: {{when}}",
  where: "Dónde: {{where}}",
  party: "Número de personas: {{party}}",
  cancelNote: "¿Cambiaron sus planes? Use el enlace de abajo para cancelar, así otra persona puede ocupar su lugar.",
  cancelAction: "Ver o cancelar mi inscripción",
  confirmed: {
    subject: "Inscripción confirmada: {{event}}",
    heading: "Le esperamos en {{event}}",
    intro: "Su inscripción para {{event}} está confirmada.",
  },
  waitlisted: {
    subject: "Está en la lista de espera: {{event}}",
    heading: "Está en la lista de espera",
    intro:
      "{{event}} está lleno por ahora, así que usted está en la lista de espera. Si se abre un lugar, confirmaremos su inscripción y le escribiremos.",
  },
  promoted: {
    subject: "Se abrió un lugar: {{event}}",
    heading: "¡Ya tiene su lugar!",
    intro: "Se abrió un lugar y su inscripción para {{event}} ya está confirmada.",
  },
  reminder: {
    subject: "Recordatorio: {{event}} es mañana",
    heading: "Le esperamos mañana",
    intro: "Le recordamos que {{event}} es mañana.",
  },
} satisfies typeof en;

export const eventEmailStrings = { en, es };

export type RegistrationEmailKind = "confirmed" | "waitlisted" | "promoted" | "reminder";

export interface RegistrationEmailInput {
  kind: RegistrationEmailKind;
  language: Language;
  churchName: string;
  siteUrl: string;
  name: string;
  eventTitle: string;
  /** The occurrence's date and time, already formatted in the church's time zone. */
  when: string;
  where: string | null;
  partySize: number;
  cancelUrl: string;
}

/** The date and time of an occurrence for an email, in the recipient's language. */
export function formatOccurrence(start: Date, language: Language, timeZone: string): string {
  return dateTimeFormat(language, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone,
  }).format(start);
}

/** A registration email (confirmed, waitlisted, promoted from the waitlist, reminder). */
export function registrationEmail(input: RegistrationEmailInput): EmailContent {
  const t = eventEmailStrings[input.language];
  const part = t[input.kind];
  // A guest's name and the event title go into mail to an address nobody confirmed: the name
  // is left out when it looks like a link (see greetableName).
  const name = greetableName(input.name);
  const values = { event: input.eventTitle, name, when: input.when, where: input.where ?? "", party: String(input.partySize) };
  return {
    subject: interpolate(part.subject, values),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: interpolate(part.heading, values),
      paragraphs: [
        name ? interpolate(t.greeting, values) : t.greetingNoName,
        interpolate(part.intro, values),
        interpolate(t.when, values),
        ...(input.where ? [interpolate(t.where, values)] : []),
        interpolate(t.party, values),
        t.cancelNote,
      ],
      action: { label: t.cancelAction, url: input.cancelUrl },
    }),
  };
}
