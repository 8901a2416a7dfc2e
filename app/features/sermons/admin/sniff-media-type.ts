/** The kinds of file a sermon takes. */
export type SermonUploadKind = "audio" | "video" | "notes";

/** What a file's first bytes say it is (never trusting its name or the browser's type). */
export interface SniffedType {
  mimeType: string;
  extension: string;
}

/** How many first bytes the check needs (a text file is checked on this much). */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");

function isMp3(b: Uint8Array): boolean {
  if (ascii(b, 0, 3) === "ID3") return true;
  // An MPEG audio frame header: 11 sync bits, a version that is not "reserved", layer III/II/I.
  return b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x18) !== 0x08 && (b[1]! & 0x06) !== 0;
}

/** An ISO base media file (MP4, M4A): a box of type "ftyp" first; its major brand. */
function ftypBrand(b: Uint8Array): string | null {
  return b.length >= 12 && ascii(b, 4, 8) === "ftyp" ? ascii(b, 8, 12) : null;
}

const isWebm = (b: Uint8Array) => b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
const isPdf = (b: Uint8Array) => ascii(b, 0, 5) === "%PDF-";
const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** An OpenDocument file stores "mimetype" first, uncompressed, right after the zip header. */
const isOdt = (b: Uint8Array) =>
  isZip(b) && ascii(b, 30, 38) === "mimetype" && ascii(b, 38, 77) === "application/vnd.oasis.opendocument.text";

function isText(b: Uint8Array, complete: boolean): boolean {
  if (b.length === 0 || b.includes(0)) return false;
  // A multi-byte character may be cut at the end of the sample: check all but its last 3 bytes.
  const sample = complete ? b : b.subarray(0, Math.max(0, b.length - 3));
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
}

const QUICKTIME_BRANDS = new Set(["qt  "]);

/**
 * The type of an upload from its first bytes (up to SNIFF_BYTES; `complete` when that is the
 * whole file) and its name's extension, which must agree: an MP3 named .mp3, a PDF named .pdf.
 * Null when the content is not an accepted type for the kind, or does not match the name.
 */
export function sniffSermonUpload(kind: SermonUploadKind, head: Uint8Array, fileName: string, complete: boolean): SniffedType | null {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";
  if (kind === "audio") {
    if ((ext === "mp3" || ext === "mpga") && isMp3(head)) return { mimeType: "audio/mpeg", extension: "mp3" };
    const brand = ftypBrand(head);
    if ((ext === "m4a" || ext === "mp4" || ext === "aac") && brand && !QUICKTIME_BRANDS.has(brand))
      return { mimeType: "audio/mp4", extension: "m4a" };
    return null;
  }
  if (kind === "video") {
    const brand = ftypBrand(head);
    if ((ext === "mp4" || ext === "m4v") && brand && !QUICKTIME_BRANDS.has(brand)) return { mimeType: "video/mp4", extension: "mp4" };
    if (ext === "webm" && isWebm(head)) return { mimeType: "video/webm", extension: "webm" };
    return null;
  }
  if (ext === "pdf" && isPdf(head)) return { mimeType: "application/pdf", extension: "pdf" };
  if (ext === "odt" && isOdt(head)) return { mimeType: "application/vnd.oasis.opendocument.text", extension: "odt" };
  if (ext === "docx" && isZip(head) && !isOdt(head))
    return { mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" };
  if (ext === "txt" && isText(head, complete)) return { mimeType: "text/plain", extension: "txt" };
  return null;
}
