import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { faqItems } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { isAllowedUrl } from "~/lib/allowed-url";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, type FaqItem } from "./faq-views";

/** The assistant FAQ for the content page, in its order. */
export async function loadFaqAdmin(db: AppDatabase): Promise<FaqItem[]> {
  const rows = await db.select().from(faqItems).orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
  return rows.map((r) => ({
    id: r.id,
    questionEn: r.questionEn,
    questionEs: r.questionEs ?? "",
    answerEn: r.answerEn,
    answerEs: r.answerEs ?? "",
    href: r.href ?? "",
    active: r.active,
    version: r.updatedAt.toISOString(),
  }));
}

const text = (max: number, required: boolean) =>
  z
    .string({ error: () => "required" })
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, { error: () => "tooLong" }))
    .transform((v, ctx) => {
      if (v === "") {
        if (required) ctx.addIssue({ code: "custom", message: "required" });
        return null;
      }
      return v;
    });

const requiredText = (max: number) => text(max, true).transform((v) => v ?? "");

export const ZFaqInput = z.object({
  questionEn: requiredText(FAQ_QUESTION_MAX),
  questionEs: text(FAQ_QUESTION_MAX, false),
  answerEn: requiredText(FAQ_ANSWER_MAX),
  answerEs: text(FAQ_ANSWER_MAX, false),
  href: text(2000, false).refine((v) => v === null || isAllowedUrl(v), { error: () => "url" }),
});

type Actor = Pick<AdminIdentity, "userId" | "name">;
/** The field errors of the FAQ form (the content page translates them: `content.errors.<code>`). */
type FieldErrorCode = "required" | "tooLong" | "url";

export type FaqResult =
  | { ok: true; id: string; message: "faqCreated" | "saved" | "unchanged" | "faqActivated" | "faqDeactivated" | "faqDeleted" }
  | { ok: false; status: 400 | 404; id: string | null; message: "invalid" | "notFound"; fieldErrors?: Record<string, FieldErrorCode> };

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const snapshot = (r: typeof faqItems.$inferSelect) => ({
  questionEn: r.questionEn,
  questionEs: r.questionEs,
  answerEn: r.answerEn,
  answerEs: r.answerEs,
  href: r.href,
  active: r.active,
});

/**
 * The assistant FAQ's operations from the content page: create, update, activate/deactivate,
 * delete. Each is validated, runs in one transaction with its audit entry and a new content
 * version (the assistant reads the FAQ again at once); invalid input changes nothing.
 */
export async function runFaqAction(o: {
  db: AppDatabase;
  actor: Actor;
  ip: string;
  intent: string;
  input: Record<string, unknown>;
}): Promise<FaqResult> {
  const { db, actor, ip, intent, input } = o;
  const rawId = typeof input.id === "string" ? input.id : null;
  const invalid = (fieldErrors?: Record<string, FieldErrorCode>): FaqResult => ({
    ok: false,
    status: 400,
    id: rawId,
    message: "invalid",
    fieldErrors,
  });
  const parseFields = () => {
    const pick = (key: string) => (typeof input[key] === "string" ? input[key] : "");
    const parsed = ZFaqInput.safeParse({
      questionEn: pick("questionEn"),
      questionEs: pick("questionEs"),
      answerEn: pick("answerEn"),
      answerEs: pick("answerEs"),
      href: pick("href"),
    });
    if (parsed.success) return { data: parsed.data };
    const fieldErrors: Record<string, FieldErrorCode> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      fieldErrors[field] ??= (["required", "tooLong", "url"].includes(issue.message) ? issue.message : "required") as FieldErrorCode;
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
      entry: { action: `content.faq.${verb}`, entityType: "faq_item", entityId: String(id), before, after },
    });

  if (intent === "faq-create") {
    const { data, fieldErrors } = parseFields();
    if (!data) return invalid(fieldErrors);
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDatabase;
      const now = new Date();
      const [row] = await tx
        .insert(faqItems)
        .values({ ...data, active: true, sortOrder: 1000, createdAt: now, updatedAt: now })
        .returning();
      await audit(tx, "create", row!.id, null, snapshot(row!));
      await bumpContentVersion(tx);
      return { ok: true, id: String(row!.id), message: "faqCreated" } as const;
    });
  }

  const id = ZId.safeParse(rawId);
  if (!id.success) return invalid();
  if (!["faq-update", "faq-toggle", "faq-delete"].includes(intent)) return invalid();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as AppDatabase;
    const [current] = await tx.select().from(faqItems).where(eq(faqItems.id, id.data)).for("update");
    if (!current) return { ok: false, status: 404, id: rawId, message: "notFound" } as const;
    switch (intent) {
      case "faq-update": {
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
          .update(faqItems)
          .set({ ...data, updatedAt: new Date() })
          .where(eq(faqItems.id, current.id));
        await audit(tx, "update", current.id, before, after);
        await bumpContentVersion(tx);
        return { ok: true, id: String(current.id), message: "saved" } as const;
      }
      case "faq-toggle": {
        const active = !current.active;
        await tx.update(faqItems).set({ active, updatedAt: new Date() }).where(eq(faqItems.id, current.id));
        await audit(tx, active ? "activate" : "deactivate", current.id, { active: current.active }, { active });
        await bumpContentVersion(tx);
        return { ok: true, id: String(current.id), message: active ? "faqActivated" : "faqDeactivated" } as const;
      }
      default: {
        await tx.delete(faqItems).where(eq(faqItems.id, current.id));
        await audit(tx, "delete", current.id, snapshot(current), null);
        await bumpContentVersion(tx);
        return { ok: true, id: String(current.id), message: "faqDeleted" } as const;
      }
    }
  });
}
