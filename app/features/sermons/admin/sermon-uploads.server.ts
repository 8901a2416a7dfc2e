import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { once } from "node:events";
import path from "node:path";
import { getEnv } from "~/server/env.server";
import { SNIFF_BYTES, sniffSermonUpload, type SermonUploadKind } from "./sniff-media-type";
import type { FileSink, FilePartInfo } from "~/platform/uploads/stream-form-data.server";

const MB = 1024 * 1024;
/** The largest file of each kind. (server/app.ts refuses any request over 1 GB before this.) */
export const UPLOAD_LIMITS: Record<SermonUploadKind, number> = { audio: 300 * MB, video: 1024 * MB, notes: 25 * MB };

/** The form's file inputs. */
export const UPLOAD_FIELDS: Record<string, SermonUploadKind> = { audioFile: "audio", videoFile: "video", notesFile: "notes" };

export type UploadError = "uploadType" | "uploadTooLarge" | "uploadEmpty";

export interface StoredUpload {
  kind: SermonUploadKind;
  /** The public URL: /uploads/sermons/<random>.<ext> */
  url: string;
  filePath: string;
  bytes: number;
  mimeType: string;
  /** The name it had on the admin's computer (shown on the download link). */
  originalName: string;
}

/** `${DATA_DIR}/uploads`: server/app.ts serves it at /uploads. */
export function uploadRoot(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads");
}

/** A file name safe to show and to offer as a download name. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return (
    base
      .replace(/[\u0000-\u001F\u007F"<>|:*?]/g, "")
      .trim()
      .slice(0, 150) || "file"
  );
}

/**
 * The sermon editor's uploads: each file input streams to `<root>/sermons/<random>.<ext>`
 * once its first bytes show an accepted type; a wrong type, an empty file or one over its
 * limit is refused (its bytes dropped, nothing left on disk) and noted per kind.
 */
export function createSermonUploads(root: string = uploadRoot(), limits: Record<SermonUploadKind, number> = UPLOAD_LIMITS) {
  const dir = path.join(root, "sermons");
  const stored: Partial<Record<SermonUploadKind, StoredUpload>> = {};
  const errors: Partial<Record<SermonUploadKind, UploadError>> = {};
  const written = new Set<string>();

  function onFile(info: FilePartInfo): FileSink | null {
    const kind = UPLOAD_FIELDS[info.fieldName];
    // Unknown inputs, and a second file for the same input, are skipped.
    if (!kind || stored[kind] || errors[kind]) return null;
    const limit = limits[kind];
    let head: Buffer[] = [];
    let headBytes = 0;
    let bytes = 0;
    let stream: WriteStream | null = null;
    let filePath: string | null = null;
    let refused = false;
    let mimeType = "";

    const refuse = async (error: UploadError) => {
      refused = true;
      errors[kind] = error;
      head = [];
      if (stream) {
        stream.destroy();
        stream = null;
      }
      if (filePath) {
        await rm(filePath, { force: true });
        written.delete(filePath);
      }
    };

    const start = async (complete: boolean) => {
      const sample = Buffer.concat(head);
      const sniffed = sniffSermonUpload(kind, sample.subarray(0, SNIFF_BYTES), info.fileName, complete);
      if (!sniffed) return refuse("uploadType");
      mimeType = sniffed.mimeType;
      await mkdir(dir, { recursive: true });
      filePath = path.join(dir, `${randomBytes(16).toString("hex")}.${sniffed.extension}`);
      written.add(filePath);
      stream = createWriteStream(filePath, { flags: "wx" });
      head = [];
      await put(sample);
    };

    const put = async (chunk: Buffer) => {
      if (!stream) return;
      if (!stream.write(chunk)) await once(stream, "drain");
    };

    return {
      async write(chunk) {
        if (refused) return;
        bytes += chunk.length;
        if (bytes > limit) return refuse("uploadTooLarge");
        const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        if (!stream) {
          head.push(buf);
          headBytes += buf.length;
          if (headBytes >= SNIFF_BYTES) await start(false);
          return;
        }
        await put(buf);
      },
      async end() {
        if (refused) return;
        if (bytes === 0) return refuse("uploadEmpty");
        if (!stream) await start(true);
        const open = stream as WriteStream | null;
        if (!open || refused) return;
        open.end();
        await once(open, "finish");
        stored[kind] = {
          kind,
          url: `/uploads/sermons/${path.basename(filePath!)}`,
          filePath: filePath!,
          bytes,
          mimeType,
          originalName: cleanName(info.fileName),
        };
      },
      async abort() {
        await refuse("uploadType");
      },
    };
  }

  return {
    onFile,
    stored,
    errors,
    /** Removes every file this request wrote (the save failed or was refused). */
    async removeAll() {
      await Promise.all([...written].map((f) => rm(f, { force: true })));
      written.clear();
    },
  };
}

export type SermonUploads = ReturnType<typeof createSermonUploads>;

/** Removes a file an old upload left once its row no longer points to it. Only /uploads/sermons/ files. */
export async function removeUploadedFile(url: string | null | undefined, root: string = uploadRoot()): Promise<void> {
  if (!url) return;
  const match = /^\/uploads\/sermons\/([0-9a-f]{32}\.[a-z0-9]{2,5})$/.exec(url);
  if (!match) return;
  await rm(path.join(root, "sermons", match[1]!), { force: true });
}
