import { randomBytes } from "node:crypto";
import { mkdir, open, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { MAX_IMAGE_BYTES, sniffImageType } from "~/platform/uploads/upload-image.server";
import type { FilePartInfo, FileSink } from "~/platform/uploads/stream-form-data.server";
import { GALLERY_MAX_FILES } from "./gallery-model";

export interface ReceivedPhoto {
  /** The name on the admin's computer (for messages and the default title). */
  name: string;
  /** Where its bytes wait (DATA_DIR/uploads/gallery/.incoming-…) until they are re-encoded. */
  tempPath: string;
  bytes: number;
  type: "jpeg" | "png" | "webp" | null;
}

export type ReceiveProblem = { code: "tooLarge" | "badType"; name: string } | { code: "tooMany" };

function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return (
    base
      .replace(/[\u0000-\u001F\u007F"<>|:*?]/g, "")
      .trim()
      .slice(0, 150) || "photo"
  );
}

/**
 * The admin upload's file parts (input `files`): each streams to a temporary file, so twenty
 * 8 MB photos never sit in memory at once. A file over 8 MB, one whose first bytes are not
 * JPEG/PNG/WebP, or one past the 20th is noted as a problem and its bytes dropped.
 * `cleanup()` deletes every temporary file (call it in a finally).
 */
export function createGalleryUploads(uploadDir: string, maxFiles = GALLERY_MAX_FILES) {
  const photos: ReceivedPhoto[] = [];
  const problems: ReceiveProblem[] = [];
  const temps = new Set<string>();

  function onFile(info: FilePartInfo): FileSink | null {
    if (info.fieldName !== "files") return null;
    const name = cleanName(info.fileName);
    if (photos.length >= maxFiles) {
      if (!problems.some((p) => p.code === "tooMany")) problems.push({ code: "tooMany" });
      return null;
    }
    const tempPath = path.join(uploadDir, `.incoming-${randomBytes(12).toString("hex")}`);
    const photo: ReceivedPhoto = { name, tempPath, bytes: 0, type: null };
    let handle: FileHandle | null = null;
    let refused = false;
    let head = Buffer.alloc(0);
    const refuse = async (code: "tooLarge" | "badType") => {
      refused = true;
      problems.push({ code, name });
      await handle?.close().catch(() => undefined);
      handle = null;
      await rm(tempPath, { force: true });
      temps.delete(tempPath);
    };
    return {
      async write(chunk) {
        if (refused) return;
        photo.bytes += chunk.length;
        if (photo.bytes > MAX_IMAGE_BYTES) return refuse("tooLarge");
        if (!handle) {
          await mkdir(uploadDir, { recursive: true });
          handle = await open(tempPath, "wx", 0o600);
          temps.add(tempPath);
        }
        if (head.length < 16) head = Buffer.concat([head, Buffer.from(chunk.subarray(0, 16))]);
        await handle.write(chunk);
      },
      async end() {
        await handle?.close();
        handle = null;
        if (refused || photo.bytes === 0) return;
        photo.type = sniffImageType(head);
        if (!photo.type) return refuse("badType");
        photos.push(photo);
      },
      async abort() {
        await handle?.close().catch(() => undefined);
        handle = null;
        await rm(tempPath, { force: true });
        temps.delete(tempPath);
      },
    };
  }

  async function cleanup() {
    await Promise.all([...temps].map((t) => rm(t, { force: true })));
    temps.clear();
  }

  return { onFile, photos, problems, cleanup };
}
