import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import { prayerParts } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import {
  MAX_PART_TEXT,
  PART_KINDS,
  PRAYER_TOPICS,
  type PrayerPartKind,
  type PrayerTopic,
} from "~/features/prayer-generator/generator-views";
import type { AppDatabase } from "~/server/db.server";
import type { FieldErrorCode } from "./content-fields";

/** The library list's filter: a topic, "any" (parts for every topic) or all; a kind or all. */
export interface PrayerLibraryFilter {
  topic: PrayerTopic | "any" | null;
  kind: PrayerPartKind | null;
}

export interface PrayerPartItem {
  id: number;
  kind: PrayerPartKind;
  topic: PrayerTopic | null;
  textEn: string;
  textEs: string;
  active: boolean;
  /** Changes when the row is saved, so the form re-renders with the saved text. */
  version: string;
}

export function readLibraryFilter(url: URL): PrayerLibraryFilter {
  const topic = url.searchParams.get("ptopic");
  const kind = url.searchParams.get("pkind");
  return {
    topic: topic === "any" || (PRAYER_TOPICS as readonly string[]).includes(topic ?? "") ? (topic as PrayerTopic | "any") : null,
    kind: (PART_KINDS as readonly string[]).includes(kind ?? "") ? (kind as PrayerPartKind) : null,
  };
}

/** The prayer generator's library for the content page, filtered, with the total count. */
export async function loadPrayerLibrary({ db, filter }: { db: AppDatabase; filter: PrayerLibraryFilter }) {
  const conditions: SQL[] = [];
  if (filter.topic === "any") conditions.push(isNull(prayerParts.topic));
  else if (filter.topic) conditions.push(eq(prayerParts.topic, filter.topic));
  if (filter.kind) conditions.push(eq(prayerParts.kind, filter.kind));
  const rows = await db
    .select()
    .from(prayerParts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(prayerParts.kind), asc(prayerParts.topic), asc(prayerParts.sortOrder), asc(prayerParts.id));
  const total = (await db.select({ id: prayerParts.id }).from(prayerParts)).length;
  const parts: PrayerPartItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    topic: r.topic,
    textEn: r.textEn,
    textEs: r.textEs,
    active: r.active,
    version: r.updatedAt.toISOString(),
  }));
  return { parts, filter, total };
}

const ALLOWED_PLACEHOLDERS = new Set(["name", "words"]);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
const partText = z
  .string({ error: () => "required" })
  .transform((v) => v.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, { error: () => "required" })
      .max(MAX_PART_TEXT, { error: () => "tooLong" }),
  )
  .refine((v) => placeholders(v).every((p) => ALLOWED_PLACEHOLDERS.has(p)) && !/\{\{|\}\}/.test(v.replace(/\{\{\s*\w+\s*\}\}/g, "")), {
    error: () => "placeholder",
  });

export const ZPrayerPartInput = z
  .object({
    kind: z.enum(PART_KINDS, { error: () => "choice" }),
    topic: z
      .string({ error: () => "choice" })
      .transform((v) => (v === "" || v === "any" ? null : v))
      .pipe(z.enum(PRAYER_TOPICS, { error: () => "choice" }).nullable()),
    textEn: partText,
    textEs: partText,
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "intercession") return;
    for (const field of ["textEn", "textEs"] as const) {
      if (!placeholders(v[field]).includes("name")) ctx.addIssue({ code: "custom", path: [field], message: "needsName" });
    }
  });

type Actor = Pick<AdminIdentity, "userId" | "name">;
export type PrayerPartResult =
  | { ok: true; id: string; message: "partCreated" | "saved" | "unchanged" | "partActivated" | "partDeactivated" | "partDeleted" }
  | { ok: false; status: 400 | 404; id: string | null; message: "invalid" | "notFound"; fieldErrors?: Record<string, FieldErrorCode> };

const ZId = z.coerce.number().int().positive();
const snapshot = (r: typeof prayerParts.$inferSelect) => ({
  kind: r.kind,
  topic: r.topic,
  textEn: r.textEn,
  textEs: r.textEs,
  active: r.active,
});

