import type { Language } from "~/i18n/config";
import { renderEmail } from "~/platform/email/render-email";
import { dateTimeFormat } from "~/i18n/intl-format";

/** Whole sentences; `{{name}}` placeholders. Plain text, not HTML (renderEmail escapes it). */
const en = {
  subject: "Cancelled: {{title}}",
  heading: "{{title}} is cancelled",
  greeting: "Hi {{name}},",
  body: "We are sorry to let you know that {{title}}, planned for {{when}}, has been cancelled. Your registration no longer holds a place, and there is nothing you need to do.",
  apology: "We hope to see you at another event soon.",
  action: "See upcoming events",
};
const es = {
  subject: "Cancelado: {{title}}",
  heading: "{{title}} ha sido cancelado",
  greeting: "Hola, {{name}}:",
  body: "Lamentamos informarle que {{title}}, previsto para el {{when}}, ha sido cancelado. Su inscripción ya no reserva un lugar y no necesita hacer nada.",
  apology: "Esperamos verle pronto en otro evento.",
  action: "Ver los próximos eventos",
} satisfies typeof en;
export const eventCancelledStrings = { en, es };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

/** The email telling a registrant that the event they signed up for is cancelled, in their language. */
export function eventCancelledEmail(input: {
  language: Language;
  churchName: string;
  siteUrl: string;
  name: string;
  title: string;
  occurrenceStart: Date;
  timeZone: string;
}): { subject: string; text: string; html: string } {
  const t = eventCancelledStrings[input.language];
  const when = dateTimeFormat(input.language, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: input.timeZone,
  }).format(input.occurrenceStart);
  const name = input.name.trim().slice(0, 60);
  const values = { title: input.title, when, name };
  return {
    subject: fill(t.subject, values),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: fill(t.heading, values),
      paragraphs: [...(name ? [fill(t.greeting, values)] : []), fill(t.body, values), t.apology],
      action: { label: t.action, url: new URL("/events", input.siteUrl).toString() },
    }),
  };
}
