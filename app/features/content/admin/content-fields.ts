import { z } from "zod";
import { isAllowedUrl } from "~/lib/allowed-url";
import type { AuditAction } from "~/lib/audit-actions";

/**
 * What the content section edits, one descriptor per kind of item: the bilingual pairs shown
 * side by side (English | Spanish) and the single fields (names, links). The page renders
 * from these and the save operation validates with them, so the two never disagree.
 */
export type ContentKind = "block" | "card" | "leader" | "value" | "video";

export const TITLE_MAX = 200;
export const BODY_MAX = 10_000;
export const SHORT_MAX = 500;
export const URL_MAX = 2_000;

export interface PairField {
  /** Base name: the columns are `${name}En` and `${name}Es`. */
  name: "title" | "body" | "summary" | "imageAlt" | "description" | "role" | "bio";
  multiline: boolean;
  max: number;
  /** English is required (Spanish is always optional: it falls back to English). */
  required: boolean;
}

export interface SingleField {
  name: "name" | "imageUrl" | "linkUrl" | "href" | "photoUrl" | "mp4Url" | "webmUrl" | "posterUrl";
  url: boolean;
  max: number;
  required: boolean;
}

export interface KindDescriptor {
  intent: `save-${ContentKind}`;
  /** Audit action and entity type. */
  auditAction: `content.${ContentKind}.update`;
  entityType: string;
  pairs: PairField[];
  singles: SingleField[];
  /** The single field an uploaded image is recorded into, if any. */
  imageField?: "imageUrl" | "photoUrl" | "posterUrl";
  /** With `imageField`: the audit action of an image upload. */
  imageAuditAction?: Extract<AuditAction, `content.${ContentKind}.image.upload`>;
}

const title: PairField = { name: "title", multiline: false, max: TITLE_MAX, required: true };
const url = (name: SingleField["name"], required = false): SingleField => ({ name, url: true, max: URL_MAX, required });

export const contentKinds: Record<ContentKind, KindDescriptor> = {
  block: {
    intent: "save-block",
    auditAction: "content.block.update",
    entityType: "content_block",
    pairs: [
      title,
      { name: "body", multiline: true, max: BODY_MAX, required: false },
      { name: "summary", multiline: true, max: SHORT_MAX, required: false },
      { name: "imageAlt", multiline: false, max: SHORT_MAX, required: false },
    ],
    singles: [url("imageUrl"), url("linkUrl")],
    imageField: "imageUrl",
    imageAuditAction: "content.block.image.upload",
  },
  card: {
    intent: "save-card",
    auditAction: "content.card.update",
    entityType: "home_card",
    pairs: [title, { name: "description", multiline: true, max: BODY_MAX, required: true }],
    singles: [url("href")],
  },
  leader: {
    intent: "save-leader",
    auditAction: "content.leader.update",
    entityType: "leader",
    pairs: [
      { name: "role", multiline: false, max: TITLE_MAX, required: true },
      { name: "bio", multiline: true, max: BODY_MAX, required: true },
    ],
    singles: [{ name: "name", url: false, max: TITLE_MAX, required: true }, url("photoUrl")],
    imageField: "photoUrl",
    imageAuditAction: "content.leader.image.upload",
  },
  value: {
    intent: "save-value",
    auditAction: "content.value.update",
    entityType: "church_value",
    pairs: [title, { name: "description", multiline: true, max: BODY_MAX, required: true }],
    singles: [],
  },
  video: {
    intent: "save-video",
    auditAction: "content.video.update",
    entityType: "hero_video",
    pairs: [title],
    singles: [url("mp4Url", true), url("webmUrl"), url("posterUrl", true)],
    imageField: "posterUrl",
    imageAuditAction: "content.video.image.upload",
  },
};

export const kindByIntent = new Map(Object.entries(contentKinds).map(([kind, d]) => [d.intent as string, kind as ContentKind]));

/** Error codes the page translates (`content.errors.<code>`). */
export type FieldErrorCode = "required" | "tooLong" | "url" | "choice" | "placeholder" | "needsName";

function textField(max: number, required: boolean, urlField: boolean) {
  const base = z
    .string({ error: () => "required" })
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(max, { error: () => "tooLong" }));
  return base.transform((v, ctx) => {
    if (v === "") {
      if (required) ctx.addIssue({ code: "custom", message: "required" });
      return null;
    }
    if (urlField && !isAllowedUrl(v)) ctx.addIssue({ code: "custom", message: "url" });
    return v;
  });
}

/** Column name → (validated) value; an empty optional field becomes null. */
export function kindSchema(kind: ContentKind) {
  const d = contentKinds[kind];
  const shape: Record<string, z.ZodType<string | null, unknown>> = {};
  for (const p of d.pairs) {
    shape[`${p.name}En`] = textField(p.max, p.required, false);
    shape[`${p.name}Es`] = textField(p.max, false, false);
  }
  for (const s of d.singles) shape[s.name] = textField(s.max, s.required, s.url);
  return z.object(shape);
}

/** Every column the kind's form edits. */
export function editableColumns(kind: ContentKind): string[] {
  const d = contentKinds[kind];
  return [...d.pairs.flatMap((p) => [`${p.name}En`, `${p.name}Es`]), ...d.singles.map((s) => s.name)];
}

/** True when an English field has text but its Spanish counterpart is empty. */
export function isMissingSpanish(kind: ContentKind, row: Record<string, unknown>): boolean {
  return contentKinds[kind].pairs.some((p) => {
    const en = row[`${p.name}En`];
    const es = row[`${p.name}Es`];
    return typeof en === "string" && en.trim() !== "" && (typeof es !== "string" || es.trim() === "");
  });
}
