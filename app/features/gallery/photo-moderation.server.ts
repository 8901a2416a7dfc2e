import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { mediaGallery } from "~/db/schema";
import type { ModerationOutcome } from "~/platform/admin/moderation-outcome";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { greetableName } from "~/platform/email/email-content";
import { personOf } from "~/platform/people/people.server";
import { renderEmail } from "~/platform/email/render-email";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { enqueueEmail } from "~/server/outbox.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { firstErrorKey, ZCaptions } from "./gallery-input";
import { GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX } from "./gallery-model";
import { galleryAdminTranslator } from "./gallery-admin-translation";
import { galleryUploadDir, removeGalleryFiles } from "./store-gallery-image.server";
import { churchName } from "~/platform/church/church-settings.server";

/** Members' photos waiting for review, oldest first, with everything a moderator needs to decide. */
export async function loadPhotoModeration({ ctx }: { ctx: AdminContext }) {
  const rows = await ctx.db
    .select({
      id: mediaGallery.id,
      title: mediaGallery.title,
      titleEs: mediaGallery.titleEs,
      description: mediaGallery.description,
      descriptionEs: mediaGallery.descriptionEs,
      imageUrl: mediaGallery.imageUrl,
      variantBase: mediaGallery.variantBase,
      width: mediaGallery.width,
      height: mediaGallery.height,
      submitterName: mediaGallery.submitterName,
      createdAt: mediaGallery.createdAt,
    })
    .from(mediaGallery)
    .where(eq(mediaGallery.status, "pending"))
    .orderBy(asc(mediaGallery.createdAt))
    .limit(50);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    limits: { title: GALLERY_TITLE_MAX, description: GALLERY_DESCRIPTION_MAX },
  };
}

export type PhotoModerationData = Awaited<ReturnType<typeof loadPhotoModeration>>;

const ZDecision = z.object({ id: z.uuid() });

/**
 * gallery-approve (with the captions, where staff may add the other language, and an optional
 * email to the member in their language) and gallery-reject (the files are deleted and the row
 * stays as `rejected` without an image, so it can never be shown; the audit log keeps who and when).
 */
export async function runPhotoModerationAction(options: {
  ctx: AdminContext;
  form: FormData;
  intent: string;
  request: Request;
  uploadDir?: string;
}): Promise<ModerationOutcome> {
  const { ctx, form, intent } = options;
  const t = galleryAdminTranslator(ctx.language);
  const decision = ZDecision.safeParse({ id: form.get("id") });
  const id = decision.success ? decision.data.id : undefined;
  const fail = (status: 400 | 404 | 409, message: string): ModerationOutcome => ({ ok: false, status, message, id });
  if (!decision.success || (intent !== "gallery-approve" && intent !== "gallery-reject")) return fail(400, t("errors.invalidRequest"));
  const limit = await consumeRateLimit(ctx.db, `gallery:moderate:${ctx.admin.userId}`, { limit: 300, windowSeconds: 60 * 60 });
  if (!limit.allowed) return fail(409, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) }));

  if (intent === "gallery-approve") {
    const captions = ZCaptions.safeParse(
      Object.fromEntries(["title", "titleEs", "description", "descriptionEs"].map((k) => [k, formText(form, k)])),
    );
    if (!captions.success) {
      const key = firstErrorKey(captions.error);
      return fail(
        400,
        key === "descriptionTooLong"
          ? t("errors.descriptionTooLong", { max: GALLERY_DESCRIPTION_MAX })
          : t("errors.titleTooLong", { max: GALLERY_TITLE_MAX }),
      );
    }
    const notify = form.get("notify") === "on";
    const result = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as AppDatabase;
      const [row] = await db.select().from(mediaGallery).where(eq(mediaGallery.id, decision.data.id)).for("update");
      if (!row) return "notFound" as const;
      if (row.status !== "pending") return "notPending" as const;
      const c = captions.data;
      const after = {
        status: "approved" as const,
        title: c.title ?? row.title,
        titleEs: c.titleEs,
        description: c.description,
        descriptionEs: c.descriptionEs,
      };
      await db
        .update(mediaGallery)
        .set(after)
        .where(and(eq(mediaGallery.id, row.id), eq(mediaGallery.status, "pending")));
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor: ctx.admin,
        ipAddress: ctx.ip,
        entry: {
          action: "gallery.photo.approve",
          entityType: "media_gallery",
          entityId: row.id,
          before: { status: row.status, title: row.title, titleEs: row.titleEs },
          after,
        },
      });
      if (notify && row.submittedByUserId)
        await queueApprovedEmail(db, { userId: row.submittedByUserId, title: after.title, titleEs: after.titleEs });
      return "ok" as const;
    });
    if (result === "notFound") return fail(404, t("errors.notFound"));
    if (result === "notPending") return fail(409, t("errors.notPending"));
    return { ok: true };
  }

  const result = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [row] = await db.select().from(mediaGallery).where(eq(mediaGallery.id, decision.data.id)).for("update");
    if (!row) return { outcome: "notFound" as const };
    if (row.status !== "pending") return { outcome: "notPending" as const };
    await db.update(mediaGallery).set({ status: "rejected", imageUrl: null, variantBase: null }).where(eq(mediaGallery.id, row.id));
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: ctx.admin,
      ipAddress: ctx.ip,
      entry: {
        action: "gallery.photo.reject",
        entityType: "media_gallery",
        entityId: row.id,
        before: { status: row.status, imageUrl: row.imageUrl },
        after: { status: "rejected", imageUrl: null },
      },
    });
    return { outcome: "ok" as const, variantBase: row.variantBase };
  });
  if (result.outcome === "notFound") return fail(404, t("errors.notFound"));
  if (result.outcome === "notPending") return fail(409, t("errors.notPending"));
  // After the commit: a failed transaction must not have taken the files with it.
  await removeGalleryFiles(result.variantBase ?? null, options.uploadDir ?? galleryUploadDir());
  return { ok: true };
}

function formText(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === "string" ? value : undefined;
}

/** "Your photo is in the gallery", to the member in their language. */
async function queueApprovedEmail(db: AppDatabase, o: { userId: string; title: string; titleEs: string | null }): Promise<void> {
  const person = await personOf(db, o.userId);
  if (!person?.email) return;
  const t = galleryAdminTranslator(person.language);
  const base = siteUrl(getEnv());
  const values = { name: greetableName(person.name), title: (person.language === "es" && o.titleEs) || o.title };
  await enqueueEmail(db, {
    to: person.email,
    subject: t("emails.approved.subject"),
    ...renderEmail({
      language: person.language,
      churchName: await churchName(db, person.language),
      siteUrl: base,
      heading: t("emails.approved.heading"),
      paragraphs: [values.name ? t("emails.greeting", values) : t("emails.greetingNoName"), t("emails.approved.intro", values)],
      action: {
        label: t("emails.approved.action"),
        url: new URL(`/community${person.language === "es" ? "?lang=es" : ""}#gallery`, base).toString(),
      },
    }),
  });
}
