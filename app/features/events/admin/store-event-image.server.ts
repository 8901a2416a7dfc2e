import { MAX_IMAGE_BYTES, sniffImageType, storeImageVariants } from "~/platform/uploads/upload-image.server";
import { IMAGE_REFUSAL_FIELD_ERRORS } from "~/server/image-jobs.server";
import type { EventFieldError } from "./event-form";

export type StoreImageResult = { ok: true; url: string; files: string[] } | { ok: false; error: EventFieldError };

/**
 * An event's flyer image, processed as content images are: a JPEG, PNG or WebP of at most
 * 8 MB, sniffed from its bytes, re-encoded by `storeImageVariants` into `uploadDir`. Answers
 * the largest file's URL; the caller records it, and removes the files with
 * `removeImageFiles` if its transaction fails.
 */
export async function storeEventImage(file: File, uploadDir: string): Promise<StoreImageResult> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "imageTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) return { ok: false, error: "imageType" };
  const stored = await storeImageVariants(bytes, uploadDir);
  return stored.ok ? stored : { ok: false, error: IMAGE_REFUSAL_FIELD_ERRORS[stored.reason] satisfies EventFieldError };
}
