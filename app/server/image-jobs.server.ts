import type { Sharp } from "sharp";
import { loadSharp } from "./sharp.server";

/**
 * Every uploaded image (gallery and members' photos, product, content and event images) is
 * checked and re-encoded here, one at a time per process (issue 32, item 4; ADR 030).
 *
 * 1. The header is read first (`metadata()` decodes no pixels): an image over 25 MP, longer
 *    than 8:1 either way, or not a JPEG, PNG or WebP is refused before any work is queued.
 * 2. The job waits in a FIFO with one slot; a full queue answers "busy" at once.
 * 3. Inside the slot the image is decoded once, turned upright and shrunk into a box no larger
 *    than the largest output (a raw buffer of at most 1600 × 3200 px), and every output is
 *    encoded from that buffer instead of decoding the upload again per output.
 */

/**
 * 25 MP: the largest default photo of a current phone (iPhone 15/16 Pro, 5712 × 4284 =
 * 24.5 MP) and a 24 MP camera (6000 × 4000) pass; the tester's 1600 × 16300 (26 MP) does not.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Longest side over shortest side: phone panoramas (≤ ~6:1) pass, 1600 × 16300 (10:1) does not. */
export const MAX_ASPECT_RATIO = 8;
/**
 * No output is taller than this (twice the largest width: a 1:2 portrait keeps all 1600 px of
 * width). Without it a 1:8 image 1600 px wide became a 1600 × 12800 AVIF, ~10× an ordinary
 * photo's work and memory (bench/README.md, issue 32).
 */
export const MAX_OUTPUT_HEIGHT = 3200;
/**
 * Jobs that may wait behind the running one. An ordinary photo takes ~0.5–1 s here, the
 * largest accepted ~1.5 s, so the last one waits ≲ 15 s, well inside a proxy's timeout;
 * beyond that a request would only hold its upload in memory longer.
 */
export const MAX_WAITING_IMAGE_JOBS = 8;
/** Retry-After of a "busy" answer: about the time the full queue takes to drain. */
export const IMAGE_BUSY_RETRY_AFTER_SECONDS = 15;

export type ImageRefusal = "unreadable" | "tooManyPixels" | "badShape" | "busy";

/** The field error an editor form (events, store products) shows for each refusal. */
export const IMAGE_REFUSAL_FIELD_ERRORS = {
  unreadable: "imageUnreadable",
  tooManyPixels: "imageTooManyPixels",
  badShape: "imageShape",
  busy: "imageBusy",
} as const satisfies Record<ImageRefusal, string>;

/** The status of a refusal's answer: "busy" is the server's (503, try again), the rest the image's. */
export function imageRefusalStatus(reason: ImageRefusal): 400 | 503 {
  return reason === "busy" ? 503 : 400;
}

/** The headers of a "busy" answer (503): when to try again. */
export const IMAGE_BUSY_HEADERS = { "Retry-After": String(IMAGE_BUSY_RETRY_AFTER_SECONDS) } as const;

export class ImageJobsBusyError extends Error {
  constructor() {
    super("image jobs: the queue is full");
    this.name = "ImageJobsBusyError";
  }
}

// A 20-line FIFO instead of p-limit/p-queue (ADR 030): neither is a dependency, p-limit has no
// cap on waiting jobs, and this one hands the slot straight to the next job (no gap in which a
// newcomer could overtake).
let running = 0;
const waiting: Array<() => void> = [];
const stats = { started: 0, inFlight: 0, maxInFlight: 0 };

/** Runs `job` when the slot is free; throws ImageJobsBusyError at once when the queue is full. */
export async function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  if (running === 0) running = 1;
  else if (waiting.length >= MAX_WAITING_IMAGE_JOBS) throw new ImageJobsBusyError();
  else await new Promise<void>((resolve) => waiting.push(resolve));
  stats.started++;
  stats.inFlight++;
  stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
  try {
    return await job();
  } finally {
    stats.inFlight--;
    const next = waiting.shift();
    if (next) next();
    else running = 0;
  }
}

/** The queue's own counters (tests and the benchmark read them). */
export function imageJobStats(): { started: number; inFlight: number; maxInFlight: number; waiting: number } {
  return { ...stats, waiting: waiting.length };
}

/** Starts `maxInFlight` again from what runs now (tests). */
export function resetImageJobMaxInFlight(): void {
  stats.maxInFlight = stats.inFlight;
}

export type ImageInput = Uint8Array | string;

export interface UprightSize {
  width: number;
  height: number;
}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

function inputOptions() {
  return { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const };
}

/**
 * The header's verdict, no pixel decoded: the upright size of an acceptable image, or why not.
 */
export async function checkImageHeader(
  input: ImageInput,
): Promise<{ ok: true; upright: UprightSize } | { ok: false; reason: Exclude<ImageRefusal, "busy"> }> {
  const sharp = await loadSharp();
  let meta;
  try {
    // limitInputPixels: false here so an image over the cap is answered "too many pixels", not "unreadable".
    meta = await sharp(input, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const { width, height } = meta;
  if (!width || !height || !meta.format || !ACCEPTED_FORMATS.has(meta.format)) return { ok: false, reason: "unreadable" };
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) return { ok: false, reason: "badShape" };
  if (width * height > MAX_INPUT_PIXELS) return { ok: false, reason: "tooManyPixels" };
  // EXIF orientations 5–8 swap the sides once the image is turned upright.
  const upright = (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  return { ok: true, upright };
}

/** The upload decoded once: upright, shrunk into the largest output's box, as raw pixels. */
export interface DecodedImage {
  /** The upload's upright size (before shrinking). */
  upright: UprightSize;
  width: number;
  height: number;
  /**
   * A sharp pipeline over the decoded pixels, resized to `width` px wide (never enlarged; the
   * height from the upload's own proportions, as a resize of the upload itself would give).
   */
  resized(width: number): Sharp;
}

export type EncodeFormat = "avif" | "webp";

/** Encoder settings of every stored variant (unchanged from the per-output pipelines). */
export function encodeAs(pipeline: Sharp, format: EncodeFormat): Sharp {
  return format === "avif" ? pipeline.avif({ quality: 55, effort: 2 }) : pipeline.webp({ quality: 80 });
}

/**
 * Checks the header, waits for the slot, decodes once into a box of `maxWidth` × MAX_OUTPUT_HEIGHT
 * and gives `produce` the decoded image; answers its result, or why the image was refused.
 * Any error in the decode or in `produce` answers "unreadable" (`produce` removes what it wrote).
 */
export async function processImage<T>(
  input: ImageInput,
  maxWidth: number,
  produce: (image: DecodedImage) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: ImageRefusal }> {
  const header = await checkImageHeader(input);
  if (!header.ok) return header;
  const { upright } = header;
  const sharp = await loadSharp();
  try {
    const value = await runImageJob(async () => {
      const { data, info } = await sharp(input, inputOptions())
        .rotate()
        .resize({ width: maxWidth, height: MAX_OUTPUT_HEIGHT, fit: "inside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      const image: DecodedImage = {
        upright,
        width: info.width,
        height: info.height,
        resized(width) {
          const pipeline = sharp(data, { raw, limitInputPixels: MAX_INPUT_PIXELS });
          if (width >= info.width) return pipeline;
          return pipeline.resize({ width, height: Math.max(1, Math.round((upright.height * width) / upright.width)), fit: "fill" });
        },
      };
      return produce(image);
    });
    return { ok: true, value };
  } catch (error) {
    return { ok: false, reason: error instanceof ImageJobsBusyError ? "busy" : "unreadable" };
  }
}
