// Issue 32, item 4: uploaded images are checked from their header before any pixel is decoded
// (at most 25 MP, at most 8:1), go through one per-process queue (one job at a time, a bounded
// wait, "busy" beyond it) and are decoded once for all their outputs.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storeImageVariants } from "~/platform/uploads/upload-image.server";
import { encodeGalleryImage } from "~/features/gallery/store-gallery-image.server";
import {
  checkImageHeader,
  ImageJobsBusyError,
  imageJobStats,
  MAX_WAITING_IMAGE_JOBS,
  resetImageJobMaxInFlight,
  runImageJob,
} from "./image-jobs.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets queued jobs start (each hand-over is a few microtasks). */
const settle = () => new Promise((r) => setTimeout(r, 0));

const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png()
    .toBuffer();
const photoJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
// Encoding AVIF takes a while on a busy machine.
const SLOW = 60_000;

describe("the image-job queue", () => {
  beforeEach(() => resetImageJobMaxInFlight());

  it("runs jobs one at a time, in the order they came", async () => {
    const gates = Array.from({ length: 6 }, deferred);
    const order: number[] = [];
    const jobs = gates.map((gate, i) =>
      runImageJob(async () => {
        order.push(i);
        await gate.promise;
        return i;
      }),
    );
    await settle();
    expect(imageJobStats()).toMatchObject({ inFlight: 1, waiting: 5 });
    for (const gate of gates) {
      gate.resolve();
      await settle();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(imageJobStats()).toMatchObject({ inFlight: 0, maxInFlight: 1, waiting: 0 });
  });

  it("answers busy at once when the waiting line is full, and takes jobs again once it moves", async () => {
    const gate = deferred();
    const held = Array.from({ length: 1 + MAX_WAITING_IMAGE_JOBS }, () => runImageJob(() => gate.promise));
    await settle();
    expect(imageJobStats()).toMatchObject({ inFlight: 1, waiting: MAX_WAITING_IMAGE_JOBS });
    await expect(runImageJob(async () => "one too many")).rejects.toBeInstanceOf(ImageJobsBusyError);
    gate.resolve();
    await Promise.all(held);
    await expect(runImageJob(async () => "again")).resolves.toBe("again");
  });

  it("a failed job frees the slot for the next", async () => {
    const failing = runImageJob(async () => {
      throw new Error("broken image");
    });
    const next = runImageJob(async () => "next");
    await expect(failing).rejects.toThrow("broken image");
    await expect(next).resolves.toBe("next");
  });
});

describe("uploaded photos", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "image-jobs-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    resetImageJobMaxInFlight();
    for (const name of await readdir(dir)) await rm(path.join(dir, name), { force: true });
  });

  it(
    "the tester's 1600 × 16300 PNG is refused from its header: no job starts, nothing is written",
    async () => {
      const tall = await flatPng(1600, 16300);
      const before = imageJobStats().started;
      const started = performance.now();
      expect(await encodeGalleryImage({ input: tall, uploadDir: dir })).toEqual({ ok: false, reason: "badShape" });
      expect(await storeImageVariants(tall, dir)).toEqual({ ok: false, reason: "badShape" });
      // Reading a header takes milliseconds; decoding this image took seconds before the fix.
      expect(performance.now() - started).toBeLessThan(2000);
      expect(imageJobStats().started).toBe(before);
      expect(await readdir(dir)).toEqual([]);
      // Lying wide instead of tall makes no difference.
      expect(await checkImageHeader(await flatPng(16300, 1600))).toEqual({ ok: false, reason: "badShape" });
    },
    SLOW,
  );

  it(
    "more than 25 MP is refused before decoding; 25 MP and 8:1 exactly pass the header check",
    async () => {
      const before = imageJobStats().started;
      expect(await encodeGalleryImage({ input: await flatPng(5100, 5000), uploadDir: dir })).toEqual({
        ok: false,
        reason: "tooManyPixels",
      });
      expect(imageJobStats().started).toBe(before);
      expect(await checkImageHeader(await flatPng(5000, 5000))).toEqual({ ok: true, upright: { width: 5000, height: 5000 } });
      expect(await checkImageHeader(await flatPng(1000, 8000))).toEqual({ ok: true, upright: { width: 1000, height: 8000 } });
      expect(await checkImageHeader(Buffer.from("GIF89a not really"))).toEqual({ ok: false, reason: "unreadable" });
    },
    SLOW,
  );

  it(
    "photos sent at once are processed one at a time, and each gets every output at the sizes the pages expect",
    async () => {
      const photo = await photoJpeg(2000, 1500);
      const results = await Promise.all(Array.from({ length: 4 }, () => encodeGalleryImage({ input: photo, uploadDir: dir })));
      expect(imageJobStats().maxInFlight).toBe(1);
      for (const result of results) {
        expect(result.ok).toBe(true);
        if (!result.ok) continue;
        expect(result.image).toMatchObject({ width: 1600, height: 1200 });
        expect(result.image.files).toHaveLength(6);
        for (const file of result.image.files) {
          const meta = await sharp(file).metadata();
          const width = Number(/-(\d+)\.(avif|webp)$/.exec(file)![1]);
          expect(meta.format).toBe(file.endsWith(".avif") ? "heif" : "webp");
          expect({ width: meta.width, height: meta.height }).toEqual({ width, height: (width * 3) / 4 });
        }
      }
      expect(await readdir(dir)).toHaveLength(24);
    },
    SLOW,
  );

  it(
    "a tall photo within 8:1 is kept whole but no output is taller than 3200 px",
    async () => {
      const result = await encodeGalleryImage({ input: await flatPng(1000, 8000), uploadDir: dir });
      expect(result).toMatchObject({ ok: true, image: { width: 400, height: 3200 } });
      if (!result.ok) return;
      // Narrower than 480: only the largest file, named -1600, at its real width.
      expect(result.image.files.map((f) => path.basename(f).replace(/^[0-9a-f]+/, ""))).toEqual(["-1600.avif", "-1600.webp"]);
      const stored = await storeImageVariants(await flatPng(2000, 6000), dir);
      expect(stored.ok).toBe(true);
      if (!stored.ok) return;
      const sizes = await Promise.all(stored.files.map(async (f) => (await sharp(f).metadata()).height));
      expect(sizes).toEqual([1440, 2880, 3200]);
    },
    SLOW,
  );
});