/**
 * The library's four operations from the content page: create, update (both languages, kind
 * and topic), activate/deactivate, delete. Each is validated, runs in one transaction with its
 * audit entry, and invalid input changes nothing.
 */
export async function runPrayerPartAction(o: {
  db: AppDatabase;
  actor: Actor;
  ip: string;
  intent: string;
  input: Record<string, unknown>;
}): Promise<PrayerPartResult> {
  const { db, actor, ip, intent, input } = o;
  const rawId = typeof input.id === "string" ? input.id : null;
  const invalid = (fieldErrors?: Record<string, FieldErrorCode>): PrayerPartResult => ({
    ok: false,
    status: 400,
    id: rawId,
    message: "invalid",
    fieldErrors,
  });
  const parseFields = () => {
    const parsed = ZPrayerPartInput.safeParse({ kind: input.kind, topic: input.topic ?? "", textEn: input.textEn, textEs: input.textEs });
    if (parsed.success) return { data: parsed.data };
    const fieldErrors: Record<string, FieldErrorCode> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      fieldErrors[field] ??= (
        ["required", "tooLong", "choice", "placeholder", "needsName"].includes(issue.message) ? issue.message : "required"
      ) as FieldErrorCode;
    }
    return { fieldErrors };
  };
  const audit = (
    tx: AppDatabase,
    verb: "create" | "update" | "activate" | "deactivate" | "delete",
    id: number,
    before: unknown,
    after: unknown,
  ) =>
    recordAudit({
      db: tx,
      actor,
      ipAddress: ip,
      entry: { action: `content.prayer_part.${verb}`, entityType: "prayer_part", entityId: String(id), before, after },
    });

  if (intent === "prayer-part-create") {
    const { data, fieldErrors } = parseFields();
    if (!data) return invalid(fieldErrors);
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDatabase;
      const now = new Date();
      const [row] = await tx
        .insert(prayerParts)
        .values({ ...data, active: true, sortOrder: 1000, createdAt: now, updatedAt: now })
        .returning();
      await audit(tx, "create", row!.id, null, snapshot(row!));
      return { ok: true, id: String(row!.id), message: "partCreated" } as const;
    });
  }

  const id = ZId.safeParse(rawId);
  if (!id.success) return invalid();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as AppDatabase;
    const [current] = await tx.select().from(prayerParts).where(eq(prayerParts.id, id.data)).for("update");
    if (!current) return { ok: false, status: 404, id: rawId, message: "notFound" } as const;
    switch (intent) {
      case "prayer-part-update": {
        const { data, fieldErrors } = parseFields();
        if (!data) return invalid(fieldErrors);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(data)) {
          const old = current[key as keyof typeof data] ?? null;
          if (old !== value) {
            before[key] = old;
            after[key] = value;
          }
        }
        if (Object.keys(after).length === 0) return { ok: true, id: String(current.id), message: "unchanged" } as const;
        await tx
          .update(prayerParts)
          .set({ ...data, updatedAt: new Date() })
          .where(eq(prayerParts.id, current.id));
        await audit(tx, "update", current.id, before, after);
        return { ok: true, id: String(current.id), message: "saved" } as const;
      }
      case "prayer-part-toggle": {
        const active = !current.active;
        await tx.update(prayerParts).set({ active, updatedAt: new Date() }).where(eq(prayerParts.id, current.id));
        await audit(tx, active ? "activate" : "deactivate", current.id, { active: current.active }, { active });
        return { ok: true, id: String(current.id), message: active ? "partActivated" : "partDeactivated" } as const;
      }
      case "prayer-part-delete": {
        await tx.delete(prayerParts).where(eq(prayerParts.id, current.id));
        await audit(tx, "delete", current.id, snapshot(current), null);
        return { ok: true, id: String(current.id), message: "partDeleted" } as const;
      }
      default:
        return invalid();
    }
  });
}
