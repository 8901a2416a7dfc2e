import { mediaGallery } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { removeFiles, type StoredGalleryImage } from "./store-gallery-image.server";

/**
 * Records a member's photo as `pending` (never public until a moderator approves it), in the
 * member's language: a Spanish caption fills both columns until staff add the English one.
 * If the insert fails, the stored files are removed.
 */
export async function submitGalleryPhoto(options: {
  db: AppDatabase;
  stored: StoredGalleryImage;
  userId: string;
  submitterName: string;
  language: Language;
  title: string;
  description: string | null;
  now?: Date;
}): Promise<string> {
  const { stored, language } = options;
  try {
    const [row] = await options.db
      .insert(mediaGallery)
      .values({
        title: options.title,
        titleEs: language === "es" ? options.title : null,
        description: options.description,
        descriptionEs: language === "es" ? options.description : null,
        imageUrl: stored.imageUrl,
        variantBase: stored.variantBase,
        width: stored.width,
        height: stored.height,
        mediaType: "image",
        status: "pending",
        submittedByUserId: options.userId,
        submitterName: options.submitterName,
        ...(options.now ? { createdAt: options.now } : {}),
      })
      .returning({ id: mediaGallery.id });
    return row!.id;
  } catch (error) {
    await removeFiles(stored.files);
    throw error;
  }
}
