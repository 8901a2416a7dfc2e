// What the fuzz suite checks on each answer and each stored row (issue 11 point 5).
import { z as zod, type z } from "zod";
import { ZReplyInput, ZThreadInput } from "~/features/discussions/discussion-input.server";
import { ZCaptions } from "~/features/gallery/gallery-input";
import { ZGuestDetails } from "~/features/membership/membership-input";
import { ZRetentionSettings } from "~/features/privacy/retention-settings";
import { ZPrayerRequestInput } from "~/features/prayer/prayer-input.server";
import { MAX_NOTE_LENGTH } from "~/features/study/study-notes.server";

// ---------------------------------------------------------------------------------------
// Translated messages
// ---------------------------------------------------------------------------------------

type Strings = Record<string, unknown>;
const enModules = import.meta.glob<{ default: Strings }>("../../app/i18n/locales/en/**/*.ts", { eager: true });
const esModules = import.meta.glob<{ default: Strings }>("../../app/i18n/locales/es/**/*.ts", { eager: true });

function leaves(modules: Record<string, { default: Strings }>): { keys: Set<string>; values: Set<string> } {
  const keys = new Set<string>();
  const values = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") {
      keys.add(prefix);
      values.add(node);
    } else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    }
  };
  for (const module of Object.values(modules)) walk(module.default, "");
  return { keys, values };
}

const en = leaves(enModules);
const es = leaves(esModules);
const strings = { en, es } as const;

/** Message-like values of an answer: `{ key }` objects and strings under message-like names. */
function messagesOf(body: unknown): { keys: string[]; texts: string[] } {
  const keys: string[] = [];
  const texts: string[] = [];
  const walk = (node: unknown, name: string, depth: number) => {
    if (depth > 6 || node === null || node === undefined) return;
    if (typeof node === "string") {
      // Not `title`/`body`: those echo what was typed.
      if (/^(message|error|formError|notice)$/i.test(name) || name === "fieldErrors") texts.push(node);
      return;
    }
    if (typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, name, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.key === "string" && /^[\w-]+(\.[\w-]+)+$/.test(record.key)) keys.push(record.key);
    for (const [k, v] of Object.entries(record)) {
      // `values` and the like echo what was typed back into the form: not the app's words.
      if (/^(values|fields|input|echo)$/.test(k)) continue;
      walk(v, name === "fieldErrors" ? "fieldErrors" : k, depth + 1);
    }
  };
  walk(body, "", 0);
  return { keys, texts };
}

/**
 * Null when a refusal carries a message the visitor can read in their language: a message
 * key that exists in English and Spanish, or a text that is not the other language's.
 * 401/403/404/405 answers are thrown to the page's error boundary, which shows its own
 * translated page (`{ forbidden: true }`, `{ notFound: true }`).
 */
export function translatedMessageProblem(body: unknown, language: "en" | "es", status: number): string | null {
  if ([401, 403, 404, 405].includes(status)) return null;
  const { keys, texts } = messagesOf(body);
  if (!keys.length && !texts.length) return `no message in ${JSON.stringify(body).slice(0, 200)}`;
  for (const key of keys) {
    if (!en.keys.has(key) || !es.keys.has(key)) return `message key ${key} is missing in ${en.keys.has(key) ? "es" : "en"}`;
  }
  const other = strings[language === "en" ? "es" : "en"];
  const own = strings[language];
  for (const text of texts) {
    if (other.values.has(text) && !own.values.has(text)) return `the ${language} answer says ${JSON.stringify(text)} in the other language`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Stored rows
// ---------------------------------------------------------------------------------------

/** No form field of the site takes these; PostgreSQL refuses NUL outright. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** The longest text any form field takes is a few thousand characters (campaign bodies the most). */
const MAX_STORED_TEXT = 60_000;

/** A row as the write log holds it (column names) in the shape the feature's schema reads (property names, no nulls). */
function asInput(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === null) continue;
    out[column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

/**
 * Tables whose user-written columns a feature validates with an exported zod schema: a row an
 * accepted input stored must pass that same schema again (what went in is what was checked).
 */
const STORED_ROW_SCHEMAS: Record<string, { schema: z.ZodType; from?: (row: Record<string, unknown>) => unknown }> = {
  prayer_requests: { schema: ZPrayerRequestInput.pick({ title: true, body: true, category: true, visibility: true }) },
  discussion_threads: { schema: ZThreadInput },
  discussion_replies: { schema: ZReplyInput.pick({ body: true }) },
  media_gallery: { schema: ZCaptions },
  gallery_albums: { schema: ZCaptions.pick({ title: true, titleEs: true }) },
  study_notes: { schema: zod.object({ body: zod.string().trim().min(1).max(MAX_NOTE_LENGTH) }) },
  class_signups: { schema: ZGuestDetails.pick({ name: true, email: true }) },
  signup_inbox: { schema: ZGuestDetails.pick({ name: true, email: true }) },
  // The form posts text: the stored numbers go back through it as text.
  church_settings: {
    schema: ZRetentionSettings,
    from: (row) => ({
      prayerRetentionDays: String(row.prayerRetentionDays),
      privatePrayerRetentionDays: String(row.privatePrayerRetentionDays),
      chatRetentionDays: String(row.chatRetentionDays),
    }),
  },
};

/** The tables re-validated with a feature's own schema (for the report). */
export const revalidatedTables = Object.keys(STORED_ROW_SCHEMAS);

/** A reason the stored row is garbage, or null. Checks every string, nested JSON included. */
export function checkStoredRow(table: string, row: Record<string, unknown>): string | null {
  let problem: string | null = null;
  const walk = (node: unknown, where: string) => {
    if (problem) return;
    if (typeof node === "string") {
      if (CONTROL.test(node)) problem = `${where} holds a control character: ${JSON.stringify(node.slice(0, 120))}`;
      else if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(node))
        problem = `${where} holds a lone surrogate`;
      else if (node.length > MAX_STORED_TEXT) problem = `${where} holds ${node.length} characters`;
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${where}[${i}]`));
    } else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) walk(v, where ? `${where}.${k}` : k);
    }
  };
  walk(row, table);
  if (problem) return problem;
  const revalidate = STORED_ROW_SCHEMAS[table];
  if (revalidate) {
    const input = asInput(row);
    const parsed = revalidate.schema.safeParse(revalidate.from ? revalidate.from(input) : input);
    if (!parsed.success)
      return `the row no longer passes its form's schema: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`;
  }
  return null;
}
