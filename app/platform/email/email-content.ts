/* What every domain's emails are made of, besides the layout (render-email.ts). */

/** An email ready for the outbox, minus its recipient. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * The sign-up form's name goes into mail sent to an address nobody has confirmed yet: anyone
 * could make the church's own email carry a "name" like "click www.example.com now". A name
 * that is long or looks like a link or address is left out (the greeting then has no name).
 */
export function greetableName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length > 60 || /:\/\/|www\.|@|\.[a-z]{2,}(\/|\b)/i.test(trimmed)) return "";
  return trimmed;
}

/** Fills `{{key}}` placeholders; a placeholder without a value is a bug, so it throws. */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`No value for {{${key}}} in "${template}"`);
    return value;
  });
}
